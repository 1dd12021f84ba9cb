import ArgumentParser
import LaunchAssetCompiler

/// `launch-assets validate`: every check short of rasterizing.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check layouts, templates and devices without rendering.",
        discussion: """
            Checks structure, dates, exactly one fallback, unique ids, that every template exists \
            and instantiates for every variant, that SVG references stay in the templates folder, \
            that every font family a template names is in Templates/Fonts or installed, \
            and that librsvg parses one instance per layout. Schedule gaps and overlaps are warnings. \
            Translations that lack keys are warnings. Lists the languages each localized layout is \
            drawn in, and the font each family of each layout resolves to. With --config, checks the \
            whole launch-assets.json and takes its settings as `render --config` does.
            """
    )

    @OptionGroup var input: InputOptions

    func run() throws {
        var options = RenderRequest.Options()
        input.apply(to: &options)
        let request = try RenderRequest(options)
        for warning in request.warnings { StandardError.write(warning.description) }
        let plan = try LaunchAssetGenerator(configuration: request.inputs).validate()
        for warning in plan.warnings { StandardError.write(warning.description) }
        for line in plan.validationListing { print(line) }
    }
}
