import Foundation

/// When a file whose replacement failed is tried again, while it stays unchanged: on the next
/// launch (a full disk or an interrupted write is usually gone by then), then after 1, 2, 4 …
/// days, at most ``longestWait`` apart. A file the system redraws (a new identity) is tried at
/// once; so is every file when the manifest changes.
package enum RetryPolicy {
    /// The longest wait between two attempts.
    package static let longestWait: TimeInterval = 30 * 24 * 60 * 60

    /// The earliest time `failure` may be tried again.
    package static func nextAttempt(after failure: Ledger.Failure) -> Date {
        let failedAt = Date(timeIntervalSince1970: TimeInterval(failure.failedAt))
        guard failure.attempts >= 2 else { return failedAt }
        let days = pow(2, Double(min(failure.attempts - 2, 10)))
        return failedAt.addingTimeInterval(min(days * 24 * 60 * 60, longestWait))
    }

    /// Whether a file of `identity` waits at `now` because of `failure`.
    package static func waits(_ failure: Ledger.Failure?, identity: FileIdentity, now: Date) -> Bool {
        guard let failure, failure.identity == identity else { return false }
        return now < nextAttempt(after: failure)
    }
}
