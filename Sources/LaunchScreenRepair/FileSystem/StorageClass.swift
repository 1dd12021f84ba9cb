import Foundation

/// How a folder or file of the module's own is kept on an Apple device: its data-protection
/// class, and whether backups skip it.
///
/// Refresh tasks and fetches run while the phone is locked. An app with the Data Protection
/// capability (`NSFileProtectionComplete`) would give the module's files a class that cannot
/// be opened then, so every folder the module creates gets
/// ``FileProtection/completeUntilFirstUserAuthentication`` explicitly; the files created in a
/// folder inherit its class. What the module can make again is excluded from iCloud and
/// computer backups, as Apple's storage guidelines ask of regenerable data in Application Support.
package struct StorageClass: Sendable, Hashable {
    /// The data-protection classes the module gives its files.
    package enum FileProtection: String, Sendable, Hashable {
        /// Readable from the first unlock after a restart until the next restart, locked or not
        /// (`NSFileProtectionCompleteUntilFirstUserAuthentication`).
        case completeUntilFirstUserAuthentication
    }

    /// The data-protection class.
    package var protection: FileProtection
    /// Whether backups skip it (`isExcludedFromBackup`); a folder excluded takes its contents with it.
    package var excludedFromBackup: Bool

    /// Creates a storage class value.
    package init(protection: FileProtection = .completeUntilFirstUserAuthentication, excludedFromBackup: Bool) {
        self.protection = protection
        self.excludedFromBackup = excludedFromBackup
    }

    /// What the module remembers (the ledger, the lock, the last report, the switch, the app's
    /// own slot images, the verified remote manifest and `layouts.json`): backed up, so that a
    /// restored device knows what its snapshot files hold.
    package static let state = StorageClass(excludedFromBackup: false)
    /// What the module makes again when it is missing (backups of the system's snapshots, the
    /// placeholder, remote images and partial downloads): not backed up.
    package static let regenerable = StorageClass(excludedFromBackup: true)
}
