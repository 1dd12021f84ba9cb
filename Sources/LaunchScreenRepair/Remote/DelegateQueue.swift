import Foundation

/// A transfer's serial delegate queue. With swift-corelibs-foundation it also holds back whoever
/// adds work while ``pendingLimit`` callbacks wait to run: FoundationNetworking hands each piece
/// of body to the delegate with `addOperation` from the thread that reads the socket, and would
/// otherwise queue the whole body in memory when the sink falls behind (a flood, a gzip bomb
/// decoded before it is refused); waiting there stops the reads, so the server waits too. On
/// Apple platforms `addOperation` is called from URLSession's internal queues, which the app's
/// other transfers share and which must never wait: the queue only serialises the callbacks
/// there, and ``BoundedBody`` refuses a body past its limit.
final class DelegateQueue: OperationQueue, @unchecked Sendable {
    /// Callbacks queued at most, each holding one read of the socket (swift-corelibs-foundation).
    static let pendingLimit = 4

    #if canImport(FoundationNetworking)
    private let slots = DispatchSemaphore(value: DelegateQueue.pendingLimit)
    #endif

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "LaunchScreenRepair.HTTPTransfer"
    }

    #if canImport(FoundationNetworking)
    override func addOperation(_ operation: Operation) {
        slots.wait()
        let release = BlockOperation { [slots] in slots.signal() }
        release.addDependency(operation)
        super.addOperation(operation)
        super.addOperation(release)
    }
    #endif
}
