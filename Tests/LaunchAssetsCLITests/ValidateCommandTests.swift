import Foundation
import TestSupport
import Testing

@Suite("validate and devices, end to end")
struct ValidateCommandTests {
    @Test func bundledLayoutsAreValid() throws {
        let result = try CLIRunner.run(["validate"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("valid"))
        #expect(!result.stderr.contains("warning"), "bundled layouts leave no gap: \(result.stderr)")
    }

    @Test func scheduleGapIsAWarningNotAnError() throws {
        let workspace = try BadInputTests.Workspace()
        try workspace.edit("Layouts/summer.json") { $0.replacingOccurrences(of: "\"06-01\"", with: "\"06-15\"") }
        let result = try CLIRunner.run(["validate"], in: workspace.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: no yearly schedule covers 06-01 through 06-14"), "\(result.stderr)")
    }

    @Test func devicesPrintsTheCatalog() throws {
        let table = try CLIRunner.run(["devices"])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("ID") == true)
        for id in ["iphone-17-pro-max", "iphone-air", "iphone-16e", "ipad-pro-13-m4", "ipad-mini-a17-pro"] {
            #expect(lines.contains { $0.hasPrefix(id + " ") }, "\(id) missing from the table")
        }
    }
}
