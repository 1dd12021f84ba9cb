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
            images/<variant id>.png and, with --preview, preview.png. The folder is replaced whole \
            and only once everything rendered: on any error the previous output is untouched.
            """
    )

    @OptionGroup var input: InputOptions

    @Option(help: ArgumentHelp("The output folder (replaced whole).", valueName: "dir"))
    var output = "LaunchAssets"

    @Option(help: ArgumentHelp("Where to write the generated Swift file (default: <output>/<type-name>.swift).", valueName: "file"))
    var swift: String?

    @Option(help: ArgumentHelp("The name of the generated Swift enum and of the pack file.", valueName: "name"))
    var typeName = "LaunchAssets"

    @Option(help: ArgumentHelp("Where to write the pack (default: <output>/<type-name>.launchpack).", valueName: "file"))
    var pack: String?

    @Option(help: ArgumentHelp("The bundle the generated Swift finds the pack in: main (an app target) or module (a SwiftPM target).", valueName: "main|module"))
    var bundle: SwiftSourceGenerator.ResourceBundle = .main

    @Flag(inversion: .prefixedNo, help: "Write every variant as images/<variant id>.png.")
    var images = true

    @Flag(help: "Write preview.png, a labelled contact sheet of every variant per layout.")
    var preview = false

    @Option(help: ArgumentHelp("How many variants to render at once (default: active processors).", valueName: "n"))
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("PNG compression, 1 (fastest) to 12 (smallest); pixels are the same at every level. (default: \(PNGEncoder.defaultLevel))", valueName: "level"))
    var compressionLevel: Int?

    @Option(help: ArgumentHelp(
        "Take idioms, orientations, multitasking and compressionLevel from this launch-assets.json (the build plugin's settings) "
            + "where the command line gives none.",
        valueName: "file"
    ))
    var config: String?

    @Option(help: ArgumentHelp("Where rendered images are kept between runs (default: the user's cache folder).", valueName: "dir"))
    var cacheDir: String?

    @Flag(help: "Render every variant, neither reading nor filling the cache.")
    var noCache = false

    @Option(help: ArgumentHelp("Also write each variant's instantiated SVG as <variant id>.svg into this folder.", valueName: "dir"))
    var emitSVG: String?

    @Flag(help: "Print a machine-readable summary on standard output.")
    var json = false

    @Flag(help: "No progress line and no summary on standard error.")
    var quiet = false

    func validate() throws {
        guard SwiftSourceGenerator.isValidTypeName(typeName) else {
            throw ValidationError("--type-name must be a Swift identifier, found \"\(typeName)\"")
        }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if let compressionLevel, !PNGEncoder.levels.contains(compressionLevel) {
            throw ValidationError("--compression-level must be 1…12, found \(compressionLevel)")
        }
        guard !(noCache && cacheDir != nil) else { throw ValidationError("--no-cache and --cache-dir exclude each other") }
    }

    func run() throws {
        let started = Date()
        let settings = try config.map { path throws(CompilerError) in try TargetConfiguration(contentsOf: URL(fileURLWithPath: path)) }
        let generator = input.generator(defaults: settings)
        let plan = try generator.plan()
        for warning in plan.warnings { StandardError.write(warning.description) }

        let progress = ProgressLine(total: plan.variants.count, label: "Rendering", enabled: !quiet && !json)
        let packName = "\(typeName).launchpack"
        let cache = noCache ? nil : RenderCache(
            directory: cacheDir.map { URL(fileURLWithPath: $0) } ?? RenderCache.defaultDirectory,
            templatesDirectory: generator.configuration.templatesDirectory
        )
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL
        let writer = OutputWriter(directory: outputURL)
        let scratch = try writer.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let assets = try generator.render(
            plan, jobs: jobs, packName: packName, scratch: scratch, encoder: PNGEncoder(level: compressionLevel ?? settings?.compressionLevel ?? PNGEncoder.defaultLevel),
            cache: cache, progress: progress.update
        )
        progress.finish()

        let swiftURL = URL(fileURLWithPath: swift ?? "\(output)/\(typeName).swift").standardizedFileURL
        let packURL = URL(fileURLWithPath: pack ?? "\(output)/\(packName)").standardizedFileURL
        var files: [URL: FileContents] = [
            outputURL.appendingPathComponent("manifest.json"): .bytes(assets.manifestJSON),
            packURL: assets.pack,
            swiftURL: .bytes(Data(SwiftSourceGenerator(typeName: typeName, bundle: bundle).source(for: assets.manifest).utf8)),
        ]
        if images {
            for (variant, image) in zip(plan.variants, assets.images) {
                files[outputURL.appendingPathComponent("images/\(variant.id).png")] = FileContents([.file(image.file, length: image.length)])
            }
        }
        if preview {
            do {
                files[outputURL.appendingPathComponent("preview.png")] = .bytes(try ContactSheet().png(layouts: plan.layouts, variants: plan.variants))
            } catch {
                throw CompilerError(Diagnostic(file: "preview.png", message: error.description))
            }
        }
        if let emitSVG {
            // Staged with the rest, so a failure here also leaves the previous output untouched.
            let folder = URL(fileURLWithPath: emitSVG).standardizedFileURL
            for variant in plan.variants {
                files[folder.appendingPathComponent("\(variant.id).svg")] = .bytes(Data(variant.svg.utf8))
            }
        }
        try writer.write(files)

        let seconds = Date().timeIntervalSince(started)
        let distinct = Set(assets.manifest.variants.map(\.md5)).count
        if json {
            let summary = RenderSummary(
                version: assets.manifest.version, layouts: plan.layouts.count, variants: plan.variants.count,
                distinctImages: distinct, rendered: plan.variants.count - assets.cachedImages, cached: assets.cachedImages,
                packBytes: assets.pack.count, seconds: (seconds * 1000).rounded() / 1000,
                jobs: jobs, output: outputURL.path, manifest: outputURL.appendingPathComponent("manifest.json").path,
                pack: packURL.path, swift: swiftURL.path, preview: preview ? outputURL.appendingPathComponent("preview.png").path : nil,
                warnings: plan.warnings.map(\.description)
            )
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(summary), as: UTF8.self))
        } else if !quiet {
            let megabytes = String(format: "%.1f", Double(assets.pack.count) / 1_000_000)
            let cached = assets.cachedImages == 0 ? "" : ", \(assets.cachedImages) from the cache"
            StandardError.write("Rendered \(plural(plan.variants.count, "variant")) of \(plural(plan.layouts.count, "layout")) (\(distinct) distinct images\(cached), \(megabytes) MB pack) in \(String(format: "%.1f", seconds)) s with \(jobs) jobs → \(output)")
        }
    }
}

/// `1 layout`, `6 layouts`.
private func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// What `render --json` prints.
private struct RenderSummary: Encodable {
    var version: String
    var layouts: Int
    var variants: Int
    var distinctImages: Int
    /// Variants librsvg rendered in this run.
    var rendered: Int
    /// Variants taken from the render cache.
    var cached: Int
    var packBytes: Int
    var seconds: Double
    var jobs: Int
    var output: String
    var manifest: String
    var pack: String
    var swift: String
    var preview: String?
    var warnings: [String]
}
