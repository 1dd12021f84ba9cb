import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// The app's own image for a slot (what LLDynamicLaunchScreen users replace at run time).
@Suite("The app's own image for a slot")
struct SlotImageTests {
    let container: TestContainer
    let catalog: TestCatalog

    init() throws {
        container = try TestContainer()
        catalog = try TestCatalog(in: container.folder.url)
    }

    func request(_ environment: RepairEnvironment = .phone()) throws -> RepairRequest {
        RepairRequest(locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: environment)
    }

    func names(in report: RepairReport, _ slot: LaunchSlot) -> [String] {
        report.files.filter { $0.orientation == slot.orientation && $0.appearance == slot.appearance }.map(\.name)
    }

    @Test("set: the slot's files hold the app's image, others keep the season's; kept over launches, written again after a redraw")
    func setAndKeep() throws {
        defer { container.folder.remove() }
        let installed = try container.installRealAAPL()
        _ = try SnapshotRepair.run(try request())
        let campaign = TestCatalog.png(width: 1179, height: 2556, text: "campaign")
        let report = try SnapshotRepair.setLaunchImage(campaign, for: .portraitDark, try request())
        let dark = names(in: report, .portraitDark)
        #expect(dark.count == 1)
        #expect(report.files.first { $0.name == dark[0] }?.outcome == .replaced)
        #expect(report.files.first { $0.name == dark[0] }?.variant == "app:portrait-dark")
        #expect(try container.contents(dark[0]) == campaign)
        #expect(report.files.filter { $0.outcome == .kept }.count == 3)

        let next = RecordingFileSystem()
        let steady = try SnapshotRepair.run(try request(), fileSystem: next)
        #expect(steady.files(.kept).count == 4)
        #expect(next.bytesRead(in: container.snapshots) == 0)

        // The system redraws the slot: the app's image goes back in, not the season's.
        let fixture = try #require(installed[dark[0]])
        try container.write(try fixtures.data("snapshots/\(fixture.name)"), as: dark[0])
        let redrawn = try SnapshotRepair.run(try request())
        #expect(redrawn.files.first { $0.name == dark[0] }?.variant == "app:portrait-dark")
        #expect(try container.contents(dark[0]) == campaign)

        // What the slot holds now, read back.
        let read = try #require(SnapshotRepair.launchImage(for: .portraitDark, try request()))
        #expect(read.name == dark[0] && read.format == .png && read.data == campaign && read.width == 1179)
    }

    @Test("restore gives the system's bytes back and keeps the app's image for later; remove puts the season back")
    func restoreAndRemove() throws {
        defer { container.folder.remove() }
        let installed = try container.installRealAAPL()
        let campaign = TestCatalog.png(width: 1179, height: 2556, text: "campaign")
        let report = try SnapshotRepair.setLaunchImage(campaign, for: .portraitLight, try request())
        let light = try #require(names(in: report, .portraitLight).first)
        let restored = SnapshotRepair.restore(container.locator)
        #expect(restored.files.filter { $0.outcome == .restored }.count == 4)
        for (name, fixture) in installed { #expect(try container.contents(name) == (try fixtures.data("snapshots/\(fixture.name)"))) }
        #expect(try SnapshotRepair.run(try request()).files.first { $0.name == light }?.variant == "app:portrait-light")

        let back = try SnapshotRepair.removeLaunchImage(for: .portraitLight, try request())
        #expect(back.files.first { $0.name == light }?.variant == "winter-phone-1179x2556-portrait-light")
        #expect(try container.contents(light) == (try catalog.bytes("winter-phone-1179x2556-portrait-light")))
        #expect(
            !FileManager.default.fileExists(atPath: container.locator.moduleFolder.appendingPathComponent("Overrides/portrait-light").path))
    }

    @Test("an image of another size, or not an image: refused, nothing kept, the snapshots as they were")
    func refused() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        _ = try SnapshotRepair.run(try request())
        let before = try container.names().map { try container.contents($0) }
        #expect(throws: RepairError.sizeMismatch(slot: .portraitDark, image: "1170x2532", snapshots: ["1179x2556"])) {
            try SnapshotRepair.setLaunchImage(TestCatalog.png(width: 1170, height: 2532, text: "x"), for: .portraitDark, try request())
        }
        #expect(throws: RepairError.self) {
            try SnapshotRepair.setLaunchImage(Data("GIF89a not accepted".utf8), for: .portraitDark, try request())
        }
        #expect(try container.names().map { try container.contents($0) } == before)
        let ledger = try JSONDecoder().decode(Ledger.self, from: Data(contentsOf: container.locator.ledgerFile))
        #expect(ledger.overrides.isEmpty)
    }
}
