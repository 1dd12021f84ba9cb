import Foundation
import TestSupport
import Testing

@testable import LaunchAssetCompiler

@Suite("Writing the output folder")
struct OutputWriterTests {
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
            output.appendingPathComponent("manifest.json"): .bytes(Data("{}\n".utf8)),
            output.appendingPathComponent("images/winter/a.png"): .bytes(Data([1, 2, 3])),
            output.appendingPathComponent("images/b.png"): .bytes(Data([4])),
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
            output.appendingPathComponent("manifest.json"): .bytes(Data("new".utf8)),
            output.appendingPathComponent("images/fresh.png"): .bytes(Data([1])),
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
            try OutputWriter(directory: output).write([output.appendingPathComponent("manifest.json"): .bytes(Data("{}".utf8))])
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
                output.appendingPathComponent("images"): .bytes(Data([1])),
                output.appendingPathComponent("images/a.png"): .bytes(Data([2])),
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
        let files: [URL: FileContents] = [
            output.appendingPathComponent("manifest.json"): .bytes(Data("{}".utf8)),
            swift: .bytes(Data("enum SeasonalLaunch {}\n".utf8)),
            pack: .bytes(Data([0x4C, 0x50, 0x41, 0x4B])),
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
        changed[swift] = .bytes(Data("enum SeasonalLaunch { case a }\n".utf8))
        try writer.write(changed)
        #expect(try Data(contentsOf: swift) == Data("enum SeasonalLaunch { case a }\n".utf8))
        #expect(try modificationDate(swift) != past)
        #expect(try modificationDate(pack) == past)
        #expect(siblings(of: swift) == ["SeasonalLaunch.swift"], "no temporary file left beside it")
    }

    @Test func siblingWithTheSamePrefixIsOutside() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("LaunchAssets")
        let beside = folder.path("LaunchAssets-extra/file.txt")
        try OutputWriter(directory: output).write([beside: .bytes(Data("x".utf8)), output.appendingPathComponent("m.json"): .bytes(Data())])
        #expect(try Data(contentsOf: beside) == Data("x".utf8))
        #expect(contents(of: output) == ["m.json"])
    }

    @Test func filePartsAreCopiedInOrderAndAnUnchangedCopyIsLeftAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Larger than one read, so the copy and the comparison go piece by piece.
        var generator = SystemRandomNumberGenerator()
        let large = Data((0..<2_500_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let first = try folder.write("rendered/0.png", large)
        let second = try folder.write("rendered/1.png", Data([7, 8, 9]))
        let output = folder.path("LaunchAssets")
        let pack = folder.path("Resources/x.launchpack")
        let packContents = FileContents([.bytes(Data("LPAK".utf8)), .file(first, length: large.count), .file(second, length: 3)])
        #expect(packContents.count == 4 + large.count + 3)
        let files: [URL: FileContents] = [
            pack: packContents,
            output.appendingPathComponent("images/a.png"): FileContents([.file(first, length: large.count)]),
        ]
        let writer = OutputWriter(directory: output)
        try writer.write(files)
        #expect(try Data(contentsOf: pack) == Data("LPAK".utf8) + large + Data([7, 8, 9]))
        #expect(try Data(contentsOf: output.appendingPathComponent("images/a.png")) == large)
        #expect(try packContents.data() == Data(contentsOf: pack))

        // The same contents again: neither the pack nor the folder is rewritten.
        let past = Date(timeIntervalSince1970: 1_600_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: pack.path)
        let inode = try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber] as? Int
        try writer.write(files)
        #expect(try modificationDate(pack) == past)
        #expect(try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber] as? Int == inode)

        // One byte differs deep in the second piece: both are rewritten.
        var edited = large
        edited[1_500_000] ^= 0xFF
        try edited.write(to: first)
        try writer.write(files)
        #expect(try Data(contentsOf: pack) == Data("LPAK".utf8) + edited + Data([7, 8, 9]))
        #expect(try Data(contentsOf: output.appendingPathComponent("images/a.png")) == edited)
    }

    @Test func aRenderedFileShorterThanItsPartFailsAndLeavesTheOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("LaunchAssets")
        try folder.write("LaunchAssets/manifest.json", "old")
        let pack = try folder.write("x.launchpack", "old pack")
        let short = try folder.write("rendered/0.png", Data([1, 2, 3]))
        let missing = folder.path("rendered/1.png")
        for (part, message) in [(short, "expected 10 bytes, found 3"), (missing, "cannot read the file")] {
            for target in [output.appendingPathComponent("images/a.png"), pack] {
                do {
                    try OutputWriter(directory: output).write([
                        output.appendingPathComponent("manifest.json"): .bytes(Data("new".utf8)),
                        target: FileContents([.bytes(Data("LPAK".utf8)), .file(part, length: 10)]),
                    ])
                    Issue.record("a short or missing part must fail")
                } catch {
                    let diagnostic = try #require(error.diagnostics.first)
                    #expect(diagnostic.file == part.path, "names the rendered file, not the output")
                    #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
                }
                #expect(try String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8) == "old")
                #expect(try String(contentsOf: pack, encoding: .utf8) == "old pack")
                #expect(siblings(of: output) == ["LaunchAssets", "rendered", "x.launchpack"], "nothing staged is left behind")
            }
        }
    }

    // MARK: Folders the render owns besides the output (an asset catalog)

    @Test func anOwnedFolderIsReplacedWholeWithTheOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("LaunchAssets")
        let catalog = folder.path("App/LaunchAssets.xcassets")
        try folder.write("App/LaunchAssets.xcassets/Stale.dataset/old.launchpack", Data([9]))
        try folder.write("App/Other.swift", "untouched")
        let writer = OutputWriter(directory: output, ownedFolders: [catalog])
        let files: [URL: FileContents] = [
            output.appendingPathComponent("manifest.json"): .bytes(Data("{}".utf8)),
            catalog.appendingPathComponent("Contents.json"): .bytes(Data("{}".utf8)),
            catalog.appendingPathComponent("Pack.dataset/phone.launchpack"): .bytes(Data([1])),
        ]
        try writer.write(files)
        #expect(contents(of: catalog) == ["Contents.json", "Pack.dataset", "Pack.dataset/phone.launchpack"], "the stale data set is gone")
        #expect(contents(of: output) == ["manifest.json"])
        #expect(siblings(of: catalog) == ["LaunchAssets.xcassets", "Other.swift"], "nothing staged is left behind")

        // Written again unchanged: the folder is left as it is.
        let past = Date(timeIntervalSince1970: 1_600_000_000)
        let pack = catalog.appendingPathComponent("Pack.dataset/phone.launchpack")
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: pack.path)
        try writer.write(files)
        #expect(try modificationDate(pack) == past)
    }

    @Test func anOwnedFolderInsideTheOutputIsPartOfIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("LaunchAssets")
        let catalog = output.appendingPathComponent("LaunchAssets.xcassets")
        try OutputWriter(directory: output, ownedFolders: [catalog]).write([
            output.appendingPathComponent("manifest.json"): .bytes(Data("{}".utf8)),
            catalog.appendingPathComponent("Contents.json"): .bytes(Data("{}".utf8)),
        ])
        #expect(contents(of: output) == ["LaunchAssets.xcassets", "LaunchAssets.xcassets/Contents.json", "manifest.json"])
        #expect(siblings(of: output) == ["LaunchAssets"])
    }

    @Test func aFailureLeavesEveryOwnedFolderAsItWas() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("LaunchAssets")
        let catalog = folder.path("App/LaunchAssets.xcassets")
        try folder.write("LaunchAssets/manifest.json", "previous")
        try folder.write("App/LaunchAssets.xcassets/Contents.json", "previous catalog")
        // Fails while staging the catalog: a file and a folder of the same name.
        let staging = try #require(throws: CompilerError.self) {
            try OutputWriter(directory: output, ownedFolders: [catalog]).write([
                output.appendingPathComponent("manifest.json"): .bytes(Data("new".utf8)),
                catalog.appendingPathComponent("Pack.dataset"): .bytes(Data([1])),
                catalog.appendingPathComponent("Pack.dataset/a.launchpack"): .bytes(Data([2])),
            ])
        }
        #expect(staging.diagnostics.first?.message.contains("previous output is untouched") == true)
        // Fails while staging a file outside the folders: a folder is where it goes.
        try FileManager.default.createDirectory(at: folder.path("Sources/LaunchAssets.swift"), withIntermediateDirectories: true)
        let late = try #require(throws: CompilerError.self) {
            try OutputWriter(directory: output, ownedFolders: [catalog]).write([
                output.appendingPathComponent("manifest.json"): .bytes(Data("new".utf8)),
                catalog.appendingPathComponent("Contents.json"): .bytes(Data("new catalog".utf8)),
                folder.path("Sources/LaunchAssets.swift"): .bytes(Data("enum LaunchAssets {}".utf8)),
            ])
        }
        #expect(late.diagnostics.first?.message.contains("a folder is in the way") == true, "\(late)")
        #expect(try String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8) == "previous")
        #expect(try String(contentsOf: catalog.appendingPathComponent("Contents.json"), encoding: .utf8) == "previous catalog")
        #expect(contents(of: catalog) == ["Contents.json"])
        #expect(siblings(of: catalog) == ["LaunchAssets.xcassets"], "no staging or previous folder is left behind")
        #expect(siblings(of: output) == ["App", "LaunchAssets", "Sources"])
    }

    @Test func anOwnedFolderThatIsAFileIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let catalog = try folder.write("LaunchAssets.xcassets", "a file")
        let error = try #require(throws: CompilerError.self) {
            try OutputWriter(directory: folder.path("out"), ownedFolders: [catalog]).write([
                catalog.appendingPathComponent("Contents.json"): .bytes(Data("{}".utf8))
            ])
        }
        #expect(error.diagnostics.first?.file == displayed(catalog))
        #expect(error.diagnostics.first?.message.contains("not a folder") == true)
        #expect(try String(contentsOf: catalog, encoding: .utf8) == "a file")
    }
}
