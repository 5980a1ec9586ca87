/// Expands `#Preview(<arguments>) { <body> }` into a preview provider type:
///
///     @MainActor struct <unique name>: PreviewProvider {
///         static var previews: some View {
///             _MacroPreview(<arguments>) { <body> }
///         }
///     }
///
/// so that the arguments and the body are type-checked by the compiler against
/// `_MacroPreview`'s initializers (the name, the traits) exactly as written.
enum PreviewExpansion {
    struct Problem: Error { let message: String }

    static func expand(_ source: String, discriminator: String, fileID: String = "", line: Int = 0)
        -> Result<String, Problem> {
        let text = Array(source)
        guard var i = text.firstIndex(of: "#") else { return .failure(Problem(message: "not a #Preview")) }
        i += 1
        while i < text.count, text[i].isLetter || text[i].isNumber || text[i] == "_" { i += 1 }
        skipTrivia(text, &i)
        var arguments = ""
        if i < text.count, text[i] == "(" {
            guard let close = matching(text, from: i, open: "(", close: ")") else {
                return .failure(Problem(message: "#Preview: unbalanced parentheses"))
            }
            arguments = String(text[(i + 1)..<close])
            i = close + 1
            skipTrivia(text, &i)
        }
        var closure: String
        if i < text.count, text[i] == "{" {
            guard let close = matching(text, from: i, open: "{", close: "}") else {
                return .failure(Problem(message: "#Preview: unbalanced braces"))
            }
            closure = String(text[i...close])
        } else if let r = arguments.range(of: "body:") {
            // `#Preview(body: { … })`: the closure is the last argument.
            closure = String(arguments[r.upperBound...])
            arguments = String(arguments[..<r.lowerBound]).trimmingTrailing(", \n\t")
        } else {
            return .failure(Problem(message: "#Preview needs a closure that returns the view to preview"))
        }
        closure = closure.trimmingCharacters(in: " \n\t")
        let name = "\(discriminator)7PreviewfMu0_"
        let call = arguments.trimmingCharacters(in: " \n\t").isEmpty
            ? "_MacroPreview(body: \(closure))" : "_MacroPreview(\(arguments), body: \(closure))"
        return .success("""
        @MainActor struct \(name): PreviewProvider {
            static var previews: some View { \(call).view(fileID: \(literal(fileID)), line: \(line)) }
        }
        """)
    }

    /// A string literal of `s`.
    static func literal(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }

    /// Skips spaces, newlines and comments.
    static func skipTrivia(_ t: [Character], _ i: inout Int) {
        while i < t.count {
            if t[i].isWhitespace { i += 1; continue }
            if t[i] == "/", i + 1 < t.count, t[i + 1] == "/" {
                while i < t.count, t[i] != "\n" { i += 1 }
                continue
            }
            if t[i] == "/", i + 1 < t.count, t[i + 1] == "*" {
                i += 2
                while i + 1 < t.count, !(t[i] == "*" && t[i + 1] == "/") { i += 1 }
                i += 2
                continue
            }
            break
        }
    }

    /// The index of the bracket closing the one at `start`, skipping strings,
    /// characters and comments (nested brackets counted).
    static func matching(_ t: [Character], from start: Int, open: Character, close: Character) -> Int? {
        var depth = 0, i = start
        while i < t.count {
            let c = t[i]
            if c == "\"" {
                // A string literal, multi-line or not; interpolations may hold quotes.
                let triple = i + 2 < t.count && t[i + 1] == "\"" && t[i + 2] == "\""
                i += triple ? 3 : 1
                var interpolation = 0
                while i < t.count {
                    if t[i] == "\\" {
                        if i + 1 < t.count, t[i + 1] == "(" { interpolation += 1; i += 2; continue }
                        i += 2
                        continue
                    }
                    if interpolation > 0 {
                        if t[i] == "(" { interpolation += 1 } else if t[i] == ")" { interpolation -= 1 }
                        i += 1
                        continue
                    }
                    if t[i] == "\"" {
                        if triple {
                            if i + 2 < t.count, t[i + 1] == "\"", t[i + 2] == "\"" { i += 3; break }
                        } else {
                            i += 1
                            break
                        }
                    }
                    i += 1
                }
                continue
            }
            if c == "/", i + 1 < t.count, t[i + 1] == "/" || t[i + 1] == "*" {
                skipTrivia(t, &i)
                continue
            }
            if c == open { depth += 1 } else if c == close {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }

    func trimmingTrailing(_ set: String) -> String {
        var s = Substring(self)
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
