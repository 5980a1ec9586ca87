import Foundation
import OpenCanvasDrawing

/// How a navigation bar shows its title.
public enum NavigationBarItem {
    /// The title's display mode: `.large` under the bar in 34-point bold,
    /// `.inline` in the bar in 17-point semibold, `.automatic` as the page
    /// below (the root page: large).
    public enum TitleDisplayMode: Hashable, Sendable {
        /// As the page below (large at the root).
        case automatic
        /// In the bar.
        case inline
        /// Large, under the bar.
        case large
    }
}

/// A page's title (the innermost view's wins).
struct NavigationTitleKey: PreferenceKey {
    static var defaultValue: Text? { nil }
    static func reduce(value: inout Text?, nextValue: () -> Text?) { value = value ?? nextValue() }
}

struct TitleDisplayModeKey: PreferenceKey {
    static var defaultValue: NavigationBarItem.TitleDisplayMode { .automatic }
    static func reduce(value: inout NavigationBarItem.TitleDisplayMode, nextValue: () -> NavigationBarItem.TitleDisplayMode) {
        if value == .automatic { value = nextValue() }
    }
}

struct BackButtonHiddenKey: PreferenceKey {
    static var defaultValue: Bool { false }
    static func reduce(value: inout Bool, nextValue: () -> Bool) { value = value || nextValue() }
}

extension View {
    /// The title of the navigation bar when this view's page is shown.
    public func navigationTitle(_ title: Text) -> some View {
        preference(key: NavigationTitleKey.self, value: title)
    }

    /// The title of the navigation bar, localized.
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
        navigationTitle(Text(titleKey))
    }

    /// The title of the navigation bar, shown as it is.
    @_disfavoredOverload
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        navigationTitle(Text(title))
    }

    /// How the navigation bar shows this page's title.
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> some View {
        preference(key: TitleDisplayModeKey.self, value: mode)
    }

    /// The title and its display mode (the older form).
    public func navigationBarTitle(_ title: Text, displayMode: NavigationBarItem.TitleDisplayMode = .automatic) -> some View {
        navigationTitle(title).navigationBarTitleDisplayMode(displayMode)
    }

    /// The title and its display mode (the older form), localized.
    public func navigationBarTitle(_ titleKey: LocalizedStringKey,
                                   displayMode: NavigationBarItem.TitleDisplayMode = .automatic) -> some View {
        navigationBarTitle(Text(titleKey), displayMode: displayMode)
    }

    /// Hides the back button of this page.
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
        preference(key: BackButtonHiddenKey.self, value: hidesBackButton)
    }

    /// Hides the navigation bar of this page (the older form of `toolbar(.hidden, for: .navigationBar)`).
    public func navigationBarHidden(_ hidden: Bool) -> some View {
        preference(key: HiddenBarsKey.self, value: hidden ? ["navigationBar"] : [])
    }
}
