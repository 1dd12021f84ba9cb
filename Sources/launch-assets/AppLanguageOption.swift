import ArgumentParser
import LaunchScreenRepair

/// The language the app runs in, as `repair` and `fetch` take it.
struct AppLanguageOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The language the app runs in (its Bundle.preferredLocalizations.first): that language's images, else those of "
                + "a less specific tag, else the development language's (default: the development language).",
            valueName: "tag"))
    var language: String?

    func validate() throws {
        if let language, LanguageTag(language) == nil {
            throw ValidationError("--language \(language): not a BCP 47 language tag (e.g. \"ar\", \"zh-Hans\", \"pt-BR\")")
        }
    }
}
