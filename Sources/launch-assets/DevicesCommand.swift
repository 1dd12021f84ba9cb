import ArgumentParser
import Foundation
import LaunchAssetCompiler

/// `launch-assets devices`: the device catalog the generator renders for.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Print the device catalog (built in, plus --devices).",
        discussion: "With --json the output has the shape --devices accepts, so it can be copied and edited."
    )

    @Option(help: ArgumentHelp("A devices file that adds to or overrides the built-in catalog (by id).", valueName: "file"))
    var devices: String?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        let catalog = try DeviceCatalog.builtIn(extendedWith: devices.map { URL(fileURLWithPath: $0) })
        for line in json ? [catalog.json] : catalog.table { print(line) }
    }
}
