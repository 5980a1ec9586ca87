// fuzz-image-decode: the image-decode fuzz target (FuzzTarget.swift says what it decodes). Built by
// Scripts/fuzz.sh, it is libFuzzer (fuzz-image-decode -help=1 lists its options); built
// as usual, it replays the inputs named on its command line.
import FuzzTargets

@main
enum Main {
    @MainActor static func main() { FuzzEntry.main(.imageDecode) }
}
