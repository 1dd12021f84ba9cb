import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// The on/off switch an app (or a signed remote manifest) uses when something is wrong.
@Suite("Switching the module off")
struct EnabledSwitchTests {
    let container: TestContainer

    init() throws { container = try TestContainer() }

    func run(_ catalog: TestCatalog, fileSystem: some FileSystem = LocalFileSystem()) throws -> RepairReport {
        try SnapshotRepair.run(
            RepairRequest(locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: .phone()),
            fileSystem: fileSystem)
    }

    @Test("off: the system's snapshots come back and later runs write nothing; on again: the next run repairs")
    func offAndOn() throws {
        defer { container.folder.remove() }
        let installed = try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        #expect(try run(catalog).files(.replaced).count == 4)

        let restored = try SnapshotRepair.setEnabled(false, reason: "switched off in settings", container.locator)
        #expect(restored?.files.map(\.outcome) == Array(repeating: .restored, count: 4))
        for (name, fixture) in installed { #expect(try container.contents(name) == (try fixtures.data("snapshots/\(fixture.name)"))) }
        #expect(SnapshotRepair.disabledReason(container.locator) == "switched off in settings")

        let recording = RecordingFileSystem()
        let off = try run(catalog, fileSystem: recording)
        #expect(off.status == .disabled && off.cause == .switchedOff("switched off in settings") && off.files.isEmpty)
        #expect(recording.mutations.isEmpty)
        #expect(recording.bytesRead(in: container.snapshots) == 0)

        try SnapshotRepair.setEnabled(true, container.locator)
        #expect(SnapshotRepair.disabledReason(container.locator) == nil)
        #expect(try run(catalog).files(.replaced).count == 4)
    }

    @Test("switched off while another run held the lock: the next run completes the restore")
    func offWhileBusy() throws {
        defer { container.folder.remove() }
        let installed = try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        _ = try run(catalog)
        let paths = SnapshotPaths(container.locator)
        guard case .acquired(let held) = RepairLock.take(paths, fileSystem: LocalFileSystem()) else {
            Issue.record("lock not taken")
            return
        }
        let busy = try SnapshotRepair.setEnabled(false, container.locator)
        held.release()
        #expect(busy?.status == .busy)
        let report = try run(catalog)
        #expect(report.status == .disabled)
        #expect(
            report.remarks.filter {
                guard case .restore(.file(let file)) = $0 else { return false }
                return file.outcome == .restored
            }.count == 4, "\(report.remarks)")
        for (name, fixture) in installed { #expect(try container.contents(name) == (try fixtures.data("snapshots/\(fixture.name)"))) }
    }
}
