import ArgumentParser
import Foundation
import LaunchAssetCompiler
import LaunchScreenRepair

/// Where a whole render goes: the options `render` and `merge` share, and the files they write.
struct OutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The output folder (replaced whole).", valueName: "dir"))
    var output = "LaunchAssets"

    @Option(help: ArgumentHelp("Where to write the generated Swift file (default: <output>/<type-name>.swift).", valueName: "file"))
    var swift: String?

    @Option(help: ArgumentHelp("Where to write the pack (default: <output>/<type-name>.launchpack).", valueName: "file"))
    var pack: String?

    @Flag(inversion: .prefixedNo, help: "Write every variant as images/<variant id>.png.")
    var images = true

    @Flag(help: "Write gallery/index.html: every variant as a thumbnail by layout, with filters and details (needs the images).")
    var gallery = false

    @Option(
        help: ArgumentHelp(
            "Also write <dir>/<type-name>.xcassets (replaced whole): a data set with each idiom's share of the pack, "
                + "so App Store thinning gives a device only its own; the generated Swift then reads the pack from it.",
            valueName: "dir"))
    var assetCatalog: String?

    func validate() throws {
        guard !(gallery && !images) else { throw ValidationError("--gallery shows images/*.png: it cannot be combined with --no-images") }
    }

    /// `--asset-catalog` needs the pack in `Bundle.main`; `bundled` says why the bundle is `module`.
    func checkAssetCatalog(bundle: SwiftSourceGenerator.ResourceBundle, _ bundled: String) throws {
        guard assetCatalog != nil, bundle == .module else { return }
        throw ValidationError(
            "--asset-catalog puts the pack in the app's asset catalog (Bundle.main): \(bundled) keeps the .launchpack file")
    }

    /// The `<Type>.xcassets` folder, with `--asset-catalog`.
    func assetCatalogFolder(typeName: String) -> URL? {
        assetCatalog.map { AssetCatalog(typeName: typeName).folder(in: URL(fileURLWithPath: $0)) }
    }

    /// The folders the render replaces whole besides the output folder: the asset catalog.
    func ownedFolders(typeName: String) -> [URL] {
        assetCatalogFolder(typeName: typeName).map { [$0] } ?? []
    }

    var outputURL: URL { URL(fileURLWithPath: output).standardizedFileURL }

    func swiftURL(typeName: String) -> URL { URL(fileURLWithPath: swift ?? "\(output)/\(typeName).swift").standardizedFileURL }

    func packURL(typeName: String) -> URL { URL(fileURLWithPath: pack ?? "\(output)/\(typeName).launchpack").standardizedFileURL }

    /// manifest.json, the pack, the Swift file, and as asked the asset catalog, the images, the
    /// preview and the gallery.
    func files(
        _ assets: GeneratedAssets, typeName: String, bundle: SwiftSourceGenerator.ResourceBundle, remote: RemoteLayoutSource?,
        preview: FileContents?, deviceNames: [String: String], inputStamp: InputStamp? = nil
    ) throws(CompilerError) -> [URL: FileContents] {
        let generator = SwiftSourceGenerator(
            typeName: typeName, bundle: bundle, assetCatalog: assetCatalog != nil, remote: remote, inputStamp: inputStamp)
        let source = generator.source(for: assets.manifest)
        var files: [URL: FileContents] = [
            outputURL.appendingPathComponent("manifest.json"): .bytes(assets.manifestJSON),
            packURL(typeName: typeName): assets.pack,
            swiftURL(typeName: typeName): .bytes(Data(source.utf8)),
        ]
        if images {
            for (variant, image) in zip(assets.manifest.variants, assets.images) {
                files[outputURL.appendingPathComponent("images/\(variant.id).png")] = FileContents([.file(image.file, length: image.length)]
                )
            }
        }
        if let assetCatalog {
            files.merge(AssetCatalog(typeName: typeName).files(in: URL(fileURLWithPath: assetCatalog), packs: assets.idiomPacks)) { $1 }
        }
        if let preview { files[outputURL.appendingPathComponent("preview.png")] = preview }
        if gallery {
            let page = try Gallery(manifest: assets.manifest, deviceNames: deviceNames).html()
            files[outputURL.appendingPathComponent("gallery/index.html")] = .bytes(Data(page.utf8))
        }
        return files
    }
}
