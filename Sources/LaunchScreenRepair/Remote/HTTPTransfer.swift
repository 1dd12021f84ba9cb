import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where a transfer's body goes, and what it accepts. Called on the transfer's delegate queue,
/// one call at a time; an error stops the transfer at once.
protocol TransferSink: AnyObject {
    /// The response's status and headers arrived, before any of its body.
    func begin(_ response: HTTPURLResponse) -> RemoteFetchError?
    /// The next piece of the body.
    func receive(_ data: Data) -> RemoteFetchError?
}

/// One HTTP GET through URLSession's delegate API (iOS 7; FoundationNetworking on Linux), its body
/// streamed into a sink that can stop it, over the fetch's one ``TransferSession``: redirects
/// only to HTTPS (or loopback HTTP), and a watchdog that cancels a transfer when nothing arrived
/// for ``timeout`` seconds, the whole took ten times that, or the fetch was cancelled.
struct HTTPTransfer: Sendable {
    /// The longest wait for the next bytes, in seconds.
    var timeout: TimeInterval
    /// The fetch's session, shared by its transfers.
    let session: TransferSession
    /// Stops the transfer in flight from outside.
    let cancellation: RemoteFetchCancellation

    /// Runs the GET, blocking the calling thread until it ended (never call it on the main
    /// thread); `nil` when the sink took the whole body.
    func get(_ url: URL, headers: [String: String] = [:], into sink: any TransferSink) -> RemoteFetchError? {
        guard !cancellation.isCancelled else { return .cancelled(url.absoluteString) }
        let delegate = TransferDelegate(url: url, sink: sink, timeout: timeout)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        for (field, value) in headers { request.setValue(value, forHTTPHeaderField: field) }
        guard let task = session.start(request, delegate: delegate) else { return .cancelled(url.absoluteString) }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 10 * 1e9)
        let tick = min(0.25, timeout / 4)
        while delegate.finished.wait(timeout: .now() + tick) == .timedOut {
            let now = DispatchTime.now().uptimeNanoseconds
            if cancellation.isCancelled {
                delegate.record(.cancelled(url.absoluteString))
            } else {
                guard delegate.idleNanoseconds(now: now) > UInt64(timeout * 1e9) || now > deadline else { continue }
                delegate.record(.timedOut(url.absoluteString, timeout))
            }
            task.cancel()
            // A cancelled task reports its end at once; should it not, the transfer is over anyway.
            _ = delegate.finished.wait(timeout: .now() + 5)
            break
        }
        return delegate.failure
    }
}

/// The session's delegate for one transfer: feeds the sink and keeps the first failure.
final class TransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let url: URL
    let sink: any TransferSink
    let timeout: TimeInterval
    let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var firstFailure: RemoteFetchError?
    private var lastProgress = DispatchTime.now().uptimeNanoseconds
    private var begun = false

    init(url: URL, sink: any TransferSink, timeout: TimeInterval) {
        self.url = url
        self.sink = sink
        self.timeout = timeout
    }

    var failure: RemoteFetchError? {
        lock.lock()
        defer { lock.unlock() }
        return firstFailure
    }

    func record(_ failure: RemoteFetchError) {
        lock.lock()
        defer { lock.unlock() }
        if firstFailure == nil { firstFailure = failure }
    }

    func idleNanoseconds(now: UInt64) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        return now > lastProgress ? now - lastProgress : 0
    }

    private func touch() {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.lock()
        defer { lock.unlock() }
        lastProgress = now
    }

    private var stopped: Bool { failure != nil }

    /// Hands the response head to the sink once.
    private func begin(_ response: URLResponse?) -> RemoteFetchError? {
        guard !begun else { return nil }
        begun = true
        guard let response = response as? HTTPURLResponse else { return .transport(url.absoluteString, "not an HTTP response") }
        return sink.begin(response)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        touch()
        if let failure = begin(response) {
            record(failure)
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        touch()
        guard !stopped else { return }
        if let failure = begin(dataTask.response) ?? sink.receive(data) {
            record(failure)
            dataTask.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let target = request.url, TransportPolicy.permits(target) else {
            record(.insecureRedirect(url.absoluteString, to: request.url?.absoluteString ?? "?"))
            completionHandler(nil)
            task.cancel()
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            record(describe(error))
        } else if !stopped, let failure = begin(task.response) {
            record(failure)
        }
        finished.signal()
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
