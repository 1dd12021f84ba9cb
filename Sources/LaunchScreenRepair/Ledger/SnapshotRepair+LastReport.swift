import Foundation

extension SnapshotRepair {
    /// The report of the last run that changed anything in this container (replaced a file,
    /// recorded what it found, failed and said so), as stored beside the ledger; `nil` before
    /// any, or when it cannot be read. A run that finds everything as the ledger says (a steady
    /// launch) writes nothing, so it leaves the last one in place. `launch-assets report` prints
    /// it from a container.
    package static func lastReport(_ locator: SnapshotLocator, fileSystem: some FileSystem = LocalFileSystem()) -> RepairReport? {
        guard let data = try? fileSystem.contents(of: SnapshotPaths(locator).lastReportFile) else { return nil }
        return try? JSONDecoder().decode(RepairReport.self, from: data)
    }
}
