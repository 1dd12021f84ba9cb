import Foundation
import LaunchScreenRepair
import TestSupport

/// A temporary app container holding the four real AAPL snapshots, and a manifest and pack in the
/// generator's format beside it (one PNG-headed variant per layout and appearance): what
/// `launch-assets repair`, `restore`, `report` and `fetch` run on. Call `cleanUp()` when done.
struct RepairWorkspace {
    let root: URL
    var container: URL { root.appendingPathComponent("Container") }
    var folder: URL {
        container.appendingPathComponent("Library/SplashBoard/Snapshots/\(SnapshotFixtures.bundleIdentifier) - {DEFAULT GROUP}")
    }
    var manifestURL: URL { root.appendingPathComponent("Output/manifest.json") }
    let manifest: LaunchManifest
    let pack: Data
    /// Device-style file name → fixture name.
    var installed: [String: String] = [:]

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("repair-cli-\(UUID().uuidString)")
        let inputs = try RepairInputs(
            layouts: [
                .init(
                    id: "winter", displayName: "Winter", priority: 0,
                    schedule: [DateRange(from: SeasonDate("12-01")!, through: SeasonDate("02-28")!)]),
                .init(id: "default", displayName: "Default", priority: 0, schedule: []),
            ],
            version: "cli-test-1", into: root.appendingPathComponent("Output"))
        manifest = inputs.manifest
        pack = inputs.pack
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for fixture in SnapshotFixtures.aapl.map(\.name) {
            let name = "\(UUID().uuidString)@3x.ktx"
            try FileManager.default.copyItem(
                at: SnapshotFixtures.folder.appendingPathComponent(fixture), to: folder.appendingPathComponent(name))
            installed[name] = fixture
        }
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }

    func repair(_ extra: [String] = []) throws -> CLIRunner.Result {
        try CLIRunner.run(
            [
                "repair", "--container", container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier,
                "--manifest", manifestURL.path, "--date", "2026-01-10", "--app-version", "1.0",
            ] + extra)
    }

    func variantBytes(_ id: String) -> Data {
        let variant = manifest.variants.first { $0.id == id }!
        return pack.subdata(in: variant.packRange!)
    }

    func inode(_ name: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.systemFileNumber] as? NSNumber)?
            .intValue ?? -1
    }
}
