import Foundation

// SwiftUI.swiftinterface: main-actor isolated since the iOS 18 SDK.
@available(iOS 13.0, *)
@MainActor
@preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) { (self.content, self.modifier) = (content, modifier) }
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// SwiftUI.swiftinterface: what the built-in modifiers return, for these stubs.
@available(iOS 13.0, *)
public struct _StubModifier: ViewModifier {
    public func body(content: Content) -> some View { content }
}

// SwiftUI.swiftinterface: the modifiers are nonisolated methods of the main-actor protocol.
@available(iOS 13.0, *)
extension View {
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
    nonisolated public func scaledToFill() -> some View { ModifiedContent(content: self, modifier: _StubModifier()) }
    nonisolated public func scaledToFit() -> some View { ModifiedContent(content: self, modifier: _StubModifier()) }
    nonisolated public func clipped(antialiased: Bool = false) -> some View {
        ModifiedContent(content: self, modifier: _StubModifier())
    }
    nonisolated public func zIndex(_ value: Double) -> some View { ModifiedContent(content: self, modifier: _StubModifier()) }
    // SwiftUI.swiftinterface
    nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View { ModifiedContent(content: self, modifier: _StubModifier()) }
    nonisolated public func transition(_ t: AnyTransition) -> some View { ModifiedContent(content: self, modifier: _StubModifier()) }
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        ModifiedContent(content: self, modifier: _StubModifier())
    }
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        ModifiedContent(content: self, modifier: _StubModifier())
    }
    @available(iOS, introduced: 13.0, deprecated: 100000, message: "Use ignoresSafeArea(_:edges:) instead.")
    nonisolated public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View {
        ModifiedContent(content: self, modifier: _StubModifier())
    }
    @available(iOS 14.0, *)
    nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        ModifiedContent(content: self, modifier: _StubModifier())
    }
    // SwiftUI.swiftinterface: deprecated in iOS 27.2, as its documentation page shows.
    @available(iOS, introduced: 13.0, deprecated: 27.2, renamed: "accessibilityHidden(_:)")
    nonisolated public func accessibility(hidden: Bool) -> some View {
        ModifiedContent(content: self, modifier: _StubModifier())
    }
    @available(iOS 14.0, *)
    nonisolated public func accessibilityHidden(_ hidden: Bool) -> some View {
        ModifiedContent(content: self, modifier: _StubModifier())
    }
    nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View {
        ModifiedContent(content: self, modifier: _StubModifier())
    }
}
