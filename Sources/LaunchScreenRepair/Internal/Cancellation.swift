import Foundation

/// A flag that stops a repair or a fetch from outside it, set from any thread: the awaiting
/// task was cancelled, or the app's background time ran out (`beginBackgroundTask`'s
/// expiration handler).
///
/// ``cancel()`` returns at once and may be called from any thread, the main one included. A
/// repair checks it between files and skips the files not yet handled; a fetch cancels the
/// transfer in flight within a quarter of a second, keeps the bytes of an image received so far
/// in `partial/` (the next fetch resumes after them) and reports
/// ``RemoteFetchReport/Status/cancelled``. What either stored before is kept.
package final class Cancellation: Sendable {
    private let cancelled = LockedValue(false)

    /// A flag not yet set.
    package init() {}

    /// Asks the work to stop: a repair after the file in hand, a fetch at once.
    package func cancel() { cancelled.set(true) }

    /// Whether ``cancel()`` was called.
    package var isCancelled: Bool { cancelled.get() }
}
