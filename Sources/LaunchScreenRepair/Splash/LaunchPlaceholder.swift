import Foundation

/// What the launch call did with the upgrade placeholder: a copy of the snapshot the user saw
/// while this launch began, kept on the first launch of a new app version so the app's own
/// splash shows the same picture (no old→new flash).
package struct PlaceholderReport: Codable, Sendable, Hashable {
    /// Whether this launch is the first of a new app version.
    package var upgradeLaunch: Bool
    /// The snapshot file copied to ``SnapshotLocator/placeholderFile``, if any.
    package var copiedFrom: String?
    /// The copy's format: PNG or JPEG, which `UIImage` decodes.
    package var format: ImageFormat?
    /// The copy's pixel width.
    package var width: Int?
    /// The copy's pixel height.
    package var height: Int?
    /// Whether the previous launch's placeholder was removed.
    package var removedPrevious: Bool
    /// Why no placeholder was made on an upgrade launch.
    package var cause: RepairReport.Cause?

    private enum CodingKeys: String, CodingKey {
        case upgradeLaunch, copiedFrom, format, width, height, removedPrevious
        case cause = "reason"
    }

    /// Creates a report value.
    package init(
        upgradeLaunch: Bool = false, copiedFrom: String? = nil, format: ImageFormat? = nil,
        removedPrevious: Bool = false, cause: RepairReport.Cause? = nil
    ) {
        self.upgradeLaunch = upgradeLaunch
        self.copiedFrom = copiedFrom
        self.format = format
        self.removedPrevious = removedPrevious
        self.cause = cause
    }

    /// One line.
    package var text: String {
        var parts: [String] = []
        if removedPrevious { parts.append("previous one removed") }
        if let copiedFrom { parts.append("copied from \(copiedFrom) (\(format?.rawValue ?? "?"))") }
        if let cause { parts.append("none: \(cause)") }
        return parts.isEmpty ? "none (not an upgrade launch)" : parts.joined(separator: "; ")
    }
}

/// Which snapshot the user saw during this launch, among the files `UIImage` can decode.
enum PlaceholderChoice {
    /// A decodable snapshot file.
    struct Candidate: Sendable, Hashable {
        /// The file name.
        var name: String
        /// PNG or JPEG.
        var format: ImageFormat
        /// The slot's orientation.
        var orientation: Orientation
        /// The slot's appearance, when known without decoding (the ledger, a pinned style).
        var appearance: Appearance?
        /// The image's pixel size.
        var width: Int
        var height: Int
    }

    /// The candidate of the whole screen (one of `screen`'s pixel sizes, either way round: not
    /// an iPad's Split View or Slide Over snapshot) in the current orientation and appearance;
    /// when no candidate's appearance is known, the only one of that orientation. With no
    /// screen size known (the CLI), any size. `nil` when that cannot be told.
    static func choose(
        _ candidates: [Candidate], screen: [SnapshotSize], orientation: Orientation, appearance: Appearance?
    ) -> Candidate? {
        let fitting = candidates.filter { candidate in
            candidate.orientation == orientation
                && (screen.isEmpty || screen.contains { $0.isFilled(byWidth: candidate.width, height: candidate.height) })
        }.sorted { $0.name < $1.name }
        if let appearance, let match = fitting.first(where: { $0.appearance == appearance }) { return match }
        return fitting.count == 1 && fitting[0].appearance == nil ? fitting[0] : nil
    }
}

extension SnapshotRepair {
    /// The launch call's synchronous step, before any repair work is scheduled: removes the
    /// previous launch's placeholder and, on the first launch of a new app version, copies the
    /// snapshot the user saw to ``SnapshotLocator/placeholderFile``, so the app's splash can show
    /// it in the same run-loop turn.
    ///
    /// Only a PNG or JPEG snapshot gives a placeholder: right after an update the system usually
    /// draws new snapshots in its ASTC format, which `UIImage` cannot decode; the splash should
    /// then start from the launch storyboard, which is what the user saw. Reads the ledger, lists
    /// the snapshot folder and reads a few header bytes; copies one file at most. `screen` is
    /// the screen's pixel size (at its scale and its native scale), which the copy must have.
    package static func preparePlaceholder(
        _ locator: SnapshotLocator, environment: RepairEnvironment, screen: [SnapshotSize] = [],
        fileSystem: some FileSystem = LocalFileSystem()
    ) -> PlaceholderReport {
        placeholderStep(SnapshotPaths(locator), environment: environment, screen: screen, fileSystem: fileSystem).report
    }

    /// What the placeholder step did, with the ledger and the snapshot listing it read (`nil`
    /// when it did not get that far), for the launch's other synchronous decisions.
    struct PlaceholderStep {
        var report = PlaceholderReport()
        var ledger: Ledger?
        var entries: [DirectoryEntry]?
    }

    static func placeholderStep(
        _ paths: SnapshotPaths, environment: RepairEnvironment, screen: [SnapshotSize], fileSystem: some FileSystem
    ) -> PlaceholderStep {
        var step = PlaceholderStep()
        guard environment.systemVersion >= minimumSystemVersion, !environment.isPassiveLaunch else { return step }
        if let disabled = disabledReason(paths, fileSystem: fileSystem) {
            step.report.cause = .switchedOff(disabled)
            return step
        }
        let lock: RepairLock
        switch RepairLock.take(paths, fileSystem: fileSystem) {
        case .acquired(let taken): lock = taken
        case .busy:
            step.report.cause = .placeholderBusy
            return step
        case .failed(let error):
            step.report.cause = .placeholderLockFailed(error)
            return step
        }
        defer { lock.release() }
        let loaded = Ledger.load(from: paths.ledgerFile, fileSystem: fileSystem)
        guard !loaded.readFailed else {
            step.report.cause = loaded.problem
            return step
        }
        step.ledger = loaded.ledger
        step.entries = try? fileSystem.entries(in: paths.snapshotFolder)
        if fileSystem.kind(of: paths.placeholderFile) != nil {
            step.report.removedPrevious = (try? fileSystem.removeItem(at: paths.placeholderFile)) != nil
        }
        step.report = copyPlaceholder(
            step.report, ledger: loaded.ledger, entries: step.entries, screen: screen, paths, environment, fileSystem)
        return step
    }

    /// On the first launch of a new app version, copies the snapshot the user saw.
    private static func copyPlaceholder(
        _ start: PlaceholderReport, ledger: Ledger, entries: [DirectoryEntry]?, screen: [SnapshotSize], _ paths: SnapshotPaths,
        _ environment: RepairEnvironment, _ fileSystem: some FileSystem
    ) -> PlaceholderReport {
        var report = start
        guard let last = ledger.appVersion, let now = environment.appVersion, last != now else { return report }
        report.upgradeLaunch = true
        guard let entries else {
            report.cause = .noSnapshotToCopy
            return report
        }
        var undecodable = 0
        var candidates: [PlaceholderChoice.Candidate] = []
        for entry in entries where entry.kind == .regular && SnapshotLocator.isSnapshotName(entry.name) {
            let file = paths.snapshotFolder.appendingPathComponent(entry.name)
            guard let opened = try? fileSystem.openForReading(file) else { continue }
            defer { opened.close() }
            guard let header = try? ImageHeaderProbe.probe(opened) else { continue }
            guard header.format == .png || header.format == .jpeg else {
                undecodable += 1
                continue
            }
            // A file this module wrote: the ledger knows its slot; else the pixels' shape and a pinned style.
            let recorded = ledger.files[entry.name].flatMap { $0.identity == entry.identity ? $0 : nil }
            candidates.append(
                .init(
                    name: entry.name, format: header.format, orientation: recorded?.orientation ?? header.orientation,
                    appearance: recorded?.appearance ?? environment.pinnedAppearance, width: header.width, height: header.height))
        }
        let appearance = environment.pinnedAppearance ?? environment.currentAppearance
        guard
            let chosen = PlaceholderChoice.choose(
                candidates, screen: screen, orientation: environment.currentOrientation ?? .portrait, appearance: appearance)
        else {
            report.cause = undecodable > 0 && candidates.isEmpty ? .snapshotsUndecodable : .noSnapshotForSlot
            return report
        }
        do {
            // A clone on the device: this runs in the launch call, on the main thread, and must
            // not read a 1290×2796 snapshot to copy it.
            try fileSystem.copyItem(at: paths.snapshotFolder.appendingPathComponent(chosen.name), to: paths.placeholderFile)
            try fileSystem.setStorageClass(.regenerable, of: paths.placeholderFile)
            report.copiedFrom = chosen.name
            report.format = chosen.format
            let copy = try fileSystem.openForReading(paths.placeholderFile)
            defer { copy.close() }
            let header = try? ImageHeaderProbe.probe(copy)
            report.width = header?.width
            report.height = header?.height
        } catch {
            report.cause = .fileSystem(error)
        }
        return report
    }
}
