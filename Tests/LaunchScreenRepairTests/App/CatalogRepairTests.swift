import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// The app's repairs as one value: the launch's order of work, the background refresh, the pack
/// of an asset catalog opened only when needed, and the options a second caller passes.
@Suite("The app's repairs")
struct CatalogRepairTests {
    let container: TestContainer
    let catalog: TestCatalog

    init() throws {
        container = try TestContainer()
        catalog = try TestCatalog(in: container.folder.url)
    }

    /// The app's context with its pack in an asset catalog data set, counting every load of it.
    func context(loads: Counter, present: Bool = true) throws -> CatalogRepair {
        let packData = try Data(contentsOf: catalog.packURL)
        var device = RepairEnvironment.phone("2026-02-20")
        device.currentAppearance = nil
        return CatalogRepair(
            locator: container.locator, manifest: catalog.manifest, pack: .dataAsset(name: "TestPack"), options: RepairOptions(),
            device: device,
            dataAsset: { name in
                loads.increment()
                return present && name == "TestPack" ? packData : nil
            })
    }

    @Test("a steady launch never loads the asset catalog's data set; a launch that writes loads it once")
    func dataSetOnlyWhenNeeded() async throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let loads = Counter()
        let context = try context(loads: loads)
        let first = try await context.launch(.phone("2026-02-20")).get()
        #expect(first.files(.replaced).count == 4)
        #expect(loads.value == 1)
        let steady = try await context.launch(.phone("2026-02-20")).get()
        #expect(steady.files(.kept).count == 4)
        #expect(loads.value == 1)
    }

    @Test("a data set missing from the app fails the files that need it, naming it; nothing is half-written")
    func missingDataSet() async throws {
        defer { container.folder.remove() }
        let installed = try container.installRealAAPL()
        let report = try await context(loads: Counter(), present: false).launch(.phone("2026-02-20")).get()
        #expect(report.files.count == 4)
        #expect(
            report.files.allSatisfy {
                guard $0.outcome == .failed, case .variantUnavailable(_, .pack(.notFound("data set TestPack")))? = $0.cause else {
                    return false
                }
                return true
            })
        for (name, fixture) in installed {
            #expect(try container.contents(name) == (try fixtures.data("snapshots/\(fixture.name)")))
        }
    }

    @Test("the background refresh puts a new season in place, even with no UI on screen")
    func refresh() async throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let context = try context(loads: Counter())
        var passive = context
        passive.device.isPassiveLaunch = true
        let report = try await passive.refresh(now: RepairEnvironment.date("2026-03-02")).get()
        #expect(report.status == .completed && report.layout == "spring" && report.files(.replaced).count == 4)
    }

    @Test("a passive launch is deferred and goes no further")
    func deferred() async throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let report = try await context(loads: Counter()).launch(.phone(passive: true)).get()
        #expect(report.status == .deferred)
        #expect(report.files.isEmpty)
    }

    @Test("a launch whose task is cancelled before it begins throws cancelled and writes nothing")
    func cancelled() async throws {
        defer { container.folder.remove() }
        let installed = try container.installRealAAPL()
        let context = try context(loads: Counter())
        let launch = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await context.launch(.phone("2026-02-20"))
        }
        await #expect(throws: RepairError.cancelled) { try await launch.value.get() }
        for (name, fixture) in installed {
            #expect(try container.contents(name) == (try fixtures.data("snapshots/\(fixture.name)")))
        }
    }

    @Test("a second caller's options are told apart from the first's when they ask for something else")
    func optionsDiffer() {
        let first = RepairOptions()
        #expect(!first.differs(from: RepairOptions()))
        #expect(first.differs(from: RepairOptions(orientationPolicy: .both)))
        #expect(first.differs(from: RepairOptions(indistinguishablePairs: .light)))
        #expect(first.differs(from: RepairOptions(appearanceHook: { _ in .dark })))
    }
}
