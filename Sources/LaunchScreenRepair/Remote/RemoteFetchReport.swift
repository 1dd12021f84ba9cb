import Foundation

/// What a fetch of remote layouts did, file by file.
public struct RemoteFetchReport: Codable, Sendable, Hashable {
    /// How the fetch ended.
    public enum Status: String, Codable, Sendable, Hashable {
        /// The manifest verified and every image the device's snapshot files need is stored.
        case completed
        /// The manifest verified, but some images are not stored (see ``files``); what was
        /// stored before is kept, and a layout missing an image is not shown.
        case incomplete
        /// The manifest was refused (signature, schema, a replay, too large, not HTTPS):
        /// nothing stored changed.
        case refused
        /// The manifest could not be downloaded (offline, an HTTP error, a timeout): nothing
        /// stored changed.
        case unreachable
        /// Another fetch for this container was in progress: nothing done.
        case busy
        /// The store's folders or its lock cannot be used (a symbolic link in place of a folder,
        /// a lock that can never be taken, a read-only file system): nothing done, and no later
        /// fetch will do better until the container is fixed.
        case storeUnusable
        /// The verified manifest switches the module off: the system's snapshots were
        /// restored, and no image was fetched.
        case switchedOff
        /// A fetch completed less than `RemoteFetchRequest.minimumInterval` ago: nothing
        /// requested, nothing changed.
        case throttled
        /// The device is locked and the module's files are protected until it is unlocked
        /// (`FileSystemError.isProtectedDataUnavailable`): nothing stored changed, nothing
        /// removed; fetch again once it is unlocked.
        case deferred
        /// The app stopped the fetch (the task was cancelled): what was stored is kept, and
        /// an image cut short resumes at the next fetch.
        case cancelled
    }

    /// What the fetch did to the module's on/off switch.
    public enum ModuleSwitch: String, Codable, Sendable, Hashable {
        /// Switched off by this manifest (`enabled: false`).
        case switchedOff
        /// Switched back on: a remote manifest had switched it off, this one has `enabled: true`.
        case switchedOn
        /// Switched off by the app itself, which only the app switches back on: left as it is.
        case offByApp
    }

    /// The outcome for one image.
    public enum Outcome: String, Codable, Sendable, Hashable {
        /// Downloaded whole, verified and stored.
        case downloaded
        /// Downloaded from where an earlier transfer stopped, verified and stored.
        case resumed
        /// Already stored and still matching its SHA-256: not downloaded.
        case alreadyStored
        /// Not stored; see ``FileReport/reason``. What was stored before is kept.
        case failed
    }

    /// One image.
    public struct FileReport: Codable, Sendable, Hashable {
        /// Its path in the published folder, `images/<sha256>.png`.
        public var path: String
        /// The variants that use it.
        public var variants: [String]
        /// The outcome.
        public var outcome: Outcome
        /// Why it failed.
        package var cause: Cause?
        /// Bytes received for it in this fetch.
        public var bytesReceived: Int
        /// Where the download resumed, for a resumed one.
        public var resumedFrom: Int?

        /// Why it failed, in words: the report's `reason`.
        public var reason: String? { cause?.description }

        private enum CodingKeys: String, CodingKey {
            case path, variants, outcome
            case cause = "reason"
            case bytesReceived, resumedFrom
        }

        /// Creates a file report.
        package init(
            path: String, variants: [String], outcome: Outcome, cause: Cause? = nil, bytesReceived: Int = 0, resumedFrom: Int? = nil
        ) {
            self.path = path
            self.variants = variants
            self.outcome = outcome
            self.cause = cause
            self.bytesReceived = bytesReceived
            self.resumedFrom = resumedFrom
        }
    }

    /// How the fetch ended.
    public var status: Status
    /// Why, for ``Status/refused``, ``Status/unreachable``, ``Status/busy``, ``Status/storeUnusable`` and ``Status/switchedOff``.
    package var cause: Cause?
    /// The published folder's URL.
    public var source: String
    /// When the manifest now stored was published (seconds since 1970), once one verified.
    public var published: Int?
    /// When the manifest stored before this fetch was published.
    public var previousPublished: Int?
    /// Whether the server answered the conditional request for the manifest `304 Not Modified`:
    /// the stored manifest was used, and neither it nor its signature downloaded again.
    public var notModified: Bool
    /// What happened to the module's on/off switch, if anything.
    public var moduleSwitch: ModuleSwitch?
    /// The restore that switching off did.
    public var restore: RestoreReport?
    /// The remote layouts active today or within the prefetch window.
    public var layouts: [String]
    /// The pixel sizes of the device's snapshot files (`<width>x<height>`), which chose the images.
    public var snapshotSizes: [String]
    /// One entry per image needed, in order of need.
    public var files: [FileReport]
    /// Stored images and partial downloads no longer needed, removed (only after a fetch that
    /// stored every image it needs).
    public var removed: [String]
    /// Whether a repair now would show something this fetch brought: an image of a layout
    /// scheduled today was stored. The next launch's repair does it anyway.
    public var changesToday: Bool
    /// What concerns no single file, as causes.
    package var remarks: [Cause]

    /// Why it ended so, in words: the report's `reason`.
    public var reason: String? { cause?.description }
    /// Notes that concern no single file: the report's `notes`.
    public var notes: [String] { remarks.map(\.description) }

    private enum CodingKeys: String, CodingKey {
        case status
        case cause = "reason"
        case source, published, previousPublished, notModified, moduleSwitch, restore, layouts
        case snapshotSizes, files, removed, changesToday
        case remarks = "notes"
    }

    /// Creates a report value.
    package init(
        status: Status, cause: Cause? = nil, source: String, published: Int? = nil, previousPublished: Int? = nil,
        notModified: Bool = false, moduleSwitch: ModuleSwitch? = nil, restore: RestoreReport? = nil, layouts: [String] = [],
        snapshotSizes: [String] = [],
        files: [FileReport] = [], removed: [String] = [], changesToday: Bool = false, remarks: [Cause] = []
    ) {
        self.status = status
        self.cause = cause
        self.source = source
        self.published = published
        self.previousPublished = previousPublished
        self.notModified = notModified
        self.moduleSwitch = moduleSwitch
        self.restore = restore
        self.layouts = layouts
        self.snapshotSizes = snapshotSizes
        self.files = files
        self.removed = removed
        self.changesToday = changesToday
        self.remarks = remarks
    }

    /// Bytes received in this fetch, images only.
    public var bytesReceived: Int { files.reduce(0) { $0 + $1.bytesReceived } }

    /// The images with a given outcome.
    public func files(_ outcome: Outcome) -> [FileReport] { files.filter { $0.outcome == outcome } }

    /// A readable multi-line summary: one line per image.
    public var text: String {
        var lines = ["status: \(status.rawValue)" + (reason.map { " (\($0))" } ?? "")]
        lines.append("source: \(source)")
        if let published {
            var line = "manifest: published \(RemoteFetchError.date(published))"
            if let previousPublished, previousPublished != published { line += " (before: \(RemoteFetchError.date(previousPublished)))" }
            if notModified { line += " (not modified: the stored one)" }
            lines.append(line)
        }
        if let moduleSwitch { lines.append("module: \(moduleSwitch.rawValue)") }
        if let restore { lines += restore.text.split(separator: "\n").map { "restore: \($0)" } }
        if status == .completed || status == .incomplete {
            lines.append("layouts in the prefetch window: \(layouts.isEmpty ? "none" : layouts.joined(separator: ", "))")
            lines.append("snapshot sizes: \(snapshotSizes.isEmpty ? "none yet" : snapshotSizes.joined(separator: ", "))")
        }
        for file in files {
            var line = "\(file.outcome.rawValue)\t\(file.path)\t\(file.variants.joined(separator: ", "))"
            if let resumedFrom = file.resumedFrom { line += "\tresumed at \(resumedFrom) B" }
            if let reason = file.reason { line += "\t\(reason)" }
            line += "\treceived \(file.bytesReceived) B"
            lines.append(line)
        }
        for path in removed { lines.append("removed\t\(path)") }
        for note in notes { lines.append("note: \(note)") }
        if status == .completed || status == .incomplete {
            let counts = [Outcome.downloaded, .resumed, .alreadyStored, .failed].compactMap { outcome -> String? in
                let count = files(outcome).count
                return count == 0 ? nil : "\(count) \(outcome.rawValue)"
            }
            lines.append("total: \(counts.isEmpty ? "no images needed" : counts.joined(separator: ", ")); received \(bytesReceived) B")
        }
        return lines.joined(separator: "\n")
    }

    /// The report of a fetch that stopped before any image.
    func stopped(_ status: Status, _ cause: Cause) -> RemoteFetchReport {
        var report = self
        report.status = status
        report.cause = cause
        return report
    }
}
