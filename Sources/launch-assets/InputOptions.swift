import ArgumentParser
import Foundation
import LaunchAssetCompiler
import LaunchScreenRepair

/// Where the generator reads its input: the options `render` and `validate` share.
struct InputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The folder of layout files (*.json).", valueName: "dir"))
    var layouts = "Layouts"

    @Option(help: ArgumentHelp("The folder of SVG templates and partials (*.svg).", valueName: "dir"))
    var templates = "Templates"

    @Option(help: ArgumentHelp("A devices file that adds to or overrides the built-in catalog (by id).", valueName: "file"))
    var devices: String?

    @Option(name: .customLong("layout"), help: ArgumentHelp("Only this layout id; repeat for several.", valueName: "id"))
    var layoutIDs: [String] = []

    @Option(
        name: .customLong("idiom"),
        help: ArgumentHelp("Only this idiom; repeat for both (default: what each layout says).", valueName: "phone|pad"))
    var idioms: [Idiom] = []

    @Option(
        help: ArgumentHelp(
            "Replace every layout's orientations (automatic: phones portrait only, pads both).", valueName: "automatic|portrait|both"))
    var orientations: OrientationPolicy?

    @Flag(
        inversion: .prefixedNo,
        help: "Replace every layout's multitasking: also render (or not) the iPads' Split View and Slide Over window sizes."
    )
    var multitasking: Bool?

    @Option(
        name: .customLong("remote-layout"),
        help: ArgumentHelp(
            "Deliver this layout remotely whatever its file says: its images stay out of the pack, for `publish`. Repeat for several.",
            valueName: "id"))
    var remoteLayoutIDs: [String] = []

    @Option(
        name: .customLong("language"),
        help: ArgumentHelp(
            "Draw only this language besides the development one; repeat for several (default: every language translated).",
            valueName: "tag"))
    var languages: [String] = []

    @Option(help: ArgumentHelp("The language the layouts' strings are written in (default: en).", valueName: "tag"))
    var developmentLanguage: String?

    @Option(
        name: .customLong("strings"),
        help: ArgumentHelp(
            "A String Catalog (.xcstrings) or .strings table (en.lproj/Launch.strings: every sibling .lproj) translating the layouts' strings; repeat for several.",
            valueName: "file"))
    var stringTables: [String] = []

    /// The generator, with the idioms, orientations, multitasking, remote layouts and
    /// localization of `defaults` where these options give none.
    func generator(defaults: TargetConfiguration? = nil) -> LaunchAssetGenerator {
        LaunchAssetGenerator(
            configuration: .init(
                layoutsDirectory: URL(fileURLWithPath: layouts),
                templatesDirectory: URL(fileURLWithPath: templates),
                devicesFile: devices.map { URL(fileURLWithPath: $0) },
                layoutIDs: layoutIDs,
                idioms: idioms.isEmpty ? defaults?.idioms ?? [] : idioms,
                orientations: orientations ?? defaults?.orientations,
                multitasking: multitasking ?? defaults?.multitasking,
                remoteLayouts: remoteLayoutIDs.isEmpty
                    ? defaults.flatMap(RemoteLayoutSelection.configuration) : .commandLine(remoteLayoutIDs),
                localization: LocalizationSettings(
                    developmentLanguage: developmentLanguage ?? defaults?.developmentLanguage
                        ?? LocalizationSettings.defaultDevelopmentLanguage,
                    languages: languages.isEmpty ? defaults?.languages ?? [] : languages,
                    stringTables: stringTables.isEmpty
                        ? defaults?.stringTableURLs ?? [] : stringTables.map { URL(fileURLWithPath: $0) })
            ))
    }
}
