import Foundation

@testable import LaunchScreenRepair

extension RepairEnvironment {
    /// An iPhone 14 Pro on iOS 17, on a given day (noon UTC).
    static func phone(
        _ day: String = "2026-01-15", appVersion: String? = "1.0", system: String = "17.4",
        pinned: Appearance? = nil, passive: Bool = false
    ) -> RepairEnvironment {
        RepairEnvironment(
            systemVersion: SystemVersion(system)!, idiom: .phone, deviceModel: "iPhone15,2",
            currentAppearance: .light, currentOrientation: .portrait, pinnedAppearance: pinned,
            appVersion: appVersion, date: date(day), timeZone: TimeZone(identifier: "UTC")!,
            isPassiveLaunch: passive)
    }

    static func pad(_ day: String = "2026-01-15") -> RepairEnvironment {
        RepairEnvironment(
            systemVersion: SystemVersion(major: 17), idiom: .pad, appVersion: "1.0",
            date: date(day), timeZone: TimeZone(identifier: "UTC")!)
    }

    static func date(_ day: String) -> Date {
        let parts = day.split(separator: "-").map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))!
    }
}
