import ArgumentParser
import Foundation
import LaunchAssetCompiler

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

    var generator: LaunchAssetGenerator {
        LaunchAssetGenerator(configuration: .init(
            layoutsDirectory: URL(fileURLWithPath: layouts),
            templatesDirectory: URL(fileURLWithPath: templates),
            devicesFile: devices.map { URL(fileURLWithPath: $0) },
            layoutIDs: layoutIDs
        ))
    }
}
