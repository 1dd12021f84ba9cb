import Foundation
import LaunchScreenRepair
import Testing

/// `launch-assets repair` and `restore`, through the real binary, on the real AAPL snapshots.
@Suite("launch-assets repair and restore")
struct RepairCommandTests {
    static let snapshots = CLIRunner.packageRoot.appendingPathComponent("Tests/LaunchScreenRepairTests/Fixtures/snapshots")
    static let bundleID = "com.example.seasons"
    static let aapl = [
        "aapl-1179x2556-portrait-light.ktx", "aapl-1179x2556-portrait-dark.ktx",
        "aapl-1179x2556-landscape-light.ktx", "aapl-1179x2556-landscape-dark.ktx",
    ]

    let root: URL
    var container: URL { root.appendingPathComponent("Container") }
    var folder: URL { container.appendingPathComponent("Library/SplashBoard/Snapshots/\(Self.bundleID) - {DEFAULT GROUP}") }
    var manifestURL: URL { root.appendingPathComponent("Output/manifest.json") }
    let manifest: LaunchManifest
    let pack: Data
    /// Device-style file name → fixture name.
    var installed: [String: String] = [:]

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("repair-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Output"), withIntermediateDirectories: true)
        // A manifest and pack in the generator's format: one PNG-headed variant per layout and appearance.
        let layouts: [LaunchManifest.Layout] = [
            .init(
                id: "winter", displayName: "Winter", priority: 0,
                schedule: [DateRange(from: SeasonDate("12-01")!, through: SeasonDate("02-28")!)]),
            .init(id: "default", displayName: "Default", priority: 0, schedule: []),
        ]
        let version = "cli-test-1"
        let start = LaunchPack.headerLength(version: version)
        var body = Data()
        var variants: [LaunchManifest.Variant] = []
        for layout in layouts {
            for appearance in Appearance.allCases {
                let id = "\(layout.id)-phone-1179x2556-portrait-\(appearance.rawValue)"
                let png = Self.png(width: 1179, height: 2556, text: id)
                variants.append(
                    .init(
                        id: id, layout: layout.id, width: 1179, height: 2556, orientation: .portrait,
                        appearance: appearance, idiom: .phone, devices: ["iPhone15,2"], md5: Self.md5(png),
                        offset: start + body.count, length: png.count))
                body.append(png)
            }
        }
        manifest = LaunchManifest(
            version: version, generator: "tests", pack: "LaunchAssets.launchpack", layouts: layouts, variants: variants)
        pack = LaunchPack.header(version: version, bodyLength: body.count) + body
        try pack.write(to: root.appendingPathComponent("Output/LaunchAssets.launchpack"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(manifest).write(to: manifestURL)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for fixture in Self.aapl {
            let name = "\(UUID().uuidString)@3x.ktx"
            try FileManager.default.copyItem(at: Self.snapshots.appendingPathComponent(fixture), to: folder.appendingPathComponent(name))
            installed[name] = fixture
        }
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }

    func repair(_ extra: [String] = []) throws -> CLIRunner.Result {
        try CLIRunner.run(
            [
                "repair", "--container", container.path, "--bundle-id", Self.bundleID,
                "--manifest", manifestURL.path, "--date", "2026-01-10", "--app-version", "1.0",
            ] + extra)
    }

    func variantBytes(_ id: String) -> Data {
        let variant = manifest.variants.first { $0.id == id }!
        return pack.subdata(in: variant.packRange!)
    }

    func inode(_ name: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.systemFileNumber] as? NSNumber)?
            .intValue ?? -1
    }

    @Test("report prints what the last repair that changed something stored in the container; none yet is an error naming the file")
    func report() throws {
        defer { cleanUp() }
        let arguments = ["report", "--container", container.path, "--bundle-id", Self.bundleID]
        let none = try CLIRunner.run(arguments)
        #expect(none.status == 1)
        #expect(none.stderr.contains("last-report.json: no readable report"))
        let repaired = try repair()
        #expect(repaired.status == 0, "\(repaired.stderr)")
        let printed = try CLIRunner.run(arguments)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout == repaired.stdout)
        let json = try CLIRunner.run(arguments + ["--json"])
        let stored = try JSONDecoder().decode(RepairReport.self, from: Data(json.stdout.utf8))
        #expect(stored.files(.replaced).count == 4 && stored.layout == "winter")
        // A steady repair changes nothing, so the stored report stays the one that did.
        #expect(try repair().stdout.contains("total: 4 kept"))
        #expect(try CLIRunner.run(arguments).stdout == repaired.stdout)
    }

    @Test(
        "the four real AAPL files: replaced by their own appearance, names kept; a second run changes nothing; restore gives the originals back"
    )
    func mustShow() throws {
        defer { cleanUp() }
        let first = try repair()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("layout: winter"))
        #expect(first.stdout.contains("total: 4 replaced"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == Set(installed.keys))
        for (name, fixture) in installed {
            let appearance = fixture.contains("dark") ? "dark" : "light"
            #expect(
                try Data(contentsOf: folder.appendingPathComponent(name)) == variantBytes("winter-phone-1179x2556-portrait-\(appearance)"),
                "\(fixture)")
        }
        let inodes = try installed.keys.sorted().map(inode)
        let second = try repair()
        #expect(second.status == 0)
        #expect(second.stdout.contains("total: 4 kept; read"))
        #expect(second.stdout.contains("wrote 0 B"))
        #expect(try installed.keys.sorted().map(inode) == inodes)
        let restored = try CLIRunner.run(["restore", "--container", container.path, "--bundle-id", Self.bundleID])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.split(separator: "\n").filter { $0.hasPrefix("restored\t") }.count == 4)
        for (name, fixture) in installed {
            #expect(
                try Data(contentsOf: folder.appendingPathComponent(name))
                    == (try Data(contentsOf: Self.snapshots.appendingPathComponent(fixture))))
        }
    }

    @Test(
        """
        solid-colour AAPL snapshots made by the reference encoders (astcenc, Apple's LZFSE), portrait and landscape, \
        light and dark: each replaced by the variant of its own appearance, read from its pixels; a second run reads nothing
        """)
    func referenceEncodedSolidColour() throws {
        defer { cleanUp() }
        for name in installed.keys { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        let corpus = root.appendingPathComponent("Corpus")
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
            try FileManager.default.copyItem(at: corpus.appendingPathComponent(spec), to: folder.appendingPathComponent(name))
            generated[name] = spec.contains("-dark-") ? .dark : .light
        }
        #expect(generated.count == 4)

        let first = try repair(["--json"])
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
            #expect(file.bytesWritten == variantBytes(variant).count)
            #expect(try Data(contentsOf: folder.appendingPathComponent(file.name)) == variantBytes(variant))
        }

        let second = try repair(["--json"])
        #expect(second.status == 0, "\(second.stderr)")
        let again = try JSONDecoder().decode(RepairReport.self, from: Data(second.stdout.utf8))
        #expect(again.files.map(\.outcome) == [RepairReport.Outcome](repeating: .kept, count: 4))
        #expect(again.bytesRead == 0 && again.bytesWritten == 0, "second run read \(again.bytesRead) B, wrote \(again.bytesWritten) B")
    }

    @Test(
        "two repair processes at once, or repair beside restore, 50 trials: backups always hold the system's bytes, restore gives the originals back"
    )
    func concurrentProcesses() throws {
        defer { cleanUp() }
        let originals = try installed.mapValues { try Data(contentsOf: Self.snapshots.appendingPathComponent($0)) }
        let repairArguments = [
            "repair", "--container", container.path, "--bundle-id", Self.bundleID,
            "--manifest", manifestURL.path, "--date", "2026-01-10", "--app-version", "1.0",
        ]
        let restoreArguments = ["restore", "--container", container.path, "--bundle-id", Self.bundleID]
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
                let backup = container.appendingPathComponent("Library/Application Support/LaunchScreenRepair/Backups/\(name)")
                if FileManager.default.fileExists(atPath: backup.path) {
                    #expect(try Data(contentsOf: backup) == original, "trial \(trial): Backups/\(name) is not the system's")
                }
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasPrefix(".") })
            let restored = try CLIRunner.run(restoreArguments)
            #expect(restored.status == 0, "trial \(trial): \(restored.stderr)")
            for (name, original) in originals {
                #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == original, "trial \(trial): \(name) not restored")
            }
        }
        print("concurrent-repair: 50 trials, \(busy) runs found the other one in progress (busy), 0 backups of ours")
    }

    @Test("--json is the report; --dry-run writes nothing")
    func jsonAndDryRun() throws {
        defer { cleanUp() }
        let dry = try repair(["--dry-run", "--json"])
        #expect(dry.status == 0)
        let report = try JSONDecoder().decode(RepairReport.self, from: Data(dry.stdout.utf8))
        #expect(report.dryRun && report.files(.wouldReplace).count == 4)
        for (name, fixture) in installed {
            #expect(
                try Data(contentsOf: folder.appendingPathComponent(name))
                    == (try Data(contentsOf: Self.snapshots.appendingPathComponent(fixture))))
        }
        #expect(!FileManager.default.fileExists(atPath: container.appendingPathComponent("Library/Application Support").path))
    }

    @Test("the season follows --date: the fallback outside winter")
    func seasonByDate() throws {
        defer { cleanUp() }
        let result = try CLIRunner.run([
            "repair", "--container", container.path, "--bundle-id", Self.bundleID,
            "--manifest", manifestURL.path, "--date", "2026-07-01", "--json",
        ])
        let report = try JSONDecoder().decode(RepairReport.self, from: Data(result.stdout.utf8))
        #expect(report.layout == "default")
        #expect(report.files.allSatisfy { $0.variant?.hasPrefix("default-") == true })
    }

    @Test("iOS 12: unsupported, exit 0, nothing touched")
    func iOS12() throws {
        defer { cleanUp() }
        let result = try repair(["--system-version", "12.4"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("status: unsupported"))
        for (name, fixture) in installed {
            #expect(
                try Data(contentsOf: folder.appendingPathComponent(name))
                    == (try Data(contentsOf: Self.snapshots.appendingPathComponent(fixture))))
        }
    }

    @Test("bad input exits 1 naming the file and the place")
    func badInput() throws {
        defer { cleanUp() }
        var json = try String(contentsOf: manifestURL, encoding: .utf8)
        json = json.replacingOccurrences(of: "\"12-01\"", with: "\"13-45\"")
        let broken = root.appendingPathComponent("Output/broken.json")
        try json.write(to: broken, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["repair", "--container", container.path, "--bundle-id", Self.bundleID, "--manifest", broken.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains(broken.path))
        #expect(result.stderr.contains("$.layouts[0].schedule[0].from"))
        let noPack = try CLIRunner.run([
            "repair", "--container", container.path, "--bundle-id", Self.bundleID,
            "--manifest", manifestURL.path, "--pack", root.appendingPathComponent("nope.launchpack").path,
        ])
        #expect(noPack.status == 1)
        #expect(noPack.stderr.contains("nope.launchpack"))
    }

    @Test("usage errors exit 2")
    func usage() throws {
        defer { cleanUp() }
        #expect(try CLIRunner.run(["repair", "--bundle-id", Self.bundleID, "--manifest", manifestURL.path]).status == 2)
        #expect(try repair(["--date", "January"]).status == 2)
        #expect(try repair(["--appearance", "sepia"]).status == 2)
        #expect(try CLIRunner.run(["restore", "--container", container.path]).status == 2)
    }

    static func md5(_ data: Data) -> String { MD5Digest.hex(of: data) }

    static func png(width: Int, height: Int, text: String) -> Data {
        func be(_ value: Int) -> [UInt8] {
            [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += be(13) + Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
        let payload = Array("Comment\u{0}\(text)".utf8)
        bytes += be(payload.count) + Array("tEXt".utf8) + payload + [0, 0, 0, 0]
        bytes += be(0) + Array("IEND".utf8) + [0, 0, 0, 0]
        return Data(bytes)
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
