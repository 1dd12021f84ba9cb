import Foundation

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
public struct Group<Content> {}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
extension Group: View where Content: View {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
public enum HorizontalAlignment: Sendable { case leading, center, trailing }

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
public struct Alignment: Sendable {
    public static let center = Alignment()
    public static let topTrailing = Alignment()
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
public struct ZStack<Content: View>: View {
    nonisolated public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
public enum Edge: Int8, Sendable {
    case top, leading, bottom, trailing

    // SwiftUI.swiftinterface
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }

        public static let top = Set(rawValue: 1 << 0)
        public static let leading = Set(rawValue: 1 << 1)
        public static let bottom = Set(rawValue: 1 << 2)
        public static let trailing = Set(rawValue: 1 << 3)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }
}

// SwiftUI.swiftinterface
@available(iOS 14.0, *)
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    nonisolated public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let container = SafeAreaRegions(rawValue: 1 << 0)
    public static let keyboard = SafeAreaRegions(rawValue: 1 << 1)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}
