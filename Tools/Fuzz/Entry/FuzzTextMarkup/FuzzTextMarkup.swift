// fuzz-text-markup: the text-markup fuzz target (FuzzTarget.swift says what it decodes). Built by
// Scripts/fuzz.sh, it is libFuzzer (fuzz-text-markup -help=1 lists its options); built
// as usual, it replays the inputs named on its command line.
import FuzzTargets

@main
enum Main {
    @MainActor static func main() { FuzzEntry.main(.textMarkup) }
}
