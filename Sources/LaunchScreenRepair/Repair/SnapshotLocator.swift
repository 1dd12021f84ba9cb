import Foundation

/// Where the system keeps an app's launch snapshots, and this module's own folder.
public struct SnapshotLocator: Sendable, Hashable {
    /// The app's data container (the folder holding `Library/`).
    public var container: URL
    /// The app's bundle identifier.
    public var bundleIdentifier: String

    /// A locator for one app container.
    public init(container: URL, bundleIdentifier: String) {
        self.container = container
        self.bundleIdentifier = bundleIdentifier
    }

    /// iOS 13 and later: `Library/SplashBoard/Snapshots/<bundle id> - {DEFAULT GROUP}/`.
    public var snapshotFolder: URL {
        container.appendingPathComponent("Library/SplashBoard/Snapshots", isDirectory: true)
            .appendingPathComponent("\(bundleIdentifier) - {DEFAULT GROUP}", isDirectory: true)
    }

    /// iOS 10–12: `Library/Caches/Snapshots/<bundle id>/`, not writable by the app: never touched.
    public var legacySnapshotFolder: URL {
        container.appendingPathComponent("Library/Caches/Snapshots", isDirectory: true)
            .appendingPathComponent(bundleIdentifier, isDirectory: true)
    }

    /// `Library/Application Support/LaunchScreenRepair/`: the ledger, backups and placeholder.
    public var moduleFolder: URL {
        container.appendingPathComponent("Library/Application Support/LaunchScreenRepair", isDirectory: true)
    }

    /// The ledger file.
    public var ledgerFile: URL { moduleFolder.appendingPathComponent("ledger.json") }

    /// The folder of backups of the system's original snapshot bytes.
    public var backupFolder: URL { moduleFolder.appendingPathComponent("Backups", isDirectory: true) }

    /// The upgrade placeholder: a copy of the snapshot the user saw while this launch began.
    public var placeholderFile: URL { moduleFolder.appendingPathComponent("placeholder.ktx") }

    /// Whether an entry of the snapshot folder is a launch snapshot candidate (not a temporary
    /// file of this module, not hidden).
    public static func isSnapshotName(_ name: String) -> Bool {
        !name.hasPrefix(".")
    }
}
