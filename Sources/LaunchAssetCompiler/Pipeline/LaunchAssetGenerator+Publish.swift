import Foundation
import LaunchScreenRepair

extension LaunchAssetGenerator {
    /// Publishes what `request` asks for: the remote layouts, rendered with the cache, signed,
    /// with their images; or the kill switch. The folder is written only once everything is
    /// rendered. Returns the closing summary: the folder as a tree, and what a device fetches.
    package static func publish(_ request: PublishRequest, events: RenderEvents = RenderEvents()) throws(CompilerError) -> [String] {
        let writer = OutputWriter(directory: request.output)
        if request.disable {
            let publication = RemotePublication.disabled(published: request.published, key: request.key)
            try writer.write(publication.files(in: request.output))
            return ["Published the kill switch (\"enabled\": false, published \(request.published)) → \(request.outputName)"]
        }
        let generator = LaunchAssetGenerator(configuration: request.render.inputs)
        for warning in request.render.warnings { events.warning(warning) }
        var plan = try generator.plan()
        for warning in plan.warnings { events.warning(warning) }
        let remote = plan.remoteLayouts
        guard !remote.isEmpty else { throw CompilerError(.nothingToPublish(layouts: generator.configuration.layoutsDirectory)) }
        let ids = Set(remote.map(\.id))
        plan.layouts = remote
        plan.variants = plan.variants.filter { ids.contains($0.layout) }

        let scratch = try writer.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        events.renderingStarted(plan.variants.count)
        let assets: GeneratedAssets
        do {
            assets = try generator.render(
                plan, jobs: request.render.jobs, packName: "remote", scratch: scratch,
                encoder: PNGEncoder(level: request.render.compressionLevel), cache: request.render.cache, progress: events.rendered)
        } catch {
            events.renderingEnded()
            throw error
        }
        events.renderingEnded()
        let publication = RemotePublication(assets, published: request.published, key: request.key)
        // Devices refuse a larger manifest before reading it: publishing it would strand every one of them.
        guard publication.manifestJSON.count <= RemoteManifest.sizeLimit else {
            throw CompilerError(
                .publishedManifestTooLarge(
                    size: SizeReport.megabytes(publication.manifestJSON.count), limit: SizeReport.megabytes(RemoteManifest.sizeLimit),
                    variants: publication.manifest.variants.count, layouts: generator.configuration.layoutsDirectory))
        }
        try writer.write(publication.files(in: request.output))
        return summary(of: publication, size: SizeReport(assets), manifest: assets.manifest, output: request.outputName)
    }

    /// The folder as a tree with sizes, and what a device fetches.
    private static func summary(
        of publication: RemotePublication, size: SizeReport, manifest: LaunchManifest, output: String
    ) -> [String] {
        let layouts = publication.manifest.layouts.count
        let fetched = Idiom.allCases.compactMap { idiom in
            size.largestFetch(idiom, in: manifest).map { "\(idiom == .phone ? "an iPhone" : "an iPad") up to \(SizeReport.megabytes($0))" }
        }
        return [
            "Published \(layouts) layout\(layouts == 1 ? "" : "s") (\(publication.manifest.variants.count) variants, published \(publication.manifest.published)) → \(output)",
            "\(output)/",
            "├── \(RemoteManifest.fileName)        \(publication.manifestJSON.count) bytes",
            "├── \(RemoteManifest.signatureFileName)    \(publication.signature.utf8.count) bytes",
            "└── images/              \(publication.images.count) files <sha256>.png, \(SizeReport.megabytes(publication.imageBytes))",
            "A device fetches only its own screen's images of a layout\(size.languageSizes.count > 1 ? ", in its language" : ""): \(fetched.joined(separator: ", "))",
        ]
    }
}
