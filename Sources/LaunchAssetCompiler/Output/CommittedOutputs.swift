import Foundation
import LaunchScreenRepair

/// The outputs of a render that an app commits instead of running the build plugin (the
/// generated Swift, the pack or the asset catalog, the launch screen), and whether they are
/// still what the inputs give: `render --check`.
///
/// Nothing is rendered. The Swift file records the inputs' ``InputStamp`` and the manifest's
/// version; every pack must carry that version; the files known without pixels (the
/// storyboard, each `Contents.json`) must have the very bytes a render would write, and each
/// logo PNG must be whole and of its size.
public struct CommittedOutputs: Sendable {
    /// Where the render puts the pack: a file, or an asset catalog's data set.
    public enum PackLocation: Sendable {
        case file(URL)
        /// `directory` holds `<Type>.xcassets`; `idioms` are those with bundled variants.
        case assetCatalog(directory: URL, catalog: AssetCatalog, idioms: [Idiom])
    }

    /// One output that is not what the inputs give, and why.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        public var file: URL
        public var reason: String

        public var description: String { "\(file.relativePathForDisplay): \(reason)" }
    }

    public var swift: URL
    public var pack: PackLocation
    /// The launch screen, its storyboard file and the `<Type>.xcassets` folder it goes into.
    public var launchScreen: (files: LaunchScreenFiles, storyboard: URL, catalog: URL)?

    public init(swift: URL, pack: PackLocation, launchScreen: (files: LaunchScreenFiles, storyboard: URL, catalog: URL)? = nil) {
        self.swift = swift
        self.pack = pack
        self.launchScreen = launchScreen
    }

    /// Every output that does not match `stamp`; empty when all are up to date.
    public func staleFiles(for stamp: InputStamp) -> [Finding] {
        var findings: [Finding] = []
        guard let text = Self.read(swift, into: &findings).map({ String(decoding: $0, as: UTF8.self) }) else { return findings }
        let header = text.split(separator: "\n", maxSplits: 8, omittingEmptySubsequences: false).prefix(8)
        func recorded(_ prefix: String) -> String? {
            header.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count).prefix { $0 != ":" }) }
        }
        guard let version = recorded(SwiftSourceGenerator.manifestVersionPrefix) else {
            return [Finding(file: swift, reason: "not a Swift file launch-assets generated (no \"// Manifest\" line)")]
        }
        switch recorded(SwiftSourceGenerator.inputStampPrefix) {
        case nil:
            findings.append(Finding(file: swift, reason: "records no inputs stamp (written by an older launch-assets, or by merge)"))
        case let found? where found != stamp.description:
            findings.append(Finding(file: swift, reason: "rendered from other inputs (stamp \(found), the inputs now give \(stamp))"))
        default:
            break
        }
        switch pack {
        case .file(let url):
            checkPack(url, version: version, into: &findings)
        case .assetCatalog(let directory, let catalog, let idioms):
            compare(catalog.describedFiles(in: directory, idioms: idioms), into: &findings)
            for (_, url) in catalog.packFiles(in: directory, idioms: idioms).sorted(by: { $0.value.path < $1.value.path }) {
                checkPack(url, version: version, into: &findings)
            }
        }
        if let launchScreen {
            compare(launchScreen.files.describedFiles(storyboard: launchScreen.storyboard, catalog: launchScreen.catalog), into: &findings)
            for (url, pixels) in launchScreen.files.logoFiles(catalog: launchScreen.catalog) {
                guard let png = Self.read(url, into: &findings) else { continue }
                if !RenderCache.isWholePNG(png, width: pixels.width, height: pixels.height) {
                    findings.append(Finding(file: url, reason: "not a whole PNG of \(pixels) pixels"))
                }
            }
        }
        return findings
    }

    /// The pack's header must name the manifest `version` the Swift file was generated for.
    private func checkPack(_ url: URL, version: String, into findings: inout [Finding]) {
        guard FileManager.default.fileExists(atPath: url.path) else {
            findings.append(Finding(file: url, reason: "missing"))
            return
        }
        do {
            let found = try LaunchPack(contentsOf: url).version
            if found != version {
                findings.append(Finding(file: url, reason: "written for manifest \(found), the Swift file names \(version)"))
            }
        } catch {
            findings.append(Finding(file: url, reason: "unreadable pack: \(error)"))
        }
    }

    private func compare(_ expected: [URL: Data], into findings: inout [Finding]) {
        for (url, bytes) in expected.sorted(by: { $0.key.path < $1.key.path }) {
            guard let found = Self.read(url, into: &findings) else { continue }
            if found != bytes { findings.append(Finding(file: url, reason: "differs from what the inputs give")) }
        }
    }

    private static func read(_ url: URL, into findings: inout [Finding]) -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else {
            findings.append(Finding(file: url, reason: "missing"))
            return nil
        }
        do { return try Data(contentsOf: url) } catch {
            findings.append(Finding(file: url, reason: "unreadable (\(error.localizedDescription))"))
            return nil
        }
    }
}
