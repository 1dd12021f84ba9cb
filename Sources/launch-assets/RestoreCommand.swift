import ArgumentParser
import Foundation
import LaunchScreenRepair

/// `launch-assets restore`: puts the system's original snapshot bytes back.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put back the system's original launch snapshots that `repair` replaced."
    )

    @OptionGroup var app: ContainerOptions

    @Flag(help: "Print the report as JSON.")
    var json = false

    func run() throws {
        let report = SnapshotRepair.restore(app.locator)
        print(json ? RepairOutput.json(report) : report.text)
        let failed = report.files.filter { $0.outcome == .failed }
        try RepairOutput.failIfAny(failed.map { ($0.name, $0.reason) }, in: app.locator.snapshotFolder)
    }
}

/// The app container `repair` and `restore` work on.
struct ContainerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The app's data container (the folder holding Library/).", valueName: "dir"))
    var container: String

    @Option(name: .customLong("bundle-id"), help: ArgumentHelp("The app's bundle identifier.", valueName: "id"))
    var bundleID: String

    func validate() throws {
        guard !bundleID.isEmpty else { throw ValidationError("--bundle-id must not be empty") }
    }

    var locator: SnapshotLocator {
        SnapshotLocator(container: URL(fileURLWithPath: container), bundleIdentifier: bundleID)
    }
}
