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
    /// Plan only: read, decide and report, write nothing.
    public var dryRun: Bool

    /// Creates a request.
    public init(locator: SnapshotLocator, manifest: LaunchManifest, variants: any VariantSource,
                environment: RepairEnvironment, orientationPolicy: OrientationPolicy = .automatic, dryRun: Bool = false) {
        self.locator = locator
        self.manifest = manifest
        self.variants = variants
        self.environment = environment
        self.orientationPolicy = orientationPolicy
        self.dryRun = dryRun
    }
}

/// The inputs cannot be used at all (a problem with one snapshot file is reported, not thrown).
public enum RepairError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The manifest is unusable; names the field.
    case manifest(String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case let .manifest(text): "manifest: \(text)"
        }
    }
}

/// The repair engine: locate → probe → classify → plan → apply atomically → ledger → report.
///
/// A synchronous core with everything injected: the UIKit glue calls it on a utility queue,
/// tests and the `launch-assets repair` command call it directly.
public enum SnapshotRepair {
    /// The first system version whose snapshot folder an app may change.
    public static let minimumSystemVersion = SystemVersion(major: 13)

    /// Runs one repair. Throws only when the manifest itself is unusable.
    public static func run(_ request: RepairRequest, fileSystem: some FileSystem = LocalFileSystem()) throws(RepairError) -> RepairReport {
        let environment = request.environment
        guard environment.systemVersion >= minimumSystemVersion else {
            return RepairReport(status: .unsupported, reason: "iOS \(environment.systemVersion) keeps launch snapshots in Library/Caches/Snapshots, which the app may not change; nothing touched",
                                snapshotFolder: request.locator.legacySnapshotFolder.path, dryRun: request.dryRun)
        }
        guard !environment.isPassiveLaunch else {
            return RepairReport(status: .deferred, reason: "background launch: run again once the app is active", dryRun: request.dryRun)
        }
        let manifest = request.manifest
        guard manifest.schemaVersion == LaunchManifest.currentSchemaVersion else {
            throw .manifest("schemaVersion \(manifest.schemaVersion) is not \(LaunchManifest.currentSchemaVersion)")
        }
        let day = SeasonCalendar.calendarDay(of: environment.date, timeZone: environment.timeZone)
        guard let layout = SeasonCalendar(layouts: manifest.layouts).activeLayout(year: day.year, month: day.month, day: day.day) else {
            throw .manifest("layouts: none is active on \(SeasonDate(year: day.year, month: day.month, day: day.day)) and none is the fallback")
        }
        var run = Run(request: request, layout: layout, fileSystem: fileSystem)
        return run.execute()
    }

    /// Puts the system's original bytes back into every snapshot file this module replaced,
    /// removes the placeholder, and forgets the ledger once everything is back.
    ///
    /// Safe to repeat after an interruption: a file already holding its backup's bytes counts as
    /// restored, and a backup in `Backups/` the ledger does not know (the ledger was lost, or an
    /// older version was interrupted before recording it) is restored too.
    public static func restore(_ locator: SnapshotLocator, fileSystem: some FileSystem = LocalFileSystem()) -> RestoreReport {
        var report = RestoreReport(snapshotFolder: locator.snapshotFolder.path)
        removeTemporaryFiles(locator, fileSystem: fileSystem)
        var (ledger, problem, _, readFailed) = Ledger.load(from: locator.ledgerFile, fileSystem: fileSystem)
        if let problem { report.notes.append(problem) }
        // Backups on disk the ledger does not record: named after their snapshot file.
        var backupsListed = fileSystem.kind(of: locator.backupFolder) == nil
        if fileSystem.kind(of: locator.backupFolder) == .directory,
           let entries = try? fileSystem.entries(in: locator.backupFolder) {
            backupsListed = true
            for entry in entries where entry.kind == .regular && SnapshotLocator.isSnapshotName(entry.name)
                && !ledger.backups.values.contains(where: { $0.file == entry.name }) && ledger.backups[entry.name] == nil {
                guard let data = try? fileSystem.contents(of: locator.backupFolder.appendingPathComponent(entry.name)) else { continue }
                ledger.backups[entry.name] = Ledger.Backup(file: entry.name, md5: MD5Digest.hex(of: data), bytes: data.count)
                report.notes.append("\(entry.name): backup found in Backups/ without a ledger record; restored too")
            }
        }
        for (name, backup) in ledger.backups.sorted(by: { $0.key < $1.key }) {
            let target = locator.snapshotFolder.appendingPathComponent(name)
            let backupURL = locator.backupFolder.appendingPathComponent(backup.file)
            guard fileSystem.kind(of: target) == .regular else {
                report.files.append(.init(name: name, outcome: .skipped,
                                          reason: "no regular file of that name any more (the system replaced it); backup discarded"))
                try? fileSystem.removeItem(at: backupURL)
                ledger.backups[name] = nil
                continue
            }
            do {
                if fileSystem.kind(of: backupURL) == nil {
                    // An interrupted restore removed the backup after putting it back.
                    let current = try fileSystem.contents(of: target)
                    guard current.count == backup.bytes, MD5Digest.hex(of: current) == backup.md5 else {
                        report.files.append(.init(name: name, outcome: .failed, reason: "backup \(backup.file) is missing"))
                        continue
                    }
                    ledger.backups[name] = nil
                    ledger.files[name] = nil
                    report.files.append(.init(name: name, outcome: .restored))
                    continue
                }
                let data = try fileSystem.contents(of: backupURL)
                guard data.count == backup.bytes, MD5Digest.hex(of: data) == backup.md5 else {
                    report.files.append(.init(name: name, outcome: .failed, reason: "backup \(backup.file) does not match its recorded MD5; left in place"))
                    continue
                }
                try fileSystem.writeAtomically(data, to: target)
                let written = try fileSystem.contents(of: target)
                guard MD5Digest.hex(of: written) == backup.md5 else {
                    report.files.append(.init(name: name, outcome: .failed, reason: "verification after writing failed", bytesWritten: data.count))
                    continue
                }
                try? fileSystem.removeItem(at: backupURL)
                ledger.backups[name] = nil
                ledger.files[name] = nil
                report.files.append(.init(name: name, outcome: .restored, bytesWritten: data.count))
            } catch {
                report.files.append(.init(name: name, outcome: .failed, reason: error.description))
            }
        }
        if fileSystem.kind(of: locator.placeholderFile) != nil {
            do { try fileSystem.removeItem(at: locator.placeholderFile) } catch { report.notes.append(error.description) }
        }
        ledger.placeholder = false
        // A ledger that could not be read is forgotten only when `Backups/` told us every backup.
        guard !readFailed || backupsListed else {
            report.notes.append("ledger: left in place (neither it nor Backups/ could be read)")
            return report
        }
        do {
            if ledger.backups.isEmpty {
                if fileSystem.kind(of: locator.ledgerFile) != nil { try fileSystem.removeItem(at: locator.ledgerFile) }
                if fileSystem.kind(of: locator.backupFolder) == .directory,
                   (try? fileSystem.entries(in: locator.backupFolder))?.isEmpty == true {
                    try fileSystem.removeItem(at: locator.backupFolder)
                }
            } else {
                try fileSystem.writeAtomically(ledger.encoded(), to: locator.ledgerFile)
            }
        } catch {
            report.notes.append("ledger: \(error.description)")
        }
        return report
    }

    /// Removes what an interrupted atomic write left behind (temporary files carry
    /// ``LocalFileSystem/temporaryPrefix``) in the snapshot folder, this module's folder and
    /// `Backups/`. Removes only what it finds: nothing is written when nothing is there.
    static func removeTemporaryFiles(_ locator: SnapshotLocator, fileSystem: some FileSystem) {
        removeTemporaryFiles(in: [locator.snapshotFolder, locator.moduleFolder, locator.backupFolder], fileSystem: fileSystem)
    }

    static func removeTemporaryFiles(in folders: [URL], fileSystem: some FileSystem) {
        for folder in folders where fileSystem.kind(of: folder) == .directory {
            guard let entries = try? fileSystem.entries(in: folder) else { continue }
            for entry in entries where entry.name.hasPrefix(LocalFileSystem.temporaryPrefix) && entry.kind == .regular {
                try? fileSystem.removeItem(at: folder.appendingPathComponent(entry.name))
            }
        }
    }
}

/// The state of one repair run.
private struct Run<FS: FileSystem> {
    let request: RepairRequest
    let layout: LaunchManifest.Layout
    let fileSystem: FS
    let planner: RepairPlanner
    var ledger: Ledger
    let originalLedger: Ledger
    /// The ledger is there but could not be read: its records (the backups) are unknown, so this
    /// run writes nothing rather than overwrite them.
    let ledgerReadFailed: Bool
    var notes: [String] = []
    let locator: SnapshotPaths
    /// Whether `Backups/` is a folder, looked up the first time a kept file lacks a backup record.
    var backupsOnDisk: Bool?
    var environment: RepairEnvironment { request.environment }

    init(request: RepairRequest, layout: LaunchManifest.Layout, fileSystem: FS) {
        self.request = request
        self.layout = layout
        self.fileSystem = fileSystem
        planner = RepairPlanner(manifest: request.manifest, layout: layout.id, idiom: request.environment.idiom,
                                deviceModel: request.environment.deviceModel, policy: request.orientationPolicy)
        locator = SnapshotPaths(request.locator)
        let loaded = Ledger.load(from: locator.ledgerFile, fileSystem: fileSystem)
        ledger = loaded.ledger
        originalLedger = loaded.ledger
        ledgerReadFailed = loaded.readFailed
        if let problem = loaded.problem { notes.append(problem) }
    }

    mutating func execute() -> RepairReport {
        let folder = locator.snapshotFolder
        var report = RepairReport(status: .completed, snapshotFolder: locator.snapshotFolderPath, layout: layout.id,
                                  manifestVersion: request.manifest.version, dryRun: request.dryRun)
        let entries: [DirectoryEntry]
        do { entries = try fileSystem.entries(in: folder) } catch {
            // Listing is the common case; what the folder is only matters once it fails.
            report.status = .noSnapshots
            switch fileSystem.kind(of: folder) {
            case nil: report.reason = "no snapshot folder yet: the system has not drawn the launch screen"
            case .directory?: report.reason = error.description
            case let kind?: report.reason = "the snapshot folder is a \(kind.rawValue), not a directory: not followed"
            }
            return report
        }
        // Leftovers of an interrupted write are ours: remove them.
        for entry in entries where entry.name.hasPrefix(LocalFileSystem.temporaryPrefix) && entry.kind == .regular && !request.dryRun {
            try? fileSystem.removeItem(at: folder.appendingPathComponent(entry.name))
        }
        let writes = !request.dryRun && !ledgerReadFailed
        let snapshotEntries = entries.filter { SnapshotLocator.isSnapshotName($0.name) }

        // Inspect, classify, plan.
        var inspected: [SnapshotFile] = []
        var samples: [AppearanceClassifier.Sample] = []
        var pixelProblems: [String: String] = [:]
        for entry in snapshotEntries {
            let (file, luminance, pixelProblem) = inspect(entry, in: folder)
            inspected.append(file)
            if let pixelProblem { pixelProblems[file.name] = pixelProblem }
            if let header = file.header {
                samples.append(.init(name: file.name, width: header.width, height: header.height,
                                     known: file.appearance.appearance == nil ? nil : file.appearance, luminance: luminance))
            }
        }
        let appearances = AppearanceClassifier.classify(samples, pinned: environment.pinnedAppearance)
        for index in inspected.indices {
            if let evidence = appearances[inspected[index].name] { inspected[index].appearance = evidence }
        }
        let plan = planner.plan(inspected)
        let filesByName = Dictionary(uniqueKeysWithValues: inspected.map { ($0.name, $0) })

        // Upgrade launch: keep what the user sees now for the app's own splash.
        let upgrade = ledger.appVersion != nil && environment.appVersion != nil && ledger.appVersion != environment.appVersion
        report.upgradeLaunch = upgrade
        if writes {
            if ledger.placeholder || fileSystem.kind(of: locator.placeholderFile) != nil, !upgrade {
                if (try? fileSystem.removeItem(at: locator.placeholderFile)) != nil { report.placeholderRemoved = true }
                ledger.placeholder = false
            }
            if upgrade, plan.steps.contains(where: { $0.action == .replace }),
               let shown = shownNow(plan, filesByName) {
                report.placeholderCreated = copyPlaceholder(from: folder.appendingPathComponent(shown))
            }
        }

        // Apply.
        var seen = Set<String>()
        for step in plan.steps {
            seen.insert(step.name)
            let file = filesByName[step.name]!
            var entry = RepairReport.FileReport(
                name: step.name, outcome: .skipped, reason: step.reason, format: file.header?.format,
                width: file.header?.width, height: file.header?.height, orientation: step.orientation,
                appearance: step.appearance?.appearance, appearanceSource: step.appearance?.source,
                variant: step.variant, bytesRead: file.bytesRead)
            if step.action == .skip, let problem = pixelProblems[step.name], file.problem == nil {
                entry.reason = (entry.reason ?? "") + "; pixels: \(problem)"
            }
            switch step.action {
            case .skip:
                break
            case .keep:
                entry.outcome = .kept
                // Record a file that holds a variant but is not in the ledger yet; an existing
                // record stays as written (it knows the slot's orientation before replacement),
                // with the identity of the bytes just hashed.
                if let variant = variant(step.variant), ledger.files[step.name]?.md5 != variant.md5 {
                    record(step.name, variant, orientation: step.orientation, identity: file.identity)
                } else if let identity = file.identity {
                    ledger.files[step.name]?.identity = identity
                }
                if writes { adoptOrphanedBackup(step.name) }
            case .replace:
                if request.dryRun {
                    entry.outcome = .wouldReplace
                } else if ledgerReadFailed {
                    entry.reason = "the ledger could not be read: left alone this launch"
                } else {
                    apply(step, file, in: folder, report: &entry)
                }
            }
            report.files.append(entry)
        }
        // Forget files that are gone, and backups of names the system no longer uses.
        if writes {
            for name in ledger.files.keys where !seen.contains(name) { ledger.files[name] = nil }
            for (name, backup) in ledger.backups where !seen.contains(name) {
                let url = locator.backupFolder.appendingPathComponent(backup.file)
                // Keep the record while the file is still there, so a failed removal is retried.
                if fileSystem.kind(of: url) != nil, (try? fileSystem.removeItem(at: url)) == nil { continue }
                ledger.backups[name] = nil
            }
            ledger.manifestVersion = request.manifest.version
            if let appVersion = environment.appVersion { ledger.appVersion = appVersion }
            if ledger != originalLedger {
                // An interrupted write in these folders left this module's state short of what
                // that run was writing towards, so the launch after it always gets here: the
                // steady launch need not list them.
                SnapshotRepair.removeTemporaryFiles(in: [locator.moduleFolder, locator.backupFolder], fileSystem: fileSystem)
                writeLedger()
            }
        }
        report.notes = notes
        return report
    }

    // MARK: - Inspection

    /// Probes one entry; hashes it only when its size equals a known variant length; measures
    /// its pixels only when its appearance is unknown and matters. A file whose identity is the
    /// one the ledger recorded for a variant is that variant: nothing is read.
    func inspect(_ entry: DirectoryEntry, in folder: URL) -> (SnapshotFile, Double?, String?) {
        if let file = unchanged(entry) { return (file, nil, nil) }
        var file = SnapshotFile(name: entry.name, kind: entry.kind, byteCount: entry.size, header: nil)
        switch entry.kind {
        case .regular: break
        case .symbolicLink:
            file.problem = "symbolic link: not followed, not written through"
            return (file, nil, nil)
        case .directory:
            file.problem = "a directory, not a snapshot"
            return (file, nil, nil)
        case .other:
            file.problem = "not a regular file"
            return (file, nil, nil)
        }
        let opened: any ReadableFile
        do { opened = try fileSystem.openForReading(folder.appendingPathComponent(entry.name)) } catch {
            file.problem = "unreadable: \(error.reason)"
            return (file, nil, nil)
        }
        defer { opened.close() }
        let source = CountingByteSource(opened)
        defer { file.bytesRead = source.bytesRead }
        file.byteCount = opened.count
        let header: ImageHeader
        do { header = try ImageHeaderProbe.probe(source) } catch {
            file.problem = error.summary
            file.bytesRead = source.bytesRead
            return (file, nil, nil)
        }
        file.header = header
        let sameSize = request.manifest.variants.filter {
            ($0.width == header.width && $0.height == header.height) || ($0.width == header.height && $0.height == header.width)
        }
        var lengths = Set(planner.candidates(width: header.width, height: header.height).map(\.length))
        lengths.formUnion(sameSize.map(\.length))
        if let recorded = ledger.files[entry.name] { lengths.insert(recorded.bytes) }
        if lengths.contains(opened.count) {
            file.identity = opened.identity
            do { file.md5 = try MD5Digest.hex(of: source) } catch {
                file.problem = "unreadable: \(error.description)"
                file.bytesRead = source.bytesRead
                return (file, nil, nil)
            }
        }
        if let md5 = file.md5 {
            if let recorded = ledger.files[entry.name], recorded.md5 == md5, recorded.bytes == opened.count {
                file.appearance = AppearanceEvidence(appearance: recorded.appearance, source: .ledger)
            } else if let variant = sameSize.first(where: { $0.md5 == md5 && $0.length == opened.count }) {
                file.appearance = AppearanceEvidence(appearance: variant.appearance, source: .manifest)
            }
        }
        var luminance: Double?
        var pixelProblem: String?
        if file.appearance.appearance == nil, environment.pinnedAppearance == nil,
           planner.appearanceMatters(width: header.width, height: header.height) {
            switch header.format {
            case .aapl, .ktx, .ktx2:
                do {
                    let payload = try ASTCPayload.read(from: source)
                    luminance = VoidExtentLuminance.measure(payload)?.mean
                    if luminance == nil { pixelProblem = "no void-extent block to measure" }
                } catch {
                    pixelProblem = error.description
                }
            case .png, .jpeg:
                if ImageLuminance.isAvailable, let bytes = try? source.bytes(at: 0, count: source.count) {
                    luminance = ImageLuminance.mean(of: Data(bytes))
                }
                if luminance == nil { pixelProblem = "\(header.format.rawValue) pixels need ImageIO, not available here" }
            }
        }
        file.bytesRead = source.bytesRead
        return (file, luminance, pixelProblem)
    }

    /// The file as the ledger recorded it, when the entry still has the recorded identity and
    /// the recorded bytes are a variant of the manifest (a PNG of its pixel size).
    func unchanged(_ entry: DirectoryEntry) -> SnapshotFile? {
        guard entry.kind == .regular, let recorded = ledger.files[entry.name], recorded.identity == entry.identity,
              let variant = variant(recorded.variant), variant.md5 == recorded.md5, variant.length == recorded.bytes else { return nil }
        return SnapshotFile(name: entry.name, byteCount: entry.size, header: ImageHeader(format: .png, width: variant.width, height: variant.height),
                            md5: recorded.md5, appearance: AppearanceEvidence(appearance: recorded.appearance, source: .ledger),
                            identity: entry.identity)
    }

    // MARK: - Applying

    /// The manifest's variant of that id; the active layout's (the planner's few) are searched first.
    func variant(_ id: String?) -> LaunchManifest.Variant? {
        guard let id else { return nil }
        return planner.variants.first { $0.id == id } ?? request.manifest.variants.first { $0.id == id }
    }

    mutating func record(_ name: String, _ variant: LaunchManifest.Variant, orientation: Orientation?, identity: FileIdentity?) {
        ledger.files[name] = Ledger.Entry(md5: variant.md5, bytes: variant.length, variant: variant.id, layout: variant.layout,
                                          orientation: orientation ?? variant.orientation, appearance: variant.appearance,
                                          identity: identity)
    }

    /// Backup (first time), temporary file + fsync + rename, then verify size and MD5.
    mutating func apply(_ step: RepairPlan.Step, _ file: SnapshotFile, in folder: URL, report: inout RepairReport.FileReport) {
        report.outcome = .failed
        guard let variant = variant(step.variant) else {
            report.reason = "variant \(step.variant ?? "?") is not in the manifest"
            return
        }
        let data: Data
        do { data = try request.variants.bytes(of: variant) } catch {
            report.reason = "variant \(variant.id): \(error.description)"
            return
        }
        guard data.count == variant.length, MD5Digest.hex(of: data) == variant.md5 else {
            report.reason = "variant \(variant.id): the pack's bytes do not match the manifest's length and MD5"
            return
        }
        let target = folder.appendingPathComponent(step.name)
        let isOurs = file.appearance.source == .ledger || file.appearance.source == .manifest
        // A recorded backup is replaced only by bytes that cannot be ours: this module writes
        // PNG, the system AAPL or KTX. (PNG bytes no record knows are ours from an older
        // manifest, after an interruption: they must not become "the system's original".)
        let systemFormat = file.header.map { $0.format != .png && $0.format != .jpeg } ?? false
        if !isOurs, ledger.backups[step.name] == nil || systemFormat {
            do {
                let original = try fileSystem.contents(of: target)
                report.bytesRead += original.count
                try fileSystem.createDirectory(at: locator.backupFolder)
                try fileSystem.writeAtomically(original, to: locator.backupFolder.appendingPathComponent(step.name))
                ledger.backups[step.name] = Ledger.Backup(file: step.name, md5: MD5Digest.hex(of: original), bytes: original.count)
            } catch {
                report.reason = "backup of the system's bytes failed, file left alone: \(error.description)"
                return
            }
            // The ledger records the backup before the file is replaced: an interruption after
            // the replacement must not leave a backup that restore does not know about.
            do {
                try fileSystem.createDirectory(at: locator.moduleFolder)
                try fileSystem.writeAtomically(ledger.encoded(), to: locator.ledgerFile)
            } catch {
                report.reason = "recording the backup in the ledger failed, file left alone: \(error.description)"
                return
            }
        }
        do { try fileSystem.writeAtomically(data, to: target) } catch {
            report.reason = error.description
            return
        }
        report.bytesWritten = data.count
        let verifiedIdentity: FileIdentity
        do {
            let check = try fileSystem.openForReading(target)
            defer { check.close() }
            verifiedIdentity = check.identity
            let counting = CountingByteSource(check)
            let md5 = try? MD5Digest.hex(of: counting)
            report.bytesRead += counting.bytesRead
            guard check.count == variant.length, md5 == variant.md5 else {
                report.reason = "verification failed: \(check.count) bytes, MD5 \(md5 ?? "unreadable"); expected \(variant.length) bytes, MD5 \(variant.md5)"
                putBackOriginal(step.name, report: &report)
                return
            }
        } catch {
            report.reason = "verification failed: \(error.description)"
            putBackOriginal(step.name, report: &report)
            return
        }
        record(step.name, variant, orientation: step.orientation, identity: verifiedIdentity)
        report.outcome = .replaced
        report.reason = nil
    }

    /// A file that holds one of our variants but whose backup the ledger does not record, while
    /// `Backups/` holds one under its name: an interrupted run of an older version, or a lost
    /// ledger. The backup is the system's bytes (written atomically before any replacement):
    /// record it, so restore can put it back.
    mutating func adoptOrphanedBackup(_ name: String) {
        guard ledger.backups[name] == nil else { return }
        backupsOnDisk = backupsOnDisk ?? (fileSystem.kind(of: locator.backupFolder) == .directory)
        guard backupsOnDisk == true else { return }
        let url = locator.backupFolder.appendingPathComponent(name)
        guard fileSystem.kind(of: url) == .regular, let data = try? fileSystem.contents(of: url) else { return }
        ledger.backups[name] = Ledger.Backup(file: name, md5: MD5Digest.hex(of: data), bytes: data.count)
        notes.append("\(name): backup found in Backups/ without a ledger record; recorded")
    }

    /// After a failed verification: the system's bytes back from the backup, if there is one,
    /// so the file is never left holding bytes nobody wrote on purpose.
    mutating func putBackOriginal(_ name: String, report: inout RepairReport.FileReport) {
        ledger.files[name] = nil
        guard let backup = ledger.backups[name] else { return }
        let target = locator.snapshotFolder.appendingPathComponent(name)
        do {
            let original = try fileSystem.contents(of: locator.backupFolder.appendingPathComponent(backup.file))
            guard MD5Digest.hex(of: original) == backup.md5 else { return }
            try fileSystem.writeAtomically(original, to: target)
            report.bytesWritten += original.count
            report.reason = (report.reason ?? "") + "; the system's original bytes were put back"
        } catch {
            report.reason = (report.reason ?? "") + "; putting the original back failed: \(error.description)"
        }
    }

    /// The file the user is looking at now: the current orientation and appearance.
    func shownNow(_ plan: RepairPlan, _ files: [String: SnapshotFile]) -> String? {
        let orientation = environment.currentOrientation ?? .portrait
        let appearance = environment.currentAppearance ?? environment.pinnedAppearance ?? .light
        let usable = plan.steps.filter { files[$0.name]?.header != nil && files[$0.name]?.kind == .regular }
        return (usable.first { $0.orientation == orientation && $0.appearance?.appearance == appearance }
            ?? usable.first { $0.orientation == orientation }
            ?? usable.first)?.name
    }

    mutating func copyPlaceholder(from source: URL) -> Bool {
        do {
            let data = try fileSystem.contents(of: source)
            try fileSystem.createDirectory(at: locator.moduleFolder)
            try fileSystem.writeAtomically(data, to: locator.placeholderFile)
            ledger.placeholder = true
            return true
        } catch {
            notes.append("placeholder: \(error.description)")
            return false
        }
    }

    mutating func writeLedger() {
        do {
            try fileSystem.createDirectory(at: locator.moduleFolder)
            try fileSystem.writeAtomically(ledger.encoded(), to: locator.ledgerFile)
        } catch {
            notes.append("ledger: \(error.description)")
        }
    }
}
