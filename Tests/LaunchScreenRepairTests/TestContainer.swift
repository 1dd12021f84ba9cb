import Foundation
import TestSupport

@testable import LaunchScreenRepair

/// An app container in a temporary folder, holding real snapshot fixtures.
struct TestContainer {
    static let bundleIdentifier = SnapshotFixtures.bundleIdentifier
    let folder: TemporaryFolder
    var locator: SnapshotLocator {
        SnapshotLocator(container: folder.url.appendingPathComponent("Container"), bundleIdentifier: Self.bundleIdentifier)
    }
    var snapshots: URL { locator.snapshotFolder }

    init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: locator.snapshotFolder, withIntermediateDirectories: true)
    }

    /// Copies a fixture into the snapshot folder under a device-style name; returns that name.
    @discardableResult
    func install(_ fixture: String, as name: String = "\(UUID().uuidString)@3x.ktx") throws -> String {
        try FileManager.default.copyItem(at: fixtures.url("snapshots/\(fixture)"), to: snapshots.appendingPathComponent(name))
        return name
    }

    /// Writes bytes into the snapshot folder.
    func write(_ data: Data, as name: String) throws {
        try data.write(to: snapshots.appendingPathComponent(name))
    }

    func contents(_ name: String) throws -> Data { try Data(contentsOf: snapshots.appendingPathComponent(name)) }

    func inode(_ name: String) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: snapshots.appendingPathComponent(name).path)
        return (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }

    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: snapshots.path).sorted() }

    /// Installs the four real AAPL snapshots; returns name → fixture.
    @discardableResult
    func installRealAAPL() throws -> [String: (name: String, width: Int, height: Int, dark: Bool)] {
        var result: [String: (name: String, width: Int, height: Int, dark: Bool)] = [:]
        for fixture in SnapshotFixtures.aapl { result[try install(fixture.name)] = fixture }
        return result
    }
}
