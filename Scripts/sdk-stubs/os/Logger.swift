import Foundation

// os.swiftmodule, the os overlay's Swift interface: Logger, a Sendable value.
@available(iOS 14.0, macOS 11.0, *)
public struct Logger: Sendable {
    // os.swiftmodule (the os overlay)
    public init(subsystem: String, category: String) {}
    // os.swiftmodule (the os overlay)
    public func log(level: OSLogType, _ message: OSLogMessage) {}
    // os.swiftmodule (the os overlay)
    public func fault(_ message: OSLogMessage) {}
}

// os.swiftmodule (the os overlay): the string interpolation a Logger takes.
@available(iOS 14.0, macOS 11.0, *)
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: OSLogInterpolation) {}
}

// os.swiftmodule (the os overlay)
@available(iOS 14.0, macOS 11.0, *)
public struct OSLogPrivacy: Sendable {
    // os.swiftmodule (the os overlay)
    public static let `public` = OSLogPrivacy()
    // os.swiftmodule (the os overlay)
    public static let `private` = OSLogPrivacy()
    // os.swiftmodule (the os overlay)
    public static let auto = OSLogPrivacy()
}

// os.swiftmodule (the os overlay)
@available(iOS 14.0, macOS 11.0, *)
public struct OSLogInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    // os.swiftmodule (the os overlay)
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {}
}

// os.swiftmodule (the os overlay)
@available(iOS 14.0, macOS 11.0, *)
public struct OSLogStringAlignment: Sendable {
    // os.swiftmodule (the os overlay)
    public static let none = OSLogStringAlignment()
}
