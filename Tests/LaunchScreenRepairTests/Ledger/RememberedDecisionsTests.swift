import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// What the ledger remembers so a steady launch reads no snapshot byte and writes nothing: the
/// files this module wrote, what it found in the others (an unknown appearance included), and
/// replacements that failed.
@Suite("Remembered decisions")
struct RememberedDecisionsTests {
    let container: TestContainer
    let catalog: TestCatalog

    init() throws {
        container = try TestContainer()
        catalog = try TestCatalog(in: container.folder.url)
    }

    func run(
        _ environment: RepairEnvironment = .phone(), fileSystem: RecordingFileSystem = RecordingFileSystem(),
        policy: OrientationPolicy = .automatic, pairs: IndistinguishablePairPolicy = .skip
    ) throws -> RepairReport {
        try SnapshotRepair.run(
            RepairRequest(
                locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(),
                environment: environment, options: RepairOptions(orientationPolicy: policy, indistinguishablePairs: pairs)),
            fileSystem: fileSystem)
    }

    @Test("files skipped for an unknown appearance are read once, then not again while unchanged")
    func unknownAppearanceReadOnce() throws {
        defer { container.folder.remove() }
        for fixture in SnapshotFixtures.png { try container.install(fixture.name) }
        let first = RecordingFileSystem()
        _ = try run(fileSystem: first)
        let steady = RecordingFileSystem()
        let report = try run(fileSystem: steady)
        #expect(steady.bytesRead(in: container.snapshots) == 0)
        #expect(report.bytesRead == 0)
        #expect(steady.mutations.isEmpty)
        if !ImageLuminance.isAvailable {
            #expect(first.bytesRead(in: container.snapshots) > 0)
            #expect(report.files(.skipped).count == 4)
        }
        // A file the system rewrites is read again.
        let name = try #require(try container.names().first)
        try container.write(try fixtures.data("snapshots/png-1179x2556-landscape-dark.ktx"), as: name)
        let changed = RecordingFileSystem()
        _ = try run(fileSystem: changed)
        #expect(changed.bytesRead(in: container.snapshots) > 0)
    }

    @Test("AAPL files whose appearance is measured are not decoded again while the folder cannot be written")
    func measuredOnce() throws {
        defer { container.folder.remove() }
        let installed = try container.installRealAAPL()
        let failing = RecordingFileSystem(faults: installed.keys.map { .failWrite($0) })
        #expect(try run(fileSystem: failing).files(.failed).count == 4)
        let second = RecordingFileSystem(faults: installed.keys.map { .failWrite($0) })
        #expect(try run(fileSystem: second).files(.failed).count == 4)
        // Only the backups' copies were read the second time: no pixels decoded.
        let reads = second.bytesRead(in: container.snapshots)
        #expect(reads == 0, "read \(reads) snapshot bytes")
    }

    @Test("an unwritable snapshot folder: tried on the next launch, then backed off; nothing read or rewritten meanwhile")
    func backOff() throws {
        defer { container.folder.remove() }
        let installed = try container.installRealAAPL()
        let faults: [RecordingFileSystem.Fault] = installed.keys.map { .failWrite($0) }
        #expect(try run(.phone("2026-01-15"), fileSystem: RecordingFileSystem(faults: faults)).files(.failed).count == 4)
        // The next launch tries again (a full disk is often gone by then) and fails again.
        #expect(try run(.phone("2026-01-15"), fileSystem: RecordingFileSystem(faults: faults)).files(.failed).count == 4)
        // From then on it waits: the same day nothing is read or written.
        let waiting = RecordingFileSystem(faults: faults)
        let report = try run(.phone("2026-01-15"), fileSystem: waiting)
        #expect(report.files(.failed).isEmpty && report.files(.skipped).count == 4)
        #expect(
            report.files.allSatisfy {
                guard case .retryWaits(_, _, let next)? = $0.cause else { return false }
                return ISO8601DateFormatter().string(from: next).hasPrefix("2026-01-16")
            }, "\(report.text)")
        #expect(waiting.mutations.isEmpty, "\(waiting.mutations)")
        #expect(waiting.bytesRead(in: container.snapshots) == 0)
        // A day later it tries again; once the folder is writable the files are replaced.
        #expect(try run(.phone("2026-01-16"), fileSystem: RecordingFileSystem(faults: faults)).files(.failed).count == 4)
        #expect(try run(.phone("2026-01-17"), fileSystem: RecordingFileSystem()).files(.skipped).count == 4)
        #expect(try run(.phone("2026-01-18")).files(.replaced).count == 4)
        let ledger = try JSONDecoder().decode(Ledger.self, from: Data(contentsOf: container.locator.ledgerFile))
        #expect(ledger.failures.isEmpty)
    }

    @Test("backing off ends when the manifest changes")
    func newManifestRetries() throws {
        defer { container.folder.remove() }
        let installed = try container.installRealAAPL()
        let faults: [RecordingFileSystem.Fault] = installed.keys.map { .failWrite($0) }
        for _ in 0..<2 { _ = try run(fileSystem: RecordingFileSystem(faults: faults)) }
        #expect(try run().files(.skipped).count == 4)
        let newer = try TestCatalog(
            in: container.folder.url.appendingPathComponent("newer", isDirectory: true).creatingFolder(),
            generation: "-2")
        let report = try SnapshotRepair.run(
            RepairRequest(
                locator: container.locator, manifest: newer.manifest,
                variants: try newer.pack(), environment: .phone()))
        #expect(report.files(.replaced).count == 4)
    }

    @Test("portrait-only phone: landscape slots stay landscape in the ledger and the report, season after season")
    func landscapeSlots() throws {
        defer { container.folder.remove() }
        let installed = try container.installRealAAPL()
        _ = try run(.phone("2026-02-20"))
        let spring = try run(.phone("2026-03-01"))
        #expect(spring.files(.replaced).count == 4)
        let steady = try run(.phone("2026-03-02"))
        let ledger = try JSONDecoder().decode(Ledger.self, from: Data(contentsOf: container.locator.ledgerFile))
        for (name, fixture) in installed {
            let slot: Orientation = fixture.width > fixture.height ? .landscape : .portrait
            #expect(ledger.files[name]?.orientation == slot, "\(fixture.name)")
            #expect(spring.files.first { $0.name == name }?.orientation == slot)
            #expect(steady.files.first { $0.name == name }?.orientation == slot)
        }
    }
}
