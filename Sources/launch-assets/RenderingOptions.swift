import ArgumentParser
import Foundation
import LaunchAssetCompiler
import LaunchScreenRepair

/// How images are rendered: the options `render` and `publish` share.
struct RenderingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("How many variants to render at once (default: active processors).", valueName: "n"))
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(
        help: ArgumentHelp(
            "PNG compression, 1 (fastest) to 12 (smallest); pixels are the same at every level. (default: \(PNGEncoder.defaultLevel))",
            valueName: "level"))
    var compressionLevel: Int?

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

    /// Puts these options into `options`.
    func apply(to options: inout RenderRequest.Options) {
        options.jobs = jobs
        options.compressionLevel = compressionLevel
        options.cacheDirectory = cacheDir
        options.noCache = noCache
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

    /// Puts these options into `options`.
    func apply(to options: inout RenderRequest.Options) {
        options.remote = settings
    }
}
