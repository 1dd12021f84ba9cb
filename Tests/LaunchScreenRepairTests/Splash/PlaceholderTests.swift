import Foundation
import Testing

@testable import LaunchScreenRepair

/// The upgrade placeholder: decided in the launch call itself, from what is known without
/// decoding, only from a file `UIImage` can decode, removed by the next launch's call.
@Suite("Upgrade placeholder")
struct PlaceholderTests {
    typealias Candidate = PlaceholderChoice.Candidate

    @Test(
        "the file of the whole screen in the current orientation and appearance; a lone one of that orientation when appearances are unknown"
    )
    func choice() {
        let screen = [SnapshotSize(width: 1179, height: 2556)]
        let known = [
            Candidate(name: "a", format: .png, orientation: .portrait, appearance: .light, width: 1179, height: 2556),
            Candidate(name: "b", format: .png, orientation: .portrait, appearance: .dark, width: 1179, height: 2556),
            Candidate(name: "c", format: .png, orientation: .landscape, appearance: .dark, width: 2556, height: 1179),
        ]
        #expect(PlaceholderChoice.choose(known, screen: screen, orientation: .portrait, appearance: .dark)?.name == "b")
        #expect(PlaceholderChoice.choose(known, screen: screen, orientation: .landscape, appearance: .dark)?.name == "c")
        #expect(PlaceholderChoice.choose(known, screen: screen, orientation: .landscape, appearance: .light) == nil)
        let unknown = [Candidate(name: "j", format: .jpeg, orientation: .portrait, appearance: nil, width: 1179, height: 2556)]
        #expect(PlaceholderChoice.choose(unknown, screen: screen, orientation: .portrait, appearance: .dark)?.name == "j")
        let two = unknown + [Candidate(name: "k", format: .jpeg, orientation: .portrait, appearance: nil, width: 1179, height: 2556)]
        #expect(PlaceholderChoice.choose(two, screen: screen, orientation: .portrait, appearance: .dark) == nil)
    }

    @Test("an iPad's Split View and Slide Over snapshots are never the placeholder: only the whole screen's size")
    func wholeScreenOnly() {
        let screen = [SnapshotSize(width: 2048, height: 2732)]
        let candidates = [
            Candidate(name: "a-slide-over", format: .png, orientation: .portrait, appearance: .light, width: 640, height: 2732),
            Candidate(name: "b-split-half", format: .png, orientation: .portrait, appearance: .light, width: 1012, height: 2732),
            Candidate(name: "c-full", format: .png, orientation: .portrait, appearance: .light, width: 2048, height: 2732),
        ]
        #expect(PlaceholderChoice.choose(candidates, screen: screen, orientation: .portrait, appearance: .light)?.name == "c-full")
        #expect(PlaceholderChoice.choose(Array(candidates.prefix(2)), screen: screen, orientation: .portrait, appearance: .light) == nil)
        // Without a screen size (the CLI), any size of the orientation.
        #expect(PlaceholderChoice.choose(candidates, screen: [], orientation: .portrait, appearance: .light)?.name == "a-slide-over")
    }

    @Test("upgrade launch with this module's PNGs in place: the one the user saw is copied in the call, removed by the next call")
    func copiedAndRemoved() throws {
        let container = try TestContainer()
        defer { container.folder.remove() }
        let catalog = try TestCatalog(in: container.folder.url)
        let installed = try container.installRealAAPL()
        _ = try SnapshotRepair.run(
            RepairRequest(
                locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(),
                environment: .phone(appVersion: "1.0")))
        var environment = RepairEnvironment.phone(appVersion: "1.1")
        environment.currentAppearance = .dark
        environment.currentOrientation = .landscape
        let report = SnapshotRepair.preparePlaceholder(container.locator, environment: environment)
        let shown = try #require(installed.first { $0.value.dark && $0.value.width > $0.value.height }?.key)
        #expect(report.upgradeLaunch && report.copiedFrom == shown && report.format == .png)
        #expect(try Data(contentsOf: container.locator.placeholderFile) == (try container.contents(shown)))
        // The app's own repair of this launch, then the next launch's call removes it.
        _ = try SnapshotRepair.run(
            RepairRequest(
                locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(),
                environment: environment))
        let next = SnapshotRepair.preparePlaceholder(container.locator, environment: environment)
        #expect(next.removedPrevious && !next.upgradeLaunch)
        #expect(!FileManager.default.fileExists(atPath: container.locator.placeholderFile.path))
    }

    @Test("a background launch touches nothing; iOS 12 neither")
    func passive() throws {
        let container = try TestContainer()
        defer { container.folder.remove() }
        let recording = RecordingFileSystem()
        #expect(
            SnapshotRepair.preparePlaceholder(container.locator, environment: .phone(passive: true), fileSystem: recording)
                == PlaceholderReport())
        #expect(
            SnapshotRepair.preparePlaceholder(container.locator, environment: .phone(system: "12.4"), fileSystem: recording)
                == PlaceholderReport())
        #expect(recording.mutations.isEmpty && recording.opens == 0)
    }
}
