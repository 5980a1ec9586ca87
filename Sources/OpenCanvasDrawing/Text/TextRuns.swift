extension Text {
    /// A text's runs: never empty, the first kept inline and the others in an array.
    /// Most texts are one run (`Text("Jan")`, `Text(verbatim:)`), and a canvas
    /// that makes its labels in every frame then allocates nothing for them; as in
    /// SwiftUI, whose `Text` keeps a plain string inline and allocates for
    /// concatenations.
    struct Runs: RandomAccessCollection, MutableCollection, Sendable, Equatable {
        /// The first run (read in place: `runs.head.content` copies only the content).
        private(set) var head: Run
        private var tail: [Run]

        init(_ run: Run) {
            head = run
            tail = []
        }

        /// The runs of `runs`, which must not be empty (a text of no runs is one
        /// empty verbatim run).
        init(_ runs: [Run]) {
            head = runs.first ?? Run(content: .verbatim(""))
            tail = Array(runs.dropFirst())
        }

        var startIndex: Int { 0 }
        var endIndex: Int { 1 &+ tail.count }

        // (A plain getter and setter: a `_read`/`_modify` coroutine here allocated
        // its frame on the heap at each use. Hot paths use `head` and
        // `updateAttributes`, which copy no run.)
        subscript(position: Int) -> Run {
            get { position == 0 ? head : tail[position - 1] }
            set {
                if position == 0 { head = newValue } else { tail[position - 1] = newValue }
            }
        }

        /// Runs `change` on each run's attributes, in place.
        mutating func updateAttributes(_ change: (inout Attributes) -> Void) {
            change(&head.attributes)
            for i in tail.indices { change(&tail[i].attributes) }
        }

        /// Both operands' runs, in order.
        static func + (lhs: Runs, rhs: Runs) -> Runs {
            var joined = lhs
            joined.tail.reserveCapacity(lhs.tail.count + rhs.count)
            joined.tail.append(rhs.head)
            joined.tail.append(contentsOf: rhs.tail)
            return joined
        }
    }
}
