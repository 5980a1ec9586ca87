import XCTest
import OpenCanvas
import OpenCanvasTesting

/// The same assertions from XCTest (a failure becomes an XCTest failure). On
/// Linux, XCTest cannot run a `@MainActor` test method (its discovery casts the
/// method to a plain function type and traps), but it runs tests on the main
/// thread: `MainActor.assumeIsolated` enters the main actor.
final class SnapshotXCTests: XCTestCase {
    func testBadge() {
        MainActor.assumeIsolated {
            let badge = Text("7").font(.headline).foregroundStyle(.white).padding(6).background(Circle().fill(.red))
            assertSnapshot(of: badge, as: .image(scale: 2))
            XCTAssertNil(verifySnapshot(of: badge, as: .image(scale: 2), named: "1"))
        }
    }
}
