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
        var options = RenderRequest.Options()
        input.apply(to: &options)
        rendering.apply(to: &options)
        let request = try PublishRequest(
            options, key: key, output: output, published: published ?? Int(Date().timeIntervalSince1970), disable: disable)
        let progress = ProgressLine(label: "Rendering", enabled: !quiet)
        let summary = try LaunchAssetGenerator.publish(request, events: .standardError(progress))
        if !quiet { StandardError.write(summary.joined(separator: "\n")) }
    }
}
