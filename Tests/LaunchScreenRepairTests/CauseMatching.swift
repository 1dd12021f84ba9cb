import Foundation
import Testing

@testable import LaunchScreenRepair

/// Records that `cause` is not the one a test expected (an `if case … {} else { unexpected(…) }`).
func unexpected(_ cause: (any CustomStringConvertible)?, sourceLocation: SourceLocation = #_sourceLocation) {
    Issue.record("unexpected cause: \(cause.map { "\($0)" } ?? "nil")", sourceLocation: sourceLocation)
}

extension RepairReport.Cause {
    /// Whether a file was skipped because its appearance is unknown and the variants differ,
    /// with or without why its pixels could not be measured.
    var isAppearanceUnknown: Bool {
        switch self {
        case .appearanceUnknown: true
        case .pixelsUnmeasured(let cause, _): cause.isAppearanceUnknown
        default: false
        }
    }
}

extension RemoteFetchReport.Cause {
    /// The store's error, when the store could not be used.
    var fileSystemError: FileSystemError? {
        switch self {
        case .fileSystem(let error), .failure(.store(let error)): error
        default: nil
        }
    }
}
