import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// One repair or restore at a time: an app delegate and a scene delegate both calling, one call
/// per iPad scene, repair beside restore. The processes case runs the real CLI
/// (`LaunchAssetsCLITests`).
@Suite("Two runs at once")
struct ConcurrencyTests {
    @Test("a run that finds the lock taken reports busy and writes nothing")
    func busy() throws {
        let container = try TestContainer()
        defer { container.folder.remove() }
        let catalog = try TestCatalog(in: container.folder.url)
        _ = try container.installRealAAPL()
        let paths = SnapshotPaths(container.locator)
        guard case .acquired(let lock) = RepairLock.take(paths, fileSystem: LocalFileSystem()) else {
            Issue.record("the lock was not free")
            return
        }
        let recording = RecordingFileSystem()
        let report = try SnapshotRepair.run(
            RepairRequest(
                locator: container.locator, manifest: catalog.manifest,
                variants: try catalog.pack(), environment: .phone()),
            fileSystem: recording)
        #expect(report.status == .busy)
        #expect(recording.mutations.isEmpty && recording.opens == 0)
        let restore = SnapshotRepair.restore(container.locator, fileSystem: recording)
        #expect(restore.status == .busy && restore.files.isEmpty && recording.mutations.isEmpty)
        let placeholder = SnapshotRepair.preparePlaceholder(container.locator, environment: .phone(), fileSystem: recording)
        #expect(placeholder.cause == .placeholderBusy && recording.mutations.isEmpty)
        // Another process's lock on the same file counts too: a second descriptor cannot take it.
        #expect(try LocalFileSystem().tryLock(paths.lockFile) == nil)
        lock.release()
        #expect(
            try SnapshotRepair.run(
                RepairRequest(
                    locator: container.locator, manifest: catalog.manifest,
                    variants: try catalog.pack(), environment: .phone())
            ).files(.replaced).count == 4)
    }

    @Test("repair beside repair, and repair beside restore, on threads: backups always hold the system's bytes", arguments: 1...20)
    func threads(trial: Int) async throws {
        let container = try TestContainer()
        defer { container.folder.remove() }
        let catalog = try TestCatalog(in: container.folder.url)
        let installed = try container.installRealAAPL()
        let originals = try installed.mapValues { try fixtures.data("snapshots/\($0.name)") }
        let request = RepairRequest(
            locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: .phone())
        let locator = container.locator
        let restoreSecond = trial.isMultiple(of: 2)
        async let first = Task.detached { try Outcome(SnapshotRepair.run(request)) }.value
        async let second = Task.detached {
            restoreSecond ? Outcome(SnapshotRepair.restore(locator)) : try Outcome(SnapshotRepair.run(request))
        }.value
        let outcomes = try await [first, second]
        #expect(
            outcomes.allSatisfy { ($0.status == .completed || $0.status == .busy) && $0.failures.isEmpty }, "trial \(trial): \(outcomes)")
        // Every backup holds the system's bytes of its file.
        for (name, original) in originals {
            let backup = locator.backupFolder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: backup.path) {
                #expect(try Data(contentsOf: backup) == original, "trial \(trial): Backups/\(name) is not the system's")
            }
        }
        #expect(try container.names().allSatisfy { !$0.hasPrefix(".") }, "trial \(trial): a temporary file was left")
        // Whatever happened, one more repair then restore gives the originals back.
        _ = try SnapshotRepair.run(request)
        let restored = SnapshotRepair.restore(locator)
        #expect(restored.status == .completed)
        for (name, original) in originals {
            #expect(try container.contents(name) == original, "trial \(trial): \(name) not restored")
        }
    }
}

/// How one of two concurrent runs ended.
private struct Outcome: Sendable, CustomStringConvertible {
    var status: RepairReport.Status
    /// Files that failed, with the reason.
    var failures: [String]

    init(_ report: RepairReport) {
        status = report.status
        failures = report.files(.failed).map { "\($0.name): \($0.reason ?? "")" }
    }

    init(_ report: RestoreReport) {
        status = report.status
        failures = report.files.filter { $0.outcome == .failed }.map { "\($0.name): \($0.reason ?? "")" }
    }

    var description: String { "\(status.rawValue) \(failures)" }
}
