import ArgumentParser
import Foundation
import LaunchAssetCompiler
import LaunchScreenRepair

/// Where the generator reads its input and what it draws: the options `render`, `validate` and
/// `publish` share, `--config` among them.
struct InputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The folder of layout files (*.json) (default: Layouts).", valueName: "dir"))
    var layouts: String?

    @Option(help: ArgumentHelp("The folder of SVG templates and partials (*.svg) (default: Templates).", valueName: "dir"))
    var templates: String?

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

    @Option(
        help: ArgumentHelp(
            "Take every setting of this launch-assets.json (the build plugin's settings) that the command line does not give; "
                + "its paths are relative to its folder.",
            valueName: "file"
        ))
    var config: String?

    /// Puts these options into `options`.
    func apply(to options: inout RenderRequest.Options) {
        options.layouts = layouts
        options.templates = templates
        options.devices = devices
        options.layoutIDs = layoutIDs
        options.idioms = idioms
        options.orientations = orientations
        options.multitasking = multitasking
        options.remoteLayouts = remoteLayoutIDs
        options.languages = languages
        options.developmentLanguage = developmentLanguage
        options.stringTables = stringTables
        options.configuration = config
    }
}
