import Foundation

extension SnapshotRepair {
    /// Runs one repair on a utility queue, off the caller's thread. Cancelling the task stops
    /// the run between files (the report says which were not handled); a task cancelled before
    /// the run begins throws ``RepairError/cancelled``.
    static func runOnUtilityQueue(
        _ request: RepairRequest, fileSystem: some FileSystem = LocalFileSystem()
    ) async throws(RepairError) -> RepairReport {
        guard !Task.isCancelled else { throw .cancelled }
        var request = request
        let cancellation = request.cancellation ?? Cancellation()
        request.cancellation = cancellation
        let running = request
        let result = await withTaskCancellationHandler {
            do throws(RepairError) {
                return Result<RepairReport, RepairError>.success(
                    try await UtilityQueue.run { () throws(RepairError) in try run(running, fileSystem: fileSystem) })
            } catch {
                return .failure(error)
            }
        } onCancel: {
            cancellation.cancel()
        }
        return try result.get()
    }
}
