import ArgumentParser
import Foundation
import LaunchAssetCompiler
import LaunchScreenRepair

/// Where a whole render goes: the options `render` and `merge` share.
struct OutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The output folder (replaced whole).", valueName: "dir"))
    var output = RenderRequest.defaultOutput

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

    /// Puts these options into `options`.
    func apply(to options: inout RenderRequest.Options) {
        options.output = output
        options.swift = swift
        options.pack = pack
        options.images = images
        options.gallery = gallery
        options.assetCatalog = assetCatalog
    }
}
