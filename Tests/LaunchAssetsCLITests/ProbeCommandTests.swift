import Foundation
import TestSupport
import Testing

/// `launch-assets probe`, through the real binary.
@Suite("launch-assets probe")
struct ProbeCommandTests {
    static let fixtures = PackageRoot.url.appendingPathComponent("Tests/LaunchScreenRepairTests/Fixtures")
    /// The shared fixture set next to the package, when present (the development checkout).
    static let shared = PackageRoot.url.deletingLastPathComponent().appendingPathComponent("shared/fixtures")

    @Test("one line per file: path, format, size; exit 0")
    func realSnapshots() throws {
        let names = [
            "aapl-1179x2556-portrait-light.ktx", "aapl-1179x2556-landscape-dark.ktx",
            "png-1179x2556-portrait-dark.ktx", "png-1179x2556-landscape-light.ktx",
        ]
        let paths = names.map { Self.fixtures.appendingPathComponent("snapshots/\($0)").path }
        let result = try CLIRunner.run(["probe"] + paths)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                \(paths[0])\taapl\t1179x2556
                \(paths[1])\taapl\t2556x1179
                \(paths[2])\tpng\t1179x2556
                \(paths[3])\tpng\t2556x1179

                """)
    }

    @Test("JPEG with EXIF thumbnails, KTX and KTX2")
    func otherFormats() throws {
        let cases = [
            ("images/exif-samples_Canon_40D.jpg", "jpeg\t100x68"), ("images/exif-samples_tests_32-lens_data.jpeg", "jpeg\t200x133"),
            ("ktx/etc1.ktx", "ktx\t128x128"), ("ktx/ktxparse_CesiumLogoFlat.ktx2", "ktx2\t211x211"),
        ]
        let result = try CLIRunner.run(["probe"] + cases.map { Self.fixtures.appendingPathComponent($0.0).path })
        #expect(result.status == 0)
        #expect(
            result.stdout.split(separator: "\n").map { $0.split(separator: "\t").dropFirst().joined(separator: "\t") } == cases.map(\.1))
    }

    @Test("broken files: an error line each with the reason and place, the good ones still printed, exit 1")
    func brokenFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = try Data(contentsOf: Self.fixtures.appendingPathComponent("snapshots/aapl-1179x2556-portrait-dark.ktx"))
        let files: [(String, Data?)] = [
            ("empty.ktx", Data()), ("short.ktx", real.prefix(40)), ("text.ktx", Data("not an image".utf8)),
            ("good.ktx", real), ("missing.ktx", nil),
        ]
        for (name, data) in files { if let data { try data.write(to: folder.appendingPathComponent(name)) } }
        let result = try CLIRunner.run(["probe"] + files.map { folder.appendingPathComponent($0.0).path })
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let p = { (name: String) in folder.appendingPathComponent(name).path }
        #expect(lines.count == 5)
        #expect(lines[0] == "\(p("empty.ktx"))\terror\tempty file")
        #expect(lines[1] == "\(p("short.ktx"))\terror\ttruncated at byte 40 (8 more bytes needed)")
        #expect(lines[2] == "\(p("text.ktx"))\terror\tunknown format (leading bytes 6E 6F 74 20 61 6E 20 69)")
        #expect(lines[3] == "\(p("good.ktx"))\taapl\t1179x2556")
        #expect(lines[4].hasPrefix("\(p("missing.ktx"))\terror\tunreadable: "))
    }

    @Test("usage errors exit 2")
    func usage() throws {
        let none = try CLIRunner.run(["probe"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("Missing expected argument"))
        #expect(try CLIRunner.run(["probe", "--frobnicate", "x.ktx"]).status == 2)
    }

    @Test(
        "every file of the shared fixture set matches its EXPECTED.tsv",
        .enabled(
            if: FileManager.default.fileExists(atPath: shared.appendingPathComponent("ktx/EXPECTED.tsv").path),
            "the shared fixture folder is not next to the package"))
    func sharedFixtures() throws {
        var expected: [String: String] = [:]
        for folder in ["ktx", "images"] {
            let table = try String(contentsOf: Self.shared.appendingPathComponent("\(folder)/EXPECTED.tsv"), encoding: .utf8)
            for row in table.split(separator: "\n") where !row.hasPrefix("#") && !row.hasPrefix("file\t") {
                let cells = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                let format = ["KTX1": "ktx", "KTX2": "ktx2", "JPEG": "jpeg", "PNG": "png"][cells[3]]
                expected["\(folder)/\(cells[0])"] = format.map { "\($0)\t\(cells[1])x\(cells[2])" } ?? "error"
            }
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.shared.appendingPathComponent("snapshots").path)
        where name.hasSuffix(".ktx") {
            expected["snapshots/\(name)"] =
                "\(name.hasPrefix("aapl") ? "aapl" : "png")\t\(name.contains("landscape") ? "2556x1179" : "1179x2556")"
        }
        let relative = expected.keys.sorted()
        let result = try CLIRunner.run(["probe"] + relative, in: Self.shared)
        #expect(result.status == 1)  // pngsuite_xs1n0g01.png has a broken signature
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == relative.count)
        for (path, line) in zip(relative, lines) {
            let found = line.split(separator: "\t").dropFirst().map(String.init)
            let want = expected[path]!
            #expect(want == "error" ? found.first == "error" : found.joined(separator: "\t") == want, "\(path): \(line)")
        }
        #expect(relative.count >= 80)
    }
}
