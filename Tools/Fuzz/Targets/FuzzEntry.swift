import Foundation

/// What the fuzz executables run: libFuzzer's driver when they are built for
/// fuzzing (`Scripts/fuzz.sh`, FUZZING defined), a replay of files otherwise.
public enum FuzzEntry {
    /// The target libFuzzer's callback runs (a C function pointer cannot capture it).
    nonisolated(unsafe) static var current = FuzzTarget.drawing

    @MainActor
    public static func main(_ target: FuzzTarget) -> Never {
        #if FUZZING
        current = target
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, { data, count in
            let bytes = data.map { [UInt8](UnsafeBufferPointer(start: $0, count: count)) } ?? []
            MainActor.assumeIsolated { FuzzEntry.current.run(bytes) }
            return 0
        }))
        #else
        let paths = Array(CommandLine.arguments.dropFirst())
        guard !paths.isEmpty else {
            print("usage: fuzz-\(target.rawValue) FILE-OR-FOLDER… (built without libFuzzer it replays inputs;",
                  "Scripts/fuzz.sh \(target.rawValue) fuzzes)")
            exit(2)
        }
        print("fuzz-\(target.rawValue): \(target.replay(paths)) input(s) ran")
        exit(0)
        #endif
    }
}

#if FUZZING
/// libFuzzer's driver (`FuzzerInterface.h`): parses its options from the command
/// line and calls `callback` with each input, on this thread.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt
#endif
