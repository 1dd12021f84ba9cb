import ArgumentParser
import Foundation
import LaunchAssetCompiler
import LaunchScreenRepair

/// `launch-assets repair`: runs the app's repair engine against any container folder.
struct RepairCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repair",
        abstract: "Replace an app container's launch snapshots with the manifest's variants (the engine an app runs).",
        discussion: """
            Works on any container folder: a test fixture, or an iOS Simulator container \
            (xcrun simctl get_app_container booted <bundle id> data). Like the app's launch call, it \
            first prepares the upgrade placeholder, then repairs, with the remote layouts `fetch` \
            stored in the container laid over the manifest. Exits 0 when it did its job \
            (skipped files are reported, not errors; so is "busy": another repair or restore of the \
            container was in progress and nothing was written), 1 on bad input or a failed write, \
            2 on usage errors.
            """
    )

    @OptionGroup var app: ContainerOptions

    @Option(help: ArgumentHelp("The generated manifest.json.", valueName: "file"))
    var manifest: String

    @Option(help: ArgumentHelp("The pack (default: the manifest's `pack`, next to the manifest).", valueName: "file"))
    var pack: String?

    @Option(help: ArgumentHelp("The app's pinned UIUserInterfaceStyle: every snapshot gets this appearance.", valueName: "light|dark"))
    var appearance: Appearance?

    @Option(help: ArgumentHelp("The device idiom.", valueName: "phone|pad"))
    var idiom: Idiom = .phone

    @Option(name: .customLong("system-version"), help: ArgumentHelp("The iOS version; below 13 nothing is touched.", valueName: "x.y"))
    var systemVersion = SystemVersion(major: 17)

    @Option(help: ArgumentHelp("The day that picks the season (default: today, local time).", valueName: "yyyy-mm-dd"))
    var date: SeasonDate?

    @Option(
        name: .customLong("app-version"),
        help: ArgumentHelp("The app version; a change from the last run is an upgrade launch.", valueName: "v"))
    var appVersion: String?

    @Option(help: ArgumentHelp("Catalog device identifier, to pick among variants of one size.", valueName: "id"))
    var device: String?

    @OptionGroup var appLanguage: AppLanguageOption

    @Option(
        help: ArgumentHelp(
            "Which orientations get their own image (automatic: phones portrait only, pads both).", valueName: "automatic|portrait|both"))
    var orientations: OrientationPolicy = .automatic

    @Option(
        name: .customLong("indistinguishable-pairs"),
        help: ArgumentHelp(
            "What goes into a light and dark pair of snapshots that look the same (a storyboard that ignores dark mode).",
            valueName: "skip|light|dark"))
    var indistinguishablePairs: IndistinguishablePairPolicy = .skip

    @Flag(name: .customLong("dry-run"), help: "Print the plan; write nothing.")
    var dryRun = false

    @Flag(help: "Print the report as JSON.")
    var json = false

    func run() throws {
        let manifestURL = URL(fileURLWithPath: manifest)
        let loaded = try RepairOutput.manifest(at: manifestURL)
        let packURL = pack.map { URL(fileURLWithPath: $0) } ?? manifestURL.deletingLastPathComponent().appendingPathComponent(loaded.pack)
        let packFile: LaunchPack
        do { packFile = try LaunchPack(contentsOf: packURL, for: loaded) } catch {
            throw RepairOutput.fail(error.description)
        }
        let environment = RepairEnvironment(
            systemVersion: systemVersion, idiom: idiom, deviceModel: device, language: appLanguage.language, currentAppearance: appearance,
            currentOrientation: .portrait, pinnedAppearance: appearance, appVersion: appVersion, date: RepairOutput.noon(of: date)
        )
        let placeholder = dryRun ? nil : SnapshotRepair.preparePlaceholder(app.locator, environment: environment)
        let request = RepairRequest(
            locator: app.locator, manifest: loaded, variants: packFile, environment: environment,
            options: RepairOptions(orientationPolicy: orientations, indistinguishablePairs: indistinguishablePairs), dryRun: dryRun,
            placeholder: placeholder
        )
        let report: RepairReport
        do { report = try SnapshotRepair.run(request) } catch {
            throw RepairOutput.fail("\(manifestURL.path): \(error.description)")
        }
        print(json ? RepairOutput.json(report) : report.text)
        try RepairOutput.failIfAny(report.files(.failed).map { ($0.name, $0.reason) }, in: app.locator.snapshotFolder)
    }
}

/// Reading the inputs of `repair` and `restore` and reporting what failed; a problem names the
/// file and the place.
enum RepairOutput {
    /// Prints `error: <message>` and returns exit code 1 to throw.
    static func fail(_ message: String) -> ExitCode {
        StandardError.write("error: \(message)")
        return ExitCode(1)
    }

    /// Exits 1 after naming each snapshot file that could not be written.
    static func failIfAny(_ failed: [(name: String, reason: String?)], in folder: URL) throws {
        guard !failed.isEmpty else { return }
        for file in failed {
            StandardError.write("error: \(folder.appendingPathComponent(file.name).path): \(file.reason ?? "failed")")
        }
        throw ExitCode(1)
    }

    /// Decodes a manifest.json; a decoding error names the JSON path.
    static func manifest(at url: URL) throws -> LaunchManifest {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw fail("\(url.path): cannot read the manifest: \((error as NSError).localizedDescription)")
        }
        do { return try JSONDecoder().decode(LaunchManifest.self, from: data) } catch let error as DecodingError {
            throw fail("\(url.path): \(error.placeDescription)")
        } catch {
            throw fail("\(url.path): \(error)")
        }
    }

    /// Noon of `date` in the local time zone, or now.
    static func noon(of date: SeasonDate?) -> Date {
        guard let date, let year = date.year else { return Date() }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar.date(from: DateComponents(year: year, month: date.month, day: date.day, hour: 12)) ?? Date()
    }

    /// A report as `--json` prints it.
    static func json(_ value: some Encodable) -> String {
        PrettyJSON.text(value)
    }
}
