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
            drawn in, and the font each family of each layout resolves to.
            """
    )

    @OptionGroup var input: InputOptions

    func run() throws {
        let plan = try input.generator().validate()
        for warning in plan.warnings { StandardError.write(warning.description) }
        for layout in plan.layouts where !layout.localizations.isEmpty {
            print(
                "languages: \(layout.id): \(layout.developmentLanguage) (development), \(layout.localizations.keys.sorted().joined(separator: ", "))"
            )
        }
        for line in plan.fonts?.listing ?? [] { print("fonts: \(line)") }
        print("\(plan.layouts.count) layouts, \(plan.screens.count) screens, \(plan.variants.count) variants: valid")
    }
}
