// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (the C functions keep their SDK names)

import Foundation

@available(iOS 12.0, macOS 10.14, *)
extension OSLog {
    // os/signpost.h: OS_LOG_CATEGORY_POINTS_OF_INTEREST, as the os overlay's OSLog.Category.
    public struct Category: Sendable {
        let rawValue: String
        // os/signpost.h: OS_LOG_CATEGORY_POINTS_OF_INTEREST
        public static let pointsOfInterest = Category(rawValue: "PointsOfInterest")
    }
    // os/log.h: os_log_create with a predefined category, as the os overlay spells it.
    public convenience init(subsystem: String, category: OSLog.Category) { self.init() }
}

// os/signpost.h: os_signpost_id_t, as the os overlay's struct.
@available(iOS 12.0, macOS 10.14, *)
public struct OSSignpostID: Sendable {
    public let rawValue: UInt64
    // os/signpost.h: os_signpost_id_generate
    public init(log: OSLog) { rawValue = 0 }
    // os/signpost.h: OS_SIGNPOST_ID_EXCLUSIVE
    public static let exclusive = OSSignpostID(rawValue: 0xEEEE_B0B5_B2B2_EEEE)
    init(rawValue: UInt64) { self.rawValue = rawValue }
}

// os/signpost.h: os_signpost_type_t
@available(iOS 12.0, macOS 10.14, *)
public struct OSSignpostType: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    // os/signpost.h: OS_SIGNPOST_EVENT
    public static let event = OSSignpostType(rawValue: 0x00)
    // os/signpost.h: OS_SIGNPOST_INTERVAL_BEGIN
    public static let begin = OSSignpostType(rawValue: 0x01)
    // os/signpost.h: OS_SIGNPOST_INTERVAL_END
    public static let end = OSSignpostType(rawValue: 0x02)
}

// os/signpost.h: os_signpost_interval_begin / _end / os_signpost_event_emit, as the os overlay's one function.
@available(iOS 12.0, macOS 10.14, *)
public func os_signpost(
    _ type: OSSignpostType, dso: UnsafeRawPointer = #dsohandle, log: OSLog, name: StaticString,
    signpostID: OSSignpostID = .exclusive
) {}
