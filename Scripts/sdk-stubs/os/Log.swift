// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (the C functions keep their SDK names)

import Foundation

// os/log.h: os_log_t, an OS object imported as the class OSLog; the os overlay makes it Sendable.
@available(iOS 10.0, macOS 10.12, *)
public final class OSLog: NSObject, @unchecked Sendable {
    // os/log.h: os_log_create, as the os overlay spells it.
    public convenience init(subsystem: String, category: String) { self.init() }
    // os/log.h: OS_LOG_DEFAULT
    public static let `default` = OSLog()
}

// os/log.h: os_log_type_t
@available(iOS 10.0, macOS 10.12, *)
public struct OSLogType: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    // os/log.h: OS_LOG_TYPE_DEFAULT
    public static let `default` = OSLogType(rawValue: 0x00)
    // os/log.h: OS_LOG_TYPE_INFO
    public static let info = OSLogType(rawValue: 0x01)
    // os/log.h: OS_LOG_TYPE_DEBUG
    public static let debug = OSLogType(rawValue: 0x02)
    // os/log.h: OS_LOG_TYPE_ERROR
    public static let error = OSLogType(rawValue: 0x10)
    // os/log.h: OS_LOG_TYPE_FAULT
    public static let fault = OSLogType(rawValue: 0x11)
}

// os/log.h: os_log_with_type, as the os overlay declares it.
@available(iOS 10.0, macOS 10.12, *)
public func os_log(
    _ message: StaticString, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default, type: OSLogType = .default,
    _ args: CVarArg...
) {}
