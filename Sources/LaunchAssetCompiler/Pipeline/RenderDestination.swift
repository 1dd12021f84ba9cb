import Foundation
import LaunchAssetSources
import LaunchScreenRepair

/// Where a render writes, every path resolved: the output folder and the files a command line
/// may put elsewhere.
package struct RenderDestination: Sendable {
    /// The output folder and the files in it.
    package var folder: RenderFolderLayout
    /// The output folder as the command line gave it, for the summary.
    package var displayName: String
    /// The generated Swift file.
    package var swift: URL
    /// The pack file.
    package var pack: URL
    /// Whether `images/` is written.
    package var images: Bool
    /// Whether the gallery page is written.
    package var gallery: Bool
    /// The folder that holds `<Type>.xcassets`, when the pack also goes into an asset catalog.
    package var assetCatalogDirectory: URL?
    /// `<Type>.xcassets` in it.
    package var assetCatalog: URL?
    /// The launch storyboard (`--storyboard`).
    package var storyboard: URL?
    /// Where each variant's instantiated SVG goes (`--emit-svg`).
    package var instances: URL?
    /// Whether `preview.png` is drawn.
    package var preview: Bool

    /// The folders the render replaces whole besides the output folder: the asset catalog.
    var ownedFolders: [URL] { assetCatalog.map { [$0] } ?? [] }

    /// The destination `options` name for a render of `typeName`; `assetCatalog` is the folder
    /// that holds `<Type>.xcassets`, if any.
    init(_ options: RenderRequest.Options, output: URL, typeName: String, assetCatalog: URL?) {
        folder = RenderFolderLayout(folder: output)
        displayName = options.output
        swift = options.swift.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? folder.swiftFile(typeName: typeName)
        pack = options.pack.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? folder.packFile(typeName: typeName)
        images = options.images
        gallery = options.gallery
        assetCatalogDirectory = assetCatalog
        self.assetCatalog = assetCatalog.map { AssetCatalog(typeName: typeName).folder(in: $0) }
        storyboard = options.storyboard.map { URL(fileURLWithPath: $0).standardizedFileURL }
        instances = options.emitSVG.map { URL(fileURLWithPath: $0).standardizedFileURL }
        preview = options.preview
    }

    /// The files a whole render writes that an app commits beside the Swift file: the pack (each
    /// idiom's, in an asset catalog) and the storyboard.
    func committedOutputs(idioms: [Idiom], typeName: String, launchScreen: Bool) -> [URL] {
        let packs =
            assetCatalogDirectory.map { Array(AssetCatalog(typeName: typeName).packFiles(in: $0, idioms: idioms).values) } ?? [pack]
        return packs + (launchScreen ? [storyboard].compactMap { $0 } : [])
    }

    /// A whole render's files: `manifest.json`, the pack, the Swift file, and as asked the asset
    /// catalog, the images, the preview and the gallery. `deviceNames` label the gallery.
    func files(
        _ assets: GeneratedAssets, typeName: String, bundle: SwiftSourceGenerator.ResourceBundle, remote: RemoteLayoutSource?,
        preview: FileContents?, deviceNames: [String: String], inputStamp: InputStamp?, sourcesRecord: SourcesRecord? = nil
    ) throws(CompilerError) -> [URL: FileContents] {
        let generator = SwiftSourceGenerator(
            typeName: typeName, bundle: bundle, assetCatalog: assetCatalog != nil, remote: remote, inputStamp: inputStamp,
            sourcesRecord: sourcesRecord)
        var files: [URL: FileContents] = [
            folder.manifest: .bytes(assets.manifestJSON),
            pack: assets.pack,
            swift: .bytes(Data(generator.source(for: assets.manifest).utf8)),
        ]
        if images {
            for (variant, image) in zip(assets.manifest.variants, assets.images) {
                files[folder.image(ofVariant: variant.id)] = FileContents([.file(image.file, length: image.length)])
            }
        }
        if let assetCatalogDirectory {
            files.merge(AssetCatalog(typeName: typeName).files(in: assetCatalogDirectory, packs: assets.idiomPacks)) { $1 }
        }
        if let preview { files[folder.preview] = preview }
        if gallery {
            let page = try Gallery(manifest: assets.manifest, deviceNames: deviceNames).html()
            files[folder.gallery] = .bytes(Data(page.utf8))
        }
        return files
    }
}
