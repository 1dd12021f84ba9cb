import Foundation

/// The snapshot folder and the ledger as read at one moment: the state the system draws a
/// scene's launch screen from, which the splash decision for that scene takes.
///
/// Read off the main thread: by the launch's preparation (with the upgrade placeholder it
/// made), then again whenever this module may have written (a repair, the app's own image, a
/// restore), so that a scene that appears later is decided from what it saw.
package struct SnapshotObservation: Sendable, Hashable {
    /// The ledger as it was.
    var ledger: Ledger
    /// The snapshot folder's listing.
    var entries: [DirectoryEntry]
    /// The upgrade placeholder made at this launch, which only the launch's first scenes saw.
    var placeholder: PlaceholderReport?
    /// The manifest with the stored remote layouts laid over it.
    var manifest: LaunchManifest
}

extension SnapshotRepair {
    /// The ledger, the snapshot folder's listing and the stored remote layouts as they are now,
    /// without the lock (each file is replaced atomically, so a reader sees a whole one); `nil`
    /// when the ledger cannot be read. Reads files: never on the main thread.
    static func observeSnapshots(
        _ locator: SnapshotLocator, manifest: LaunchManifest, fileSystem: some FileSystem
    ) -> SnapshotObservation? {
        let paths = SnapshotPaths(locator)
        let loaded = Ledger.load(from: paths.ledgerFile, fileSystem: fileSystem)
        guard !loaded.readFailed else { return nil }
        return SnapshotObservation(
            ledger: loaded.ledger, entries: (try? fileSystem.entries(in: paths.snapshotFolder)) ?? [], placeholder: nil,
            manifest: RemoteLayoutOverlay.load(paths, bundled: manifest, fileSystem: fileSystem).overlay.manifest())
    }
}
