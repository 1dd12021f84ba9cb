import Foundation
import LaunchAssetSources
import LaunchScreenRepair

/// Whether a committed render is what its inputs give, judged by bytes: the generated Swift
/// file's header records the digest of every input file the render read; the check reads them
/// again, and checks that the other committed files are there and carry the manifest's version.
/// No plan, no system library.
struct CommittedRenderCheck {
    /// Why the committed render is stale, or cannot be checked.
    enum Finding: Hashable, CustomStringConvertible {
        /// The Swift file is not there or cannot be read.
        case unreadable(reason: String)
        /// No launch-assets header: not a generated file.
        case notGenerated
        /// Another launch-assets wrote it.
        case otherGenerator(found: String)
        /// The sources record cannot be read.
        case record(SourcesRecord.ReadError)
        /// An input file differs from the record.
        case source(SourceChange)
        /// A committed output is not there.
        case missingOutput(path: String)
        /// A pack is for another manifest, or cannot be read.
        case pack(path: String, reason: String)

        /// Whether the finding means the render is stale (render again), rather than that it
        /// cannot be checked.
        var isStale: Bool {
            switch self {
            case .unreadable, .notGenerated, .record: false
            case .otherGenerator, .source, .missingOutput, .pack: true
            }
        }

        var description: String {
            switch self {
            case .unreadable(let reason): "cannot be read: \(reason)"
            case .notGenerated:
                "is not a Swift file launch-assets generated (no \"\(GeneratedSwiftHeader.generatorPrefix)launch-assets\" line)"
            case .otherGenerator(let found): "was rendered by \(found), this check is \(GeneratorVersion.manifestName)"
            case .record(let error): error.description
            case .source(let change): change.description
            case .missingOutput(let path): "\(path) is missing"
            case .pack(let path, let reason): "\(path) \(reason)"
            }
        }
    }

    /// The generated Swift file.
    let swiftFile: URL

    /// The record, when the header has one: the command that renders again.
    private(set) var record: SourcesRecord?

    init(swiftFile: URL) {
        self.swiftFile = swiftFile.standardizedFileURL
    }

    /// Every finding; none when the committed render is up to date.
    mutating func findings() -> [Finding] {
        let text: String
        do { text = String(decoding: try Data(contentsOf: swiftFile), as: UTF8.self) } catch {
            return [.unreadable(reason: error.localizedDescription)]
        }
        guard let header = GeneratedSwiftHeader(text) else { return [.notGenerated] }
        let record: SourcesRecord
        do { record = try SourcesRecord(header: text) } catch {
            return [header.generator == GeneratorVersion.manifestName ? .record(error) : .otherGenerator(found: header.generator)]
        }
        self.record = record
        var findings: [Finding] = []
        if header.generator != GeneratorVersion.manifestName { findings.append(.otherGenerator(found: header.generator)) }
        findings += record.changes(besides: swiftFile).map(Finding.source)
        for path in record.outputs {
            let url = SourcesRecord.url(of: path, besides: swiftFile)
            guard FileManager.default.fileExists(atPath: url.path) else {
                findings.append(.missingOutput(path: path))
                continue
            }
            guard url.pathExtension == "launchpack" else { continue }
            do {
                let version = try LaunchPack(contentsOf: url).version
                if version != header.manifestVersion {
                    findings.append(.pack(path: path, reason: "is for manifest \(version), the Swift file names \(header.manifestVersion)"))
                }
            } catch {
                findings.append(.pack(path: path, reason: "cannot be read as a pack: \(error)"))
            }
        }
        return findings
    }
}
