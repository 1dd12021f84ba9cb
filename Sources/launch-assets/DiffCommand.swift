import ArgumentParser
import Foundation
import LaunchAssetCompiler
import LaunchScreenRepair

/// `launch-assets diff OLD NEW`: what changed between two render folders, for review and CI.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two render folders: variants added, removed, changed (with the share of pixels changed), unchanged.",
        discussion: """
            Reads each folder's manifest.json and checks its images (images/<id>.png, else the pack) \
            against the manifest's MD5s. With \
            --output, writes report.json and differences/<id>.png (the new image washed out, changed \
            pixels in red) for every changed variant; with --gallery also index.html with the old, \
            new and difference images side by side (old/ and new/ hold copies, so the folder stands \
            alone as a CI artifact). With --language, only the variants of those languages are \
            compared (and counted, and decide the exit status); layout changes are listed whatever \
            the language. Exit status: 0 identical, 3 different, 1 bad input (the message names the \
            file, or a tag neither render has), 2 usage.
            """
    )

    @Argument(help: ArgumentHelp("The earlier render folder.", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The later render folder.", valueName: "new"))
    var new: String

    @Option(
        help: ArgumentHelp(
            "Write the report, difference images and (with --gallery) a page into this folder (replaced whole).", valueName: "dir"
        ))
    var output: String?

    @Flag(help: "Also write <output>/index.html, the changed, added and removed variants side by side.")
    var gallery = false

    @Flag(help: "Print the report as JSON instead of text.")
    var json = false

    @Option(
        name: .customLong("language"),
        help: ArgumentHelp(
            "Only the variants that show this language (a BCP 47 tag: ar, zh-Hans), or with `neutral` those that are the same "
                + "in every language; repeat for several.",
            valueName: "tag|neutral"))
    var languages: [String] = []

    func validate() throws {
        guard !(gallery && output == nil) else { throw ValidationError("--gallery needs --output: the page is written into that folder") }
        for language in languages where language.lowercased() != ReviewLanguages.neutral && LanguageTag(language) == nil {
            throw ValidationError(
                "--language \(language): not a BCP 47 language tag (e.g. \"ar\", \"zh-Hans\") nor \"\(ReviewLanguages.neutral)\"")
        }
    }

    func run() throws {
        let diff = try RenderDiff(old: old, new: new, languages: languages)
        let result = try diff.run(output: output.map { URL(fileURLWithPath: $0) }, gallery: gallery)
        if json {
            FileHandle.standardOutput.write(result.reportJSON)
        } else {
            for line in result.lines { print(line) }
        }
        if !result.isIdentical { throw ExitCode(3) }
    }
}
