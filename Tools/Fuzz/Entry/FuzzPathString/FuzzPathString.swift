// fuzz-path-string: the path-string fuzz target (FuzzTarget.swift says what it decodes). Built by
// Scripts/fuzz.sh, it is libFuzzer (fuzz-path-string -help=1 lists its options); built
// as usual, it replays the inputs named on its command line.
import FuzzTargets

@main
enum Main {
    @MainActor static func main() { FuzzEntry.main(.pathString) }
}
