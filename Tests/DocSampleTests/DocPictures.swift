import Foundation
import OpenCanvas
import OpenCanvasTesting

/// The documentation catalog's pictures: each is what a sample draws, compared
/// with (and, when recording, written to) the catalog's `Resources` folder, so a
/// picture in the docs cannot drift from its code.
@MainActor
func documentationPicture(_ image: CGImage, _ name: String,
                          fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                          line: UInt = #line, column: UInt = #column) {
    let resources = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/OpenCanvas/OpenCanvas.docc/Resources")
    assertSnapshot(of: image, as: .image(perceptualPrecision: 0.99), named: name, snapshotDirectory: resources.path,
                   fileID: fileID, file: filePath, testName: "docs", line: line, column: column)
}
