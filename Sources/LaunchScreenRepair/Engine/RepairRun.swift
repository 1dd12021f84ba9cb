import Foundation

/// One repair run, under the container's lock: list → inspect and plan (passing over a remote
/// layout whose images are not stored) → apply → forget vanished files → commit the ledger.
struct RepairRun<FS: FileSystem> {
    /// The request, its manifest with the stored remote layouts laid over the bundled one.
    var request: RepairRequest
    var layout: LaunchManifest.Layout
    /// The bundled manifest and the stored remote layouts, to plan again without a layout.
    let overlay: RemoteLayoutOverlay
    /// The calendar day the layout is for.
    let day: (year: Int, month: Int, day: Int)
    let paths: SnapshotPaths
    let fileSystem: FS
    var planner: RepairPlanner
    /// Whether this run may change the disk: not a dry run, the lock taken, the ledger readable.
    let writes: Bool
    var ledger: Ledger
    let originalLedger: Ledger
    var backups: BackupStore<FS>
    /// The app's own images for slots.
    let overrides: SlotOverrides
    var notes: [RepairReport.Cause] = []
    var environment: RepairEnvironment { request.environment }

    init(
        request: RepairRequest, layout: LaunchManifest.Layout, overlay: RemoteLayoutOverlay, day: (year: Int, month: Int, day: Int),
        paths: SnapshotPaths, fileSystem: FS, mayWrite: Bool
    ) {
        self.request = request
        self.layout = layout
        self.overlay = overlay
        self.day = day
        self.paths = paths
        self.fileSystem = fileSystem
        planner = RepairPlanner(
            manifest: request.manifest, layout: layout.id, idiom: request.environment.idiom,
            deviceModel: request.environment.deviceModel, policy: request.options.orientationPolicy,
            language: request.environment.language)
        let loaded = Ledger.load(from: paths.ledgerFile, fileSystem: fileSystem)
        ledger = loaded.ledger
        originalLedger = loaded.ledger
        writes = mayWrite && !loaded.readFailed
        backups = BackupStore(paths: paths, fileSystem: fileSystem)
        overrides = SlotOverrides(loaded.ledger.overrides, idiom: request.environment.idiom)
        if let problem = loaded.problem { notes.append(problem) }
    }

    /// The phases, in order.
    mutating func execute(_ start: RepairReport) -> RepairReport {
        var report = start
        let entries: [DirectoryEntry]
        switch listSnapshots() {
        case .success(let listed): entries = listed
        case .failure(let stop): return report.stopped(.noSnapshots, stop.cause)
        }
        let upgrade = ledger.appVersion != nil && environment.appVersion != nil && ledger.appVersion != environment.appVersion
        report.upgradeLaunch = upgrade
        if ledger.manifestVersion != request.manifest.version { ledger.failures = [:] }
        report.language = planner.language.language
        if let before = ledger.language, let now = report.language, before != now {
            report.remarks.append(.languageChanged(from: before, to: now))
        }
        let inspected = passOverUnavailableLayouts(inspectAndPlan(entries), entries, report: &report)
        report.layout = layout.id
        report.files = apply(inspected)
        report.remarks += notes
        notes = []
        if writes {
            forgetVanished(Set(inspected.plan.steps.map(\.name)))
            commitLedger(report)
        }
        report.remarks += notes
        return report
    }

    // MARK: - List

    /// Why there is nothing to do.
    struct Stop: Error {
        var cause: RepairReport.Cause
    }

    /// The snapshot folder's entries; leftovers of an interrupted write are removed.
    func listSnapshots() -> Result<[DirectoryEntry], Stop> {
        let folder = paths.snapshotFolder
        let entries: [DirectoryEntry]
        do { entries = try fileSystem.entries(in: folder) } catch {
            // Listing is the common case; what the folder is only matters once it fails.
            switch fileSystem.kind(of: folder) {
            case nil: return .failure(Stop(cause: .noSnapshotFolder))
            case .directory?: return .failure(Stop(cause: .snapshotFolderUnreadable(error)))
            case let kind?: return .failure(Stop(cause: .snapshotFolderNotADirectory(kind)))
            }
        }
        var snapshots: [DirectoryEntry] = []
        for entry in entries {
            if entry.name.hasPrefix(LocalFileSystem.temporaryPrefix) {
                if writes, entry.kind == .regular { try? fileSystem.removeItem(at: folder.appendingPathComponent(entry.name)) }
            } else if SnapshotLocator.isSnapshotName(entry.name) {
                snapshots.append(entry)
            }
        }
        return .success(snapshots)
    }

    // MARK: - Inspect and plan

    /// Every file inspected, classified and planned.
    struct Inspected {
        var files: [String: Inspection]
        var plan: RepairPlan
    }

    /// Inspects every entry (reading only what the ledger does not already know), decides the
    /// appearances of all of them together, then plans.
    mutating func inspectAndPlan(_ entries: [DirectoryEntry]) -> Inspected {
        let inspector = SnapshotInspector(request: request, planner: planner, ledger: ledger, overrides: overrides, fileSystem: fileSystem)
        var files: [String: Inspection] = [:]
        for entry in entries { files[entry.name] = inspector.inspect(entry, in: paths.snapshotFolder) }
        let samples = files.values.compactMap { inspection -> AppearanceClassifier.Sample? in
            guard let header = inspection.file.header else { return nil }
            let known = inspection.file.appearance.appearance == nil ? nil : inspection.file.appearance
            return .init(
                name: inspection.file.name, width: header.width, height: header.height, known: known,
                luminance: inspection.observation?.luminance, color: inspection.observation?.color)
        }
        let appearances = AppearanceClassifier.classify(
            samples, pinned: environment.pinnedAppearance, pairs: request.options.indistinguishablePairs,
            launchScreen: request.manifest.launchScreenColors)
        for (name, evidence) in appearances { files[name]?.file.appearance = evidence }
        if let hook = request.options.appearanceHook {
            for (name, inspection) in files where inspection.file.header != nil && inspection.file.appearance.appearance == nil {
                if let appearance = hook(inspection.file) {
                    files[name]?.file.appearance = AppearanceEvidence(appearance: appearance, source: .app)
                }
            }
        }
        var plan = planner.plan(files.values.map(\.file))
        plan.steps = plan.steps.map { step in files[step.name].map { overrides.step(step, for: $0.file) } ?? step }
        return Inspected(files: files, plan: plan)
    }

    // MARK: - Remote layouts

    /// Today's layout cannot be shown when it is remote and an image a file needs is not stored
    /// (not fetched yet, offline, refused) or is damaged, or when the newest verified manifest withdrew it: the
    /// calendar picks again without it, until a layout can be shown, ultimately the bundled
    /// fallback. With none left, the files that need a missing image are left as they are.
    mutating func passOverUnavailableLayouts(_ first: Inspected, _ entries: [DirectoryEntry], report: inout RepairReport) -> Inspected {
        var inspected = first
        var excluded: Set<String> = []
        while let missing = missingImages(inspected.plan) {
            var named: [RepairReport.MissingImage] = []
            for image in missing {
                let image = RepairReport.MissingImage(variant: image.variant.id, why: image.why)
                if !named.contains(image) { named.append(image) }
            }
            let cause = overlay.withdrawal(of: layout.id) ?? .imagesNotStored(named)
            excluded.insert(layout.id)
            let manifest = overlay.manifest(excluding: excluded)
            guard let next = SeasonCalendar(layouts: manifest.layouts).activeLayout(year: day.year, month: day.month, day: day.day) else {
                report.unavailableLayouts.append(.init(layout: layout.id, cause: .noOtherLayout(cause)))
                let names = Set(missing.map(\.step))
                inspected.plan.steps = inspected.plan.steps.map { step in
                    guard names.contains(step.name) else { return step }
                    var skipped = step
                    skipped.action = .skip
                    skipped.cause = .remoteImageNotStored(variant: step.variant ?? "?")
                    return skipped
                }
                return inspected
            }
            report.unavailableLayouts.append(.init(layout: layout.id, cause: cause, instead: next.id))
            request.manifest = manifest
            layout = next
            planner = RepairPlanner(
                manifest: manifest, layout: next.id, idiom: environment.idiom, deviceModel: environment.deviceModel,
                policy: request.options.orientationPolicy, language: environment.language)
            inspected = inspectAndPlan(entries)
        }
        return inspected
    }

    /// The replacements whose remote image is not stored or no longer matches its SHA-256, and
    /// the files showing or to show a withdrawn layout, with why.
    func missingImages(_ plan: RepairPlan) -> [(step: String, variant: LaunchManifest.Variant, why: RepairReport.ImageAbsence)]? {
        var missing: [(step: String, variant: LaunchManifest.Variant, why: RepairReport.ImageAbsence)] = []
        let anyWithdrawn = overlay.stored.map { !$0.withdrawn.isEmpty } ?? false
        for step in plan.steps where step.action == .replace || (anyWithdrawn && step.action == .keep) {
            guard let variant = variant(step.variant) else { continue }
            // A remote image has a SHA-256; the app's own images for slots have neither it nor an offset.
            let remote = variant.offset == nil && variant.sha256 != nil
            let withdrawn = anyWithdrawn && overlay.withdrawal(of: variant.layout) != nil
            guard withdrawn || (remote && step.action == .replace) else { continue }
            if !withdrawn, overlay.isStored(variant) {
                // Listed as stored: usable only if its file still has its length and SHA-256.
                // One that lost them takes the whole layout out, not just its own slots.
                guard case .failure(let unusable) = bytes(of: variant) else { continue }
                missing.append((step.name, variant, .unusable(unusable.problem)))
            } else {
                missing.append((step.name, variant, overlay.whyMissing(variant)))
            }
        }
        return missing.isEmpty ? nil : missing
    }

    // MARK: - Apply

    /// Keeps, replaces or skips each file as planned; a file whose last replacement failed
    /// waits as ``RetryPolicy`` says.
    mutating func apply(_ inspected: Inspected) -> [RepairReport.FileReport] {
        var reports: [RepairReport.FileReport] = []
        for step in inspected.plan.steps {
            let inspection = inspected.files[step.name]!
            let file = inspection.file
            if request.cancellation?.isCancelled == true {
                reports.append(
                    RepairReport.FileReport(
                        name: step.name, outcome: .skipped, cause: .cancelledBeforeFile, format: file.header?.format,
                        width: file.header?.width, height: file.header?.height, orientation: step.orientation))
                continue
            }
            var entry = RepairReport.FileReport(
                name: step.name, outcome: .skipped, cause: step.cause, format: file.header?.format,
                width: file.header?.width, height: file.header?.height, orientation: step.orientation,
                appearance: step.appearance?.appearance, appearanceSource: step.appearance?.source,
                variant: step.variant, bytesRead: file.bytesRead)
            if step.action == .skip, let cause = entry.cause, let problem = inspection.observation?.pixelProblem, file.problem == nil {
                entry.cause = .pixelsUnmeasured(cause, problem)
            }
            switch step.action {
            case .skip:
                break
            case .keep:
                entry.outcome = .kept
                keep(step, file)
            case .replace:
                if request.dryRun {
                    entry.outcome = .wouldReplace
                } else if !writes {
                    entry.cause = .nothingWrittenThisLaunch
                } else if let failure = ledger.failures[step.name],
                    RetryPolicy.waits(failure, identity: inspection.identity, now: environment.date)
                {
                    entry.cause = .retryWaits(
                        attempts: failure.attempts, last: failure.reason, next: RetryPolicy.nextAttempt(after: failure))
                } else {
                    replace(step, inspection, report: &entry)
                }
            }
            if writes { remember(inspection, outcome: entry.outcome) }
            reports.append(entry)
        }
        return reports
    }

    /// Records a file found holding its variant; an existing record keeps the slot's
    /// orientation it knew before replacement, with the identity of the bytes just hashed.
    mutating func keep(_ step: RepairPlan.Step, _ file: SnapshotFile) {
        if let variant = variant(step.variant), ledger.files[step.name]?.md5 != variant.md5 {
            record(step.name, variant, orientation: step.orientation, identity: file.identity)
        } else if let identity = file.identity {
            ledger.files[step.name]?.identity = identity
        }
        if writes, ledger.backups[step.name] == nil, let note = backups.adoptOrphan(step.name, into: &ledger) { notes.append(note) }
    }

    /// What the next launch may reuse without reading: the record of a file this module wrote,
    /// or what was found in any other file. A record of ours whose bytes the system has since
    /// replaced is dropped.
    mutating func remember(_ inspection: Inspection, outcome: RepairReport.Outcome) {
        let name = inspection.file.name
        if outcome == .replaced || outcome == .kept {
            ledger.observations[name] = nil
        } else {
            ledger.observations[name] = inspection.observation
            if inspection.file.appearance.source != .ledger { ledger.files[name] = nil }
        }
    }

    /// Backup (first time), temporary file + fsync + rename, then verify size and MD5.
    mutating func replace(_ step: RepairPlan.Step, _ inspection: Inspection, report: inout RepairReport.FileReport) {
        report.outcome = .failed
        defer {
            if report.outcome == .failed { recordFailure(step.name, inspection.identity, report.reason ?? "failed") }
        }
        guard let variant = variant(step.variant) else {
            report.cause = .variantNotInManifest(step.variant ?? "?")
            return
        }
        let data: Data
        switch bytes(of: variant) {
        case .success(let bytes): data = bytes
        case .failure(let problem):
            report.cause = .variantUnavailable(variant.id, problem.problem)
            return
        }
        guard data.count == variant.length, MD5Digest.hex(of: data) == variant.md5 else {
            report.cause = .variantBytesMismatch(variant.id)
            return
        }
        let target = paths.snapshotFolder.appendingPathComponent(step.name)
        let known = inspection.file.appearance.source == .ledger || inspection.file.appearance.source == .manifest
        do {
            let secured = try backups.secure(step.name, knownOurs: known, into: &ledger)
            report.bytesRead += secured.bytesRead
            if let note = secured.note { notes.append(note) }
            // The ledger records the backup before the file is replaced: an interruption after
            // the replacement must not leave a backup that restore does not know about.
            if secured.recorded { try writeLedger() }
        } catch {
            report.cause = .backupFailed(error)
            return
        }
        do { try fileSystem.writeAtomically(data, to: target) } catch {
            report.cause = .writeFailed(error)
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
                let putBack = putBackOriginal(step.name, report: &report)
                report.cause = .verificationMismatch(
                    bytes: check.count, md5: md5, expectedBytes: variant.length, expectedMD5: variant.md5, putBack)
                return
            }
        } catch {
            report.cause = .verificationUnreadable(error, putBackOriginal(step.name, report: &report))
            return
        }
        record(step.name, variant, orientation: step.orientation, identity: verifiedIdentity)
        ledger.failures[step.name] = nil
        report.outcome = .replaced
        report.cause = nil
    }

    mutating func recordFailure(_ name: String, _ identity: FileIdentity, _ reason: String) {
        let previous = ledger.failures[name].flatMap { $0.identity == identity ? $0.attempts : nil } ?? 0
        ledger.failures[name] = Ledger.Failure(
            identity: identity, attempts: previous + 1,
            failedAt: Int(environment.date.timeIntervalSince1970), reason: reason)
    }

    /// After a failed verification: the system's bytes back from the backup, if there is one,
    /// so the file is never left holding bytes nobody wrote on purpose; what became of them.
    mutating func putBackOriginal(_ name: String, report: inout RepairReport.FileReport) -> RepairReport.PutBack? {
        ledger.files[name] = nil
        switch backups.putBack(name, ledger: ledger) {
        case nil: return nil
        case .success(let bytes)?:
            report.bytesWritten += bytes
            return .restored
        case .failure(let error)?:
            return .failed(error)
        }
    }

    /// The variant of that id: the app's image of a slot, or the manifest's.
    func variant(_ id: String?) -> LaunchManifest.Variant? {
        id.flatMap { overrides.variant($0) ?? planner.variant($0, in: request.manifest) }
    }

    /// Why a variant's bytes could not be had.
    struct Unavailable: Error {
        var problem: RepairReport.VariantBytesProblem
    }

    /// A variant's bytes: the app's image from the overrides folder, else from the pack.
    func bytes(of variant: LaunchManifest.Variant) -> Result<Data, Unavailable> {
        if let record = overrides.record(variant.id) {
            do { return .success(try fileSystem.contents(of: paths.overrideFolder.appendingPathComponent(record.file))) } catch {
                return .failure(Unavailable(problem: .slotImage(error)))
            }
        }
        do { return .success(try request.variants.bytes(of: variant)) } catch {
            return .failure(Unavailable(problem: .pack(error)))
        }
    }

    mutating func record(_ name: String, _ variant: LaunchManifest.Variant, orientation: Orientation?, identity: FileIdentity?) {
        ledger.files[name] = Ledger.Entry(
            md5: variant.md5, bytes: variant.length, variant: variant.id, layout: variant.layout,
            orientation: orientation ?? variant.orientation, appearance: variant.appearance,
            identity: identity)
    }

    // MARK: - Forget vanished files

    /// Forgets files that are gone, and removes backups of names the system no longer uses.
    mutating func forgetVanished(_ seen: Set<String>) {
        for name in ledger.files.keys where !seen.contains(name) { ledger.files[name] = nil }
        for name in ledger.observations.keys where !seen.contains(name) { ledger.observations[name] = nil }
        for name in ledger.failures.keys where !seen.contains(name) { ledger.failures[name] = nil }
        for name in ledger.backups.keys where !seen.contains(name) {
            // The record stays while the file is still there, so a failed removal is retried.
            if backups.discard(name, ledger: ledger) { ledger.backups[name] = nil }
        }
    }

    // MARK: - Commit

    /// Writes the ledger, with this run's report beside it, when this run changed it.
    mutating func commitLedger(_ report: RepairReport) {
        ledger.manifestVersion = request.manifest.version
        if let appVersion = environment.appVersion { ledger.appVersion = appVersion }
        if let language = planner.language.language { ledger.language = language }
        guard ledger != originalLedger else { return }
        // An interrupted write in these folders left this module's state short of what that
        // run was writing towards, so the launch after it always gets here: the steady launch
        // need not list them.
        SnapshotRepair.removeTemporaryFiles(in: [paths.moduleFolder, paths.backupFolder], fileSystem: fileSystem)
        do { try fileSystem.writeAtomically(report.encoded(), to: paths.lastReportFile) } catch {
            notes.append(.lastReportNotWritten(error))
        }
        do { try writeLedger() } catch {
            notes.append(.ledgerNotWritten(error))
        }
    }

    /// Writes the ledger; gives the module folder and its lock file their storage class first,
    /// so that a container an older version set up becomes readable while the device is locked.
    func writeLedger() throws(FileSystemError) {
        try fileSystem.createFolder(at: paths.moduleFolder, .state)
        try fileSystem.setStorageClass(.state, of: paths.lockFile)
        try fileSystem.writeAtomically(ledger.encoded(), to: paths.ledgerFile)
    }
}

extension RepairReport {
    /// The report of a run that stopped before looking at any file.
    func stopped(_ status: Status, _ cause: Cause) -> RepairReport {
        var report = self
        report.status = status
        report.cause = cause
        return report
    }
}
