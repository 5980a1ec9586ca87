import Foundation

// UIKit's semantic colours the controls draw with (SwiftUI has no `Color` names
// for them; its controls use them). Values: iOS 15–18, light and dark, from
// ../shared/docs/controls-and-appearance.md §1 (Flutter's colors.dart).
extension Color {
    /// systemFill: 120,120,128 at 0.2 (dark 0.36). The slider's maximum track.
    package static let systemFill = Color(light: (120, 120, 128, 0.2), dark: (120, 120, 128, 0.357), name: "systemFill")
    /// secondarySystemFill: 120,120,128 at 0.16 (dark 0.32). An off switch's track.
    package static let secondarySystemFill = Color(light: (120, 120, 128, 0.157), dark: (120, 120, 128, 0.318),
                                                   name: "secondarySystemFill")
    /// tertiarySystemFill: 118,118,128 at 0.12 (dark 0.24). A stepper's and a
    /// segmented control's background.
    package static let tertiarySystemFill = Color(light: (118, 118, 128, 0.118), dark: (118, 118, 128, 0.239),
                                                  name: "tertiarySystemFill")
    /// tertiaryLabel: 60,60,67 at 0.3 (dark 235,235,245 at 0.3). Dividers and
    /// disabled glyphs in controls.
    package static let tertiaryLabel = Color(light: (60, 60, 67, 0.298), dark: (235, 235, 245, 0.298), name: "tertiaryLabel")
    /// The spinner's spokes: 60,60,68 (dark 235,235,245).
    package static let activityIndicator = Color(light: (60, 60, 68, 1), dark: (235, 235, 245, 1), name: "activityIndicator")
}
