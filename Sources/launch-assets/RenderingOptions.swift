import ArgumentParser
import Foundation
import LaunchAssetCompiler
import LaunchScreenRepair

/// How images are rendered and where settings come from: the options `render` and `publish` share.
struct RenderingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("How many variants to render at once (default: active processors).", valueName: "n"))
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(
        help: ArgumentHelp(
            "PNG compression, 1 (fastest) to 12 (smallest); pixels are the same at every level. (default: \(PNGEncoder.defaultLevel))",
            valueName: "level"))
    var compressionLevel: Int?

    @Option(
        help: ArgumentHelp(
            "Take idioms, orientations, multitasking, compressionLevel, remoteLayouts and remote from this launch-assets.json "
                + "(the build plugin's settings) where the command line gives none.",
            valueName: "file"
        ))
    var config: String?

    @Option(help: ArgumentHelp("Where rendered images are kept between runs (default: the user's cache folder).", valueName: "dir"))
    var cacheDir: String?

    @Flag(help: "Render every variant, neither reading nor filling the cache.")
    var noCache = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if let compressionLevel, !PNGEncoder.levels.contains(compressionLevel) {
            throw ValidationError("--compression-level must be 1…12, found \(compressionLevel)")
        }
        guard !(noCache && cacheDir != nil) else { throw ValidationError("--no-cache and --cache-dir exclude each other") }
    }

    /// The `--config` file, read and checked, if one is given.
    func settings() throws(CompilerError) -> TargetConfiguration? {
        try config.map { path throws(CompilerError) in try TargetConfiguration(contentsOf: URL(fileURLWithPath: path)) }
    }

    /// The compression level: the command line's, else the settings', else the default.
    func level(_ settings: TargetConfiguration?) -> Int {
        compressionLevel ?? settings?.compressionLevel ?? PNGEncoder.defaultLevel
    }

    /// The render cache for `templates`, unless `--no-cache`.
    func cache(templates: URL) -> RenderCache? {
        noCache
            ? nil
            : RenderCache(
                directory: cacheDir.map { URL(fileURLWithPath: $0) } ?? RenderCache.defaultDirectory, templatesDirectory: templates)
    }
}

/// Where remotely delivered layouts are published, given on the command line.
struct RemoteSourceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The URL of the folder `publish` writes, as the app fetches it (https).", valueName: "url"))
    var remoteURL: String?

    @Option(help: ArgumentHelp("The public key `launch-assets keygen` printed (base64).", valueName: "key"))
    var remotePublicKey: String?

    @Option(help: ArgumentHelp("Fetch a remote layout's images this many days before its first day (default: 7).", valueName: "days"))
    var prefetchDays: Int?

    func validate() throws {
        guard (remoteURL == nil) == (remotePublicKey == nil) else {
            throw ValidationError("--remote-url and --remote-public-key go together: give both, or neither")
        }
        if prefetchDays != nil, remoteURL == nil {
            throw ValidationError("--prefetch-days needs --remote-url and --remote-public-key")
        }
        guard let settings else { return }
        do { _ = try settings.source() } catch {
            let option = ["url": "--remote-url", "publicKey": "--remote-public-key", "prefetchDays": "--prefetch-days"][error.key]!
            throw ValidationError("\(option): \(error.message)")
        }
    }

    private var settings: RemoteSourceSettings? {
        guard let remoteURL, let remotePublicKey else { return nil }
        return RemoteSourceSettings(url: remoteURL, publicKey: remotePublicKey, prefetchDays: prefetchDays)
    }

    /// The command line's source, else the settings' `remote`.
    func source(_ settings: TargetConfiguration?) -> RemoteLayoutSource? {
        (try? self.settings?.source()) ?? settings?.remoteSource
    }
}
