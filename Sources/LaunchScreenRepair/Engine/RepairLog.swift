#if canImport(os)
import os
#endif

/// A run in the system log, on Apple platforms: a signpost interval around it and one line per
/// file decision, under the app's bundle identifier as subsystem and the category
/// `LaunchScreenRepair` (Console.app, `log stream --predicate 'category == "LaunchScreenRepair"'`).
/// Elsewhere it does nothing.
///
/// Runs can overlap (the launch's repair, a background re-plan, a refresh task): each interval
/// has its own signpost ID. Lines name files inside the container relative to it (`~/Library/…`):
/// the container's path holds the device's user folder and the app's UUID, which a public log
/// line should not carry.
struct RepairLog {
    static let category = "LaunchScreenRepair"

    /// The container's path, written `~` in every line.
    private let container: String
    #if canImport(os)
    private let log: OSLog
    private let signposts: OSLog
    private let signpost: OSSignpostID
    private let subsystem: String
    #endif

    /// Starts the run's signpost interval.
    init(_ locator: SnapshotLocator) {
        container = locator.container.path
        #if canImport(os)
        subsystem = locator.bundleIdentifier
        log = OSLog(subsystem: subsystem, category: Self.category)
        signposts = OSLog(subsystem: subsystem, category: .pointsOfInterest)
        signpost = OSSignpostID(log: signposts)
        os_signpost(.begin, log: signposts, name: "repair", signpostID: signpost)
        #endif
    }

    /// Ends the interval and writes the report's lines: its summary, then one per file.
    func end(_ report: RepairReport) {
        #if canImport(os)
        os_signpost(.end, log: signposts, name: "repair", signpostID: signpost)
        for (level, line) in Self.lines(of: report, container: container) {
            let type: OSLogType =
                switch level {
                case .error: .error
                case .notice: .default
                case .detail: .info
                }
            write(line, type)
        }
        #endif
    }

    /// Ends the interval of a run that could not start (its manifest is unusable) with one error line.
    func end(_ error: RepairError) {
        #if canImport(os)
        os_signpost(.end, log: signposts, name: "repair", signpostID: signpost)
        write("repair failed: " + Self.relative(error.description, to: container), .error)
        #endif
    }

    /// One fault line outside a run: something the app got wrong or the system refused.
    static func fault(_ line: String, _ locator: SnapshotLocator) {
        #if canImport(os)
        write(line, .fault, locator)
        #endif
    }

    /// One debug line outside a run: routine, for a developer looking.
    static func debug(_ line: String, _ locator: SnapshotLocator) {
        #if canImport(os)
        write(line, .debug, locator)
        #endif
    }

    #if canImport(os)
    private static func write(_ line: String, _ type: OSLogType, _ locator: SnapshotLocator) {
        let text = relative(line, to: locator.container.path)
        if #available(iOS 14, macOS 11, *) {
            Logger(subsystem: locator.bundleIdentifier, category: category).log(level: type, "\(text, privacy: .public)")
        } else {
            os_log("%{public}@", log: OSLog(subsystem: locator.bundleIdentifier, category: category), type: type, text)
        }
    }
    #endif

    #if canImport(os)
    private func write(_ line: String, _ type: OSLogType) {
        if #available(iOS 14, macOS 11, *) {
            Logger(subsystem: subsystem, category: Self.category).log(level: type, "\(line, privacy: .public)")
        } else {
            os_log("%{public}@", log: log, type: type, line)
        }
    }
    #endif

    /// How much a line matters.
    enum Level: Equatable {
        /// A file could not be replaced.
        case error
        /// Something changed or was left alone for a reason.
        case notice
        /// A file kept as it was, or skipped for a reason that holds on every launch until the
        /// catalog changes (an iPad window size no variant covers).
        case detail
    }

    /// The lines a run logs: the summary, then each file's, paths inside `container` relative
    /// to it. The summary is a notice only when a file's line is: a steady launch, which keeps
    /// every file, logs nothing above `.info`.
    static func lines(of report: RepairReport, container: String) -> [(Level, String)] {
        let files: [(Level, String)] = report.files.map { file in
            let level: Level =
                switch file.outcome {
                case .failed: .error
                case .skipped where file.cause?.isUncoveredWindow == true: .detail
                case .replaced, .wouldReplace, .skipped: .notice
                case .kept: .detail
                }
            return (level, relative(file.line, to: container))
        }
        let changed = report.status == .noSnapshots || files.contains { $0.0 != .detail }
        let head: Level = (report.status == .completed || report.status == .noSnapshots) && changed ? .notice : .detail
        return [(head, relative(report.summary, to: container))] + files
    }

    /// `text` with the container's path written `~`.
    static func relative(_ text: String, to container: String) -> String {
        container.isEmpty ? text : text.replacingOccurrences(of: container, with: "~")
    }
}

extension RepairReport.Cause {
    /// Whether the file is an iPad window of a size no variant covers (with or without its
    /// pixels' problem): skipped on every launch until the catalog covers it, so it is logged as
    /// detail, not as a notice.
    fileprivate var isUncoveredWindow: Bool {
        switch self {
        case .uncoveredSize(_, _, _, _, let size): size != .screenNotInCatalog
        case .pixelsUnmeasured(let cause, _): cause.isUncoveredWindow
        default: false
        }
    }
}
