import Foundation

extension SnapshotRepair {
    /// The report of the last run that did its work for this container (it finished, or found
    /// no snapshots yet), as stored beside the ledger; `nil` before any, or when it cannot be read.
    ///
    /// A run stores its report only when it differs from the stored one, so reading it costs a
    /// launch nothing; `launch-assets report` prints it from a container.
    public static func lastReport(_ locator: SnapshotLocator, fileSystem: some FileSystem = LocalFileSystem()) -> RepairReport? {
        guard let data = try? fileSystem.contents(of: SnapshotPaths(locator).lastReportFile) else { return nil }
        return try? JSONDecoder().decode(RepairReport.self, from: data)
    }
}
