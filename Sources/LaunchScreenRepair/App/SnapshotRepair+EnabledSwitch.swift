import Foundation

extension SnapshotRepair {
    /// Why the module is switched off for this container, or `nil` while it is on.
    ///
    /// One `lstat` on a steady launch: the switch is a small file in the module folder, so it
    /// holds across launches and for every caller (the app, the CLI).
    static func disabledReason(_ locator: SnapshotLocator, fileSystem: some FileSystem = LocalFileSystem()) -> String? {
        disabledReason(SnapshotPaths(locator), fileSystem: fileSystem)
    }

    static func disabledReason(_ paths: SnapshotPaths, fileSystem: some FileSystem) -> String? {
        guard fileSystem.kind(of: paths.disabledFile) != nil else { return nil }
        guard let data = try? fileSystem.contents(of: paths.disabledFile) else { return "switched off" }
        let reason = String(decoding: data, as: UTF8.self)
        return reason.isEmpty ? "switched off" : reason
    }

    /// Switches the module off or back on for this container.
    ///
    /// Off: records `reason`, then puts the system's snapshots back (``restore(_:fileSystem:)``);
    /// from then on every repair reports ``RepairReport/Status/disabled`` and writes nothing but
    /// what completes that restore, should this one have found another run in progress. On:
    /// removes the record; the next repair works as usual. Returns the restore's report when
    /// switching off.
    @discardableResult
    static func setEnabled(
        _ enabled: Bool, reason: String = "switched off by the app", _ locator: SnapshotLocator,
        fileSystem: some FileSystem = LocalFileSystem()
    ) throws(FileSystemError) -> RestoreReport? {
        let paths = SnapshotPaths(locator)
        guard !enabled else {
            if fileSystem.kind(of: paths.disabledFile) != nil { try fileSystem.removeItem(at: paths.disabledFile) }
            return nil
        }
        try fileSystem.createFolder(at: paths.moduleFolder, .state)
        try fileSystem.writeAtomically(Data(reason.utf8), to: paths.disabledFile)
        return restore(locator, fileSystem: fileSystem)
    }
}
