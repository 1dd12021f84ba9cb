import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one URLSession of a fetch: its manifest, signature and images go over the same
/// connections (one TLS handshake, not one per file), and the session's single delegate hands
/// each task's callbacks to that transfer's own delegate, on a ``DelegateQueue`` (backpressure).
/// Ephemeral, no cache, no cookies; Low Data Mode and expensive networks as the request says.
/// ``finish()`` ends it.
final class TransferSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var delegates: [Int: TransferDelegate] = [:]
    private var session: URLSession?

    /// Opens the session: `timeout` seconds for the next bytes, ten times that for a whole transfer.
    init(timeout: TimeInterval, network: RemoteFetchRequest.NetworkAccess) {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 10
        #if !canImport(FoundationNetworking)
        configuration.allowsConstrainedNetworkAccess = network.allowsConstrainedNetwork
        configuration.allowsExpensiveNetworkAccess = network.allowsExpensiveNetwork
        #endif
        // A serial queue, so a sink is called one call at a time, that holds back the socket's
        // reader while the sink is behind.
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: DelegateQueue())
    }

    /// Starts a GET whose callbacks go to `delegate`; `nil` once the session is finished. Called
    /// by the fetch's thread, which alone finishes the session. The lock is not held while the
    /// task is made: FoundationNetworking makes it on the session's queue, which may be waiting
    /// for a callback of an earlier task, which needs the lock.
    func start(_ request: URLRequest, delegate: TransferDelegate) -> URLSessionDataTask? {
        lock.lock()
        let session = self.session
        lock.unlock()
        guard let session else { return nil }
        let task = session.dataTask(with: request)
        lock.lock()
        delegates[task.taskIdentifier] = delegate
        lock.unlock()
        task.resume()
        return task
    }

    /// Cancels the tasks still running (a transfer abandoned after its grace period: nothing is
    /// waiting for its bytes) and releases the session, which holds its delegate until then.
    func finish() {
        lock.lock()
        let session = self.session
        self.session = nil
        lock.unlock()
        // Off this thread, for the reason HTTPTransfer.get cancels off it.
        DispatchQueue.global(qos: .utility).async { session?.invalidateAndCancel() }
    }

    private func delegate(of task: URLSessionTask) -> (TransferDelegate)? {
        lock.lock()
        defer { lock.unlock() }
        return delegates[task.taskIdentifier]
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let delegate = delegate(of: dataTask) else { return completionHandler(.cancel) }
        delegate.urlSession(session, dataTask: dataTask, didReceive: response, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        delegate(of: dataTask)?.urlSession(session, dataTask: dataTask, didReceive: data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let delegate = delegate(of: task) else { return completionHandler(nil) }
        delegate.urlSession(
            session, task: task, willPerformHTTPRedirection: response, newRequest: request, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let delegate = delegates.removeValue(forKey: task.taskIdentifier)
        lock.unlock()
        delegate?.urlSession(session, task: task, didCompleteWithError: error)
    }
}
