import Foundation

/// A transfer's serial delegate queue that holds back whoever adds work while
/// ``pendingLimit`` callbacks wait to run. FoundationNetworking hands each piece of body to the
/// delegate with `addOperation` from the thread that reads the socket, and would otherwise
/// queue the whole body in memory when the sink falls behind (a flood, a gzip bomb decoded
/// before it is refused): waiting here stops the reads, so the server waits too. URLSession on
/// Apple platforms may schedule its callbacks another way; the queue then only serialises them.
final class DelegateQueue: OperationQueue, @unchecked Sendable {
    /// Callbacks queued at most, each holding one read of the socket.
    static let pendingLimit = 4

    private let slots = DispatchSemaphore(value: DelegateQueue.pendingLimit)

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "LaunchScreenRepair.HTTPTransfer"
    }

    override func addOperation(_ operation: Operation) {
        slots.wait()
        let release = BlockOperation { [slots] in slots.signal() }
        release.addDependency(operation)
        super.addOperation(operation)
        super.addOperation(release)
    }
}
