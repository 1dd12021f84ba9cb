import Foundation
import Testing
@testable import LaunchAssetCompiler

@Suite struct OutputWriterTests {
    private func contents(of folder: URL) -> [String] {
        (FileManager.default.subpaths(atPath: folder.path) ?? []).sorted()
    }

    private func siblings(of url: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).sorted()) ?? []
    }

    private func modificationDate(_ url: URL) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
    }

    @Test func writesAFolderWithNestedFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("Build/LaunchAssets")
        try OutputWriter(directory: output).write([
            output.appendingPathComponent("manifest.json"): Data("{}\n".utf8),
            output.appendingPathComponent("images/winter/a.png"): Data([1, 2, 3]),
            output.appendingPathComponent("images/b.png"): Data([4]),
        ])
        #expect(contents(of: output) == ["images", "images/b.png", "images/winter", "images/winter/a.png", "manifest.json"])
        #expect(try Data(contentsOf: output.appendingPathComponent("images/winter/a.png")) == Data([1, 2, 3]))
        #expect(try Data(contentsOf: output.appendingPathComponent("manifest.json")) == Data("{}\n".utf8))
        #expect(siblings(of: output) == ["LaunchAssets"], "no staging or previous folder is left behind")
    }

    @Test func replacesAnExistingOutputFolderWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("LaunchAssets")
        try folder.write("LaunchAssets/old.png", Data([9]))
        try folder.write("LaunchAssets/images/stale.png", Data([9]))
        try folder.write("LaunchAssets/manifest.json", "old")
        try OutputWriter(directory: output).write([
            output.appendingPathComponent("manifest.json"): Data("new".utf8),
            output.appendingPathComponent("images/fresh.png"): Data([1]),
        ])
        #expect(contents(of: output) == ["images", "images/fresh.png", "manifest.json"])
        #expect(try String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8) == "new")
        #expect(siblings(of: output) == ["LaunchAssets"])
    }

    @Test func anEmptyRenderStillReplacesTheFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("LaunchAssets")
        try folder.write("LaunchAssets/old.png", Data([9]))
        try OutputWriter(directory: output).write([:])
        #expect(contents(of: output) == [])
        #expect(siblings(of: output) == ["LaunchAssets"])
    }

    @Test func outputPathThatIsAFileFailsAndLeavesItUntouched() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try folder.write("LaunchAssets", "I am a file")
        let before = try modificationDate(output)
        let error = try #require(throws: CompilerError.self) {
            try OutputWriter(directory: output).write([output.appendingPathComponent("manifest.json"): Data("{}".utf8)])
        }
        #expect(error.diagnostics.count == 1)
        #expect(error.diagnostics.first?.file == displayed(output))
        #expect(error.diagnostics.first?.message.contains("not a folder") == true)
        #expect(try String(contentsOf: output, encoding: .utf8) == "I am a file")
        #expect(try modificationDate(output) == before)
        #expect(siblings(of: output) == ["LaunchAssets"], "no .staging- sibling")
        #expect(!siblings(of: output).contains { $0.contains(".staging-") })
    }

    @Test func failureWhileStagingLeavesThePreviousOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("LaunchAssets")
        try folder.write("LaunchAssets/manifest.json", "previous")
        // "images" is a file and a folder at once: the second write cannot happen.
        let error = try #require(throws: CompilerError.self) {
            try OutputWriter(directory: output).write([
                output.appendingPathComponent("images"): Data([1]),
                output.appendingPathComponent("images/a.png"): Data([2]),
            ])
        }
        #expect(error.diagnostics.first?.message.contains("previous output is untouched") == true)
        #expect(contents(of: output) == ["manifest.json"])
        #expect(try String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8) == "previous")
        #expect(siblings(of: output) == ["LaunchAssets"], "the staging folder is removed")
    }

    @Test func fileOutsideTheFolderIsWrittenAndLeftAloneWhenUnchanged() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("LaunchAssets")
        let swift = folder.path("Sources/App/SeasonalLaunch.swift")
        let pack = folder.path("Resources/SeasonalLaunch.launchpack")
        let writer = OutputWriter(directory: output)
        let files: [URL: Data] = [
            output.appendingPathComponent("manifest.json"): Data("{}".utf8),
            swift: Data("enum SeasonalLaunch {}\n".utf8),
            pack: Data([0x4C, 0x50, 0x41, 0x4B]),
        ]
        try writer.write(files)
        #expect(try Data(contentsOf: swift) == Data("enum SeasonalLaunch {}\n".utf8))
        #expect(try Data(contentsOf: pack) == Data([0x4C, 0x50, 0x41, 0x4B]))
        #expect(!contents(of: output).contains { $0.hasSuffix(".swift") }, "outside files do not go into the folder")

        // Backdate the outside files, then write the same bytes again: left untouched.
        let past = Date(timeIntervalSince1970: 1_600_000_000)
        for url in [swift, pack] { try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: url.path) }
        try writer.write(files)
        #expect(try modificationDate(swift) == past)
        #expect(try modificationDate(pack) == past)

        // Other bytes are written.
        var changed = files
        changed[swift] = Data("enum SeasonalLaunch { case a }\n".utf8)
        try writer.write(changed)
        #expect(try Data(contentsOf: swift) == Data("enum SeasonalLaunch { case a }\n".utf8))
        #expect(try modificationDate(swift) != past)
        #expect(try modificationDate(pack) == past)
        #expect(siblings(of: swift) == ["SeasonalLaunch.swift"], "no temporary file left beside it")
    }

    @Test func replaceFileCreatesFolders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.path("a/b/c.txt")
        try OutputWriter.replaceFile(at: file, with: Data("x".utf8))
        #expect(try Data(contentsOf: file) == Data("x".utf8))
    }

    @Test func siblingWithTheSamePrefixIsOutside() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("LaunchAssets")
        let beside = folder.path("LaunchAssets-extra/file.txt")
        try OutputWriter(directory: output).write([beside: Data("x".utf8), output.appendingPathComponent("m.json"): Data()])
        #expect(try Data(contentsOf: beside) == Data("x".utf8))
        #expect(contents(of: output) == ["m.json"])
    }
}
