import Foundation

// SwiftUI.swiftinterface: the app and its scenes, for the documentation's snippets
// (Scripts/check-snippets); the glue itself declares no app.
@available(iOS 14.0, *)
@MainActor
@preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

// SwiftUI.swiftinterface
@available(iOS 14.0, *)
extension App {
    @MainActor @preconcurrency public static func main() { fatalError() }
}

// SwiftUI.swiftinterface
@available(iOS 14.0, *)
@MainActor
@preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// SwiftUI.swiftinterface
@available(iOS 14.0, *)
extension Never: Scene {}

// SwiftUI.swiftinterface
@available(iOS 14.0, *)
@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

// SwiftUI.swiftinterface
@available(iOS 14.0, *)
public struct WindowGroup<Content: View>: Scene {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}
