import Crypto
import Foundation
import LaunchAssetSources
import LaunchScreenRepair

/// Everything one render produces, described before anything is written: the manifest in
/// memory, the PNGs on disk where the render left them.
public struct GeneratedAssets: Sendable {
    public var manifest: LaunchManifest
    /// The pack file: its header, then each idiom's section (phones', then pads'), each holding
    /// every distinct PNG of that idiom's bundled variants once, copied from the rendered files
    /// when it is written.
    public var pack: FileContents
    /// Each idiom's window of the pack, a pack itself (a header naming its section, then the
    /// section's bytes): what an asset catalog data set gives a device of that idiom. Idioms
    /// without bundled variants have none.
    public var idiomPacks: [Idiom: FileContents]
    /// Each variant's PNG, in manifest order.
    public var images: [RenderedImage]
    /// How many of `images` came from the render cache rather than librsvg.
    public var cachedImages = 0
    /// Each variant's render time (librsvg, cairo and PNG encoding), in manifest order; `nil`
    /// for one from the render cache. Empty when the images were not rendered here (a merge).
    public var renderTimes: [Duration?] = []

    /// Lays the PNGs out in a pack and stamps the manifest.
    /// `devices` supplies the hardware model identifiers of the devices the variants name;
    /// `launchScreenColors` are those of the launch storyboard the render writes, if any.
    public init(
        layouts: [SeasonalLayout], variants: [PlannedVariant], images: [RenderedImage], packName: String, devices: [Device] = [],
        launchScreenColors: LaunchScreenColors? = nil
    ) {
        self.init(
            layouts: layouts.map(\.manifestEntry), variants: variants.map(\.manifestEntry), images: images,
            packName: packName, models: Self.models(of: variants, among: devices), launchScreenColors: launchScreenColors,
            developmentLanguage: layouts.first?.developmentLanguage
        )
    }

    /// Lays the PNGs out in a pack and stamps the manifest, from manifest entries whose `md5`,
    /// `offset` and `length` are not known yet (a merge of partial renders). The manifest names
    /// `developmentLanguage` when some variant has a `locale`.
    ///
    /// The body holds one section per idiom, in ``Idiom`` order, so that each idiom's images are
    /// contiguous and its window of the pack stands alone; an image both idioms use is stored in
    /// each section, identical images within a section once. A remote layout's variants get
    /// their `sha256` and no offset: their bytes stay out of the pack.
    public init(
        layouts: [LaunchManifest.Layout], variants: [LaunchManifest.Variant], images: [RenderedImage], packName: String,
        models: [String: String], launchScreenColors: LaunchScreenColors? = nil, developmentLanguage: String? = nil
    ) {
        // The stamp has a fixed length, so the header length (and every offset) is known before the stamp is.
        let headerLength = LaunchPack.headerLength(version: String(repeating: "0", count: Self.stampLength))
        let remote = Set(layouts.filter { $0.delivery == .remote }.map(\.id))
        var entries = zip(variants, images).map { variant, image in
            var entry = variant
            entry.md5 = image.md5
            entry.length = image.length
            entry.offset = nil
            entry.sha256 = remote.contains(variant.layout) ? image.sha256 : nil
            return entry
        }
        var packLength = headerLength
        var sections: [(idiom: Idiom, range: Range<Int>, images: [RenderedImage])] = []
        for idiom in Idiom.allCases {
            let start = packLength
            var offsets: [String: Int] = [:]
            var distinct: [RenderedImage] = []
            for index in entries.indices where entries[index].idiom == idiom && !remote.contains(entries[index].layout) {
                let image = images[index]
                if offsets[image.md5] == nil {
                    offsets[image.md5] = packLength
                    distinct.append(image)
                    packLength += image.length
                }
                entries[index].offset = offsets[image.md5]
            }
            if !distinct.isEmpty { sections.append((idiom, start..<packLength, distinct)) }
        }
        var manifest = LaunchManifest(
            version: "", generator: GeneratorVersion.manifestName, pack: packName, layouts: layouts, variants: entries, models: models
        )
        manifest.launchScreenColors = launchScreenColors
        // Localized images fall back on the development language's; neutral ones need no chain.
        manifest.developmentLanguage = variants.contains { $0.locale != nil } ? developmentLanguage : nil
        manifest.version = Self.stamp(of: manifest)
        self.manifest = manifest
        let parts = { (images: [RenderedImage]) in images.map { FileContents.Part.file($0.file, length: $0.length) } }
        self.pack = FileContents(
            [.bytes(LaunchPack.header(version: manifest.version, bodyLength: packLength - headerLength))]
                + sections.flatMap { parts($0.images) })
        self.idiomPacks = Dictionary(
            uniqueKeysWithValues: sections.map { section in
                (
                    section.idiom,
                    FileContents([.bytes(LaunchPack.header(version: manifest.version, body: section.range))] + parts(section.images))
                )
            })
        self.images = images
    }

    /// Hardware model identifier → catalog id, for the devices among `devices` that `variants` name.
    public static func models(of variants: [PlannedVariant], among devices: [Device]) -> [String: String] {
        let named = Set(variants.flatMap(\.devices))
        var models: [String: String] = [:]
        for device in devices where named.contains(device.id) {
            for model in device.models { models[model] = device.id }
        }
        return models
    }

    /// `manifest.json`: pretty-printed with sorted keys, so equal manifests give equal bytes.
    public var manifestJSON: Data {
        PrettyJSON.data(manifest)
    }

    static let stampLength = 16

    /// The first hex digits of the SHA-256 of the manifest's JSON without its version.
    static func stamp(of manifest: LaunchManifest) -> String {
        var unstamped = manifest
        unstamped.version = ""
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let digest = SHA256.hash(data: try! encoder.encode(unstamped))
        return String(digest.hexString.prefix(stampLength))
    }
}

extension PlannedVariant {
    /// The variant's manifest entry before it is rendered: no `md5`, `offset` or `length` yet.
    var manifestEntry: LaunchManifest.Variant {
        LaunchManifest.Variant(
            id: id, layout: layout, width: pixels.width, height: pixels.height, orientation: orientation,
            appearance: appearance, idiom: idiom, devices: devices, md5: "", offset: 0, length: 0, window: window,
            locale: locale
        )
    }
}
