import Testing
import SwiftUI
import OpenCanvasTesting
@testable import SwiftUIFiles

/// Every preview of every file, found by `PreviewRenderer` (no list kept here),
/// rendered with its clock at a fixed moment and compared with its reference in
/// `__Snapshots__/PreviewSnapshotTests/` (looked at before it was committed).
/// ΔE ≤ 1 per pixel is allowed (perceptual precision 0.99): rounding, not drawing.
@MainActor @Suite("Each file's previews against its reference frame")
struct PreviewSnapshotTests {
    static let moment = snapshotDate.addingTimeInterval(1.25)

    @Test func everyPreviewMatchesItsReference() {
        let providers = PreviewRenderer.allProviders(module: "SwiftUIFiles")
        let previews = PreviewRenderer.images(of: providers, scale: 1, date: Self.moment)
        for (name, image) in previews {
            guard let image else {
                Issue.record("the preview \(name) has no pixels")
                continue
            }
            assertSnapshot(of: image, as: .image(perceptualPrecision: 0.99), named: name)
        }
        // Every file of the package has at least one preview.
        let files = Set(previews.map { preview in
            String(preview.name.prefix { $0 != "-" }).replacingOccurrences(of: "_Previews", with: "")
        })
        #expect(files.count == 34, "files with previews: \(files.sorted())")
    }
}
