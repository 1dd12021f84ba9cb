import Foundation

/// The days a fetch prepares for: today and the source's ``RemoteLayoutSource/prefetchDays``
/// after it, in the device's time zone.
struct PrefetchWindow: Sendable {
    /// The longest window honoured: a year.
    static let maximumDays = 366

    /// The days, today first.
    let days: [SeasonDate]

    init(from date: Date, days: Int, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.days = (0...min(max(0, days), Self.maximumDays)).compactMap { offset in
            calendar.date(byAdding: .day, value: offset, to: date).map { day in
                let parts = SeasonCalendar.calendarDay(of: day, timeZone: timeZone)
                return SeasonDate(year: parts.year, month: parts.month, day: parts.day)
            }
        }
    }

    /// Whether the layout's schedule shows it on one of the days (a fallback always is).
    func includes(_ layout: LaunchManifest.Layout) -> Bool {
        layout.isFallback || days.contains { isScheduled(layout, on: $0) }
    }

    /// Whether the layout's schedule shows it today.
    func includesToday(_ layout: LaunchManifest.Layout) -> Bool {
        layout.isFallback || days.first.map { isScheduled(layout, on: $0) } ?? false
    }

    private func isScheduled(_ layout: LaunchManifest.Layout, on day: SeasonDate) -> Bool {
        layout.schedule.contains { $0.contains(year: day.year ?? 1970, month: day.month, day: day.day) }
    }
}
