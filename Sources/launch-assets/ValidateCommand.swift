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
            and that librsvg parses one instance per layout. Schedule gaps and overlaps are warnings.
            """
    )

    @OptionGroup var input: InputOptions

    func run() throws {
        let plan = try input.generator().validate()
        for warning in plan.warnings { StandardError.write(warning.description) }
        print("\(plan.layouts.count) layouts, \(plan.screens.count) screens, \(plan.variants.count) variants: valid")
    }
}
