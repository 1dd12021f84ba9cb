import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGKILLs the real `launch-assets repair` at random moments on a container holding the four
/// real AAPL snapshots, then checks: every snapshot file whole (the system's bytes or one
/// complete variant), the ledger decodes (or is absent), a normal run afterwards completes and
/// leaves no temporary file, and `restore` gives the system's originals back.
///
/// Rounds: `LAUNCH_ASSETS_KILL_ROUNDS` (default 20, for CI); `Scripts/kill-test` runs 250.
/// Seed: `LAUNCH_ASSETS_KILL_SEED` (printed, to replay a round).
@Suite("Kill test: SIGKILL during launch-assets repair")
struct KillTests {
    @Test("SIGKILL at a random moment of a repair never leaves a torn snapshot")
    func randomKills() throws {
        let environment = ProcessInfo.processInfo.environment
        let rounds = environment["LAUNCH_ASSETS_KILL_ROUNDS"].flatMap(Int.init) ?? 20
        let seed = environment["LAUNCH_ASSETS_KILL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        var random = SplitMix64(seed: seed)
        let bench = try KillBench()
        defer { bench.cleanUp() }

        // How long a whole run takes, spawn to exit: the kill lands anywhere in 0 … that.
        var timings: [Double] = []
        for _ in 0..<3 {
            let round = try bench.prepare(.freshInstall, index: timings.count)
            let start = Date()
            let result = try CLIRunner.run(bench.repairArguments(round))
            timings.append(Date().timeIntervalSince(start))
            #expect(result.status == 0, "\(result.stderr)")
            try? FileManager.default.removeItem(at: round.root)
        }
        let fullRun = timings.sorted()[1]

        var tally = KillTally()
        for index in 0..<rounds {
            let scenario = KillBench.Scenario.allCases[index % KillBench.Scenario.allCases.count]
            let round = try bench.prepare(scenario, index: index)
            defer { try? FileManager.default.removeItem(at: round.root) }
            let before = try bench.fingerprint(round)
            let delay = Double(random.next() % 1_000_001) / 1_000_000 * fullRun

            let process = Process()
            process.executableURL = CLIRunner.productsDirectory.appendingPathComponent("launch-assets")
            process.arguments = bench.repairArguments(round)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
            let label =
                "round \(index) (\(scenario.rawValue), seed \(seed), kill after \(Int(delay * 1000)) ms, \(killed ? "killed" : "finished first"))"
            if !killed { #expect(process.terminationStatus == 0, "\(label): exit \(process.terminationStatus)") }

            // Right after the kill: every file whole, the ledger readable.
            let torn = try bench.tornFiles(round)
            tally.torn += torn.count
            #expect(torn.isEmpty, "\(label): torn files \(torn)")
            #expect(bench.ledgerReadable(round), "\(label): the ledger does not decode")
            if killed {
                tally.killed += 1
                if try bench.fingerprint(round) != before { tally.midRun += 1 }
                if !bench.temporaryFiles(round).isEmpty { tally.leftTemporary += 1 }
            }

            // A normal run completes the repair and cleans up.
            let again = try CLIRunner.run(bench.repairArguments(round))
            #expect(again.status == 0, "\(label): next run exit \(again.status): \(again.stderr)")
            for (name, fixture) in round.installed {
                #expect(
                    try Data(contentsOf: round.snapshots.appendingPathComponent(name)) == bench.expected(scenario, fixture),
                    "\(label): next run left \(name) without its variant")
            }
            #expect(bench.temporaryFiles(round).isEmpty, "\(label): stray temporary files \(bench.temporaryFiles(round))")
            #expect(bench.ledgerReadable(round), "\(label): the ledger does not decode after the next run")

            // Restore gives the system's bytes back.
            let restored = try CLIRunner.run([
                "restore", "--container", round.container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier,
            ])
            #expect(restored.status == 0, "\(label): restore exit \(restored.status): \(restored.stderr)")
            for (name, fixture) in round.installed {
                let original = try Data(contentsOf: SnapshotFixtures.folder.appendingPathComponent(fixture))
                #expect(
                    try Data(contentsOf: round.snapshots.appendingPathComponent(name)) == original,
                    "\(label): restore lost the system's bytes of \(name) (\(fixture))")
            }
            #expect(bench.temporaryFiles(round).isEmpty, "\(label): stray temporary files after restore")
        }
        let summary =
            "kill-test: rounds \(rounds), killed \(tally.killed), kills that landed mid-run \(tally.midRun)"
            + " (\(tally.leftTemporary) left a temporary file), finished before the kill \(rounds - tally.killed),"
            + " torn files \(tally.torn); full run \(Int(fullRun * 1000)) ms; seed \(seed)"
        print(summary)
        #expect(tally.torn == 0)
    }
}

struct KillTally {
    var killed = 0
    var midRun = 0
    var leftTemporary = 0
    var torn = 0
}

/// The manifest and pack shared by every round, and one container per round.
struct KillBench {

    enum Scenario: String, CaseIterable {
        /// The system's AAPL files, no ledger: backups, ledger, four replacements.
        case freshInstall = "fresh install"
        /// Winter's PNGs replaced by spring's.
        case seasonChange = "season change"
        /// New system files under new names, a new app version: placeholder, backups, replacements.
        case appUpdate = "app update"
    }

    struct Round {
        var root: URL
        var container: URL { root.appendingPathComponent("Container") }
        var snapshots: URL {
            container.appendingPathComponent("Library/SplashBoard/Snapshots/\(SnapshotFixtures.bundleIdentifier) - {DEFAULT GROUP}")
        }
        var module: URL { container.appendingPathComponent("Library/Application Support/LaunchScreenRepair") }
        var date: String
        var appVersion: String
        /// Device-style name → fixture name.
        var installed: [String: String]
    }

    let root: URL
    var manifestURL: URL { root.appendingPathComponent("Output/manifest.json") }
    let manifest: LaunchManifest
    let pack: Data
    let variantBytes: Set<Data>

    /// A manifest and pack in the generator's format (`RepairInputs`), three layouts, with
    /// PNG-headed variants of a real rendered image's size (~256 KB), so that a write takes as
    /// long as it does in an app.
    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("kill-test-\(UUID().uuidString)")
        let inputs = try RepairInputs(
            layouts: [
                .init(
                    id: "winter", displayName: "Winter", priority: 0,
                    schedule: [DateRange(from: SeasonDate("12-01")!, through: SeasonDate("02-28")!)]),
                .init(
                    id: "spring", displayName: "Spring", priority: 0,
                    schedule: [DateRange(from: SeasonDate("03-01")!, through: SeasonDate("05-31")!)]),
                .init(id: "default", displayName: "Default", priority: 0, schedule: []),
            ],
            version: "kill-test-1", into: root.appendingPathComponent("Output"), text: { $0 + String(repeating: " \($0)", count: 7_000) })
        manifest = inputs.manifest
        pack = inputs.pack
        variantBytes = inputs.variantBytes
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }

    func repairArguments(_ round: Round, date: String? = nil, appVersion: String? = nil) -> [String] {
        [
            "repair", "--container", round.container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier, "--manifest", manifestURL.path,
            "--date", date ?? round.date, "--app-version", appVersion ?? round.appVersion,
        ]
    }

    /// A fresh container with the four real AAPL files, brought to the moment before the run to kill.
    func prepare(_ scenario: Scenario, index: Int) throws -> Round {
        var round = Round(
            root: root.appendingPathComponent("round-\(index)-\(UUID().uuidString.prefix(8))"),
            date: "2026-01-10", appVersion: "1.0", installed: [:])
        try FileManager.default.createDirectory(at: round.snapshots, withIntermediateDirectories: true)
        round.installed = try install(into: round)
        switch scenario {
        case .freshInstall:
            break
        case .seasonChange:
            try expectRepaired(CLIRunner.run(repairArguments(round)))
            round.date = "2026-03-10"
        case .appUpdate:
            try expectRepaired(CLIRunner.run(repairArguments(round)))
            for name in round.installed.keys { try FileManager.default.removeItem(at: round.snapshots.appendingPathComponent(name)) }
            round.installed = try install(into: round)
            round.appVersion = "1.1"
        }
        return round
    }

    private func expectRepaired(_ result: CLIRunner.Result) {
        #expect(result.status == 0 && result.stdout.contains("4 replaced"), "set-up run: \(result.stdout)\(result.stderr)")
    }

    private func install(into round: Round) throws -> [String: String] {
        var installed: [String: String] = [:]
        for fixture in SnapshotFixtures.aapl.map(\.name) {
            let name = "\(UUID().uuidString)@3x.ktx"
            try FileManager.default.copyItem(
                at: SnapshotFixtures.folder.appendingPathComponent(fixture),
                to: round.snapshots.appendingPathComponent(name))
            installed[name] = fixture
        }
        return installed
    }

    /// The variant a file holds once the scenario's run completed.
    func expected(_ scenario: Scenario, _ fixture: String) -> Data {
        let id =
            "\(scenario == .seasonChange ? "spring" : "winter")-phone-1179x2556-portrait-\(fixture.contains("dark") ? "dark" : "light")"
        let variant = manifest.variants.first { $0.id == id }!
        return pack.subdata(in: variant.packRange!)
    }

    /// Snapshot files that hold neither the system's bytes nor a complete variant, or are gone.
    func tornFiles(_ round: Round) throws -> [String] {
        try round.installed.compactMap { name, fixture in
            guard let bytes = try? Data(contentsOf: round.snapshots.appendingPathComponent(name)) else { return "\(name) (missing)" }
            let original = try Data(contentsOf: SnapshotFixtures.folder.appendingPathComponent(fixture))
            return bytes == original || variantBytes.contains(bytes) ? nil : "\(name) (\(bytes.count) bytes)"
        }
    }

    func ledgerReadable(_ round: Round) -> Bool {
        let url = round.module.appendingPathComponent("ledger.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return true }
        return (try? JSONDecoder().decode(Ledger.self, from: Data(contentsOf: url))) != nil
    }

    /// Temporary files of an interrupted atomic write, in the snapshot folder, the module folder and Backups/.
    func temporaryFiles(_ round: Round) -> [String] {
        [round.snapshots, round.module, round.module.appendingPathComponent("Backups")].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasPrefix(LocalFileSystem.temporaryPrefix) }
        }
    }

    /// Every file under the container with its bytes: tells whether the killed run changed anything.
    func fingerprint(_ round: Round) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard let paths = FileManager.default.subpaths(atPath: round.container.path) else { return result }
        for path in paths {
            let url = round.container.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[path] = try? Data(contentsOf: url)
            } else {
                result[path + "/"] = Data()
            }
        }
        return result
    }
}

/// A small seeded generator, so a failing round can be replayed with `LAUNCH_ASSETS_KILL_SEED`.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
