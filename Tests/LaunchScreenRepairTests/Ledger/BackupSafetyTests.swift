import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// Backups hold the system's bytes, always: never overwritten, never our own.
@Suite("Backups")
struct BackupSafetyTests {
    let container: TestContainer

    init() throws {
        container = try TestContainer()
    }

    func run(_ catalog: TestCatalog, _ environment: RepairEnvironment = .phone()) throws -> RepairReport {
        try SnapshotRepair.run(
            RepairRequest(
                locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(),
                environment: environment))
    }

    @Test("a lost ledger and a new manifest: the backups keep the system's bytes, restore gives them back")
    func lostLedgerNewManifest() throws {
        defer { container.folder.remove() }
        let installed = try container.installRealAAPL()
        let first = try TestCatalog(in: container.folder.url)
        #expect(try run(first).files(.replaced).count == 4)
        try FileManager.default.removeItem(at: container.locator.ledgerFile)
        let second = try TestCatalog(
            in: container.folder.url.appendingPathComponent("second", isDirectory: true).creatingFolder(),
            generation: "-2")
        // Our PNGs of the first manifest are known to no record now; a pinned style lets every
        // file be replaced, which is when a backup would be taken.
        let report = try run(second, .phone(pinned: .light))
        #expect(report.files(.replaced).count == 4)
        for (name, fixture) in installed {
            let backup = try Data(contentsOf: container.locator.backupFolder.appendingPathComponent(name))
            #expect(backup == (try fixtures.data("snapshots/\(fixture.name)")), "Backups/\(name) was overwritten")
        }
        let restored = SnapshotRepair.restore(container.locator)
        #expect(restored.files.filter { $0.outcome == .restored }.count == 4)
        for (name, fixture) in installed {
            #expect(try container.contents(name) == (try fixtures.data("snapshots/\(fixture.name)")))
        }
    }

    @Test("bytes this module wrote are never backed up; restore removes them so the system draws again")
    func neverBackUpOurOwn() throws {
        defer { container.folder.remove() }
        let first = try TestCatalog(in: container.folder.url)
        // The module folder is gone (ledger and backups), our old PNGs are in the slots.
        try container.write(try first.bytes("winter-phone-1179x2556-portrait-light"), as: "A@3x.ktx")
        try container.write(try first.bytes("winter-phone-1179x2556-portrait-dark"), as: "B@3x.ktx")
        let second = try TestCatalog(
            in: container.folder.url.appendingPathComponent("second", isDirectory: true).creatingFolder(),
            generation: "-2")
        let report = try run(second, .phone(pinned: .light))
        #expect(report.files(.replaced).count == 2)
        #expect(report.remarks.contains { if case .noBackupKept = $0 { true } else { false } }, "\(report.remarks)")
        #expect(!FileManager.default.fileExists(atPath: container.locator.backupFolder.appendingPathComponent("A@3x.ktx").path))
        let restored = SnapshotRepair.restore(container.locator)
        #expect(restored.files.map(\.outcome) == [.removed, .removed])
        #expect(try container.names().isEmpty)
    }

    @Test("an existing backup is never overwritten, even when the ledger does not record it")
    func existingBackupKept() throws {
        defer { container.folder.remove() }
        let catalog = try TestCatalog(in: container.folder.url)
        let name = try container.install("aapl-1179x2556-portrait-light.ktx")
        _ = try container.install("aapl-1179x2556-portrait-dark.ktx")
        try FileManager.default.createDirectory(at: container.locator.backupFolder, withIntermediateDirectories: true)
        let earlier = Data("the system's bytes from an earlier run".utf8)
        try earlier.write(to: container.locator.backupFolder.appendingPathComponent(name))
        let report = try run(catalog)
        #expect(report.files(.replaced).count == 2)
        #expect(try Data(contentsOf: container.locator.backupFolder.appendingPathComponent(name)) == earlier)
        #expect(report.remarks.contains(.orphanBackupRecorded(name)), "\(report.remarks)")
    }

    @Test("the generator's mark is read from the first bytes only")
    func mark() throws {
        let png = TestCatalog.png(width: 3, height: 4, text: "x")
        #expect(GeneratorMark.isMarked(png))
        #expect(GeneratorMark.isMarked(png.prefix(62)))
        #expect(!GeneratorMark.isMarked(png.prefix(61)))
        #expect(!GeneratorMark.isMarked(try fixtures.data("snapshots/png-1179x2556-portrait-light.ktx")))
        #expect(!GeneratorMark.isMarked(try fixtures.data("snapshots/aapl-1179x2556-portrait-light.ktx")))
    }
}

extension URL {
    /// Creates the folder; returns it.
    func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: self, withIntermediateDirectories: true)
        return self
    }
}
