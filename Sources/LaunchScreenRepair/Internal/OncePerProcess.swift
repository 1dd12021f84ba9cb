import Foundation

/// A piece of work done once per process: the first caller starts it, every caller (then or
/// later) gets its outcome. What makes an app delegate and a scene delegate that both call the
/// launch repair share one run.
///
/// The work runs in a task of its own, so cancelling a caller does not reach it by itself: it is
/// cancelled when every caller waiting for it has been cancelled, and goes on while any still
/// waits.
final class OncePerProcess<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Value, Never>?
    /// Callers waiting for the work that have not been cancelled.
    private var waiting = 0

    /// The outcome of the work, starting it with `start` when no caller has yet.
    func value(_ start: @escaping @Sendable () async -> Value) async -> Value {
        let task = join(start)
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            leave(task)
        }
    }

    /// Whether the work was started.
    var isStarted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return task != nil
    }

    private func join(_ start: @escaping @Sendable () async -> Value) -> Task<Value, Never> {
        lock.lock()
        defer { lock.unlock() }
        waiting += 1
        if let task { return task }
        let started = Task { await start() }
        task = started
        return started
    }

    /// A waiting caller was cancelled; the last one cancels the work.
    private func leave(_ task: Task<Value, Never>) {
        lock.lock()
        waiting -= 1
        let last = waiting == 0
        lock.unlock()
        if last { task.cancel() }
    }
}
