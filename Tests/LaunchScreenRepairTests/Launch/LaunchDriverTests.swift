import Foundation
import Testing

@testable import LaunchScreenRepair

/// The driver carries the coordinator's effects out where they say they run: the main thread's
/// in the call, in order; the file work and the decode on global queues, whose outcome comes
/// back as events.
@Suite("The launch driver")
@MainActor
struct LaunchDriverTests {
    @Test("a splash shows in the call itself; the image is read and decoded off the main thread, then shown on it")
    func threads() async throws {
        let container = try TestContainer()
        defer { container.folder.remove() }
        let catalog = try TestCatalog(in: container.folder.url)
        try container.installRealAAPL()
        _ = try SnapshotRepair.run(
            RepairRequest(locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: .phone()))
        let script = try LaunchScript(container, catalog)
        let platform = RecordingLaunchPlatform()
        let driver = LaunchDriver(script.coordinator, engine: script.engine, platform: platform)
        // Given the launch call, whose preparation runs on a global queue
        let answered = LockedValue<RepairReport.Status?>(nil)
        let call = driver.repairCall(options: RepairOptions()) { answer in
            if case .repair(let result) = answer { answered.set(try? result.get().status) }
        }
        driver.send(.repairRequested(.call(call.rawValue, app: .active)))
        // When a scene shows its splash
        driver.send(
            .splashRequested(
                .phone(), SplashRequest(duration: 3, skippable: false, host: .window), screen: .phone, app: .active,
                clock: .day("2026-01-15")))
        // Then the window is up before the call returns, on the main thread
        #expect(platform.calls.prefix(3).map(\.name).contains("show splash"))
        #expect(platform.calls.first { $0.name == "show splash" }?.onMainThread == true)
        // And the image comes later: decoded off the main thread, shown and released on it
        await platform.waitFor("release image")
        let decode = try #require(platform.calls.first { $0.name == "decode" })
        #expect(!decode.onMainThread)
        for name in ["show image", "release image", "await idle", "timer"] {
            #expect(platform.calls.first { $0.name == name }?.onMainThread == true, "\(name): \(platform.calls)")
        }
        // When the main run loop is idle, the repair runs off it and the call is answered on it
        driver.post(.mainRunLoopIdle)
        await platform.waitFor("end background task")
        #expect(
            platform.calls.filter { ["begin background task", "end background task"].contains($0.name) }.allSatisfy { $0.onMainThread })
        #expect(answered.get() == .completed)
    }
}
