import Foundation

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
@propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
public protocol DynamicProperty {}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
public struct Animation: Equatable, Sendable {
    // SwiftUI.swiftinterface
    public static func easeOut(duration: Double) -> Animation { Animation() }
    // SwiftUI.swiftinterface
    public static func easeInOut(duration: Double) -> Animation { Animation() }
    public static let `default` = Animation()
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
public struct AnyTransition: Sendable {
    public static let opacity = AnyTransition()
    public static let identity = AnyTransition()
}

// SwiftUI.swiftinterface: runs `body` now, on the caller's actor (main-actor code calls it).
@available(iOS 13.0, *)
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}
