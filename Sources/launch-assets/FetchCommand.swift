import ArgumentParser
import Foundation
import LaunchScreenRepair

/// `launch-assets fetch`: fetches an app's remote layouts into any container folder, with the
/// engine an app runs.
struct FetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch the remote layouts a container's snapshot files need (the engine an app runs after its repair).",
        discussion: """
            Downloads manifest.json and its signature from the published folder, verifies them with \
            the public key, then the images the container's snapshot files need for the remote \
            layouts active on the day or within the prefetch window, each checked against its \
            SHA-256, MD5 and length, into Library/Application Support/LaunchScreenRepair/Remote/. \
            `repair` on the same container then uses them. The manifest is asked for conditionally \
            (If-None-Match, If-Modified-Since) once one is stored: a 304 answer keeps the stored \
            one. With --min-interval, nothing is requested when a fetch completed less than that \
            many seconds before (the clock is --date's noon when given), as an app's fetch does. \
            Exits 0 when every image needed is \
            stored (or the manifest switched the module off, another fetch was running, or the \
            fetch was throttled), 1 on \
            bad input (the manifest file, the URL, the key), 2 on usage errors, and 3 when the \
            fetch did not complete: the manifest was refused or unreachable, an image failed, or the \
            store cannot be used (a symbolic link in place of one of its folders, a lock that can \
            never be taken); the report says which, and what was stored before is kept.
            """
    )

    @OptionGroup var app: ContainerOptions

    @Option(help: ArgumentHelp("The app's generated manifest.json (the bundled one).", valueName: "file"))
    var manifest: String

    @Option(
        name: .customLong("remote-url"),
        help: ArgumentHelp("The published folder: HTTPS, or plain HTTP to a loopback address.", valueName: "url"))
    var remoteURL: String

    @Option(
        name: .customLong("public-key"),
        help: ArgumentHelp("The Ed25519 public key that signed the manifest, base64 of its 32 bytes.", valueName: "key"))
    var publicKey: String

    @Option(name: .customLong("prefetch-days"), help: ArgumentHelp("How many days ahead layouts are fetched.", valueName: "n"))
    var prefetchDays = 7

    @Option(help: ArgumentHelp("The day the window starts (default: today, local time).", valueName: "yyyy-mm-dd"))
    var date: SeasonDate?

    @Option(help: ArgumentHelp("The device idiom.", valueName: "phone|pad"))
    var idiom: Idiom = .phone

    @Option(help: ArgumentHelp("Hardware model or catalog device identifier, to pick among variants of one size.", valueName: "id"))
    var device: String?

    @OptionGroup var appLanguage: AppLanguageOption

    @Option(
        help: ArgumentHelp(
            "Which orientations get their own image (automatic: phones portrait only, pads both).", valueName: "automatic|portrait|both"))
    var orientations: OrientationPolicy = .automatic

    @Option(help: ArgumentHelp("The longest wait for the next bytes of a transfer, in seconds.", valueName: "s"))
    var timeout: Double = 30

    @Option(
        name: .customLong("min-interval"),
        help: ArgumentHelp(
            "Request nothing when a fetch completed less than this many seconds before (an app's default: 21600).",
            valueName: "s"))
    var minInterval: Double = 0

    @Flag(help: "Print the report as JSON.")
    var json = false

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be more than 0 seconds") }
        guard prefetchDays >= 0 else { throw ValidationError("--prefetch-days must not be negative") }
        guard minInterval >= 0 else { throw ValidationError("--min-interval must not be negative") }
    }

    func run() throws {
        let loaded = try RepairOutput.manifest(at: URL(fileURLWithPath: manifest))
        guard let url = URL(string: remoteURL), url.scheme != nil else { throw RepairOutput.fail("--remote-url \(remoteURL): not a URL") }
        let source = RemoteLayoutSource(url: url, publicKey: publicKey, prefetchDays: prefetchDays)
        do { try source.validate() } catch { throw RepairOutput.fail(error.description) }
        let environment = RepairEnvironment(
            systemVersion: SystemVersion(major: 17), idiom: idiom, deviceModel: device, language: appLanguage.language,
            date: RepairOutput.noon(of: date))
        let request = RemoteFetchRequest(
            source: source, locator: app.locator, manifest: loaded, environment: environment, orientationPolicy: orientations,
            timeout: timeout, minimumInterval: minInterval)
        let report = RemoteLayoutFetch.run(request)
        print(json ? RepairOutput.json(report) : report.text)
        switch report.status {
        case .completed, .busy, .switchedOff, .throttled:
            return
        case .refused, .unreachable, .deferred, .cancelled, .storeUnusable:
            StandardError.write("error: \(report.reason ?? report.status.rawValue)")
        case .incomplete:
            if let reason = report.reason { StandardError.write("error: \(reason)") }
            for file in report.files(.failed) { StandardError.write("error: \(file.reason ?? "\(file.path): failed")") }
        }
        throw ExitCode(3)
    }
}
