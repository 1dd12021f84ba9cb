import Foundation

// SwiftUI/View.swift (SwiftUI.swiftinterface): main-actor isolated since the iOS 18 SDK.
@available(iOS 13.0, *)
@MainActor
@preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
public struct EmptyView: View {
    nonisolated public init() {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
public struct TupleView<T>: View {
    nonisolated public init(_ value: T) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
@resultBuilder
public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<
        TrueContent, FalseContent
    > { fatalError() }
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<
        TrueContent, FalseContent
    > { fatalError() }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
}
