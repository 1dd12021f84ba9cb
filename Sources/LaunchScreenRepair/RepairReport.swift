import Foundation

/// What a repair did, file by file.
public struct RepairReport: Codable, Sendable, Hashable {
    /// How the run ended overall.
    public enum Status: String, Codable, Sendable, Hashable {
        /// Every file was handled (kept, replaced, skipped or failed: see ``files``).
        case completed
        /// iOS before 13: the snapshot folder is not the app's to change. Nothing touched.
        case unsupported
        /// A background launch: run again once the app is active.
        case deferred
        /// No snapshot folder yet (the system has not drawn the launch screen). Nothing touched.
        case noSnapshots
        /// Another repair or restore of this container was in progress. Nothing written.
        case busy
        /// The module is switched off (`SnapshotRepair.setEnabled(_:reason:_:fileSystem:)`, or a
        /// signed remote manifest): nothing written but what puts the system's snapshots back.
        case disabled
    }

    /// The outcome for one file.
    public enum Outcome: String, Codable, Sendable, Hashable {
        /// Already right: nothing written.
        case kept
        /// The variant was written over the file, same name.
        case replaced
        /// Dry run: the file would be replaced.
        case wouldReplace
        /// Left alone, see ``FileReport/reason``.
        case skipped
        /// Replacing failed, see ``FileReport/reason``; the file holds its old bytes or the new, never a mix.
        case failed
    }

    /// One snapshot file.
    public struct FileReport: Codable, Sendable, Hashable {
        /// The file name.
        public var name: String
        /// The outcome.
        public var outcome: Outcome
        /// Why it was skipped or failed.
        package var cause: Cause?
        /// The container format found.
        package var format: ImageFormat?
        /// The pixel width found.
        public var width: Int?
        /// The pixel height found.
        public var height: Int?
        /// Orientation from the pixel size.
        public var orientation: Orientation?
        /// The appearance decided.
        public var appearance: Appearance?
        /// How the appearance was decided.
        package var appearanceSource: AppearanceSource?
        /// The variant kept or written.
        public var variant: String?
        /// Bytes read from the snapshot folder for this file.
        public var bytesRead: Int
        /// Bytes written into the snapshot folder for this file.
        public var bytesWritten: Int

        /// Why it was skipped or failed, in words: the report's `reason`.
        public var reason: String? { cause?.description }

        private enum CodingKeys: String, CodingKey {
            case name, outcome
            case cause = "reason"
            case format, width, height, orientation, appearance, appearanceSource, variant
            case bytesRead, bytesWritten
        }

        /// Creates a file report.
        package init(
            name: String, outcome: Outcome, cause: Cause? = nil, format: ImageFormat? = nil, width: Int? = nil,
            height: Int? = nil, orientation: Orientation? = nil, appearance: Appearance? = nil,
            appearanceSource: AppearanceSource? = nil, variant: String? = nil, bytesRead: Int = 0, bytesWritten: Int = 0
        ) {
            self.name = name
            self.outcome = outcome
            self.cause = cause
            self.format = format
            self.width = width
            self.height = height
            self.orientation = orientation
            self.appearance = appearance
            self.appearanceSource = appearanceSource
            self.variant = variant
            self.bytesRead = bytesRead
            self.bytesWritten = bytesWritten
        }
    }

    /// A layout the calendar picked for the day that could not be shown: a remote layout an
    /// image of which is not stored.
    public struct UnavailableLayout: Codable, Sendable, Hashable {
        /// The layout's identifier.
        public var layout: String
        /// Why it was not shown.
        package var cause: Cause
        /// The layout shown instead, when the calendar had another.
        public var instead: String?

        /// Why it was not shown, in words: the report's `reason`.
        public var reason: String { cause.description }

        private enum CodingKeys: String, CodingKey {
            case layout
            case cause = "reason"
            case instead
        }

        /// Creates a value.
        package init(layout: String, cause: Cause, instead: String? = nil) {
            self.layout = layout
            self.cause = cause
            self.instead = instead
        }
    }

    /// How the run ended.
    public var status: Status
    /// Why it stopped early, for ``Status/unsupported``, ``Status/deferred``, ``Status/noSnapshots``,
    /// ``Status/busy`` and ``Status/disabled``.
    package var cause: Cause?
    /// The snapshot folder looked at.
    public var snapshotFolder: String?
    /// The layout active for the day.
    public var layout: String?
    /// The language whose images were chosen first (`RepairEnvironment.language`, then its
    /// fallbacks); `nil` when neither the app's language nor a development language is known.
    public var language: String?
    /// The manifest version applied.
    public var manifestVersion: String?
    /// Whether this was a dry run (nothing written).
    public var dryRun: Bool
    /// Whether this launch is the first of a new app version.
    public var upgradeLaunch: Bool
    /// The app's policy for light and dark pairs that look the same, when it chose one.
    public var indistinguishablePairs: IndistinguishablePairPolicy?
    /// What the launch call did with the upgrade placeholder, when it was asked to
    /// (the launch's preparation, or the `launch-assets repair` command).
    package var placeholder: PlaceholderReport?
    /// What concerns no single file (an unreadable ledger, a failed ledger write), as causes.
    package var remarks: [Cause]
    /// One entry per file of the snapshot folder, in name order.
    public var files: [FileReport]
    /// Layouts the calendar picked for the day that could not be shown, in the order passed over.
    public var unavailableLayouts: [UnavailableLayout]

    /// Why it stopped early, in words: the report's `reason`.
    public var reason: String? { cause?.description }
    /// Notes that concern no single file (an unreadable ledger, a failed ledger write): the
    /// report's `notes`.
    public var notes: [String] { remarks.map(\.description) }

    private enum CodingKeys: String, CodingKey {
        case status
        case cause = "reason"
        case snapshotFolder, layout, language, manifestVersion, dryRun, upgradeLaunch
        case indistinguishablePairs, placeholder
        case remarks = "notes"
        case files, unavailableLayouts
    }

    /// Creates a report value.
    package init(
        status: Status, cause: Cause? = nil, snapshotFolder: String? = nil, layout: String? = nil,
        manifestVersion: String? = nil, dryRun: Bool = false, upgradeLaunch: Bool = false,
        indistinguishablePairs: IndistinguishablePairPolicy? = nil, placeholder: PlaceholderReport? = nil,
        remarks: [Cause] = [], files: [FileReport] = [], unavailableLayouts: [UnavailableLayout] = []
    ) {
        self.status = status
        self.cause = cause
        self.snapshotFolder = snapshotFolder
        self.layout = layout
        self.manifestVersion = manifestVersion
        self.dryRun = dryRun
        self.upgradeLaunch = upgradeLaunch
        self.indistinguishablePairs = indistinguishablePairs
        self.placeholder = placeholder
        self.remarks = remarks
        self.files = files
        self.unavailableLayouts = unavailableLayouts
    }

    /// The report's JSON: sorted keys, so equal reports are equal bytes.
    package func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Total bytes read from snapshot files.
    public var bytesRead: Int { files.reduce(0) { $0 + $1.bytesRead } }
    /// Total bytes written into snapshot files.
    public var bytesWritten: Int { files.reduce(0) { $0 + $1.bytesWritten } }
    /// The files with a given outcome.
    public func files(_ outcome: Outcome) -> [FileReport] { files.filter { $0.outcome == outcome } }

    /// A readable multi-line summary: one line per file.
    public var text: String {
        var lines = [statusLine]
        if let snapshotFolder { lines.append("folder: \(snapshotFolder)") }
        for unavailable in unavailableLayouts {
            lines.append(
                "layout \(unavailable.layout) not shown: \(unavailable.reason)" + (unavailable.instead.map { "; instead: \($0)" } ?? ""))
        }
        if let layout {
            lines.append(
                "layout: \(layout)" + (language.map { ", language \($0)" } ?? "") + (manifestVersion.map { ", manifest \($0)" } ?? ""))
        }
        if dryRun { lines.append("dry run: nothing written") }
        if upgradeLaunch { lines.append("upgrade launch") }
        if let placeholder { lines.append("placeholder: \(placeholder.text)") }
        if let indistinguishablePairs {
            lines.append("indistinguishable light and dark pairs: \(indistinguishablePairs.rawValue) variant in both")
        }
        lines += files.map(\.line)
        for note in notes { lines.append("note: \(note)") }
        if status == .completed { lines.append(summary) }
        return lines.joined(separator: "\n")
    }

    /// `status: <status> (<reason>)`.
    private var statusLine: String { "status: \(status.rawValue)" + (reason.map { " (\($0))" } ?? "") }

    /// One line: the status, or for a finished run the count of each outcome and the bytes.
    public var summary: String {
        guard status == .completed else { return statusLine }
        let counts = [Outcome.kept, .replaced, .wouldReplace, .skipped, .failed].compactMap { outcome -> String? in
            let count = files(outcome).count
            return count == 0 ? nil : "\(count) \(outcome.rawValue)"
        }
        return "total: \(counts.isEmpty ? "no files" : counts.joined(separator: ", ")); read \(bytesRead) B, wrote \(bytesWritten) B"
    }
}

extension RepairReport.FileReport {
    /// One line: outcome, name, what the file is, the variant, why, and the bytes.
    public var line: String {
        var line = "\(outcome.rawValue)\t\(name)"
        if let width, let height { line += "\t\(format?.rawValue ?? "?") \(width)x\(height)" }
        if let appearance { line += " \(appearance.rawValue) (\(appearanceSource?.rawValue ?? "?"))" }
        if let variant { line += "\t→ \(variant)" }
        if let reason { line += "\t\(reason)" }
        return line + "\tread \(bytesRead) B, wrote \(bytesWritten) B"
    }
}

/// What `restore` did, file by file.
public struct RestoreReport: Codable, Sendable, Hashable {
    /// The outcome for one file.
    public enum Outcome: String, Codable, Sendable, Hashable {
        /// The system's original bytes are back.
        case restored
        /// The file held this module's bytes and no backup: removed, so the system draws it again.
        case removed
        /// Nothing to restore (see reason).
        case skipped
        /// Writing failed (see reason).
        case failed
    }

    /// One snapshot file.
    public struct FileReport: Codable, Sendable, Hashable {
        /// The file name.
        public var name: String
        /// The outcome.
        public var outcome: Outcome
        /// Why it was skipped, removed or failed.
        package var cause: RepairReport.Cause?
        /// Bytes written back.
        public var bytesWritten: Int

        /// Why it was skipped, removed or failed, in words: the report's `reason`.
        public var reason: String? { cause?.description }

        private enum CodingKeys: String, CodingKey {
            case name, outcome
            case cause = "reason"
            case bytesWritten
        }

        /// Creates a file report.
        package init(name: String, outcome: Outcome, cause: RepairReport.Cause? = nil, bytesWritten: Int = 0) {
            self.name = name
            self.outcome = outcome
            self.cause = cause
            self.bytesWritten = bytesWritten
        }
    }

    /// One line of ``text`` after the folder's, as a value: what a repair that completes a
    /// switched-off module's restore notes of it.
    package enum Line: Sendable, Hashable, CustomStringConvertible {
        /// Another run held the lock.
        case busy
        /// There was nothing to restore.
        case nothingToRestore
        /// One file.
        case file(FileReport)
        /// One note.
        case note(RepairReport.Cause)

        /// The line.
        package var description: String {
            switch self {
            case .busy: "status: busy"
            case .nothingToRestore: "nothing to restore"
            case .file(let file):
                "\(file.outcome.rawValue)\t\(file.name)" + (file.reason.map { "\t\($0)" } ?? "") + "\twrote \(file.bytesWritten) B"
            case .note(let note): "note: \(note)"
            }
        }
    }

    /// How the restore ended: ``RepairReport/Status/completed`` or ``RepairReport/Status/busy``.
    public var status: RepairReport.Status
    /// The snapshot folder.
    public var snapshotFolder: String
    /// One entry per backup found.
    public var files: [FileReport]
    /// What concerns no single file, as causes.
    package var remarks: [RepairReport.Cause]

    /// Notes that concern no single file: the report's `notes`.
    public var notes: [String] { remarks.map(\.description) }

    private enum CodingKeys: String, CodingKey {
        case status, snapshotFolder, files
        case remarks = "notes"
    }

    /// Creates a report value.
    package init(
        status: RepairReport.Status = .completed, snapshotFolder: String, files: [FileReport] = [], remarks: [RepairReport.Cause] = []
    ) {
        self.status = status
        self.snapshotFolder = snapshotFolder
        self.files = files
        self.remarks = remarks
    }

    /// Every line of ``text`` after the folder's.
    package var lines: [Line] {
        var lines: [Line] = []
        if status == .busy {
            lines.append(.busy)
        } else if files.isEmpty {
            lines.append(.nothingToRestore)
        }
        return lines + files.map(Line.file) + remarks.map(Line.note)
    }

    /// One line per file.
    public var text: String {
        (["folder: \(snapshotFolder)"] + lines.map(\.description)).joined(separator: "\n")
    }
}
