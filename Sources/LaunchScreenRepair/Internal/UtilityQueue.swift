import Dispatch

/// Work moved off the caller's thread, onto a global queue of utility quality: file I/O and
/// hashing that an app's main actor must not wait for.
enum UtilityQueue {
    /// Runs `work` on the queue and returns its outcome to the awaiting caller.
    static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
            DispatchQueue.global(qos: .utility).async { @Sendable in
                do throws(Failure) { continuation.resume(returning: .success(try work())) } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }
}
