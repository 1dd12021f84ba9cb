import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

/// `launch-assets repair` and `restore`, through the real binary, on the real AAPL snapshots.
@Suite("launch-assets repair and restore")
struct RepairCommandTests {
    let workspace: RepairWorkspace

    init() throws { workspace = try RepairWorkspace() }

    @Test("report prints what the last repair that changed something stored in the container; none yet is an error naming the file")
    func report() throws {
        defer { workspace.cleanUp() }
        let arguments = ["report", "--container", workspace.container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier]
        let none = try CLIRunner.run(arguments)
        #expect(none.status == 1)
        #expect(none.stderr.contains("last-report.json: no readable report"))
        let repaired = try workspace.repair()
        #expect(repaired.status == 0, "\(repaired.stderr)")
        let printed = try CLIRunner.run(arguments)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout == repaired.stdout)
        let json = try CLIRunner.run(arguments + ["--json"])
        let stored = try JSONDecoder().decode(RepairReport.self, from: Data(json.stdout.utf8))
        #expect(stored.files(.replaced).count == 4 && stored.layout == "winter")
        // A steady repair changes nothing, so the stored report stays the one that did.
        #expect(try workspace.repair().stdout.contains("total: 4 kept"))
        #expect(try CLIRunner.run(arguments).stdout == repaired.stdout)
    }

    @Test(
        "the four real AAPL files: replaced by their own appearance, names kept; a second run changes nothing; restore gives the originals back"
    )
    func mustShow() throws {
        defer { workspace.cleanUp() }
        let first = try workspace.repair()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("layout: winter"))
        #expect(first.stdout.contains("total: 4 replaced"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: workspace.folder.path)) == Set(workspace.installed.keys))
        for (name, fixture) in workspace.installed {
            let appearance = fixture.contains("dark") ? "dark" : "light"
            #expect(
                try Data(contentsOf: workspace.folder.appendingPathComponent(name))
                    == workspace.variantBytes("winter-phone-1179x2556-portrait-\(appearance)"),
                "\(fixture)")
        }
        let inodes = try workspace.installed.keys.sorted().map(workspace.inode)
        let second = try workspace.repair()
        #expect(second.status == 0)
        #expect(second.stdout.contains("total: 4 kept; read"))
        #expect(second.stdout.contains("wrote 0 B"))
        #expect(try workspace.installed.keys.sorted().map(workspace.inode) == inodes)
        let restored = try CLIRunner.run([
            "restore", "--container", workspace.container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier,
        ])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.split(separator: "\n").filter { $0.hasPrefix("restored\t") }.count == 4)
        for (name, fixture) in workspace.installed {
            #expect(
                try Data(contentsOf: workspace.folder.appendingPathComponent(name))
                    == (try Data(contentsOf: SnapshotFixtures.folder.appendingPathComponent(fixture))))
        }
    }

    @Test(
        """
        solid-colour AAPL snapshots made by the reference encoders (astcenc, Apple's LZFSE), portrait and landscape, \
        light and dark: each replaced by the variant of its own appearance, read from its pixels; a second run reads nothing
        """)
    func referenceEncodedSolidColour() throws {
        defer { workspace.cleanUp() }
        for name in workspace.installed.keys { try FileManager.default.removeItem(at: workspace.folder.appendingPathComponent(name)) }
        let corpus = workspace.root.appendingPathComponent("Corpus")
        let made = try CLIRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "Scripts/make-snapshots", corpus.path]
                + ["solid-light-1179x2556.aapl", "solid-dark-1179x2556.aapl", "solid-light-2556x1179.aapl", "solid-dark-2556x1179.aapl"])
        try #require(
            made.status == 0,
            "Scripts/make-snapshots: \(made.stderr) (Scripts/install-system-libraries installs python3, its lzfse package and astcenc)")
        var generated: [String: Appearance] = [:]  // device-style file name → the appearance drawn
        for spec in try FileManager.default.contentsOfDirectory(atPath: corpus.path) {
            let name = "\(UUID().uuidString)@3x.ktx"
            try FileManager.default.copyItem(at: corpus.appendingPathComponent(spec), to: workspace.folder.appendingPathComponent(name))
            generated[name] = spec.contains("-dark-") ? .dark : .light
        }
        #expect(generated.count == 4)

        let first = try workspace.repair(["--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let report = try JSONDecoder().decode(RepairReport.self, from: Data(first.stdout.utf8))
        #expect(Set(report.files.map(\.name)) == Set(generated.keys))
        for file in report.files {
            let appearance = try #require(generated[file.name])
            let variant = "winter-phone-1179x2556-portrait-\(appearance.rawValue)"
            #expect(file.outcome == .replaced, "\(file.name): \(file.reason ?? "")")
            #expect(file.format == .aapl)
            #expect(file.appearance == appearance && file.appearanceSource == .pixels, "\(file.name)")
            #expect(file.variant == variant)
            #expect(file.bytesWritten == workspace.variantBytes(variant).count)
            #expect(try Data(contentsOf: workspace.folder.appendingPathComponent(file.name)) == workspace.variantBytes(variant))
        }

        let second = try workspace.repair(["--json"])
        #expect(second.status == 0, "\(second.stderr)")
        let again = try JSONDecoder().decode(RepairReport.self, from: Data(second.stdout.utf8))
        #expect(again.files.map(\.outcome) == [RepairReport.Outcome](repeating: .kept, count: 4))
        #expect(again.bytesRead == 0 && again.bytesWritten == 0, "second run read \(again.bytesRead) B, wrote \(again.bytesWritten) B")
    }

    @Test(
        "two repair processes at once, or repair beside restore, 50 trials: backups always hold the system's bytes, restore gives the originals back"
    )
    func concurrentProcesses() throws {
        defer { workspace.cleanUp() }
        let originals = try workspace.installed.mapValues { try Data(contentsOf: SnapshotFixtures.folder.appendingPathComponent($0)) }
        let repairArguments = [
            "repair", "--container", workspace.container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier,
            "--manifest", workspace.manifestURL.path, "--date", "2026-01-10", "--app-version", "1.0",
        ]
        let restoreArguments = ["restore", "--container", workspace.container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier]
        var busy = 0
        for trial in 1...50 {
            let second = trial.isMultiple(of: 2) ? restoreArguments : repairArguments
            let results = ResultBox()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                results.set(index, try? CLIRunner.run(index == 0 ? repairArguments : second))
            }
            for result in results.values {
                #expect(result?.status == 0, "trial \(trial): \(result?.stderr ?? "did not run")")
                if result?.stdout.contains("busy") == true { busy += 1 }
            }
            for (name, original) in originals {
                let backup = workspace.container.appendingPathComponent("Library/Application Support/LaunchScreenRepair/Backups/\(name)")
                if FileManager.default.fileExists(atPath: backup.path) {
                    #expect(try Data(contentsOf: backup) == original, "trial \(trial): Backups/\(name) is not the system's")
                }
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.folder.path).allSatisfy { !$0.hasPrefix(".") })
            let restored = try CLIRunner.run(restoreArguments)
            #expect(restored.status == 0, "trial \(trial): \(restored.stderr)")
            for (name, original) in originals {
                #expect(
                    try Data(contentsOf: workspace.folder.appendingPathComponent(name)) == original, "trial \(trial): \(name) not restored")
            }
        }
        print("concurrent-repair: 50 trials, \(busy) runs found the other one in progress (busy), 0 backups of ours")
    }

    @Test("--json is the report; --dry-run writes nothing")
    func jsonAndDryRun() throws {
        defer { workspace.cleanUp() }
        let dry = try workspace.repair(["--dry-run", "--json"])
        #expect(dry.status == 0)
        let report = try JSONDecoder().decode(RepairReport.self, from: Data(dry.stdout.utf8))
        #expect(report.dryRun && report.files(.wouldReplace).count == 4)
        for (name, fixture) in workspace.installed {
            #expect(
                try Data(contentsOf: workspace.folder.appendingPathComponent(name))
                    == (try Data(contentsOf: SnapshotFixtures.folder.appendingPathComponent(fixture))))
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.container.appendingPathComponent("Library/Application Support").path))
    }

    @Test("the season follows --date: the fallback outside winter")
    func seasonByDate() throws {
        defer { workspace.cleanUp() }
        let result = try CLIRunner.run([
            "repair", "--container", workspace.container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier,
            "--manifest", workspace.manifestURL.path, "--date", "2026-07-01", "--json",
        ])
        let report = try JSONDecoder().decode(RepairReport.self, from: Data(result.stdout.utf8))
        #expect(report.layout == "default")
        #expect(report.files.allSatisfy { $0.variant?.hasPrefix("default-") == true })
    }

    @Test("iOS 12: unsupported, exit 0, nothing touched")
    func iOS12() throws {
        defer { workspace.cleanUp() }
        let result = try workspace.repair(["--system-version", "12.4"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("status: unsupported"))
        for (name, fixture) in workspace.installed {
            #expect(
                try Data(contentsOf: workspace.folder.appendingPathComponent(name))
                    == (try Data(contentsOf: SnapshotFixtures.folder.appendingPathComponent(fixture))))
        }
    }

    @Test("bad input exits 1 naming the file and the place")
    func badInput() throws {
        defer { workspace.cleanUp() }
        var json = try String(contentsOf: workspace.manifestURL, encoding: .utf8)
        json = json.replacingOccurrences(of: "\"12-01\"", with: "\"13-45\"")
        let broken = workspace.root.appendingPathComponent("Output/broken.json")
        try json.write(to: broken, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run([
            "repair", "--container", workspace.container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier, "--manifest", broken.path,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains(broken.path))
        #expect(result.stderr.contains("$.layouts[0].schedule[0].from"))
        let noPack = try CLIRunner.run([
            "repair", "--container", workspace.container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier,
            "--manifest", workspace.manifestURL.path, "--pack", workspace.root.appendingPathComponent("nope.launchpack").path,
        ])
        #expect(noPack.status == 1)
        #expect(noPack.stderr.contains("nope.launchpack"))
    }

    @Test("usage errors exit 2")
    func usage() throws {
        defer { workspace.cleanUp() }
        #expect(
            try CLIRunner.run(["repair", "--bundle-id", SnapshotFixtures.bundleIdentifier, "--manifest", workspace.manifestURL.path]).status
                == 2)
        #expect(try workspace.repair(["--date", "January"]).status == 2)
        #expect(try workspace.repair(["--appearance", "sepia"]).status == 2)
        #expect(try CLIRunner.run(["restore", "--container", workspace.container.path]).status == 2)
    }
}

/// Results written from concurrent closures.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [CLIRunner.Result?] = [nil, nil]

    func set(_ index: Int, _ result: CLIRunner.Result?) {
        lock.withLock { results[index] = result }
    }

    var values: [CLIRunner.Result?] { lock.withLock { results } }
}
