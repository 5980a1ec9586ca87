import Foundation
import CanvasRender
import OpenCanvasDrawing

/// A type that represents part of an app's user interface.
///
/// As in SwiftUI, views are values that describe what to show; OpenCanvas lays them
/// out (proposal → size → placement) and draws them into a display list.
@MainActor @preconcurrency
public protocol View {
    /// The type of the view's body.
    associatedtype Body: View
    /// The content of the view, evaluated again when state it reads changes.
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
    /// `Never` is the body type of primitive views.
    public typealias Body = Never
    /// `Never` has no body: asking for one is a programming error.
    public var body: Never { fatalError("Never has no body") }
}

extension View where Body == Never {
    /// Primitive views (whose `Body` is `Never`) are drawn by OpenCanvas itself and
    /// have no body to ask for; asking is a programming error, as in SwiftUI.
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

/// A view that shows nothing and takes no space.
@frozen
public struct EmptyView: Sendable {
    /// An empty view.
    public init() {}
}

extension EmptyView: View {
    /// An empty view is primitive: it has no body.
    public typealias Body = Never
}

/// Several views from a view builder.
public struct TupleView<T> {
    /// The views, as a tuple.
    public var value: T
    /// A view of the views in `value`.
    public init(_ value: T) { self.value = value }
}

extension TupleView: View {
    /// A tuple view is primitive: it has no body.
    public typealias Body = Never
}

/// A result builder that composes views.
@resultBuilder @MainActor @preconcurrency
public enum ViewBuilder {
    /// A view in the builder, as it is.
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    /// An empty block: an `EmptyView`.
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// A block of one view: that view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// A block of several views: a `TupleView` of them.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    /// `if` without `else`: the content, or nothing.
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    /// `if` without `else` (the older form of `buildOptional`): the content, or nothing.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// `if`/`else` and `switch`: one of two contents.
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }
    /// The second of two branches: an `else`, or the later cases of a `switch`.
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
    /// Content inside `if #available`, type-erased to `AnyView`.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// The spelling of `ViewBuilder` in Apple's 2026 documentation.
public typealias ContentBuilder = ViewBuilder

/// A proposal for the size of a view: each dimension is a number of points, or `nil`
/// for "your ideal size".
@frozen
public struct ProposedViewSize: Hashable, Sendable {
    /// The proposed width in points, or `nil` for the view's ideal width.
    public var width: CGFloat?
    /// The proposed height in points, or `nil` for the view's ideal height.
    public var height: CGFloat?

    /// A proposal of `width` and `height` (`nil` for the ideal size in that dimension).
    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }

    /// A proposal of exactly `size`.
    public init(_ size: CGSize) {
        self.init(width: size.width, height: size.height)
    }

    /// A proposal of zero in both dimensions: the view's minimum size.
    public static let zero = ProposedViewSize(width: 0, height: 0)
    /// A proposal of `nil` in both dimensions: the view's ideal size.
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    /// A proposal of infinity in both dimensions: the view's maximum size.
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)

    /// The proposal with `nil` dimensions replaced.
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }
}
