import Crypto
import Foundation
import LaunchScreenRepair
import TestSupport

@testable import LaunchAssetSources

/// One render of the package's own `Layouts/` and `Templates/` by the built CLI, shared by the
/// end-to-end tests (a full render takes a while).
struct BundledRender: Sendable {
    let output: URL
    let swiftFile: URL
    let result: CLIRunner.Result

    /// The options of ``shared``: the development language alone, since five languages take five
    /// times as long to render the same screens (``LocalizedRepairTests`` renders them all for one
    /// layout).
    static let arguments = ["--preview", "--language", "en"]

    /// Rendered once per test run, on first use.
    static let shared: BundledRender = {
        do {
            return try BundledRender(arguments: arguments)
        } catch {
            fatalError("cannot run launch-assets: \(error)")
        }
    }()

    /// Renders the bundled layouts into a new temporary folder with `arguments` added; every
    /// variant is rendered (`--no-cache`), so two renders really are two.
    init(arguments: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launch-assets-e2e-\(UUID().uuidString)")
        output = folder.appendingPathComponent("OUT")
        swiftFile = output.appendingPathComponent("LaunchAssets.swift")
        result = try CLIRunner.run(["render", "--quiet", "--no-cache", "--swift", swiftFile.path, "--output", output.path] + arguments)
    }

    func manifest() throws -> LaunchManifest {
        try JSONDecoder().decode(LaunchManifest.self, from: Data(contentsOf: output.appendingPathComponent("manifest.json")))
    }

    /// Every file below the output folder, by relative path.
    func files() throws -> [String: Data] {
        try FileTree.contents(of: output)
    }
}

enum FileTree {
    /// Every regular file below `folder`, by path relative to it.
    static func contents(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = folder.standardizedFileURL.path + "/"
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(root.count))] = try Data(contentsOf: url)
        }
        return files
    }

    /// ``contents(of:)`` without the sources record in each Swift file's header, which names the
    /// command that rendered it: what two commands that render the same thing both write.
    static func rendered(of folder: URL) throws -> [String: Data] {
        var files = try contents(of: folder)
        for (path, data) in files where path.hasSuffix(".swift") {
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            files[path] = Data(lines.filter { !SourcesRecord.isRecordLine($0) }.joined(separator: "\n").utf8)
        }
        return files
    }
}

extension Data {
    var md5Hex: String {
        Insecure.MD5.hash(data: self).map { String(format: "%02x", $0) }.joined()
    }

    /// Width and height from a PNG's IHDR chunk, or `nil` when this is not a PNG.
    var pngSize: (width: Int, height: Int)? {
        let bytes = [UInt8](prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            bytes[12..<16] == Array("IHDR".utf8)[...]
        else { return nil }
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (u32(16), u32(20))
    }
}
