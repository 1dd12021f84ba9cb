import ArgumentParser
import Foundation
import LaunchAssetSources

/// `launch-assets-check <swift file>… [--stamp FILE]`: whether committed renders are what their
/// input files give, by the bytes the render recorded. Links no system library, so a build
/// plugin (`LaunchAssetsCheck`) can run it on any machine that builds the app.
@main
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "launch-assets-check",
        abstract: "Check that committed launch-screen renders are what their input files give.",
        discussion: """
            Reads the sources record in each generated Swift file's header (the digest of every layout, template, \
            string table and setting file the render read), reads those files again, and checks that the committed \
            packs and storyboard are there and carry the manifest's version. Exits 0 when every render is up to date, \
            3 when one is stale (each stale file is named, with the command that renders it again), 1 when one \
            cannot be checked. Unlike `launch-assets render --check`, any edit to an input file asks for a render.
            """
    )

    @Argument(help: ArgumentHelp("The generated Swift files of committed renders.", valueName: "swift-file"))
    var swiftFiles: [String]

    @Option(
        help: ArgumentHelp(
            "Write this Swift file (a comment only) when every render is up to date; remove it otherwise.", valueName: "file"))
    var stamp: String?

    func run() throws {
        let stampURL = stamp.map { URL(fileURLWithPath: $0) }
        if let stampURL { try? FileManager.default.removeItem(at: stampURL) }
        var stale = false
        var unchecked = false
        for path in swiftFiles {
            var check = CommittedRenderCheck(swiftFile: URL(fileURLWithPath: path))
            let findings = check.findings()
            let name = check.swiftFile.lastPathComponent
            for finding in findings {
                report("\(check.swiftFile.path): error: \(name) \(finding.isStale ? "is stale: " : "")\(finding)")
            }
            stale = stale || findings.contains(where: \.isStale)
            unchecked = unchecked || findings.contains { !$0.isStale }
            if findings.contains(where: \.isStale), let record = check.record {
                let directory = SourcesRecord.url(of: record.workingDirectory, besides: check.swiftFile)
                report(
                    "\(check.swiftFile.path): error: render \(name) again, then commit what it writes: (cd \(SourcesRecord.shellQuoted(directory.path)) && \(record.command))"
                )
            }
        }
        if unchecked { throw ExitCode(1) }
        if stale { throw ExitCode(3) }
        if let stampURL {
            let text = "// launch-assets-check: the committed launch screens were up to date with their input files.\n"
            try Data(text.utf8).write(to: stampURL, options: .atomic)
        }
    }

    private func report(_ line: String) {
        FileHandle.standardError.write(Data("\(line)\n".utf8))
    }
}
