import Foundation
import LaunchScreenRepair
import TestSupport

/// A manifest and pack in the generator's format, written into a render's output folder
/// (`manifest.json`, `LaunchAssets.launchpack`): one PNG-headed variant per layout and appearance,
/// for the iPhone 15's screen in portrait. What `repair` runs on in the CLI's tests.
struct RepairInputs {
    let manifest: LaunchManifest
    let pack: Data

    /// Writes the manifest and pack of `layouts` into `output`; `text(id)` is the text each
    /// variant's PNG carries (its length sets the PNG's size).
    init(layouts: [LaunchManifest.Layout], version: String, into output: URL, text: (String) -> String = { $0 }) throws {
        let start = LaunchPack.headerLength(version: version)
        var body = Data()
        var variants: [LaunchManifest.Variant] = []
        for layout in layouts {
            for appearance in Appearance.allCases {
                let id = "\(layout.id)-phone-1179x2556-portrait-\(appearance.rawValue)"
                let png = PNGBytes.synthetic(width: 1179, height: 2556, text: text(id))
                variants.append(
                    .init(
                        id: id, layout: layout.id, width: 1179, height: 2556, orientation: .portrait,
                        appearance: appearance, idiom: .phone, devices: ["iPhone15,2"], md5: MD5Digest.hex(of: png),
                        offset: start + body.count, length: png.count))
                body.append(png)
            }
        }
        manifest = LaunchManifest(
            version: version, generator: "tests", pack: "LaunchAssets.launchpack", layouts: layouts, variants: variants)
        pack = LaunchPack.header(version: version, bodyLength: body.count) + body
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try pack.write(to: output.appendingPathComponent("LaunchAssets.launchpack"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(manifest).write(to: output.appendingPathComponent("manifest.json"))
    }

    /// The bytes of every variant in the pack.
    var variantBytes: Set<Data> { Set(manifest.variants.map { pack.subdata(in: $0.packRange!) }) }
}
