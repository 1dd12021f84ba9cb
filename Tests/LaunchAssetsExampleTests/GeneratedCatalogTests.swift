import Foundation
import LaunchAssetsExample
import LaunchScreenRepair
import TestSupport
import Testing

/// The catalog LaunchAssetsPlugin generated at build time from the package's own layouts,
/// and the runtime fed with it: the end-to-end test of the build integration.
@Suite("The generated catalog")
struct GeneratedCatalogTests {
    @Test func everyVariantInThePackMatchesItsMD5AndLength() throws {
        let manifest = LaunchAssets.manifest
        let pack = try LaunchAssets.openPack()
        #expect(pack.version == manifest.version)
        #expect(manifest.layouts.count == 6)
        #expect(manifest.layouts.filter(\.isFallback).map(\.id) == ["default"])
        #expect(manifest.variants.count > 100)
        // The target's launch-assets.json asks for Arabic besides the development language.
        #expect(manifest.developmentLanguage == "en")
        #expect(Set(manifest.variants.compactMap(\.locale)) == ["en", "ar"])
        for variant in manifest.variants {
            let bytes = try pack.bytes(of: variant)
            #expect(bytes.count == variant.length, "\(variant.id)")
            #expect(MD5Digest.hex(of: bytes) == variant.md5, "\(variant.id)")
            #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(variant.id) is a PNG")
        }
    }

    @Test func repairFixesAContainerOfRealDeviceSnapshots() throws {
        let container = try SnapshotContainer()
        defer { container.remove() }
        // A winter day: the winter layout's variants go in, each of its file's own appearance.
        let environment = RepairEnvironment(systemVersion: SystemVersion(major: 17), idiom: .phone, date: container.day(2026, 12, 24))
        let report = try LaunchScreenSetup.repairSnapshots(
            container: container.root, bundleIdentifier: container.bundleID, environment: environment)
        #expect(report.status == .completed)
        #expect(report.layout == "winter")
        #expect(report.files(.replaced).count == 4, "\(report.text)")

        let pack = try LaunchAssets.openPack()
        for (name, appearance) in container.files {
            let written = try Data(contentsOf: container.folder.appendingPathComponent(name))
            // Phones render portrait only: the portrait image also fills landscape-sized files.
            let variant = try #require(
                LaunchAssets.manifest.variants.first {
                    $0.layout == "winter" && $0.idiom == .phone && $0.width == 1179 && $0.height == 2556 && $0.appearance == appearance
                        && $0.locale == LaunchAssets.manifest.developmentLanguage
                })
            #expect(written == (try pack.bytes(of: variant)), "\(name) holds \(variant.id)")
        }

        let second = try LaunchScreenSetup.repairSnapshots(
            container: container.root, bundleIdentifier: container.bundleID, environment: environment)
        #expect(second.files(.kept).count == 4, "a steady launch keeps everything: \(second.text)")
        #expect(second.files.allSatisfy { $0.bytesWritten == 0 })
    }
}

/// A temporary app container holding the four real AAPL snapshots of an iPhone 14 Pro class
/// device under device-style names.
struct SnapshotContainer {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("launch-assets-example-\(UUID().uuidString)")
    let bundleID = SnapshotFixtures.bundleIdentifier
    /// File name → the appearance the device drew it in.
    var files: [(String, Appearance)] = []

    var folder: URL {
        root.appendingPathComponent("Library/SplashBoard/Snapshots/\(bundleID) - {DEFAULT GROUP}")
    }

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, fixture) in ["portrait-light", "portrait-dark", "landscape-light", "landscape-dark"].enumerated() {
            let name = "0000000\(index)-5C1F-4E2B-9D3A-7A0B2C4D6E8F@3x.ktx"
            try FileManager.default.copyItem(
                at: SnapshotFixtures.folder.appendingPathComponent("aapl-1179x2556-\(fixture).ktx"),
                to: folder.appendingPathComponent(name)
            )
            files.append((name, fixture.hasSuffix("dark") ? .dark : .light))
        }
    }

    func day(_ year: Int, _ month: Int, _ day: Int) -> Date {
        Calendar(identifier: .gregorian).date(from: DateComponents(timeZone: .current, year: year, month: month, day: day, hour: 12))!
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
