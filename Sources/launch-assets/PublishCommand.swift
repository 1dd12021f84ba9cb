import ArgumentParser
import Foundation
import LaunchAssetCompiler
import LaunchScreenRepair

/// `launch-assets publish`: the folder a remote layout source serves.
struct PublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Write the remote layouts' signed manifest and images: a static folder for any web server or CDN.",
        discussion: """
            Renders the layouts delivered remotely ("delivery": "remote", --remote-layout, or remoteLayouts in \
            --config) with the render cache, and writes into the output folder (replaced whole, only once \
            everything rendered): manifest.json, manifest.json.sig (base64 of the Ed25519 signature of \
            manifest.json's exact bytes) and images/<sha256>.png, once per distinct image. The same inputs and \
            --published give the same manifest and images. --disable publishes the kill switch instead: a signed \
            manifest with "enabled": false and no layouts, which turns LaunchScreenRepair off on every device that \
            fetches it (the system's snapshots are restored) until a newer manifest turns it on again.
            """
    )

    @OptionGroup var input: InputOptions

    @OptionGroup var rendering: RenderingOptions

    @Option(help: ArgumentHelp("The private key file `launch-assets keygen` wrote.", valueName: "file"))
    var key: String

    @Option(help: ArgumentHelp("The folder to write (replaced whole).", valueName: "dir"))
    var output: String

    @Option(
        help: ArgumentHelp(
            "The manifest's publication time, in seconds since 1970, not in the future (default: now). Devices refuse a manifest older than the one they have.",
            valueName: "seconds"))
    var published: Int?

    @Flag(help: "Publish the kill switch: \"enabled\": false, no layouts, nothing rendered.")
    var disable = false

    @Flag(help: "No progress line and no summary on standard error.")
    var quiet = false

    func validate() throws {
        guard let published else { return }
        if published < 0 { throw ValidationError("--published must be seconds since 1970, found \(published)") }
        if published >= RemoteManifest.implausiblePublished {
            throw ValidationError("--published \(published) is not seconds since 1970: milliseconds? Devices would refuse it")
        }
        let now = Int(Date().timeIntervalSince1970)
        if published > now {
            throw ValidationError(
                "--published \(published) is in the future (now is \(now)): devices refuse a manifest published after their clock")
        }
    }

    func run() throws {
        let signingKey = try SigningKey(contentsOf: URL(fileURLWithPath: key))
        let settings = try rendering.settings()
        if let expected = settings?.remoteSource?.publicKey, expected != signingKey.publicKeyBase64 {
            throw CompilerError(
                Diagnostic(
                    file: key,
                    message: "is not the key of remote.publicKey in \(rendering.config!): devices would refuse what it signs"
                ))
        }
        let published = self.published ?? Int(Date().timeIntervalSince1970)
        let folder = URL(fileURLWithPath: output).standardizedFileURL
        let writer = OutputWriter(directory: folder)
        if disable {
            let publication = RemotePublication.disabled(published: published, key: signingKey)
            try writer.write(publication.files(in: folder))
            if !quiet { StandardError.write("Published the kill switch (\"enabled\": false, published \(published)) → \(output)") }
            return
        }

        let generator = input.generator(defaults: settings)
        var plan = try generator.plan()
        for warning in plan.warnings { StandardError.write(warning.description) }
        let remote = plan.remoteLayouts
        guard !remote.isEmpty else {
            throw CompilerError(
                Diagnostic(
                    file: input.layouts,
                    message: "no layout is delivered remotely: give a layout \"delivery\": \"remote\", or name it with --remote-layout "
                        + "(or remoteLayouts in launch-assets.json); `publish --disable` publishes the kill switch"
                ))
        }
        let ids = Set(remote.map(\.id))
        plan.layouts = remote
        plan.variants = plan.variants.filter { ids.contains($0.layout) }

        let progress = ProgressLine(total: plan.variants.count, label: "Rendering", enabled: !quiet)
        let scratch = try writer.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let assets = try generator.render(
            plan, jobs: rendering.jobs, packName: "remote", scratch: scratch, encoder: PNGEncoder(level: rendering.level(settings)),
            cache: rendering.cache(templates: generator.configuration.templatesDirectory), progress: progress.update
        )
        progress.finish()
        let publication = RemotePublication(assets, published: published, key: signingKey)
        // Devices refuse a larger manifest before reading it: publishing it would strand every one of them.
        guard publication.manifestJSON.count <= RemoteManifest.sizeLimit else {
            throw CompilerError(
                Diagnostic(
                    file: input.layouts,
                    message:
                        "the signed manifest.json would be \(SizeReport.megabytes(publication.manifestJSON.count)), more than the "
                        + "\(SizeReport.megabytes(RemoteManifest.sizeLimit)) a device accepts (\(publication.manifest.variants.count) variants): "
                        + "publish fewer layouts or languages at a time (--layout, \"languages\" in launch-assets.json), or fewer devices"
                ))
        }
        try writer.write(publication.files(in: folder))
        if !quiet { StandardError.write(summary(publication, size: SizeReport(assets), manifest: assets.manifest)) }
    }

    /// The folder as a tree with sizes, and what a device fetches.
    private func summary(_ publication: RemotePublication, size: SizeReport, manifest: LaunchManifest) -> String {
        let layouts = publication.manifest.layouts.count
        let fetched = Idiom.allCases.compactMap { idiom in
            size.largestFetch(idiom, in: manifest).map { "\(idiom == .phone ? "an iPhone" : "an iPad") up to \(SizeReport.megabytes($0))" }
        }
        return """
            Published \(layouts) layout\(layouts == 1 ? "" : "s") (\(publication.manifest.variants.count) variants, published \(publication.manifest.published)) → \(output)
            \(output)/
            ├── \(RemoteManifest.fileName)        \(publication.manifestJSON.count) bytes
            ├── \(RemoteManifest.signatureFileName)    \(publication.signature.utf8.count) bytes
            └── images/              \(publication.images.count) files <sha256>.png, \(SizeReport.megabytes(publication.imageBytes))
            A device fetches only its own screen's images of a layout\(size.languageSizes.count > 1 ? ", in its language" : ""): \(fetched.joined(separator: ", "))
            """
    }
}
