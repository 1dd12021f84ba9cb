import Foundation

/// Stops a fetch from outside it: the app's background time ran out
/// (`beginBackgroundTask`'s expiration handler), or the task awaiting
/// ``RemoteLayoutFetch/fetch(_:cancellation:)`` was cancelled.
///
/// ``cancel()`` returns at once and may be called from any thread, the main one included. The
/// transfer in flight is cancelled within a quarter of a second; the bytes of an image received
/// so far stay in `partial/`, so that the next fetch resumes after them. The fetch then reports
/// ``RemoteFetchReport/Status/cancelled``; what was stored before is kept.
public final class RemoteFetchCancellation: Sendable {
    private let state = LockedValue(false)

    /// Creates a cancellation that has not been used.
    public init() {}

    /// Asks the fetch to stop.
    public func cancel() { state.set(true) }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.get() }
}
