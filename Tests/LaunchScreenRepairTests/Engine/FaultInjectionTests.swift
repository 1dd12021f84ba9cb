import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// Every I/O step of the engine made to fail in turn, in every repair scenario, through the
/// `FileSystem` seam, on the real AAPL snapshots copied into temporary containers.
///
/// Two kinds of failure per injection point:
/// - `error`: the call fails and the engine carries on (what a full disk or EIO does);
/// - `crash`: the call fails *and every call after it*, and an interrupted temporary file stays
///   behind: the disk is frozen as a SIGKILL or power loss at that moment leaves it.
///
/// After each: every snapshot file is whole (the system's bytes or one complete variant), the
/// ledger decodes (or is absent), a following run without faults completes the repair and leaves
/// no temporary file, and `restore` still gives back the system's original bytes.
@Suite("Fault injection: every I/O step fails in turn, in every scenario")
struct FaultInjectionTests {
    @Test("fault matrix", arguments: FaultScenario.allCases, IOStep.allCases)
    func matrix(_ scenario: FaultScenario, _ step: IOStep) throws {
        // How often the step happens in this scenario, on a clean run.
        let counted = try FaultCase(scenario)
        defer { counted.container.folder.remove() }
        let counter = FaultyFileSystem(locator: counted.container.locator)
        counted.runFaulted(counter)
        let occurrences = counter.count(of: step)
        if scenario == .steadyLaunch, step.isMutation {
            #expect(occurrences == 0, "steady launch performed \(occurrences) \(step) step(s): it must write nothing")
        }
        var replacedAfterFault = Set<Int>()
        var failuresReported = 0
        var violations: [String] = []
        let points = FaultyFileSystem.injectionPoints(occurrences)
        for mode in FaultMode.allCases {
            for occurrence in points {
                let label = "\(scenario) · \(step) #\(occurrence + 1)/\(occurrences) · \(mode)"
                let faultCase = try FaultCase(scenario)
                defer { faultCase.container.folder.remove() }
                let faulty = FaultyFileSystem(
                    locator: faultCase.container.locator, fault: .init(step: step, occurrence: occurrence, mode: mode))
                let outcome = faultCase.runFaulted(faulty)
                if !faulty.injected { violations.append("\(label): the fault never fired") }
                failuresReported += outcome
                replacedAfterFault.insert(try faultCase.checkAfterFault(label, &violations))
                try faultCase.checkRecovery(label, &violations)
            }
        }
        for violation in violations { Issue.record(Comment(rawValue: violation)) }
        let cell: String
        if occurrences == 0 {
            cell = "— | not performed"
        } else {
            let range = replacedAfterFault.sorted()
            let spread = range.count == 1 ? "\(range[0])" : "\(range.first!)–\(range.last!)"
            let verdict = violations.isEmpty ? "✓" : "✘ \(violations.count) violations"
            cell =
                "\(occurrences) (\(points.count) injected × error, crash) | \(verdict): after the fault \(spread) of 4 files new, all whole; \(failuresReported) file failures reported"
        }
        print("FAULT-MATRIX | \(scenario.rawValue) | \(step.rawValue) | \(cell) |")
    }

    @Test("the known weak spot: a crash between replacing a file and writing the ledger keeps the system's bytes for restore")
    func crashBeforeLedger() throws {
        let faultCase = try FaultCase(.freshInstall)
        defer { faultCase.container.folder.remove() }
        // Crash at the second rename: the first file is new, the ledger write at the end of the
        // run never happens.
        let faulty = FaultyFileSystem(locator: faultCase.container.locator, fault: .init(step: .rename, occurrence: 1, mode: .crash))
        faultCase.runFaulted(faulty)
        #expect(faulty.injected)
        var violations: [String] = []
        let replaced = try faultCase.checkAfterFault("crash before ledger", &violations)
        #expect(replaced == 1)
        let ledger = try #require(
            try? JSONDecoder().decode(Ledger.self, from: Data(contentsOf: faultCase.container.locator.ledgerFile)),
            "no ledger on disk after the crash")
        for (name, original) in faultCase.originals where try faultCase.container.contents(name) != original {
            #expect(ledger.backups[name] != nil, "\(name) was replaced but its backup is not in the ledger")
        }
        try faultCase.checkRecovery("crash before ledger", &violations)
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test("a ledger left by an older version without the backup record: the orphaned backup is adopted")
    func orphanedBackupAdopted() throws {
        let faultCase = try FaultCase(.freshInstall)
        defer { faultCase.container.folder.remove() }
        faultCase.runFaulted(FaultyFileSystem(locator: faultCase.container.locator))
        // What the old engine left after a crash: files replaced, backups on disk, no records.
        let locator = faultCase.container.locator
        var ledger = try JSONDecoder().decode(Ledger.self, from: Data(contentsOf: locator.ledgerFile))
        ledger.backups = [:]
        ledger.files = [:]
        try ledger.encoded().write(to: locator.ledgerFile)
        let report = try faultCase.repair(FaultyFileSystem(locator: locator))
        #expect(report.files(.kept).count == 4)
        let adopted = try JSONDecoder().decode(Ledger.self, from: Data(contentsOf: locator.ledgerFile))
        #expect(adopted.backups.count == 4)
        _ = SnapshotRepair.restore(locator)
        for (name, original) in faultCase.originals {
            #expect(try faultCase.container.contents(name) == original, "\(name)")
        }
    }

    @Test("an unreadable ledger is never overwritten, and restore finds the backups without it")
    func unreadableLedger() throws {
        let faultCase = try FaultCase(.steadyLaunch)
        defer { faultCase.container.folder.remove() }
        let locator = faultCase.container.locator
        let before = try Data(contentsOf: locator.ledgerFile)
        // The ledger's open fails; nothing may be written over it.
        let faulty = FaultyFileSystem(locator: locator, fault: .init(step: .open, occurrence: 0, mode: .error))
        let report = try faultCase.repair(faulty)
        #expect(faulty.injected)
        #expect(report.remarks.contains { if case .ledgerUnreadable = $0 { true } else { false } }, "\(report.remarks)")
        #expect(try Data(contentsOf: locator.ledgerFile) == before)
        // A ledger lost altogether: restore still gives the originals back from Backups/.
        try FileManager.default.removeItem(at: locator.ledgerFile)
        let restored = SnapshotRepair.restore(locator)
        #expect(restored.files.filter { $0.outcome == .restored }.count == 4)
        for (name, original) in faultCase.originals {
            #expect(try faultCase.container.contents(name) == original, "\(name)")
        }
    }
}

// MARK: - The matrix

/// The repair scenarios, each starting from the four real AAPL snapshots.
enum FaultScenario: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// First run: the system's AAPL files, no ledger.
    case freshInstall = "fresh install"
    /// Second run on the same day: everything kept.
    case steadyLaunch = "steady launch"
    /// An app update: the system drew new files under new names (ASTC: no placeholder).
    case appUpdate = "app update"
    /// An app update that found this module's PNGs still in place, on a new season's day:
    /// placeholder copied, every file replaced.
    case appUpdateKeptSnapshots = "app update, snapshots kept"
    /// Winter → spring: our PNGs replaced by other PNGs.
    case seasonChange = "season change"
    /// `restore` after a repair.
    case restore

    var testDescription: String { rawValue }
}

/// One scenario, set up in a fresh temporary container up to the faulted operation.
struct FaultCase {
    let scenario: FaultScenario
    let container: TestContainer
    let catalog: TestCatalog
    /// Snapshot file name → the system's original bytes.
    let originals: [String: Data]
    /// Snapshot file name → dark?
    let darkness: [String: Bool]
    /// Every variant's bytes in the pack.
    let variantBytes: Set<Data>

    init(_ scenario: FaultScenario) throws {
        self.scenario = scenario
        container = try TestContainer()
        catalog = try TestCatalog(in: container.folder.url)
        let pack = try catalog.pack()
        variantBytes = Set(try catalog.manifest.variants.map { try pack.bytes(of: $0) })
        var installed = try container.installRealAAPL()
        switch scenario {
        case .freshInstall:
            break
        case .steadyLaunch, .restore:
            try Self.expectCompleted(SnapshotRepair.run(Self.request(container, catalog, scenario.faultedEnvironment)))
        case .seasonChange, .appUpdateKeptSnapshots:
            try Self.expectCompleted(SnapshotRepair.run(Self.request(container, catalog, .phone("2026-02-20", appVersion: "1.0"))))
        case .appUpdate:
            try Self.expectCompleted(SnapshotRepair.run(Self.request(container, catalog, .phone("2026-01-15", appVersion: "1.0"))))
            for name in installed.keys { try FileManager.default.removeItem(at: container.snapshots.appendingPathComponent(name)) }
            installed = try container.installRealAAPL()
        }
        originals = try installed.mapValues { try fixtures.data("snapshots/\($0.name)") }
        darkness = installed.mapValues(\.dark)
    }

    static func expectCompleted(_ report: RepairReport) {
        #expect(report.status == .completed && report.files(.replaced).count == 4, "set-up run: \(report.text)")
    }

    static func request(_ container: TestContainer, _ catalog: TestCatalog, _ environment: RepairEnvironment) throws -> RepairRequest {
        RepairRequest(locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: environment)
    }

    func repair(_ fileSystem: FaultyFileSystem, _ environment: RepairEnvironment? = nil) throws -> RepairReport {
        try SnapshotRepair.run(Self.request(container, catalog, environment ?? scenario.faultedEnvironment), fileSystem: fileSystem)
    }

    /// Runs the scenario's operation through `fileSystem` (a repair is preceded by the launch
    /// call's placeholder step, as in an app); returns how many files it reported failed.
    @discardableResult
    func runFaulted(_ fileSystem: FaultyFileSystem) -> Int {
        if scenario == .restore {
            return SnapshotRepair.restore(container.locator, fileSystem: fileSystem).files.filter { $0.outcome == .failed }.count
        }
        _ = SnapshotRepair.preparePlaceholder(container.locator, environment: scenario.faultedEnvironment, fileSystem: fileSystem)
        do { return try repair(fileSystem).files(.failed).count } catch {
            Issue.record("repair threw: \(error)")
            return 0
        }
    }

    /// The variant each file must hold once the scenario's repair completed.
    func expectedVariant(_ name: String) throws -> Data {
        let layout = scenario == .seasonChange || scenario == .appUpdateKeptSnapshots ? "spring" : "winter"
        return try catalog.bytes("\(layout)-phone-1179x2556-portrait-\(darkness[name]! ? "dark" : "light")")
    }

    /// Right after the fault: every file whole, the ledger decodable. Returns how many files
    /// hold a variant.
    func checkAfterFault(_ label: String, _ violations: inout [String]) throws -> Int {
        if try container.names().filter({ !$0.hasPrefix(".") }).sorted() != originals.keys.sorted() {
            violations.append("\(label): snapshot names changed")
        }
        var variants = 0
        for (name, original) in originals {
            let bytes = try container.contents(name)
            if bytes != original, !variantBytes.contains(bytes) {
                violations.append("\(label): \(name) is torn (\(bytes.count) bytes, neither the system's nor a variant)")
            }
            if bytes != original { variants += 1 }
        }
        checkLedgerReadable(label, &violations)
        return variants
    }

    func checkLedgerReadable(_ label: String, _ violations: inout [String]) {
        let url = container.locator.ledgerFile
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        if (try? JSONDecoder().decode(Ledger.self, from: Data(contentsOf: url))) == nil {
            violations.append("\(label): the ledger does not decode")
        }
    }

    /// The next run without faults completes, leaves no temporary file, and restore gives the
    /// system's bytes back.
    func checkRecovery(_ label: String, _ violations: inout [String]) throws {
        let clean = FaultyFileSystem(locator: container.locator)
        if scenario == .restore {
            _ = SnapshotRepair.restore(container.locator, fileSystem: clean)
            for (name, original) in originals where try container.contents(name) != original {
                violations.append("\(label): restore again did not give \(name) back")
            }
            checkNoTemporaryFiles("\(label), after restore again", &violations)
        }
        let report = try repair(clean)
        if report.status != .completed || !report.files(.failed).isEmpty {
            violations.append("\(label): next run \(report.status): \(report.text)")
        }
        for name in originals.keys where try container.contents(name) != (try expectedVariant(name)) {
            violations.append("\(label): next run left \(name) without its variant")
        }
        checkNoTemporaryFiles("\(label), after the next run", &violations)
        checkLedgerReadable("\(label), after the next run", &violations)
        let restored = SnapshotRepair.restore(container.locator, fileSystem: clean)
        if !restored.files.allSatisfy({ $0.outcome == .restored }) {
            violations.append("\(label): restore reported \(restored.files.map { "\($0.name) \($0.outcome)" })")
        }
        for (name, original) in originals where try container.contents(name) != original {
            violations.append("\(label): restore lost the system's bytes of \(name)")
        }
        checkNoTemporaryFiles("\(label), after restore", &violations)
    }

    func checkNoTemporaryFiles(_ label: String, _ violations: inout [String]) {
        let locator = container.locator
        for folder in [locator.snapshotFolder, locator.moduleFolder, locator.backupFolder] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let stray = names.filter { $0.hasPrefix(LocalFileSystem.temporaryPrefix) }
            if !stray.isEmpty { violations.append("\(label): stray temporary files in \(folder.lastPathComponent): \(stray)") }
        }
    }
}

extension FaultScenario {
    /// The environment of the faulted run (and of the run after it).
    var faultedEnvironment: RepairEnvironment {
        switch self {
        case .freshInstall, .steadyLaunch, .restore: .phone("2026-01-15", appVersion: "1.0")
        case .appUpdate: .phone("2026-01-15", appVersion: "1.1")
        case .seasonChange: .phone("2026-03-01", appVersion: "1.0")
        case .appUpdateKeptSnapshots: .phone("2026-03-01", appVersion: "1.1")
        }
    }
}
