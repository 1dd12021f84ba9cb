import Foundation

/// The system's original bytes of each replaced snapshot file, in `Backups/<name>`, recorded
/// in the ledger.
///
/// A backup only ever holds the system's bytes: it is written once, before the first
/// replacement, and never overwritten; bytes this module wrote (recorded in the ledger, a
/// variant of the manifest, or a PNG carrying the ``GeneratorMark``) are never kept as one. A
/// backup on disk that the ledger does not record (the ledger was lost, or an older version was
/// interrupted) is adopted, by repair and restore alike.
struct BackupStore<FS: FileSystem> {
    let paths: SnapshotPaths
    let fileSystem: FS
    /// Whether `Backups/` is a folder, looked up the first time it matters.
    private var folderExists: Bool?

    init(paths: SnapshotPaths, fileSystem: FS) {
        self.paths = paths
        self.fileSystem = fileSystem
    }

    /// What ``secure(_:knownOurs:into:)`` did.
    struct Secured {
        /// Bytes read from the snapshot file to copy it.
        var bytesRead = 0
        /// Whether the ledger gained a record (to be written before the file is replaced).
        var recorded = false
        /// Something worth reporting.
        var note: RepairReport.Cause?
    }

    /// Makes sure the system's bytes of `name` are kept before it is replaced.
    mutating func secure(_ name: String, knownOurs: Bool, into ledger: inout Ledger) throws(FileSystemError) -> Secured {
        var secured = Secured()
        guard ledger.backups[name] == nil else { return secured }
        if let note = adoptOrphan(name, into: &ledger) {
            secured.recorded = true
            secured.note = note
            return secured
        }
        guard !knownOurs else { return secured }
        let original = try fileSystem.contents(of: paths.snapshotFolder.appendingPathComponent(name))
        secured.bytesRead = original.count
        guard !GeneratorMark.isMarked(original) else {
            secured.note = .noBackupKept(name)
            return secured
        }
        try fileSystem.createFolder(at: paths.backupFolder, .regenerable)
        try fileSystem.writeAtomically(original, to: paths.backupFolder.appendingPathComponent(name))
        folderExists = true
        ledger.backups[name] = Ledger.Backup(file: name, md5: MD5Digest.hex(of: original), bytes: original.count)
        secured.recorded = true
        return secured
    }

    /// Records `Backups/<name>` when it is on disk but not in the ledger; returns a note then.
    mutating func adoptOrphan(_ name: String, into ledger: inout Ledger) -> RepairReport.Cause? {
        guard ledger.backups[name] == nil else { return nil }
        folderExists = folderExists ?? (fileSystem.kind(of: paths.backupFolder) == .directory)
        guard folderExists == true else { return nil }
        let url = paths.backupFolder.appendingPathComponent(name)
        guard fileSystem.kind(of: url) == .regular, let data = try? fileSystem.contents(of: url) else { return nil }
        ledger.backups[name] = Ledger.Backup(file: name, md5: MD5Digest.hex(of: data), bytes: data.count)
        return .orphanBackupRecorded(name)
    }

    /// Adopts every backup on disk the ledger does not record; `nil` when `Backups/` exists but
    /// cannot be listed.
    mutating func adoptOrphans(into ledger: inout Ledger) -> [RepairReport.Cause]? {
        switch fileSystem.kind(of: paths.backupFolder) {
        case nil: return []
        case .directory?: break
        case _?: return nil
        }
        guard let entries = try? fileSystem.entries(in: paths.backupFolder) else { return nil }
        let recorded = Set(ledger.backups.values.map(\.file))
        return entries.compactMap { entry in
            guard entry.kind == .regular, SnapshotLocator.isSnapshotName(entry.name), !recorded.contains(entry.name) else { return nil }
            return adoptOrphan(entry.name, into: &ledger)
        }
    }

    /// Writes the backup of `name` back over the snapshot file; `nil` when there is none (or it
    /// no longer matches its record), else the bytes written or the failure.
    func putBack(_ name: String, ledger: Ledger) -> Result<Int, FileSystemError>? {
        guard let backup = ledger.backups[name] else { return nil }
        do {
            let original = try fileSystem.contents(of: paths.backupFolder.appendingPathComponent(backup.file))
            guard original.count == backup.bytes, MD5Digest.hex(of: original) == backup.md5 else { return nil }
            try fileSystem.writeAtomically(original, to: paths.snapshotFolder.appendingPathComponent(name))
            return .success(original.count)
        } catch {
            return .failure(error)
        }
    }

    /// Removes the backup of `name`; whether it is gone.
    func discard(_ name: String, ledger: Ledger) -> Bool {
        guard let backup = ledger.backups[name] else { return true }
        let url = paths.backupFolder.appendingPathComponent(backup.file)
        return fileSystem.kind(of: url) == nil || (try? fileSystem.removeItem(at: url)) != nil
    }
}
