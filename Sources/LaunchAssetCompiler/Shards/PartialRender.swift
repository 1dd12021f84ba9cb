import Crypto
import Foundation
import LaunchScreenRepair

/// A shard's output folder: `images/<id>.png` of its variants, `shard.json` (this type), and,
/// for shard 1 of a render with `--preview`, `preview.png` (drawn from the SVGs, not the PNGs).
///
/// `shard.json` carries the whole plan, so that ``merge(_:)`` can write exactly the folder a
/// single render writes, and a fingerprint of it, so that shards of different inputs, options
/// or generators are refused.
public struct PartialRender: Codable, Sendable {
    public var shard: Shard
    /// SHA-256 of everything that decides the output: the render's ``InputStamp/inputs``
    /// (generator, options, every variant's entry and SVG with the files it refers to), the
    /// preview and the number of shards. Shards that belong together have the same plan.
    public var plan: String
    public var typeName: String
    public var bundle: SwiftSourceGenerator.ResourceBundle
    /// Whether shard 1 holds `preview.png`.
    public var preview: Bool
    /// Where remotely delivered layouts are published, for the generated Swift.
    public var remote: RemoteSourceSettings?
    public var layouts: [LaunchManifest.Layout]
    /// Every variant of the whole render, without `md5`, `offset` and `length`.
    public var variants: [LaunchManifest.Variant]
    public var models: [String: String]
    /// The layouts' development language (``LaunchManifest/developmentLanguage``); `nil` in a
    /// shard from an older launch-assets.
    public var developmentLanguage: String?
    /// Catalog id → name of every device the variants name, for a gallery.
    public var deviceNames: [String: String]
    /// This shard's variants as rendered: id, `md5`, `length`.
    public var rendered: [Image]
    /// ``InputStamp/inputs`` of the whole render, which `merge` records in the Swift file;
    /// `nil` in a shard from an older launch-assets.
    public var inputs: String?

    public struct Image: Codable, Sendable, Hashable {
        public var id: String
        public var md5: String
        public var length: Int
    }

    /// Describes shard `shard` of `plan`, whose variants (this shard's, in order) rendered to `images`.
    /// `inputs` is the whole render's ``InputStamp/inputs``, which already covers the generator,
    /// the options and every variant; the plan adds what only a shard has.
    public init(
        shard: Shard, plan: Plan, images: [RenderedImage], typeName: String,
        bundle: SwiftSourceGenerator.ResourceBundle, remote: RemoteLayoutSource? = nil, preview: Bool, inputs: String
    ) {
        self.shard = shard
        self.inputs = inputs
        self.typeName = typeName
        self.bundle = bundle
        self.preview = preview
        self.remote = remote.map {
            RemoteSourceSettings(url: $0.url.absoluteString, publicKey: $0.publicKey, prefetchDays: $0.prefetchDays)
        }
        layouts = plan.layouts.map(\.manifestEntry)
        variants = plan.variants.map(\.manifestEntry)
        models = GeneratedAssets.models(of: plan.variants, among: plan.catalog.devices)
        developmentLanguage = plan.layouts.first?.developmentLanguage
        deviceNames = plan.catalog.names(of: plan.variants.flatMap(\.devices))
        rendered = zip(shard.part(of: plan.variants, screen: \.screen), images).map { Image(id: $0.id, md5: $1.md5, length: $1.length) }
        self.plan = SHA256.hash(data: Data("\(inputs)\npreview \(preview)\nshards \(shard.count)\n".utf8)).hexString
    }

    /// `shard.json`, pretty-printed with sorted keys.
    public var json: Data {
        PrettyJSON.data(self)
    }

    /// The whole render from its shards' folders: every shard of one plan exactly once, each
    /// holding exactly its variants with the bytes its `shard.json` records. A problem names the
    /// folder or file.
    public static func merge(_ folders: [URL]) throws(CompilerError) -> Merged {
        let fileName = RenderFolderLayout.shardRecordName
        var shards: [(folder: URL, record: PartialRender)] = []
        for folder in folders {
            let file = RenderFolderLayout(folder: folder).shardRecord
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw CompilerError(Diagnostic.notAShardFolder(record: fileName).placed(file: file.relativePathForDisplay, path: nil))
            }
            shards.append((folder, try JSONInputFile(contentsOf: file, kind: "shard record").decode(PartialRender.self, allowedKeys: [:])))
        }
        guard let first = shards.first else { throw CompilerError(.noShards) }
        let display = { (folder: URL) in RenderFolderLayout(folder: folder).shardRecord.relativePathForDisplay }
        for (folder, record) in shards.dropFirst() where record.plan != first.record.plan {
            throw CompilerError(
                Diagnostic.shardOfAnotherRender(first: display(first.folder), plan: record.plan, firstPlan: first.record.plan).placed(
                    file: display(folder), path: nil))
        }
        var byIndex: [Int: (folder: URL, record: PartialRender)] = [:]
        for shard in shards {
            if let other = byIndex[shard.record.shard.index] {
                throw CompilerError(
                    Diagnostic.shardTwice("\(shard.record.shard)", also: display(other.folder)).placed(
                        file: display(shard.folder), path: nil))
            }
            byIndex[shard.record.shard.index] = shard
        }
        let count = first.record.shard.count
        let missing = (1...count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw CompilerError(.shardsMissing(missing.map { "\($0)/\(count)" }, of: count))
        }
        // Each shard must hold exactly its deal of the plan; together they then cover it once.
        var images: [String: RenderedImage] = [:]
        for index in 1...count {
            let (folder, record) = byIndex[index]!
            let expected = record.shard.part(of: record.variants, screen: \.screen).map(\.id)
            guard record.rendered.map(\.id) == expected else {
                throw CompilerError(Diagnostic.shardListsOtherVariants("\(record.shard)").placed(file: display(folder), path: "rendered"))
            }
            for image in record.rendered {
                let file = RenderFolderLayout(folder: folder).image(ofVariant: image.id)
                let data: Data
                do { data = try Data(contentsOf: file) } catch {
                    throw CompilerError(
                        Diagnostic.shardImageUnreadable(reason: file.readFailure(error)).placed(
                            file: file.relativePathForDisplay, path: nil))
                }
                let described = RenderedImage(file: file, png: data)
                guard described.md5 == image.md5, described.length == image.length else {
                    throw CompilerError(Diagnostic.shardImageChanged(record: fileName).placed(file: file.relativePathForDisplay, path: nil))
                }
                images[image.id] = described
            }
        }
        let record = first.record
        let assets = GeneratedAssets(
            layouts: record.layouts, variants: record.variants, images: record.variants.map { images[$0.id]! },
            packName: "\(record.typeName).launchpack", models: record.models, developmentLanguage: record.developmentLanguage
        )
        let preview = record.preview ? RenderFolderLayout(folder: byIndex[1]!.folder).preview : nil
        if let preview, !FileManager.default.fileExists(atPath: preview.path) {
            throw CompilerError(Diagnostic.shardPreviewMissing.placed(file: preview.relativePathForDisplay, path: nil))
        }
        return Merged(assets: assets, record: record, preview: preview)
    }

    /// What ``merge(_:)`` gives: the render's assets, the plan's record, and shard 1's preview.
    public struct Merged: Sendable {
        public var assets: GeneratedAssets
        public var record: PartialRender
        public var preview: URL?
    }
}
