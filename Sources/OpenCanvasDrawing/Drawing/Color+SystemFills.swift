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
    /// systemBackground as a presentation sees it: white (dark: the elevated
    /// 28,28,30, since sheets and alerts are in the foreground).
    package static let elevatedBackground = Color(light: (255, 255, 255, 1), dark: (28, 28, 30, 1),
                                                  name: "elevatedBackground")
    /// systemGroupedBackground: 242,242,247 (dark black). A form's page.
    package static let groupedBackground = Color(light: (242, 242, 247, 1), dark: (0, 0, 0, 1),
                                                 name: "systemGroupedBackground")
    /// secondarySystemGroupedBackground: white (dark 28,28,30). A form's rows.
    package static let groupedRowBackground = Color(light: (255, 255, 255, 1), dark: (28, 28, 30, 1),
                                                    name: "secondarySystemGroupedBackground")
    /// systemBackground: white (dark black). A plain list, a bar.
    package static let systemBackground = Color(light: (255, 255, 255, 1), dark: (0, 0, 0, 1), name: "systemBackground")
    /// separator: 60,60,67 at 0.29 (dark 84,84,88 at 0.6). Rows' and bars' hairlines.
    package static let separator = Color(light: (60, 60, 67, 0.286), dark: (84, 84, 88, 0.6), name: "separator")
    /// systemGray4: 209,209,214 (dark 58,58,60). A pressed row.
    package static let systemGray4 = Color(light: (209, 209, 214, 1), dark: (58, 58, 60, 1), name: "systemGray4")
    /// A bar's translucent fill (navigation, tab and tool bars): systemBackground
    /// at 0.94, as UIKit's default bar appearance without its blur.
    package static let barBackground = Color(light: (249, 249, 249, 0.94), dark: (22, 22, 22, 0.94), name: "barBackground")
    /// The alert's fill: 242,242,242 at 0.8 (dark 30,30,30 at 0.75), from
    /// Flutter's dialog.dart; drawn opaque, as no backdrop blur is drawn.
    package static let alertBackground = Color(light: (242, 242, 242, 1), dark: (30, 30, 30, 1), name: "alertBackground")
    /// A menu's panel: a light grey (dark 37,37,37), opaque: iOS 17's
    /// menus are a material blurred enough that nothing behind reads (no blur is drawn).
    package static let menuBackground = Color(light: (246, 246, 246, 1), dark: (37, 37, 37, 1), name: "menuBackground")
    /// The band between a menu's groups: black at 0.08 (dark 0.5).
    package static let menuDivider = Color(light: (0, 0, 0, 0.08), dark: (0, 0, 0, 0.5), name: "menuDivider")
    /// A segmented control's selected thumb: white (dark 99,99,102).
    package static let segmentThumb = Color(light: (255, 255, 255, 1), dark: (99, 99, 102, 1), name: "segmentThumb")
    /// An unselected tab-bar item: 153,153,153 (dark 117,117,117).
    package static let tabBarInactive = Color(light: (153, 153, 153, 1), dark: (117, 117, 117, 1), name: "tabBarInactive")
    /// placeholderText: 60,60,67 at 0.3 (dark 235,235,245 at 0.3): a text field's prompt.
    package static let placeholderText = Color(light: (60, 60, 67, 0.298), dark: (235, 235, 245, 0.298),
                                               name: "placeholderText")
    /// A rounded-border text field's hairline: black at 0.2 (dark white at 0.2).
    package static let fieldBorder = Color(light: (0, 0, 0, 0.2), dark: (255, 255, 255, 0.2), name: "fieldBorder")
}
