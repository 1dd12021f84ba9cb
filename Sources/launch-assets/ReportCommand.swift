import ArgumentParser
import Foundation
import LaunchScreenRepair

/// `launch-assets report`: prints the last report a repair stored in a container.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Print the last repair report stored in an app container (what the app's last launch did).",
        discussion: """
            The report an app's launch call (or `launch-assets repair`) stored beside the ledger, in \
            Library/Application Support/LaunchScreenRepair/last-report.json: one line per snapshot file. \
            Works on an iOS Simulator container (xcrun simctl get_app_container booted <bundle id> data) \
            or a container copied from a device. Exits 1 when the container holds no report.
            """
    )

    @OptionGroup var app: ContainerOptions

    @Flag(help: "Print the report as JSON.")
    var json = false

    func run() throws {
        guard let report = SnapshotRepair.lastReport(app.locator) else {
            throw RepairOutput.fail("\(app.locator.lastReportFile.path): no readable report (no repair has finished in this container yet)")
        }
        print(json ? RepairOutput.json(report) : report.text)
    }
}
