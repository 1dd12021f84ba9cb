import UIKit

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
public struct Image: View, Equatable, Sendable {
    // SwiftUI.swiftinterface
    nonisolated public init(uiImage: UIImage) {}
    // SwiftUI.swiftinterface
    nonisolated public init(_ name: String) {}
    // SwiftUI.swiftinterface
    nonisolated public func resizable() -> Image { self }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
public struct Text: View, Equatable, Sendable {
    nonisolated public init(_ content: String) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}
