import Foundation

/// One repair run's inputs.
public struct RepairRequest: Sendable {
    /// Where the app's snapshots and this module's folder are.
    public var locator: SnapshotLocator
    /// The generated manifest (the `<Type>.manifest` of the generated Swift file).
    public var manifest: LaunchManifest
    /// The variants' bytes: the pack.
    public var variants: any VariantSource
    /// The device and app.
    public var environment: RepairEnvironment
    /// Which orientations get their own image.
    public var orientationPolicy: OrientationPolicy
    /// What goes into a light and dark pair of snapshots that look the same.
    public var indistinguishablePairs: IndistinguishablePairPolicy
    /// Plan only: read, decide and report, write nothing.
    public var dryRun: Bool
    /// The app's say on a file whose appearance neither the ledger, the manifest, a pinned
    /// style nor the pixels can tell (``AppearanceSource/app``); `nil` leaves such files unknown.
    public var appearanceHook: AppearanceHook?
    /// Asked between files: once cancelled, the files not yet handled are skipped.
    public var cancellation: RepairCancellation?
    /// What the launch's preparation did with the upgrade placeholder, carried into the report
    /// (and the stored last report).
    public var placeholder: PlaceholderReport?

    /// Creates a request.
    public init(
        locator: SnapshotLocator, manifest: LaunchManifest, variants: any VariantSource,
        environment: RepairEnvironment, orientationPolicy: OrientationPolicy = .automatic,
        indistinguishablePairs: IndistinguishablePairPolicy = .skip, dryRun: Bool = false,
        appearanceHook: AppearanceHook? = nil, cancellation: RepairCancellation? = nil, placeholder: PlaceholderReport? = nil
    ) {
        self.locator = locator
        self.manifest = manifest
        self.variants = variants
        self.environment = environment
        self.orientationPolicy = orientationPolicy
        self.indistinguishablePairs = indistinguishablePairs
        self.dryRun = dryRun
        self.appearanceHook = appearanceHook
        self.cancellation = cancellation
        self.placeholder = placeholder
    }
}

/// Decides the appearance of a snapshot file the module cannot classify: light, dark, or
/// `nil` to leave it unknown (the file is then skipped, as without a hook).
public typealias AppearanceHook = @Sendable (SnapshotFile) -> Appearance?

/// A flag a repair checks between files; set from any thread.
public final class RepairCancellation: Sendable {
    private let cancelled = LockedValue(false)

    /// A flag not yet set.
    public init() {}

    /// Asks the run to stop after the file in hand.
    public func cancel() { cancelled.set(true) }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { cancelled.get() }
}

/// The inputs cannot be used at all (a problem with one snapshot file is reported, not thrown).
public enum RepairError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The manifest is unusable; names the field.
    case manifest(String)
    /// The app has no bundle identifier, which names its snapshot folder.
    case noBundleIdentifier
    /// The pack is missing from the app, or not the manifest's.
    case pack(LaunchPackError)
    /// The task was cancelled before the run began.
    case cancelled

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .manifest(let text): "manifest: \(text)"
        case .noBundleIdentifier: "the app has no bundle identifier: its launch snapshot folder cannot be found"
        case .pack(let error): error.description
        case .cancelled: "cancelled before the repair began"
        }
    }
}

/// The repair engine: locate → probe → classify → plan → apply atomically → ledger → report.
///
/// A synchronous core with everything injected: the UIKit glue calls it on a utility queue,
/// tests and the `launch-assets repair` command call it directly. One run, restore or
/// placeholder step at a time per container, across threads and processes: one that finds
/// another in progress writes nothing and reports `busy`.
public enum SnapshotRepair {
    /// The first system version whose snapshot folder an app may change.
    public static let minimumSystemVersion = SystemVersion(major: 13)

    /// Runs one repair. Throws only when the manifest itself is unusable.
    public static func run(_ request: RepairRequest, fileSystem: some FileSystem = LocalFileSystem()) throws(RepairError) -> RepairReport {
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
                status: .unsupported,
                reason:
                    "iOS \(environment.systemVersion) keeps launch snapshots in Library/Caches/Snapshots, which the app may not change; nothing touched",
                snapshotFolder: request.locator.legacySnapshotFolder.path, dryRun: request.dryRun)
        }
        guard !environment.isPassiveLaunch else {
            return RepairReport(status: .deferred, reason: "background launch: run again once the app is active", dryRun: request.dryRun)
        }
        let paths = SnapshotPaths(request.locator)
        if let reason = disabledReason(paths, fileSystem: fileSystem) {
            var report = RepairReport(status: .disabled, reason: reason, snapshotFolder: paths.snapshotFolderPath, dryRun: request.dryRun)
            // A restore that met another run when the module was switched off is completed here.
            if !request.dryRun, fileSystem.kind(of: paths.ledgerFile) != nil,
                Ledger.load(from: paths.ledgerFile, fileSystem: fileSystem).ledger.hasSomethingToUndo
            {
                let restored = restore(request.locator, fileSystem: fileSystem)
                report.notes = restored.text.split(separator: "\n").dropFirst().map { "restore: \($0)" }
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
        if let remoteProblem { report.notes.append(remoteProblem) }
        if request.indistinguishablePairs != .skip { report.indistinguishablePairs = request.indistinguishablePairs }
        // A dry run writes nothing, so it needs no lock.
        var lock: RepairLock?
        if !request.dryRun {
            switch RepairLock.take(paths, fileSystem: fileSystem) {
            case .acquired(let taken): lock = taken
            case .busy: return report.stopped(.busy, "another repair or restore of this container is in progress: nothing written")
            case .failed(let error) where error.isProtectedDataUnavailable: return report.stopped(.deferred, FileSystemError.deviceLocked)
            case .failed(let error): report.notes.append("lock: \(error.description); nothing written this time")
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
    public static func restore(_ locator: SnapshotLocator, fileSystem: some FileSystem = LocalFileSystem()) -> RestoreReport {
        let paths = SnapshotPaths(locator)
        var report = RestoreReport(snapshotFolder: paths.snapshotFolderPath)
        switch RepairLock.take(paths, fileSystem: fileSystem) {
        case .acquired(let lock):
            defer { lock.release() }
            var restore = SnapshotRestore(paths: paths, fileSystem: fileSystem)
            restore.execute(&report)
        case .busy:
            report.status = .busy
            report.notes.append("another repair or restore of this container is in progress: nothing written")
        case .failed(let error):
            report.status = .busy
            report.notes.append("lock: \(error.description); nothing written")
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

/// What goes into a pair of same-size snapshots whose pixels look the same (a launch
/// storyboard that ignores dark mode): the slots cannot be told apart.
public enum IndistinguishablePairPolicy: String, Codable, Sendable, Hashable, CaseIterable {
    /// Leave both alone, with a reason that says what to do (the default).
    case skip
    /// Both get the light variant.
    case light
    /// Both get the dark variant.
    case dark

    /// The appearance both files get, `nil` for ``skip``.
    var appearance: Appearance? {
        switch self {
        case .skip: nil
        case .light: .light
        case .dark: .dark
        }
    }
}
