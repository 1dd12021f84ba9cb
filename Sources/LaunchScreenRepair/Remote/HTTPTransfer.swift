import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where a transfer's body goes, and what it accepts. Called under the transfer's lock, one
/// call at a time, and never after ``HTTPTransfer/get(_:headers:into:)`` returned; an error
/// stops the transfer at once.
protocol TransferSink: AnyObject {
    /// The response's status and headers arrived, before any of its body.
    func begin(_ response: HTTPURLResponse) -> RemoteFetchError?
    /// The next piece of the body.
    func receive(_ data: Data) -> RemoteFetchError?
}

/// One HTTP GET through URLSession's delegate API (iOS 7; FoundationNetworking on Linux), its body
/// streamed into a sink that can stop it, over the fetch's one ``TransferSession``:
/// `Accept-Encoding: identity` (a response with any other `Content-Encoding` is refused at its
/// head, before its body is decoded), redirects only to HTTPS (or loopback HTTP), at most
/// ``DelegateQueue/pendingLimit`` pieces of body waiting for the sink (``DelegateQueue``), and a
/// watchdog that cancels a transfer when nothing arrived for ``timeout`` seconds, the whole took
/// ten times that, the fetch's ``deadline`` passed, or the fetch was cancelled.
struct HTTPTransfer: Sendable {
    /// The longest wait for the next bytes, in seconds.
    var timeout: TimeInterval
    /// When the whole fetch must be over (`DispatchTime` uptime nanoseconds): no transfer runs past it.
    var deadline: UInt64
    /// The fetch's session, shared by its transfers.
    let session: TransferSession
    /// Stops the transfer in flight from outside.
    let cancellation: Cancellation

    /// A transfer limited to `timeout` between bytes, over `session`, for a fetch that must end
    /// within ``fetchTimeFactor`` times `timeout` from now.
    init(timeout: TimeInterval, session: TransferSession, cancellation: Cancellation) {
        self.timeout = timeout
        self.session = session
        self.cancellation = cancellation
        deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * Double(Self.fetchTimeFactor) * 1e9)
    }

    /// A fetch's transfers together end within this many times the timeout (ten minutes for the
    /// default 30 s): a fetch holds the store's lock, so it must end.
    static let fetchTimeFactor = 20

    /// How long `get` waits for a cancelled transfer to report its end before it returns anyway.
    static let gracePeriod: TimeInterval = 5

    /// Runs the GET, blocking the calling thread until it ended (never call it on the main
    /// thread); `nil` when the sink took the whole body. Once it returned, the sink is never
    /// called again, even if the session still reports on the transfer.
    func get(_ url: URL, headers: [String: String] = [:], into sink: any TransferSink) -> RemoteFetchError? {
        guard !cancellation.isCancelled else { return .cancelled(url.absoluteString) }
        guard DispatchTime.now().uptimeNanoseconds < deadline else { return .timedOut(url.absoluteString, timeout) }
        let delegate = TransferDelegate(url: url, sink: sink, timeout: timeout)
        defer { delegate.detach() }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        for (field, value) in headers { request.setValue(value, forHTTPHeaderField: field) }
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        guard let task = session.start(request, delegate: delegate) else { return .cancelled(url.absoluteString) }
        let deadline = min(self.deadline, DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 10 * 1e9))
        let tick = min(0.25, timeout / 4)
        while !delegate.ended {
            _ = delegate.wake.wait(timeout: .now() + tick)
            let now = DispatchTime.now().uptimeNanoseconds
            if delegate.stopped {
                // The sink refused: cancelled here, never from a delegate callback, which may run
                // while the session waits for the delegate queue (``DelegateQueue``).
            } else if cancellation.isCancelled {
                delegate.record(.cancelled(url.absoluteString))
            } else if delegate.idleNanoseconds(now: now) > UInt64(timeout * 1e9) || now > deadline {
                delegate.record(.timedOut(url.absoluteString, timeout))
            } else {
                continue
            }
            // Cancelled off this thread: FoundationNetworking applies a cancel on the session's
            // queue, which a flood that keeps the socket full can hold for seconds; the transfer
            // is over for the fetch after the grace period either way.
            DispatchQueue.global(qos: .utility).async { task.cancel() }
            let grace = DispatchTime.now() + Self.gracePeriod
            while !delegate.ended, delegate.wake.wait(timeout: grace) == .success {}
            break
        }
        return delegate.failure
    }
}

/// The session's delegate for one transfer: feeds the sink and keeps the first failure. Every
/// callback takes the lock and does nothing once the transfer stopped or ``detach()`` ran, so the
/// sink (a partial download's open file) is never touched after `get` returned.
final class TransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let url: URL
    let timeout: TimeInterval
    /// Signalled when the transfer ended, and when it stopped on a failure (so that `get` cancels it).
    let wake = DispatchSemaphore(value: 0)
    /// Guards the failure, the progress time and the end.
    private let lock = NSLock()
    private var firstFailure: RemoteFetchError?
    private var lastProgress = DispatchTime.now().uptimeNanoseconds
    private var hasEnded = false
    /// Guards the sink: held through each call into it, so `detach()` waits for one in progress.
    private let sinkLock = NSLock()
    private var sink: (any TransferSink)?
    private var begun = false

    init(url: URL, sink: any TransferSink, timeout: TimeInterval) {
        self.url = url
        self.sink = sink
        self.timeout = timeout
    }

    var failure: RemoteFetchError? { locked { firstFailure } }

    /// Whether the session reported the transfer's end.
    var ended: Bool { locked { hasEnded } }

    /// Whether the transfer stopped on a failure.
    var stopped: Bool { failure != nil }

    func record(_ failure: RemoteFetchError) {
        locked { if firstFailure == nil { firstFailure = failure } }
    }

    /// Lets go of the sink, once a call into it in progress returned: no callback reaches it from now on.
    func detach() {
        sinkLock.lock()
        defer { sinkLock.unlock() }
        sink = nil
    }

    func idleNanoseconds(now: UInt64) -> UInt64 {
        locked { now > lastProgress ? now - lastProgress : 0 }
    }

    /// `body` under the lock (`NSLocking.withLock` is iOS 16).
    private func locked<Value>(_ body: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Runs `step` with the sink under its lock, unless the transfer stopped or was detached;
    /// a failure is kept, and `get` woken to cancel the task.
    private func withSink(_ step: (any TransferSink) -> RemoteFetchError?) {
        let now = DispatchTime.now().uptimeNanoseconds
        locked { lastProgress = now }
        sinkLock.lock()
        defer { sinkLock.unlock() }
        guard !stopped, let sink, let failure = step(sink) else { return }
        record(failure)
        wake.signal()
    }

    /// The response head, once: only an HTTP response without a `Content-Encoding` other than
    /// `identity` reaches the sink.
    private func begin(_ response: URLResponse?, sink: any TransferSink) -> RemoteFetchError? {
        guard !begun else { return nil }
        begun = true
        guard let response = response as? HTTPURLResponse else { return .transport(url.absoluteString, "not an HTTP response") }
        if let encoding = response.value(forHTTPHeaderField: "Content-Encoding"),
            encoding.trimmingCharacters(in: .whitespaces).lowercased() != "identity"
        {
            return .encoded(url.absoluteString, encoding)
        }
        return sink.begin(response)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        withSink { begin(response, sink: $0) }
        completionHandler(stopped ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        withSink { sink in begin(dataTask.response, sink: sink) ?? sink.receive(data) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let target = request.url, TransportPolicy.permits(target) else {
            record(.insecureRedirect(url.absoluteString, to: request.url?.absoluteString ?? "?"))
            completionHandler(nil)
            wake.signal()
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            record(describe(error))
        } else {
            let response = task.response
            withSink { begin(response, sink: $0) }
        }
        locked { hasEnded = true }
        wake.signal()
    }

    /// A URL loading error in words: the codes a fetch meets in the field.
    private func describe(_ error: any Error) -> RemoteFetchError {
        let address = url.absoluteString
        guard let error = error as? URLError else { return .transport(address, "\(error)") }
        switch error.code {
        case .timedOut: return .timedOut(address, timeout)
        case .notConnectedToInternet: return .transport(address, "offline")
        case .cannotConnectToHost: return .transport(address, "cannot connect to the server")
        case .cannotFindHost: return .transport(address, "no such host")
        case .networkConnectionLost: return .transport(address, "the connection was lost")
        case .secureConnectionFailed: return .transport(address, "the TLS connection failed")
        default: return .transport(address, "URL error \(error.code.rawValue)")
        }
    }
}
