import Foundation
import Testing

@testable import LaunchScreenRepair

@Suite("Season calendar")
struct SeasonCalendarTests {
    static func layout(_ id: String, priority: Int = 0, _ ranges: [(String, String)]) -> LaunchManifest.Layout {
        .init(
            id: id, displayName: id, priority: priority,
            schedule: ranges.map { DateRange(from: SeasonDate($0.0)!, through: SeasonDate($0.1)!) })
    }

    let calendar = SeasonCalendar(layouts: [
        layout("winter", [("12-01", "02-28")]),
        layout("spring", [("03-01", "05-31")]),
        layout("lanterns", priority: 5, [("02-10", "02-20")]),
        layout("festival", [("2027-02-05", "2027-02-12")]),
        layout("default", []),
    ])

    @Test("yearly ranges, including one wrapping the year end")
    func yearly() {
        #expect(calendar.activeLayout(year: 2026, month: 12, day: 24)?.id == "winter")
        #expect(calendar.activeLayout(year: 2027, month: 1, day: 1)?.id == "winter")
        #expect(calendar.activeLayout(year: 2026, month: 4, day: 1)?.id == "spring")
    }

    @Test("absolute beats yearly, then priority, then the fallback")
    func precedence() {
        #expect(calendar.activeLayout(year: 2027, month: 2, day: 11)?.id == "festival")  // absolute beats priority 5
        #expect(calendar.activeLayout(year: 2026, month: 2, day: 11)?.id == "lanterns")  // higher priority among yearly
        #expect(calendar.activeLayout(year: 2027, month: 2, day: 13)?.id == "lanterns")  // the day after the festival
        #expect(calendar.activeLayout(year: 2026, month: 7, day: 1)?.id == "default")
        #expect(SeasonCalendar(layouts: [Self.layout("winter", [("12-01", "02-28")])]).activeLayout(year: 2026, month: 7, day: 1) == nil)
    }

    @Test("the day is the device's: the same instant is another day in another time zone")
    func timeZone() {
        // 2026-02-28 23:30 UTC is already March 1 in Tokyo.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let instant = utc.date(from: DateComponents(year: 2026, month: 2, day: 28, hour: 23, minute: 30))!
        #expect(calendar.activeLayout(on: instant, timeZone: TimeZone(identifier: "UTC")!)?.id == "winter")
        #expect(calendar.activeLayout(on: instant, timeZone: TimeZone(identifier: "Asia/Tokyo")!)?.id == "spring")
    }
}
