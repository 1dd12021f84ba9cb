import Foundation

/// Where the system keeps an app's launch snapshots, and this module's own folder.
package struct SnapshotLocator: Sendable, Hashable {
    /// The app's data container (the folder holding `Library/`).
    package var container: URL
    /// The app's bundle identifier.
    package var bundleIdentifier: String

    /// A locator for one app container.
    package init(container: URL, bundleIdentifier: String) {
        self.container = container
        self.bundleIdentifier = bundleIdentifier
    }

    /// iOS 13 and later: `Library/SplashBoard/Snapshots/<bundle id> - {DEFAULT GROUP}/`.
    package var snapshotFolder: URL { SnapshotPaths(self).snapshotFolder }

    /// iOS 10–12: `Library/Caches/Snapshots/<bundle id>/`, not writable by the app: never touched.
    package var legacySnapshotFolder: URL {
        container.appendingPathComponent("Library/Caches/Snapshots", isDirectory: true)
            .appendingPathComponent(bundleIdentifier, isDirectory: true)
    }

    /// `Library/Application Support/LaunchScreenRepair/`: the ledger, backups and placeholder.
    package var moduleFolder: URL { SnapshotPaths(self).moduleFolder }

    /// The ledger file.
    package var ledgerFile: URL { SnapshotPaths(self).ledgerFile }

    /// The folder of backups of the system's original snapshot bytes.
    package var backupFolder: URL { SnapshotPaths(self).backupFolder }

    /// The upgrade placeholder: a copy of the snapshot the user saw while this launch began
    /// (PNG or JPEG bytes).
    package var placeholderFile: URL { SnapshotPaths(self).placeholderFile }

    /// The report of the last run that changed anything (``SnapshotRepair/lastReport(_:fileSystem:)``).
    package var lastReportFile: URL { SnapshotPaths(self).lastReportFile }

    /// Whether an entry of the snapshot folder is a launch snapshot candidate (not a temporary
    /// file of this module, not hidden).
    package static func isSnapshotName(_ name: String) -> Bool {
        !name.hasPrefix(".")
    }
}

/// A locator's paths, built once: a launch uses each several times, and appending to a URL
/// costs more than the `lstat` it is for (so they are built from strings).
struct SnapshotPaths {
    let snapshotFolderPath: String
    let snapshotFolder: URL
    let moduleFolder: URL
    let ledgerFile: URL
    let backupFolder: URL
    let placeholderFile: URL
    /// The file whose `flock` serialises runs (``RepairLock``).
    let lockFile: URL
    /// The last report a run stored (``SnapshotRepair/lastReport(_:fileSystem:)``).
    let lastReportFile: URL
    /// The app's own images for slots (``Ledger/overrides``).
    let overrideFolder: URL
    /// Present while the module is switched off; holds why (``SnapshotRepair/setEnabled(_:reason:_:fileSystem:)``).
    let disabledFile: URL
    /// The store of remote layouts (``RemoteStore``).
    let remoteFolder: URL
    /// What a launch uses of the remote layouts (``StoredRemoteLayouts``).
    let remoteLayoutsFile: URL

    init(_ locator: SnapshotLocator) {
        let container = locator.container.path
        let module = container + "/Library/Application Support/LaunchScreenRepair"
        snapshotFolderPath = container + "/Library/SplashBoard/Snapshots/\(locator.bundleIdentifier) - {DEFAULT GROUP}"
        snapshotFolder = URL(fileURLWithPath: snapshotFolderPath, isDirectory: true)
        moduleFolder = URL(fileURLWithPath: module, isDirectory: true)
        ledgerFile = URL(fileURLWithPath: module + "/ledger.json", isDirectory: false)
        backupFolder = URL(fileURLWithPath: module + "/Backups", isDirectory: true)
        placeholderFile = URL(fileURLWithPath: module + "/placeholder", isDirectory: false)
        lockFile = URL(fileURLWithPath: module + "/lock", isDirectory: false)
        disabledFile = URL(fileURLWithPath: module + "/disabled", isDirectory: false)
        lastReportFile = URL(fileURLWithPath: module + "/last-report.json", isDirectory: false)
        overrideFolder = URL(fileURLWithPath: module + "/Overrides", isDirectory: true)
        remoteFolder = URL(fileURLWithPath: module + "/Remote", isDirectory: true)
        remoteLayoutsFile = URL(fileURLWithPath: module + "/Remote/" + StoredRemoteLayouts.fileName, isDirectory: false)
    }
}
