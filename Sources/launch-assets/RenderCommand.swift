import ArgumentParser
import Foundation
import LaunchAssetCompiler

/// `launch-assets render`: every variant of the layouts, as a pack, a manifest and Swift.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render every launch-screen variant of the layouts.",
        discussion: """
            Writes, into the output folder: manifest.json, <type-name>.launchpack, <type-name>.swift, \
            images/<variant id>.png, with --preview preview.png, and with --gallery gallery/index.html \
            (a self-contained page over images/, so --gallery needs the images); with --asset-catalog DIR also \
            DIR/<type-name>.xcassets. The folder is replaced whole \
            and only once everything rendered: on any error the previous output is untouched. With \
            --shard K/N it holds only part K's images and shard.json, for `launch-assets merge`. \
            A layout delivered remotely ("delivery": "remote", or --remote-layout) is rendered and listed \
            in the manifest, but its images stay out of the pack: `launch-assets publish` serves them, from \
            the source --remote-url and --remote-public-key (or "remote" in --config) name.

            With --storyboard FILE (and --asset-catalog), also writes the launch screen the fallback layout's \
            "launchScreen" describes: FILE, and the colour set <type-name>Background and image set <type-name>Logo \
            in the asset catalog; it prints the equivalent UILaunchScreen Info.plist entry.

            With --check, renders nothing: exits 0 when the generated Swift, the pack or asset catalog and the \
            launch screen are what these inputs and options give, and 3 (naming each stale file) when they are not.
            """
    )

    @OptionGroup var input: InputOptions

    @OptionGroup var destination: OutputOptions

    @Option(help: ArgumentHelp("The name of the generated Swift enum and of the pack file (default: LaunchAssets).", valueName: "name"))
    var typeName: String?

    @Option(
        help: ArgumentHelp(
            "The bundle the generated Swift finds the pack in: main (an app target) or module (a SwiftPM target).", valueName: "main|module"
        ))
    var bundle: SwiftSourceGenerator.ResourceBundle = .main

    @Flag(help: "Write preview.png, a labelled contact sheet of every variant per layout.")
    var preview = false

    @Option(
        help: ArgumentHelp(
            "Render only part K of N of the variants into the output folder, for `launch-assets merge` (images/, shard.json; preview.png in part 1).",
            valueName: "k/n"
        ))
    var shard: Shard?

    @OptionGroup var rendering: RenderingOptions

    @OptionGroup var remote: RemoteSourceOptions

    @Option(help: ArgumentHelp("Also write each variant's instantiated SVG as <variant id>.svg into this folder.", valueName: "dir"))
    var emitSVG: String?

    @Option(
        help: ArgumentHelp(
            "Write the launch screen the fallback layout describes as this storyboard, its colour and logo into the asset catalog.",
            valueName: "file"))
    var storyboard: String?

    @Flag(help: "Render nothing: exit 0 if the committed outputs are what the inputs give, 3 if they are stale.")
    var check = false

    @Flag(help: "Print a machine-readable summary on standard output.")
    var json = false

    @Flag(help: "No progress line and no summary on standard error.")
    var quiet = false

    func validate() throws {
        if let typeName, !SwiftSourceGenerator.isValidTypeName(typeName) {
            throw ValidationError("--type-name must be a Swift identifier, found \"\(typeName)\"")
        }
        try destination.checkAssetCatalog(bundle: bundle, "a SwiftPM target (--bundle module)")
        if storyboard != nil, shard != nil {
            throw ValidationError(
                "--shard writes a partial folder of images: write the launch screen (--storyboard) in a render without --shard")
        }
        // Without --config, nothing else can name the asset catalog; with it, the file may.
        if storyboard != nil, destination.assetCatalog == nil, input.config == nil {
            throw ValidationError("--storyboard names its colour and logo in the asset catalog: give --asset-catalog DIR too")
        }
        if check, shard != nil {
            throw ValidationError("--check compares a whole render's outputs: it cannot be combined with --shard")
        }
        if shard != nil {
            let merged = [
                ("--swift", destination.swift != nil), ("--pack", destination.pack != nil),
                ("--gallery", destination.gallery), ("--no-images", !destination.images),
                ("--asset-catalog", destination.assetCatalog != nil),
            ]
            for (option, given) in merged where given {
                throw ValidationError("--shard writes a partial folder of images; give \(option) to `launch-assets merge` instead")
            }
        }
    }

    func run() throws {
        let progress = ProgressLine(label: "Rendering", enabled: !quiet && !json)
        let result = try LaunchAssetGenerator.run(try RenderRequest(options), events: .standardError(progress))
        for line in result.findings { StandardError.write(line) }
        if json, let summary = result.summary {
            print(PrettyJSON.text(summary))
        } else if !quiet {
            for line in result.lines { StandardError.write(line) }
        }
        if result.isStale { throw ExitCode(3) }
    }

    /// The command line as the generator takes it.
    private var options: RenderRequest.Options {
        var options = RenderRequest.Options()
        input.apply(to: &options)
        rendering.apply(to: &options)
        remote.apply(to: &options)
        destination.apply(to: &options)
        options.typeName = typeName
        options.bundle = bundle
        options.preview = preview
        options.shard = shard
        options.emitSVG = emitSVG
        options.storyboard = storyboard
        options.check = check
        options.arguments = Array(CommandLine.arguments.dropFirst())
        return options
    }
}
