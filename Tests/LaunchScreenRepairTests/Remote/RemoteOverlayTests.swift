import Foundation
import Testing

@testable import LaunchScreenRepair

/// Stored remote layouts laid over the bundled manifest, and the remote manifest's rules, without
/// a server: what the repair does with what a fetch left in the store.
@Suite("Remote layouts laid over the bundled manifest")
struct RemoteOverlayTests {
    let container: TestContainer
    let catalog: TestCatalog

    init() throws {
        container = try TestContainer()
        _ = try container.installRealAAPL()
        catalog = try TestCatalog(in: container.folder.url)
    }

    func repair(_ manifest: LaunchManifest, on day: String) throws -> RepairReport {
        try SnapshotRepair.run(
            RepairRequest(locator: container.locator, manifest: manifest, variants: try catalog.pack(), environment: .phone(day)))
    }

    /// A remote "spring" for the phone's size, as a fetch would store it; `storedImages` says
    /// which of its images are in `images/`.
    @discardableResult
    func storeRemoteSpring(storedImages: Bool) throws -> [String: Data] {
        let store = try RemoteStore(container.locator, fileSystem: LocalFileSystem())
        let spring = catalog.manifest.layouts.first { $0.id == "spring" }!
        var variants: [LaunchManifest.Variant] = []
        var images: [String: Data] = [:]
        for appearance in Appearance.allCases {
            let png = PublishedFolder.image(width: 1179, height: 2556, text: "remote-spring-\(appearance)", bytes: 4_000)
            let sha256 = SHA256Hex.of(png)
            images[sha256] = png
            if storedImages { try store.keep(image: png, sha256: sha256) }
            variants.append(
                .init(
                    id: "spring-remote-\(appearance.rawValue)", layout: "spring", width: 1179, height: 2556, orientation: .portrait,
                    appearance: appearance, idiom: .phone, devices: ["iPhone15,2"], md5: MD5Digest.hex(of: png), offset: nil,
                    length: png.count, sha256: sha256))
        }
        try store.keep(
            layouts: StoredRemoteLayouts(
                published: 1, layouts: [spring], variants: variants, models: [:], stored: storedImages ? images.keys.sorted() : [],
                missing: storedImages ? [:] : Dictionary(uniqueKeysWithValues: images.keys.map { ($0, "offline") })))
        return images
    }

    @Test("a stored remote layout replaces the bundled one of the same id, variants and all")
    func remoteReplacesBundled() throws {
        defer { container.folder.remove() }
        let images = try storeRemoteSpring(storedImages: true)
        let report = try repair(catalog.manifest, on: "2026-04-01")
        #expect(report.layout == "spring" && report.unavailableLayouts.isEmpty)
        #expect(report.manifestVersion == "\(catalog.manifest.version)+remote.1")
        #expect(report.files(.replaced).count == 4)
        for file in report.files {
            #expect(file.variant?.hasPrefix("spring-remote-") == true)
            #expect(images.values.contains(try container.contents(file.name)))
        }
    }

    @Test("the next launch's splash shows the remote image the user saw, at the window's scale, its bytes from the store")
    func splashOfARemoteLayout() throws {
        defer { container.folder.remove() }
        let images = try storeRemoteSpring(storedImages: true)
        #expect(try repair(catalog.manifest, on: "2026-04-01").files(.replaced).count == 4)
        let window = LaunchWindow(.phone("2026-04-02"), pointWidth: 393, pointHeight: 852, screenScale: 3)
        let shown = SnapshotRepair.prepareLaunch(
            container.locator, environment: .phone("2026-04-02"), window: window, manifest: catalog.manifest)
        let image = try #require(shown.shown.image, "\(shown.shown)")
        #expect(image.source == .variant("spring-remote-light", layout: "spring") && image.isPixelExact && image.scale == 3)
        let data = image.data(container.locator, manifest: catalog.manifest, variants: try catalog.pack())
        #expect(data != nil && data == images.values.first { $0 == data })
        #expect(data == (try container.contents(image.file)))
    }

    @Test("its images not stored: the bundled entry of the same id comes back, and the report says why")
    func bundledEntryComesBack() throws {
        defer { container.folder.remove() }
        try storeRemoteSpring(storedImages: false)
        let report = try repair(catalog.manifest, on: "2026-04-01")
        #expect(report.layout == "spring")
        #expect(report.unavailableLayouts.count == 1)
        #expect(report.unavailableLayouts.first?.instead == "spring")
        // Why: the images, each with the last fetch's words for its failure.
        if case .imagesNotStored(let images)? = report.unavailableLayouts.first?.cause, !images.isEmpty,
            images.allSatisfy({ $0.variant.hasPrefix("spring-remote-") && $0.why == .fetchFailed("offline") })
        {
        } else {
            unexpected(report.unavailableLayouts.first?.cause)
        }
        #expect(report.files(.replaced).allSatisfy { $0.variant?.hasPrefix("spring-phone-") == true } && report.files(.replaced).count == 4)
    }

    @Test("a bundled manifest's remote layout before any fetch: the calendar picks again, no file fails")
    func bundledRemoteLayoutNeverFetched() throws {
        defer { container.folder.remove() }
        var manifest = catalog.manifest
        for index in manifest.layouts.indices where manifest.layouts[index].id == "festival" { manifest.layouts[index].delivery = .remote }
        for index in manifest.variants.indices where manifest.variants[index].layout == "festival" {
            manifest.variants[index].offset = nil
            manifest.variants[index].sha256 = String(repeating: "ab", count: 32)
        }
        let report = try repair(manifest, on: "2027-02-06")
        print("REMOTE-OVERLAY never fetched:\n\(report.text)")
        #expect(report.layout == "winter")
        #expect(report.unavailableLayouts.map(\.layout) == ["festival"])
        if case .imagesNotStored(let images)? = report.unavailableLayouts.first?.cause,
            images.contains(where: { $0.why == .nothingFetched })
        {
        } else {
            unexpected(report.unavailableLayouts.first?.cause)
        }
        #expect(report.files(.failed).isEmpty && report.files(.replaced).count == 4)
        // Dry runs decide the same way.
        var dry = RepairRequest(
            locator: container.locator, manifest: manifest, variants: try catalog.pack(), environment: .phone("2027-02-06"))
        dry.dryRun = true
        #expect(try SnapshotRepair.run(dry).layout == "winter")
    }

    @Test(
        """
        a remote layout the newest manifest withdrew is not shown, even by files that already show it;         layouts.json from before withdrawals is still read
        """)
    func withdrawnLayout() throws {
        defer { container.folder.remove() }
        var manifest = catalog.manifest
        for index in manifest.layouts.indices where manifest.layouts[index].id == "festival" { manifest.layouts[index].delivery = .remote }
        let store = try RemoteStore(container.locator, fileSystem: LocalFileSystem())
        var stored = StoredRemoteLayouts(published: 1, layouts: [], variants: [], models: [:], stored: [], missing: [:])
        try store.keep(layouts: stored)
        // Festival's images are still in the pack here, so a file that shows one is what a stored remote image would be.
        #expect(try repair(manifest, on: "2027-02-06").layout == "festival")

        stored.withdrawn = ["festival"]
        try store.keep(layouts: stored)
        let report = try repair(manifest, on: "2027-02-06")
        #expect(report.layout == "winter" && report.files(.replaced).count == 4)
        #expect(report.unavailableLayouts.map(\.layout) == ["festival"] && report.unavailableLayouts.first?.instead == "winter")
        #expect(report.unavailableLayouts.first?.cause == .layoutWithdrawn("festival", published: 1))

        let older = #"{"layouts": [], "missing": {}, "models": {}, "published": 1, "stored": [], "variants": []}"#
        let decoded = try JSONDecoder().decode(StoredRemoteLayouts.self, from: Data(older.utf8))
        #expect(decoded.withdrawn.isEmpty && decoded.published == 1)
    }

    @Test("a remote manifest that breaks a rule is refused with its JSON path")
    func schemaRefusals() throws {
        defer { container.folder.remove() }
        let url = URL(string: "https://cdn.example.com/launch/manifest.json")!
        let (manifest, _) = PublishedFolder.manifest([RemoteLayoutTests.campaign], published: 1_780_000_000)
        let encoder = JSONEncoder()
        func refusal(_ change: (inout [String: Any]) -> Void) throws -> String {
            var object = try JSONSerialization.jsonObject(with: encoder.encode(manifest)) as! [String: Any]
            change(&object)
            let data = try JSONSerialization.data(withJSONObject: object)
            do {
                _ = try RemoteManifest.decode(data, url: url, bundled: catalog.manifest)
                return "accepted"
            } catch {
                return error.description
            }
        }
        func variant(_ object: inout [String: Any], _ key: String, _ value: Any?) {
            var variants = object["variants"] as! [[String: Any]]
            variants[1][key] = value
            object["variants"] = variants
        }
        #expect(try refusal { _ in } == "accepted")
        #expect(try refusal { $0["schemaVersion"] = 2 } == "\(url): at $.schemaVersion: 2 is not 1, the version this app reads")
        #expect(try refusal { variant(&$0, "sha256", "XYZ") } == "\(url): at $.variants[1].sha256: not 64 lower-case hex digits")
        #expect(
            try refusal { variant(&$0, "md5", nil) }.hasPrefix("\(url): not a remote manifest: at $.variants[1]: missing field \"md5\""))
        #expect(try refusal { variant(&$0, "offset", 12) } == "\(url): at $.variants[1].offset: a remote variant has no pack offset")
        #expect(try refusal { variant(&$0, "length", RemoteManifest.imageSizeLimit + 1) }.contains("$.variants[1].length"))
        #expect(
            try refusal { variant(&$0, "layout", "nowhere") } == "\(url): at $.variants[1].layout: no layout \"nowhere\" in this manifest")
        let bundledID = catalog.manifest.variants[0].id
        #expect(try refusal { variant(&$0, "id", bundledID) }.contains("\"\(bundledID)\" is used twice"))
    }
}
