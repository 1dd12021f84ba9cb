#if canImport(os)
import os
#endif

/// A run in the system log, on Apple platforms: a signpost around it and one line per file
/// decision, under the app's bundle identifier as subsystem and the category
/// `LaunchScreenRepair` (Console.app, `log stream --predicate 'category == "LaunchScreenRepair"'`).
/// Elsewhere it does nothing.
struct RepairLog {
    static let category = "LaunchScreenRepair"

    #if canImport(os)
    private let log: OSLog
    private let signposts: OSLog
    private let subsystem: String
    #endif

    /// Starts the run's signpost.
    init(subsystem: String) {
        #if canImport(os)
        self.subsystem = subsystem
        log = OSLog(subsystem: subsystem, category: Self.category)
        signposts = OSLog(subsystem: subsystem, category: .pointsOfInterest)
        os_signpost(.begin, log: signposts, name: "repair")
        #endif
    }

    /// Ends the signpost and writes the report's lines: its summary, then one per file.
    func end(_ report: RepairReport) {
        #if canImport(os)
        os_signpost(.end, log: signposts, name: "repair")
        for (level, line) in Self.lines(of: report) {
            let type: OSLogType =
                switch level {
                case .error: .error
                case .notice: .default
                case .detail: .info
                }
            if #available(iOS 14, macOS 11, *) {
                Logger(subsystem: subsystem, category: Self.category).log(level: type, "\(line, privacy: .public)")
            } else {
                os_log("%{public}@", log: log, type: type, line)
            }
        }
        #endif
    }

    /// Ends the signpost of a run that could not start (its manifest is unusable) with one error line.
    func end(_ error: RepairError) {
        #if canImport(os)
        os_signpost(.end, log: signposts, name: "repair")
        if #available(iOS 14, macOS 11, *) {
            Logger(subsystem: subsystem, category: Self.category).error("repair failed: \(error.description, privacy: .public)")
        } else {
            os_log("repair failed: %{public}@", log: log, type: .error, error.description)
        }
        #endif
    }

    /// How much a line matters.
    enum Level: Equatable {
        /// A file could not be replaced.
        case error
        /// Something changed or was left alone for a reason.
        case notice
        /// A file kept as it was.
        case detail
    }

    /// The lines a run logs: the summary, then each file's.
    static func lines(of report: RepairReport) -> [(Level, String)] {
        let head: Level = report.status == .completed || report.status == .noSnapshots ? .notice : .detail
        return [(head, report.summary)]
            + report.files.map { file in
                let level: Level =
                    switch file.outcome {
                    case .failed: .error
                    case .replaced, .wouldReplace, .skipped: .notice
                    case .kept: .detail
                    }
                return (level, file.line)
            }
    }
}
