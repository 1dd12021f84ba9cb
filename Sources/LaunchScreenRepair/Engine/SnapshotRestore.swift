import Foundation

/// One restore, under the container's lock: every backup written back, files holding this
/// module's bytes with no backup removed (the system draws them again), the placeholder
/// removed, the ledger forgotten once nothing is left to undo.
struct SnapshotRestore<FS: FileSystem> {
    let paths: SnapshotPaths
    let fileSystem: FS
    var backups: BackupStore<FS>

    init(paths: SnapshotPaths, fileSystem: FS) {
        self.paths = paths
        self.fileSystem = fileSystem
        backups = BackupStore(paths: paths, fileSystem: fileSystem)
    }

    mutating func execute(_ report: inout RestoreReport) {
        SnapshotRepair.removeTemporaryFiles(in: [paths.snapshotFolder, paths.moduleFolder, paths.backupFolder], fileSystem: fileSystem)
        let loaded = Ledger.load(from: paths.ledgerFile, fileSystem: fileSystem)
        var ledger = loaded.ledger
        if let problem = loaded.problem { report.remarks.append(problem) }
        let adopted = backups.adoptOrphans(into: &ledger)
        report.remarks += adopted ?? []
        for name in ledger.backups.keys.sorted() {
            let outcome = putBack(name, ledger: ledger)
            if outcome.outcome != .failed {
                ledger.backups[name] = nil
                ledger.files[name] = nil
            }
            report.files.append(outcome)
        }
        for name in ledger.files.keys.sorted() where ledger.backups[name] == nil {
            let outcome = removeOurs(name, ledger.files[name]!)
            if outcome.outcome != .failed { ledger.files[name] = nil }
            report.files.append(outcome)
        }
        if fileSystem.kind(of: paths.placeholderFile) != nil {
            do { try fileSystem.removeItem(at: paths.placeholderFile) } catch { report.remarks.append(.fileSystem(error)) }
        }
        // A ledger that could not be read is forgotten only when `Backups/` told us every backup.
        guard !loaded.readFailed || adopted != nil else {
            report.remarks.append(.ledgerKept)
            return
        }
        forget(ledger, &report)
    }

    /// Writes one backup back and removes it.
    func putBack(_ name: String, ledger: Ledger) -> RestoreReport.FileReport {
        let backup = ledger.backups[name]!
        let target = paths.snapshotFolder.appendingPathComponent(name)
        let backupURL = paths.backupFolder.appendingPathComponent(backup.file)
        guard fileSystem.kind(of: target) == .regular else {
            _ = backups.discard(name, ledger: ledger)
            return .init(name: name, outcome: .skipped, cause: .restoreTargetGone)
        }
        if fileSystem.kind(of: backupURL) == nil {
            // An interrupted restore removed the backup after putting it back.
            guard let current = try? fileSystem.contents(of: target), current.count == backup.bytes,
                MD5Digest.hex(of: current) == backup.md5
            else {
                return .init(name: name, outcome: .failed, cause: .backupMissing(backup.file))
            }
            return .init(name: name, outcome: .restored)
        }
        switch backups.putBack(name, ledger: ledger) {
        case nil:
            return .init(name: name, outcome: .failed, cause: .backupDamaged(backup.file))
        case .failure(let error)?:
            return .init(name: name, outcome: .failed, cause: .fileSystem(error))
        case .success(let written)?:
            guard let check = try? fileSystem.contents(of: target), MD5Digest.hex(of: check) == backup.md5 else {
                return .init(name: name, outcome: .failed, cause: .restoreVerificationFailed, bytesWritten: written)
            }
            _ = backups.discard(name, ledger: ledger)
            return .init(name: name, outcome: .restored, bytesWritten: written)
        }
    }

    /// Removes a file that still holds the variant this module wrote and no backup covers:
    /// without it the system draws the launch screen again.
    func removeOurs(_ name: String, _ entry: Ledger.Entry) -> RestoreReport.FileReport {
        let target = paths.snapshotFolder.appendingPathComponent(name)
        guard fileSystem.kind(of: target) == .regular, let current = try? fileSystem.contents(of: target),
            current.count == entry.bytes, MD5Digest.hex(of: current) == entry.md5
        else {
            return .init(name: name, outcome: .skipped, cause: .noLongerOurs)
        }
        do { try fileSystem.removeItem(at: target) } catch {
            return .init(name: name, outcome: .failed, cause: .fileSystem(error))
        }
        return .init(name: name, outcome: .removed, cause: .removedWithoutBackup)
    }

    /// Removes the ledger and an empty `Backups/` once nothing is left to undo; otherwise keeps
    /// what is left in the ledger. The app's own images for slots are the app's settings: kept.
    func forget(_ ledger: Ledger, _ report: inout RestoreReport) {
        do {
            if ledger.backups.isEmpty && ledger.files.isEmpty && ledger.overrides.isEmpty {
                if fileSystem.kind(of: paths.ledgerFile) != nil { try fileSystem.removeItem(at: paths.ledgerFile) }
                if fileSystem.kind(of: paths.backupFolder) == .directory, (try? fileSystem.entries(in: paths.backupFolder))?.isEmpty == true
                {
                    try fileSystem.removeItem(at: paths.backupFolder)
                }
            } else {
                var remaining = ledger
                remaining.observations = [:]
                remaining.failures = [:]
                try fileSystem.writeAtomically(remaining.encoded(), to: paths.ledgerFile)
            }
        } catch {
            report.remarks.append(.ledgerNotWritten(error))
        }
    }
}
