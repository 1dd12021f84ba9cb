import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// The app-facing runtime beside the engine: the async API and its once-per-process guard, the
/// stored last report, the log lines, the appearance hook and the season boundary.
@Suite("The app side of the runtime")
struct AppSideTests {
    let container: TestContainer
    let catalog: TestCatalog

    init() throws {
        container = try TestContainer()
        catalog = try TestCatalog(in: container.folder.url)
    }

    func request(_ environment: RepairEnvironment = .phone(), hook: RepairOptions.AppearanceHook? = nil) throws -> RepairRequest {
        RepairRequest(
            locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: environment,
            options: RepairOptions(appearanceHook: hook))
    }

    @Test("async: the same report as the synchronous run; a task cancelled before it begins throws cancelled")
    func async() async throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let report = try await SnapshotRepair.runOnUtilityQueue(try request())
        #expect(report.status == .completed && report.files(.replaced).count == 4)
        #expect(try SnapshotRepair.run(try request()).files(.kept).count == 4)

        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await SnapshotRepair.runOnUtilityQueue(try request())
        }
        await #expect(throws: RepairError.cancelled) { try await cancelled.value }
    }

    @Test("cancelled during the run: the files not yet handled are skipped, said so, and nothing of them written")
    func cancelledBetweenFiles() async throws {
        defer { container.folder.remove() }
        try installBusyPair()
        let cancellation = Cancellation()
        var cancelling = try request()
        cancelling.cancellation = cancellation
        // Cancelled once every file is inspected, before the first is written.
        cancelling.options.appearanceHook = { file in
            cancellation.cancel()
            return file.name.hasPrefix("D") ? .dark : .light
        }
        let report = try SnapshotRepair.run(cancelling)
        #expect(report.files.count == 2)
        #expect(report.files.allSatisfy { $0.outcome == .skipped && $0.cause == .cancelledBeforeFile })
        #expect(report.bytesWritten == 0)
    }

    @Test("the last report: stored by the run that changed something, as returned; a steady launch leaves it and writes nothing")
    func lastReport() throws {
        defer { container.folder.remove() }
        let installed = try container.installRealAAPL()
        #expect(SnapshotRepair.lastReport(container.locator) == nil)
        let first = try SnapshotRepair.run(try request())
        #expect(first.files(.replaced).count == 4)
        #expect(SnapshotRepair.lastReport(container.locator) == first)
        let recording = RecordingFileSystem()
        let steady = try SnapshotRepair.run(try request(), fileSystem: recording)
        #expect(steady.files(.kept).count == 4)
        #expect(recording.mutations.isEmpty)
        #expect(SnapshotRepair.lastReport(container.locator) == first)
        // The system redraws one file: that run's report replaces the stored one.
        let (name, fixture) = try #require(installed.first)
        try container.write(try fixtures.data("snapshots/\(fixture.name)"), as: name)
        let redrawn = try SnapshotRepair.run(try request())
        #expect(redrawn.files(.replaced).map(\.name) == [name])
        #expect(SnapshotRepair.lastReport(container.locator) == redrawn)
    }

    @Test("log lines: the summary, then one per file, failures as errors and kept files as detail")
    func logLines() {
        let report = RepairReport(
            status: .completed,
            files: [
                .init(name: "A@3x.ktx", outcome: .kept, variant: "winter-light"),
                .init(
                    name: "B@3x.ktx", outcome: .failed,
                    cause: .writeFailed(FileSystemError(path: "B@3x.ktx", operation: "rename", reason: "disk full"))),
                .init(name: "C@3x.ktx", outcome: .replaced, variant: "winter-dark", bytesWritten: 10),
            ])
        let lines = RepairLog.lines(of: report, container: "/var/mobile/Containers/Data/Application/0D1E")
        #expect(lines.map(\.0) == [.notice, .detail, .error, .notice])
        #expect(lines[0].1 == "total: 1 kept, 1 replaced, 1 failed; read 0 B, wrote 10 B")
        #expect(lines.dropFirst().map(\.1) == report.files.map(\.line))
        #expect(report.text.contains(report.files[1].line))
    }

    @Test("log lines name files relative to the container, and an iPad window size skipped on every launch is detail")
    func logLinesPrivacyAndLevels() {
        defer { container.folder.remove() }
        let home = "/var/mobile/Containers/Data/Application/0D1E"
        let windowSize = RepairPlanner(
            manifest: catalog.manifest, layout: "winter", idiom: .pad, deviceModel: "iPad8,11"
        ).uncoveredSizeCause(width: 1012, height: 2048)
        let report = RepairReport(
            status: .completed,
            files: [
                .init(name: "A@2x.ktx", outcome: .skipped, cause: windowSize),
                .init(
                    name: "B@2x.ktx", outcome: .failed,
                    cause: .writeFailed(
                        FileSystemError(path: "\(home)/Library/SplashBoard/B@2x.ktx", operation: "rename", reason: "disk full"))),
            ])
        let lines = RepairLog.lines(of: report, container: home)
        #expect(lines.map(\.0) == [.notice, .detail, .error])
        #expect(lines.allSatisfy { !$0.1.contains(home) })
        #expect(lines[2].1.contains("~/Library/SplashBoard/B@2x.ktx: rename failed"))
    }

    @Test("the appearance hook decides files nothing else can tell (busy AAPL snapshots), and the report says so")
    func appearanceHook() throws {
        defer { container.folder.remove() }
        try installBusyPair()
        let without = try SnapshotRepair.run(
            RepairRequest(
                locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: .phone(), dryRun: true))
        #expect(without.files.allSatisfy { $0.outcome == .skipped && $0.cause?.isAppearanceUnknown == true })
        let asked = Counter()
        let report = try SnapshotRepair.run(
            try request(hook: { file in
                asked.increment()
                return file.name.hasPrefix("D") ? .dark : .light
            }))
        #expect(asked.value == 2)
        #expect(report.files.map(\.appearanceSource) == [.app, .app])
        #expect(report.files.map(\.variant) == ["winter-phone-1179x2556-portrait-dark", "winter-phone-1179x2556-portrait-light"])
    }

    @Test("the app's repairs as one value: a re-plan now in the background, the next season change")
    func catalogRepair() async throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let packData = try Data(contentsOf: catalog.packURL)
        var device = RepairEnvironment.phone("2026-02-20")
        device.currentAppearance = nil
        device.isPassiveLaunch = true
        let context = CatalogRepair(
            locator: container.locator, manifest: catalog.manifest, pack: .dataAsset(name: "TestPack"), options: RepairOptions(),
            device: device, dataAsset: { $0 == "TestPack" ? packData : nil })
        // A background re-plan runs although the app has no UI on screen.
        let replanned = try context.replan(now: RepairEnvironment.date("2026-03-02")).get()
        #expect(replanned.status == .completed && replanned.layout == "spring" && replanned.files(.replaced).count == 4)
        #expect(
            context.nextSeasonChange(after: RepairEnvironment.date("2026-03-02"))
                == RepairEnvironment.date("2026-06-01").addingTimeInterval(-12 * 3600))
        #expect(await context.fetchRemoteLayouts() == nil)
    }

    /// Photo-like light and dark AAPL snapshots made by the reference encoders, `L@3x.ktx` and
    /// `D@3x.ktx`: no void-extent block, so their appearance cannot be measured.
    func installBusyPair() throws {
        let generated = container.folder.url.appendingPathComponent("generated", isDirectory: true)
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        try ReferenceEncoders.makeSnapshots(["busy-light-1179x2556.aapl", "busy-dark-1179x2556.aapl"], into: generated)
        try container.write(try Data(contentsOf: generated.appendingPathComponent("busy-light-1179x2556.aapl")), as: "L@3x.ktx")
        try container.write(try Data(contentsOf: generated.appendingPathComponent("busy-dark-1179x2556.aapl")), as: "D@3x.ktx")
    }

    @Test("the next season change: local midnight of the first day another layout is active")
    func nextChange() {
        let calendar = SeasonCalendar(layouts: TestCatalog.layouts)
        let utc = TimeZone(identifier: "UTC")!
        let winter = RepairEnvironment.date("2026-02-20")
        #expect(calendar.nextChange(after: winter, timeZone: utc) == RepairEnvironment.date("2026-03-01").addingTimeInterval(-12 * 3600))
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let change = calendar.nextChange(after: winter, timeZone: tokyo)!
        #expect(SeasonCalendar.calendarDay(of: change, timeZone: tokyo) == (2026, 3, 1))
        #expect(SeasonCalendar.calendarDay(of: change.addingTimeInterval(-1), timeZone: tokyo) == (2026, 2, 28))
        #expect(SeasonCalendar(layouts: [TestCatalog.layouts[3]]).nextChange(after: winter, timeZone: utc) == nil)
    }
}

/// A count shared across tasks.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
