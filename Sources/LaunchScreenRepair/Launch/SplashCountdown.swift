import Foundation

/// The time a splash has left, and when its timer should fire next. Only `Double` arithmetic:
/// any duration an app passes is safe, `.infinity` and NaN included.
struct SplashCountdown: Sendable, Hashable {
    /// Seconds left; `nil` for a splash that only a dismissal ends.
    private(set) var remaining: Double?

    /// The countdown of a splash asked to last `duration` seconds: `nil` and `.infinity` never
    /// end by themselves; NaN and negative durations end at once (a duration the app failed to
    /// compute should never hold the user up).
    init(duration: TimeInterval?) {
        guard let duration, duration != .infinity else {
            remaining = nil
            return
        }
        remaining = duration.isNaN ? 0 : max(0, duration)
    }

    /// Whether the time is up.
    var isOver: Bool { remaining.map { $0 <= 0 } ?? false }

    /// The whole seconds to show on the skip button (rounded up, so "1" shows until the end);
    /// `nil` when there is no count to show: no timed end, or the time is up.
    var secondsToShow: Int? {
        guard let remaining, remaining > 0 else { return nil }
        // Clamped before converting: a duration of 1e300 seconds counts down from a large number.
        return Int(min(remaining.rounded(.up), 999_999))
    }

    /// Seconds until the shown count changes or the time is up: the fraction first (2.5 s shows
    /// "3" for half a second), then whole seconds; `nil` when nothing is left to count.
    var secondsToNextChange: Double? {
        guard let remaining, remaining > 0 else { return nil }
        let fraction = remaining - remaining.rounded(.down)
        return fraction > 0 ? fraction : min(1, remaining)
    }

    /// `seconds` went by.
    mutating func elapse(_ seconds: Double) {
        if let left = remaining { remaining = max(0, left - seconds) }
    }
}
