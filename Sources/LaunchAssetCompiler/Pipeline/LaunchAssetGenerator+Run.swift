import Foundation
import LaunchAssetSources
import LaunchScreenRepair

extension LaunchAssetGenerator {
    /// Runs `request` to its end: plans, then checks the committed outputs (`--check`), or
    /// renders with the cache, costs each layout, draws the preview and the launch screen, writes
    /// every output file in one go, and says what it did. Warnings and progress go to `events`
    /// as they come; a failed render leaves the previous output untouched (with `--emit-svg`, its
    /// instances are written for inspection).
    package static func run(_ request: RenderRequest, events: RenderEvents = RenderEvents()) throws(CompilerError) -> RenderResult {
        let started = Date()
        let generator = LaunchAssetGenerator(configuration: request.inputs)
        for warning in request.warnings { events.warning(warning) }
        let checking = if case .check = request.work { true } else { false }
        let plan: Plan
        // A check renders nothing, so it leaves each instance's markup to the render.
        do { plan = try generator.plan(checkingInstances: !checking) } catch {
            writeInstancesOfFailedRender(request, events: events) { try generator.plan(checkingInstances: false).variants }
            throw error
        }
        for warning in plan.warnings { events.warning(warning) }
        try plan.checkRemoteSource(request.remote)
        let launchScreen = request.writesLaunchScreen ? try Self.launchScreen(of: plan, typeName: request.typeName) : nil
        let stamp = InputStamp(
            plan: plan, options: request.stampOptions, launchScreen: launchScreen,
            templatesDirectory: request.inputs.templatesDirectory, assetCatalog: request.destination.assetCatalog != nil)
        let planned = PlannedRun(request: request, plan: plan, launchScreen: launchScreen, stamp: stamp, started: started, events: events)
        switch request.work {
        case .check: return planned.check()
        case .render: return try planned.render(generator, shard: nil)
        case .shard(let shard): return try planned.render(generator, shard: shard)
        }
    }

    /// Writes the folder one render writes from the shards `request` read: byte for byte what a
    /// single render of the same inputs and options writes, but for the Swift file's sources
    /// record, which only a render that read the input files can write.
    package static func run(_ request: MergeRequest) throws(CompilerError) -> RenderResult {
        let merged = request.merged
        let record = merged.record
        let destination = request.destination
        let files = try destination.files(
            merged.assets, typeName: record.typeName, bundle: record.bundle, remote: request.remote,
            preview: merged.preview.map { FileContents([.file($0, length: Self.length(of: $0))]) }, deviceNames: record.deviceNames,
            inputStamp: record.inputs.map { InputStamp(inputs: $0, assetCatalog: destination.assetCatalog != nil) })
        try OutputWriter(directory: destination.folder.folder, ownedFolders: destination.ownedFolders).write(files)
        let count = merged.assets.manifest.variants.count
        return RenderResult(lines: ["Merged \(request.shardCount) shards: \(count) variants → \(destination.displayName)"])
    }

    /// The launch screen of the plan's fallback layout; an error naming that layout's file when
    /// it describes none.
    static func launchScreen(of plan: Plan, typeName: String) throws(CompilerError) -> LaunchScreenFiles {
        if let files = try LaunchScreenFiles(plan: plan, typeName: typeName) { return files }
        throw CompilerError(.noLaunchScreen(inFile: plan.layouts.first(where: \.isFallback)?.file))
    }

    /// With `--emit-svg`, writes the instantiated SVG of every variant of a render that failed,
    /// so the instance an error is about can be opened. The render's own output stays untouched;
    /// nothing is written when the variants cannot be planned at all.
    fileprivate static func writeInstancesOfFailedRender(
        _ request: RenderRequest, events: RenderEvents, _ variants: () throws -> [PlannedVariant]
    ) {
        guard let folder = request.destination.instances, let variants = try? variants() else { return }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for variant in variants {
                try Data(variant.svg.utf8).write(to: folder.appendingPathComponent("\(variant.id).svg"), options: .atomic)
            }
            events.note("Wrote the instantiated SVGs of \(variants.count) variants to \(folder.relativePathForDisplay) for inspection.")
        } catch {
            events.note("Could not write the instantiated SVGs to \(folder.relativePathForDisplay): \(error.localizedDescription)")
        }
    }

    private static func length(of file: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size]) as? Int) ?? 0
    }
}

/// A request with its plan: what ``LaunchAssetGenerator/run(_:events:)`` does after planning.
private struct PlannedRun {
    let request: RenderRequest
    let plan: Plan
    let launchScreen: LaunchScreenFiles?
    let stamp: InputStamp
    let started: Date
    let events: RenderEvents

    private var destination: RenderDestination { request.destination }

    // MARK: - Render

    /// Renders the whole plan, or `shard`'s part of it, and writes its files.
    func render(_ generator: LaunchAssetGenerator, shard: Shard?) throws(CompilerError) -> RenderResult {
        // A shard renders its deal of the variants; the plan stays whole for shard.json and the preview.
        var part = plan
        if let shard { part.variants = shard.part(of: plan.variants, screen: \.screen) }
        let writer = OutputWriter(directory: destination.folder.folder, ownedFolders: destination.ownedFolders)
        let scratch = try writer.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        events.renderingStarted(part.variants.count)
        let assets: GeneratedAssets
        do {
            assets = try generator.render(
                part, jobs: request.jobs, packName: "\(request.typeName).launchpack", scratch: scratch,
                encoder: PNGEncoder(level: request.compressionLevel), cache: request.cache, launchScreenColors: launchScreen?.colors,
                progress: events.rendered)
        } catch {
            events.renderingEnded()
            LaunchAssetGenerator.writeInstancesOfFailedRender(request, events: events) { part.variants }
            throw error
        }
        events.renderingEnded()
        var costs = assets.layoutCosts
        // A shard's part is not the pack: an image shared across parts would count in each.
        if shard != nil { for index in costs.indices { costs[index].packBytes = nil } }
        let costWarnings = plan.costWarnings(for: costs)
        for warning in costWarnings { events.warning(warning) }
        let preview = destination.preview && (shard?.index ?? 1) == 1 ? try previewPNG() : nil
        var files: [URL: FileContents]
        if let shard {
            files = record(of: shard, assets: assets, part: part)
            if let preview { files[destination.folder.preview] = preview }
        } else {
            files = try wholeRenderFiles(assets, preview: preview)
        }
        if let folder = destination.instances {
            // Staged with the rest, so a failure here also leaves the previous output untouched.
            for variant in part.variants { files[folder.appendingPathComponent("\(variant.id).svg")] = .bytes(Data(variant.svg.utf8)) }
        }
        try writer.write(files)
        return summary(of: assets, part: part, shard: shard, costs: costs, warnings: costWarnings, preview: preview != nil)
    }

    /// The contact sheet of every variant of the plan, labelled.
    private func previewPNG() throws(CompilerError) -> FileContents {
        do {
            return .bytes(try ContactSheet(fonts: plan.templates.fonts).png(layouts: plan.layouts, variants: plan.variants))
        } catch {
            throw CompilerError(.previewFailed(error.description, file: destination.folder.preview.relativePathForDisplay))
        }
    }

    /// A shard's files: `shard.json` and its variants' images.
    private func record(of shard: Shard, assets: GeneratedAssets, part: Plan) -> [URL: FileContents] {
        let record = PartialRender(
            shard: shard, plan: plan, images: assets.images, typeName: request.typeName, bundle: request.bundle, remote: request.remote,
            preview: destination.preview, inputs: stamp.inputs)
        var files: [URL: FileContents] = [destination.folder.shardRecord: .bytes(record.json)]
        for (variant, image) in zip(part.variants, assets.images) {
            files[destination.folder.image(ofVariant: variant.id)] = FileContents([.file(image.file, length: image.length)])
        }
        return files
    }

    /// A whole render's files, and the launch screen's with `--storyboard`.
    private func wholeRenderFiles(_ assets: GeneratedAssets, preview: FileContents?) throws(CompilerError) -> [URL: FileContents] {
        var files = try destination.files(
            assets, typeName: request.typeName, bundle: request.bundle, remote: request.remote, preview: preview,
            deviceNames: plan.catalog.names(of: plan.variants.flatMap(\.devices)), inputStamp: stamp,
            sourcesRecord: try sourcesRecord(idioms: Array(assets.idiomPacks.keys)))
        if let launchScreen, let storyboard = destination.storyboard, let catalog = destination.assetCatalog {
            let renderer = SVGRenderer(encoder: PNGEncoder(level: request.compressionLevel), fonts: plan.templates.fonts)
            files.merge(try launchScreen.files(storyboard: storyboard, catalog: catalog, renderer: renderer)) { $1 }
        }
        return files
    }

    /// The record of the input files' bytes, for `launch-assets-check`: it names the files the
    /// render wrote that an app commits (each of `idioms`' packs, the storyboard).
    private func sourcesRecord(idioms: [Idiom]) throws(CompilerError) -> SourcesRecord {
        let outputs = destination.committedOutputs(idioms: idioms, typeName: request.typeName, launchScreen: launchScreen != nil)
        do {
            return try SourcesRecord(
                sources: request.sources, swiftFile: destination.swift,
                workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), arguments: request.arguments,
                outputs: outputs)
        } catch {
            throw CompilerError(.fileFailed(reason: "cannot record the input files' bytes: \(error.localizedDescription)"))
        }
    }

    /// What the render did: the summary `--json` prints, and the lines of the closing summary.
    private func summary(
        of assets: GeneratedAssets, part: Plan, shard: Shard?, costs: [LayoutCost], warnings costWarnings: [Diagnostic], preview: Bool
    ) -> RenderResult {
        let seconds = Date().timeIntervalSince(started)
        let distinct = Set(assets.manifest.variants.map(\.md5)).count
        let whole = shard == nil
        let size = whole ? SizeReport(assets) : nil
        let summary = RenderSummary(
            version: whole ? assets.manifest.version : nil, shard: shard?.description, layouts: plan.layouts.count,
            variants: part.variants.count, distinctImages: distinct, rendered: part.variants.count - assets.cachedImages,
            cached: assets.cachedImages, packBytes: whole ? assets.pack.count : nil, seconds: (seconds * 1000).rounded() / 1000,
            jobs: request.jobs, output: destination.folder.folder.path, manifest: whole ? destination.folder.manifest.path : nil,
            pack: whole ? destination.pack.path : nil, swift: whole ? destination.swift.path : nil,
            assetCatalog: whole ? destination.assetCatalog?.path : nil,
            storyboard: launchScreen == nil ? nil : destination.storyboard?.path,
            bundledBytes: size?.bundledBytes, fetchedBytes: size?.fetchedBytes, languageSizes: size?.languageSizes,
            preview: preview ? destination.folder.preview.path : nil,
            layoutCosts: costs, warnings: (plan.warnings + costWarnings).map(\.description))

        let cached = assets.cachedImages == 0 ? "" : ", \(assets.cachedImages) from the cache"
        let time = "in \(String(format: "%.1f", seconds)) s with \(request.jobs) jobs → \(destination.displayName)"
        var lines: [String] = []
        if let shard {
            let count = "\(plural(part.variants.count, "variant")) of \(plan.variants.count)"
            lines.append("Rendered shard \(shard): \(count) (\(distinct) distinct images\(cached)) \(time)")
        } else {
            let megabytes = String(format: "%.1f", Double(assets.pack.count) / 1_000_000)
            lines.append(
                "Rendered \(plural(plan.variants.count, "variant")) of \(plural(plan.layouts.count, "layout")) "
                    + "(\(distinct) distinct images\(cached), \(megabytes) MB pack) \(time)")
            if let size { lines.append(size.summary(for: assets.manifest)) }
        }
        lines += costs.map(\.summary)
        if let launchScreen, let storyboard = destination.storyboard {
            let exact = launchScreen.infoPlistIsExact ? "" : " (it centres the logo; the storyboard keeps the frame's offset)"
            lines.append(
                "Wrote the launch screen to \(storyboard.relativePathForDisplay) and its colour and logo to the asset catalog. "
                    + "For iOS 14 and later, this Info.plist entry shows the same without a storyboard\(exact):\n"
                    + launchScreen.infoPlistEntry)
        }
        return RenderResult(summary: summary, lines: lines)
    }

    // MARK: - Check

    /// `--check`: compares the committed outputs with the stamp; nothing is rendered.
    func check() -> RenderResult {
        let pack: CommittedOutputs.PackLocation
        if let directory = destination.assetCatalogDirectory {
            let remoteLayouts = Set(plan.remoteLayouts.map(\.id))
            let idioms = Set(plan.variants.filter { !remoteLayouts.contains($0.layout) }.map(\.idiom))
            pack = .assetCatalog(directory: directory, catalog: AssetCatalog(typeName: request.typeName), idioms: Array(idioms))
        } else {
            pack = .file(destination.pack)
        }
        var outputs = CommittedOutputs(swift: destination.swift, pack: pack)
        if let launchScreen, let storyboard = destination.storyboard, let catalog = destination.assetCatalog {
            outputs.launchScreen = (launchScreen, storyboard, catalog)
        }
        let stale = outputs.staleFiles(for: stamp)
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        guard stale.isEmpty else {
            return RenderResult(
                findings: stale.map { "stale: \($0)" }
                    + [
                        "The committed outputs are not what the inputs give (checked in \(seconds) s): run the same command without --check."
                    ],
                isStale: true)
        }
        return RenderResult(lines: ["Up to date: the committed outputs are what the inputs give (stamp \(stamp), checked in \(seconds) s)."]
        )
    }
}

/// `1 layout`, `6 layouts`.
private func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
