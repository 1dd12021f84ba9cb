import Foundation

/// Picks the layout to show on a given day: an absolute date range (a festival) beats a yearly
/// one; among matches of the same kind the higher priority wins (then manifest order); with no
/// match, the fallback layout (the one without a schedule).
package struct SeasonCalendar: Sendable {
    /// The layouts, in manifest order.
    package let layouts: [LaunchManifest.Layout]

    /// A calendar over `layouts`.
    package init(layouts: [LaunchManifest.Layout]) {
        self.layouts = layouts
    }

    /// The layout for a calendar day, or `nil` when none matches and there is no fallback.
    package func activeLayout(year: Int, month: Int, day: Int) -> LaunchManifest.Layout? {
        func best(_ candidates: [LaunchManifest.Layout]) -> LaunchManifest.Layout? {
            // max(by:) keeps the last of equals; walk in reverse so the first in manifest order wins.
            candidates.reversed().max { $0.priority < $1.priority }
        }
        let absolute = layouts.filter { layout in
            layout.schedule.contains { $0.isAbsolute && $0.contains(year: year, month: month, day: day) }
        }
        if let layout = best(absolute) { return layout }
        let yearly = layouts.filter { layout in
            layout.schedule.contains { !$0.isAbsolute && $0.contains(year: year, month: month, day: day) }
        }
        if let layout = best(yearly) { return layout }
        return layouts.first(where: \.isFallback)
    }

    /// The layout for the day `date` falls on in `timeZone` (Gregorian dates, as layouts use),
    /// by default the device's time zone.
    package func activeLayout(on date: Date, timeZone: TimeZone = .current) -> LaunchManifest.Layout? {
        let day = Self.calendarDay(of: date, timeZone: timeZone)
        return activeLayout(year: day.year, month: day.month, day: day.day)
    }

    /// The start of the first day after `date` on which another layout is active (local
    /// midnight in `timeZone`), within `horizonDays`; `nil` when the layout stays the same.
    ///
    /// An app uses it to have the next season's images in place before its next cold launch
    /// (a background refresh scheduled for that moment).
    package func nextChange(after date: Date, timeZone: TimeZone = .current, horizonDays: Int = 400) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.startOfDay(for: date)
        let current = activeLayout(on: date, timeZone: timeZone)?.id
        for offset in 1...max(1, horizonDays) {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today) else { return nil }
            if activeLayout(on: day, timeZone: timeZone)?.id != current { return day }
        }
        return nil
    }

    /// Year, month and day of `date` in `timeZone`, Gregorian.
    package static func calendarDay(of date: Date, timeZone: TimeZone) -> (year: Int, month: Int, day: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
