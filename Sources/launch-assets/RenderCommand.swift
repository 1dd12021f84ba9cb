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

    @Option(help: ArgumentHelp("The name of the generated Swift enum and of the pack file.", valueName: "name"))
    var typeName = "LaunchAssets"

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

    private var storyboardURL: URL? { storyboard.map { URL(fileURLWithPath: $0).standardizedFileURL } }

    @Flag(help: "Print a machine-readable summary on standard output.")
    var json = false

    @Flag(help: "No progress line and no summary on standard error.")
    var quiet = false

    func validate() throws {
        guard SwiftSourceGenerator.isValidTypeName(typeName) else {
            throw ValidationError("--type-name must be a Swift identifier, found \"\(typeName)\"")
        }
        try destination.checkAssetCatalog(bundle: bundle, "a SwiftPM target (--bundle module)")
        if storyboard != nil, shard != nil {
            throw ValidationError(
                "--shard writes a partial folder of images: write the launch screen (--storyboard) in a render without --shard")
        }
        if storyboard != nil, destination.assetCatalog == nil {
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
        let started = Date()
        let settings = try rendering.settings()
        let generator = input.generator(defaults: settings)
        // A check renders nothing, so it leaves each instance's markup to the render.
        let plan: LaunchAssetGenerator.Plan
        do { plan = try generator.plan(checkingInstances: !check) } catch {
            emitInstancesOfFailedRender { try generator.plan(checkingInstances: false).variants }
            throw error
        }
        for warning in plan.warnings { StandardError.write(warning.description) }
        let remoteSource = remote.source(settings)
        try plan.checkRemoteSource(remoteSource)
        let launchScreen = try storyboard.map { _ in try LaunchScreenFiles.required(plan: plan, typeName: typeName) }
        let level = rendering.level(settings)
        let stamp = InputStamp(
            plan: plan,
            options: .init(typeName: typeName, bundle: bundle, remote: remoteSource, compressionLevel: level),
            launchScreen: launchScreen, templatesDirectory: generator.configuration.templatesDirectory,
            assetCatalog: destination.assetCatalog != nil)
        if check {
            try checkOutputs(plan: plan, stamp: stamp, launchScreen: launchScreen, started: started)
            return
        }
        let jobs = rendering.jobs

        // A shard renders its deal of the variants; the plan stays whole for shard.json and the preview.
        var part = plan
        if let shard { part.variants = shard.part(of: plan.variants) }
        let progress = ProgressLine(total: part.variants.count, label: "Rendering", enabled: !quiet && !json)
        let cache = rendering.cache(templates: generator.configuration.templatesDirectory)
        let outputURL = destination.outputURL
        let writer = OutputWriter(directory: outputURL, ownedFolders: destination.ownedFolders(typeName: typeName))
        let scratch = try writer.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let assets: GeneratedAssets
        do {
            assets = try generator.render(
                part, jobs: jobs, packName: "\(typeName).launchpack", scratch: scratch, encoder: PNGEncoder(level: level),
                cache: cache, launchScreenColors: launchScreen?.colors, progress: progress.update
            )
        } catch {
            progress.finish()
            emitInstancesOfFailedRender { part.variants }
            throw error
        }
        progress.finish()
        var costs = assets.layoutCosts
        // A shard's part is not the pack: an image shared across parts would count in each.
        if shard != nil { for index in costs.indices { costs[index].packBytes = nil } }
        let costWarnings = plan.costWarnings(for: costs)
        for warning in costWarnings { StandardError.write(warning.description) }

        var previewPNG: FileContents?
        if preview, (shard?.index ?? 1) == 1 {
            do {
                previewPNG = .bytes(try ContactSheet(fonts: plan.templates.fonts).png(layouts: plan.layouts, variants: plan.variants))
            } catch {
                throw CompilerError(Diagnostic(file: "preview.png", message: error.description))
            }
        }
        var files: [URL: FileContents]
        if let shard {
            let record = PartialRender(
                shard: shard, plan: plan, images: assets.images, typeName: typeName, bundle: bundle, remote: remoteSource,
                preview: preview, inputs: stamp.inputs
            )
            files = [outputURL.appendingPathComponent(PartialRender.fileName): .bytes(record.json)]
            for (variant, image) in zip(part.variants, assets.images) {
                let file = outputURL.appendingPathComponent("images/\(variant.id).png")
                files[file] = FileContents([.file(image.file, length: image.length)])
            }
            if let previewPNG { files[outputURL.appendingPathComponent("preview.png")] = previewPNG }
        } else {
            let names = Dictionary(plan.catalog.devices.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            files = try destination.files(
                assets, typeName: typeName, bundle: bundle, remote: remoteSource, preview: previewPNG, deviceNames: names,
                inputStamp: stamp)
            if let launchScreen, let storyboardURL, let catalog = destination.assetCatalogFolder(typeName: typeName) {
                files.merge(
                    try launchScreen.files(
                        storyboard: storyboardURL, catalog: catalog,
                        renderer: SVGRenderer(encoder: PNGEncoder(level: level), fonts: plan.templates.fonts))
                ) { $1 }
            }
        }
        if let emitSVG {
            // Staged with the rest, so a failure here also leaves the previous output untouched.
            let folder = URL(fileURLWithPath: emitSVG).standardizedFileURL
            for variant in part.variants {
                files[folder.appendingPathComponent("\(variant.id).svg")] = .bytes(Data(variant.svg.utf8))
            }
        }
        try writer.write(files)

        let seconds = Date().timeIntervalSince(started)
        let distinct = Set(assets.manifest.variants.map(\.md5)).count
        let size = shard == nil ? SizeReport(assets) : nil
        if json {
            let summary = RenderSummary(
                version: shard == nil ? assets.manifest.version : nil, shard: shard?.description, layouts: plan.layouts.count,
                variants: part.variants.count, distinctImages: distinct, rendered: part.variants.count - assets.cachedImages,
                cached: assets.cachedImages, packBytes: shard == nil ? assets.pack.count : nil, seconds: (seconds * 1000).rounded() / 1000,
                jobs: jobs, output: outputURL.path, manifest: shard == nil ? outputURL.appendingPathComponent("manifest.json").path : nil,
                pack: shard == nil ? destination.packURL(typeName: typeName).path : nil,
                swift: shard == nil ? destination.swiftURL(typeName: typeName).path : nil,
                assetCatalog: shard == nil ? destination.ownedFolders(typeName: typeName).first?.path : nil,
                storyboard: launchScreen == nil ? nil : storyboardURL?.path,
                bundledBytes: size?.bundledBytes, fetchedBytes: size?.fetchedBytes, languageSizes: size?.languageSizes,
                preview: previewPNG != nil ? outputURL.appendingPathComponent("preview.png").path : nil,
                layoutCosts: costs, warnings: (plan.warnings + costWarnings).map(\.description)
            )
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(summary), as: UTF8.self))
        } else if !quiet {
            let cached = assets.cachedImages == 0 ? "" : ", \(assets.cachedImages) from the cache"
            let time = "in \(String(format: "%.1f", seconds)) s with \(jobs) jobs → \(destination.output)"
            if let shard {
                let count = "\(plural(part.variants.count, "variant")) of \(plan.variants.count)"
                StandardError.write("Rendered shard \(shard): \(count) (\(distinct) distinct images\(cached)) \(time)")
            } else {
                let megabytes = String(format: "%.1f", Double(assets.pack.count) / 1_000_000)
                StandardError.write(
                    "Rendered \(plural(plan.variants.count, "variant")) of \(plural(plan.layouts.count, "layout")) (\(distinct) distinct images\(cached), \(megabytes) MB pack) \(time)"
                )
                if let size { StandardError.write(size.summary(for: assets.manifest)) }
            }
            for cost in costs { StandardError.write(cost.summary) }
            if let launchScreen, let storyboard {
                let exact = launchScreen.infoPlistIsExact ? "" : " (it centres the logo; the storyboard keeps the frame's offset)"
                StandardError.write(
                    "Wrote the launch screen to \(storyboard) and its colour and logo to the asset catalog. "
                        + "For iOS 14 and later, this Info.plist entry shows the same without a storyboard\(exact):\n"
                        + launchScreen.infoPlistEntry)
            }
        }
    }

    /// `--check`: compares the committed outputs with `stamp`; exit 3 when any is stale.
    private func checkOutputs(
        plan: LaunchAssetGenerator.Plan, stamp: InputStamp, launchScreen: LaunchScreenFiles?, started: Date
    ) throws {
        let pack: CommittedOutputs.PackLocation
        if let assetCatalog = destination.assetCatalog {
            let remoteLayouts = Set(plan.remoteLayouts.map(\.id))
            let idioms = Set(plan.variants.filter { !remoteLayouts.contains($0.layout) }.map(\.idiom))
            pack = .assetCatalog(
                directory: URL(fileURLWithPath: assetCatalog), catalog: AssetCatalog(typeName: typeName), idioms: Array(idioms))
        } else {
            pack = .file(destination.packURL(typeName: typeName))
        }
        var outputs = CommittedOutputs(swift: destination.swiftURL(typeName: typeName), pack: pack)
        if let launchScreen, let storyboardURL, let catalog = destination.assetCatalogFolder(typeName: typeName) {
            outputs.launchScreen = (launchScreen, storyboardURL, catalog)
        }
        let stale = outputs.staleFiles(for: stamp)
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        guard stale.isEmpty else {
            for finding in stale { StandardError.write("stale: \(finding)") }
            StandardError.write(
                "The committed outputs are not what the inputs give (checked in \(seconds) s): run the same command without --check.")
            throw ExitCode(3)
        }
        if !quiet {
            StandardError.write("Up to date: the committed outputs are what the inputs give (stamp \(stamp), checked in \(seconds) s).")
        }
    }
}

/// `1 layout`, `6 layouts`.
private func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
