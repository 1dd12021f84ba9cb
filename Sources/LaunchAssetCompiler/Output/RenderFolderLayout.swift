import Foundation

/// Where each file of a render's output folder goes: the one place that spells those paths.
///
/// A whole render writes `manifest.json`, `images/<variant id>.png`, `preview.png`,
/// `gallery/index.html` and, unless told otherwise, `<Type>.launchpack` and `<Type>.swift`; a
/// shard writes `images/`, `shard.json` and `preview.png`. `merge` and `diff` read them back.
package struct RenderFolderLayout: Sendable, Hashable {
    /// The output folder.
    package var folder: URL

    /// `shard.json`, the record of a shard's folder.
    package static let shardRecordName = "shard.json"
    /// Where the gallery page finds the images: `images/` seen from `gallery/`.
    package static let imagesFromGallery = "../\(imagesName)"
    private static let imagesName = "images"

    package init(folder: URL) {
        self.folder = folder.standardizedFileURL
    }

    /// `manifest.json`.
    package var manifest: URL { folder.appendingPathComponent("manifest.json") }

    /// `images/<id>.png`, the variant's PNG.
    package func image(ofVariant id: String) -> URL {
        folder.appendingPathComponent(Self.imagesName).appendingPathComponent("\(id).png")
    }

    /// `preview.png`, the contact sheet.
    package var preview: URL { folder.appendingPathComponent("preview.png") }

    /// `gallery/index.html`, the page over `images/`.
    package var gallery: URL { folder.appendingPathComponent("gallery/index.html") }

    /// `shard.json`.
    package var shardRecord: URL { folder.appendingPathComponent(Self.shardRecordName) }

    /// `<Type>.launchpack`, where the pack goes unless the command line names another file.
    package func packFile(typeName: String) -> URL {
        folder.appendingPathComponent("\(typeName).launchpack")
    }

    /// `<Type>.swift`, where the generated Swift goes unless the command line names another file.
    package func swiftFile(typeName: String) -> URL {
        folder.appendingPathComponent("\(typeName).swift")
    }
}
