import Foundation

/// The module's calls: an app's (`repairOnLaunch(_:options:completion:)` and the rest of
/// <doc:GettingStarted>, compiled for iOS), and the engine they run: locate → probe → classify
/// → plan → apply atomically → ledger → report.
///
/// The engine is a synchronous core with everything injected: the app's calls run it on a
/// utility queue, the `launch-assets repair` command and tests call it directly. One run,
/// restore or placeholder step at a time per container, across threads and processes: one that
/// finds another in progress writes nothing and reports `busy`.
public enum SnapshotRepair {
    /// The first system version whose snapshot folder an app may change.
    package static let minimumSystemVersion = SystemVersion(major: 13)

    /// Runs one repair, blocking the calling thread (never the main one). Throws only when the
    /// manifest itself is unusable.
    package static func run(_ request: RepairRequest, fileSystem: some FileSystem = LocalFileSystem()) throws(RepairError) -> RepairReport {
        let log = RepairLog(request.locator)
        do throws(RepairError) {
            let report = try execute(request, fileSystem: fileSystem)
            log.end(report)
            return report
        } catch {
            log.end(error)
            throw error
        }
    }

    /// The run itself: gate → switch → calendar → lock → ``RepairRun``.
    private static func execute(_ request: RepairRequest, fileSystem: some FileSystem) throws(RepairError) -> RepairReport {
        let environment = request.environment
        guard environment.systemVersion >= minimumSystemVersion else {
            return RepairReport(
                status: .unsupported, cause: .unsupportedSystem(environment.systemVersion),
                snapshotFolder: request.locator.legacySnapshotFolder.path, dryRun: request.dryRun)
        }
        guard !environment.isPassiveLaunch else {
            return RepairReport(status: .deferred, cause: .backgroundLaunch, dryRun: request.dryRun)
        }
        let paths = SnapshotPaths(request.locator)
        if let reason = disabledReason(paths, fileSystem: fileSystem) {
            var report = RepairReport(
                status: .disabled, cause: .switchedOff(reason), snapshotFolder: paths.snapshotFolderPath, dryRun: request.dryRun)
            // A restore that met another run when the module was switched off is completed here.
            if !request.dryRun, fileSystem.kind(of: paths.ledgerFile) != nil,
                Ledger.load(from: paths.ledgerFile, fileSystem: fileSystem).ledger.hasSomethingToUndo
            {
                let restored = restore(request.locator, fileSystem: fileSystem)
                report.remarks = restored.lines.map(RepairReport.Cause.restore)
            }
            return report
        }
        guard request.manifest.schemaVersion == LaunchManifest.currentSchemaVersion else {
            throw .manifest("schemaVersion \(request.manifest.schemaVersion) is not \(LaunchManifest.currentSchemaVersion)")
        }
        // Remote layouts a fetch stored are laid over the bundled manifest: one lstat when there are none.
        let (overlay, remoteProblem) = RemoteLayoutOverlay.load(paths, bundled: request.manifest, fileSystem: fileSystem)
        var effective = request
        effective.manifest = overlay.manifest()
        effective.variants = overlay.variants(request.variants, paths, fileSystem: fileSystem)
        let manifest = effective.manifest
        let day = SeasonCalendar.calendarDay(of: environment.date, timeZone: environment.timeZone)
        guard let layout = SeasonCalendar(layouts: manifest.layouts).activeLayout(year: day.year, month: day.month, day: day.day) else {
            throw .manifest(
                "layouts: none is active on \(SeasonDate(year: day.year, month: day.month, day: day.day)) and none is the fallback")
        }
        var report = RepairReport(
            status: .completed, snapshotFolder: paths.snapshotFolderPath, layout: layout.id,
            manifestVersion: manifest.version, dryRun: request.dryRun, placeholder: request.placeholder)
        if let remoteProblem { report.remarks.append(remoteProblem) }
        if request.options.indistinguishablePairs != .skip { report.indistinguishablePairs = request.options.indistinguishablePairs }
        // A dry run writes nothing, so it needs no lock.
        var lock: RepairLock?
        if !request.dryRun {
            switch RepairLock.take(paths, fileSystem: fileSystem) {
            case .acquired(let taken): lock = taken
            case .busy: return report.stopped(.busy, .busy)
            case .failed(let error) where error.isProtectedDataUnavailable: return report.stopped(.deferred, .deviceLocked)
            case .failed(let error): report.remarks.append(.lockFailed(error))
            }
        }
        defer { lock?.release() }
        var run = RepairRun(
            request: effective, layout: layout, overlay: overlay, day: day, paths: paths, fileSystem: fileSystem, mayWrite: lock != nil)
        return run.execute(report)
    }

    /// Puts the system's original bytes back into every snapshot file this module replaced,
    /// removes files holding this module's bytes that no backup covers (the system draws them
    /// again), removes the placeholder, and forgets the ledger once everything is back.
    ///
    /// Safe to repeat after an interruption: a file already holding its backup's bytes counts as
    /// restored, and a backup in `Backups/` the ledger does not know (the ledger was lost, or an
    /// older version was interrupted before recording it) is restored too.
    package static func restore(_ locator: SnapshotLocator, fileSystem: some FileSystem = LocalFileSystem()) -> RestoreReport {
        let paths = SnapshotPaths(locator)
        var report = RestoreReport(snapshotFolder: paths.snapshotFolderPath)
        switch RepairLock.take(paths, fileSystem: fileSystem) {
        case .acquired(let lock):
            defer { lock.release() }
            var restore = SnapshotRestore(paths: paths, fileSystem: fileSystem)
            restore.execute(&report)
        case .busy:
            report.status = .busy
            report.remarks.append(.busy)
        case .failed(let error):
            report.status = .busy
            report.remarks.append(.restoreLockFailed(error))
        }
        return report
    }

    /// Removes what an interrupted atomic write left behind (temporary files carry
    /// ``LocalFileSystem/temporaryPrefix``) in `folders`. Removes only what it finds: nothing is
    /// written when nothing is there.
    static func removeTemporaryFiles(in folders: [URL], fileSystem: some FileSystem) {
        for folder in folders where fileSystem.kind(of: folder) == .directory {
            guard let entries = try? fileSystem.entries(in: folder) else { continue }
            for entry in entries where entry.name.hasPrefix(LocalFileSystem.temporaryPrefix) && entry.kind == .regular {
                try? fileSystem.removeItem(at: folder.appendingPathComponent(entry.name))
            }
        }
    }
}
