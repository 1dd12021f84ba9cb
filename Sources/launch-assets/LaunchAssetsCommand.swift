import ArgumentParser
import Foundation
import LaunchAssetCompiler
import LaunchAssetSources

/// `launch-assets`: renders seasonal launch screens and repairs the iOS launch-snapshot cache.
@main
struct LaunchAssetsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "launch-assets",
        abstract: "Pre-render seasonal iOS launch screens and repair the launch-snapshot cache.",
        discussion:
            "Exit status: 0 done, 1 bad input (the message names the file and the place), 2 usage; diff exits 3 when the renders differ, fetch when it did not complete.",
        version: GeneratorVersion.current,
        subcommands: [
            InitCommand.self,
            RenderCommand.self,
            DiffCommand.self,
            MergeCommand.self,
            PublishCommand.self,
            KeygenCommand.self,
            ValidateCommand.self,
            DevicesCommand.self,
            ProbeCommand.self,
            RepairCommand.self,
            RestoreCommand.self,
            ReportCommand.self,
            FetchCommand.self,
        ]
    )

    /// Runs the command, mapping errors onto the documented exit statuses.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch let error as CompilerError {
            StandardError.write(error.description)
            Foundation.exit(1)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                StandardError.write(fullMessage(for: error))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// Lines for the person at the terminal, on standard error.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
