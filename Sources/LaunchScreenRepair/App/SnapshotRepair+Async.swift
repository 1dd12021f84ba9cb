import Dispatch
import Foundation

extension SnapshotRepair {
    /// Runs one repair on a utility queue, off the caller's thread. Cancelling the task stops
    /// the run between files (the report says which were not handled); a task cancelled before
    /// the run begins throws ``RepairError/cancelled``.
    public static func repair(
        _ request: RepairRequest, fileSystem: some FileSystem = LocalFileSystem()
    ) async throws(RepairError) -> RepairReport {
        guard !Task.isCancelled else { throw .cancelled }
        var request = request
        let cancellation = request.cancellation ?? RepairCancellation()
        request.cancellation = cancellation
        let running = request
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<RepairReport, RepairError>, Never>) in
                DispatchQueue.global(qos: .utility).async {
                    do throws(RepairError) {
                        continuation.resume(returning: .success(try run(running, fileSystem: fileSystem)))
                    } catch {
                        continuation.resume(returning: .failure(error))
                    }
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
        switch result {
        case .success(let report): return report
        case .failure(let error): throw error
        }
    }
}

/// A piece of work done once per process: the first caller starts it, every caller (then or
/// later) gets its outcome. What makes an app delegate and a scene delegate that both call the
/// launch repair share one run.
final class OncePerProcess<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Value, Never>?

    /// The outcome of the work, starting it with `start` when no caller has yet.
    func value(_ start: @escaping @Sendable () async -> Value) async -> Value {
        await task(startingWith: start).value
    }

    private func task(startingWith start: @escaping @Sendable () async -> Value) -> Task<Value, Never> {
        lock.lock()
        defer { lock.unlock() }
        if let task { return task }
        let started = Task { await start() }
        task = started
        return started
    }

    /// Whether the work was started.
    var isStarted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return task != nil
    }
}
