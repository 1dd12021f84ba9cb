import Foundation
import Testing

@testable import LaunchScreenRepair

/// A manifest with images in several languages: the repair, the ledger and the splash follow the
/// language the app runs in.
@Suite("The app's language at launch")
struct AppLanguageTests {
    let container: TestContainer
    let catalog: TestCatalog

    init() throws {
        container = try TestContainer()
        catalog = try TestCatalog(in: container.folder.url, languages: ["en", "zh-Hans", "ar"])
    }

    func repair(_ language: String?) throws -> RepairReport {
        var environment = RepairEnvironment.phone()
        environment.language = language
        return try SnapshotRepair.run(
            RepairRequest(locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: environment))
    }

    /// The variant each snapshot file holds, by its bytes.
    func held() throws -> Set<String> {
        let byMD5 = Dictionary(catalog.manifest.variants.map { ($0.md5, $0.id) }, uniquingKeysWith: { first, _ in first })
        let folder = container.locator.snapshotFolder
        return Set(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).map {
                byMD5[MD5Digest.hex(of: try Data(contentsOf: folder.appendingPathComponent($0)))] ?? "?"
            })
    }

    static func winter(_ language: String) -> Set<String> {
        ["winter-phone-1179x2556-portrait-light-\(language)", "winter-phone-1179x2556-portrait-dark-\(language)"]
    }

    @Test("each file gets the app's language's image; the ledger remembers the language; another language re-plans files left in place")
    func languageChange() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let arabic = try repair("ar")
        #expect(arabic.language == "ar" && arabic.files(.replaced).count == 4)
        #expect(try held() == Self.winter("ar"))
        #expect(Ledger.load(from: container.locator.ledgerFile, fileSystem: LocalFileSystem()).ledger.language == "ar")
        let steady = try repair("ar")
        #expect(steady.files(.kept).count == 4 && steady.bytesRead == 0)

        let chinese = try repair("zh-Hans-CN")
        #expect(chinese.files(.replaced).count == 4)
        #expect(chinese.remarks.contains(.languageChanged(from: "ar", to: "zh-Hans-CN")))
        #expect(try held() == Self.winter("zh-Hans"))

        // A language the layout lacks: the development language's images.
        #expect(try repair("de").files(.replaced).count == 4)
        #expect(try held() == Self.winter("en"))
    }

    @Test("the splash shows the image in the app's language, even when a slot still holds another language's")
    func splash() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        _ = try repair("ar")
        func shown(_ language: String) -> SplashImage.Source? {
            var environment = RepairEnvironment.phone()
            environment.language = language
            let window = LaunchWindow(environment, pointWidth: 393, pointHeight: 852, screenScale: 3)
            return SnapshotRepair.prepareLaunch(container.locator, environment: environment, window: window, manifest: catalog.manifest)
                .shown.image?.source
        }
        #expect(shown("ar") == .variant("winter-phone-1179x2556-portrait-light-ar", layout: "winter"))
        #expect(shown("zh-Hans") == .variant("winter-phone-1179x2556-portrait-light-zh-Hans", layout: "winter"))
        #expect(shown("fr") == .variant("winter-phone-1179x2556-portrait-light-en", layout: "winter"))
    }

    @Test("the planner never takes another language's image, and takes the development language's when the app's is missing")
    func planner() {
        for (language, expected) in [("ar", "ar"), ("zh-Hans-SG", "zh-Hans"), ("zh-Hant-TW", "en"), ("ja", "en")] {
            let planner = RepairPlanner(
                manifest: catalog.manifest, layout: "winter", idiom: .phone, deviceModel: "iPhone15,2", language: language)
            let candidates = planner.candidates(width: 1179, height: 2556)
            #expect(candidates.map(\.locale) == [expected, expected], "\(language)")
        }
    }

    @Test("a device fetches the images of a remote layout in its own language only; in the development language where it has none")
    func remoteSelection() {
        var manifest = catalog.manifest
        manifest.layouts = manifest.layouts.map { layout in
            var layout = layout
            if layout.id == "spring" { layout.delivery = .remote }
            return layout
        }
        manifest.variants = manifest.variants.map { variant in
            var variant = variant
            if variant.layout == "spring" {
                variant.sha256 = variant.md5 + variant.md5
                variant.offset = nil
            }
            return variant
        }
        func fetched(_ language: String?) -> [String] {
            var environment = RepairEnvironment.phone("2026-02-25")
            environment.language = language
            let selection = RemoteSelection(
                manifest: manifest, window: PrefetchWindow(from: environment.date, days: 7, timeZone: environment.timeZone),
                environment: environment, policy: .automatic, sizes: [ImageSize(width: 1179, height: 2556)])
            #expect(selection.layouts.map(\.id) == ["spring"])
            // Every language's entries are kept, so that a repair after a language change knows what is missing.
            #expect(Set(selection.variants.compactMap(\.locale)) == ["en", "zh-Hans", "ar"])
            return selection.images.flatMap(\.variants).sorted()
        }
        #expect(fetched("ar") == ["spring-phone-1179x2556-portrait-dark-ar", "spring-phone-1179x2556-portrait-light-ar"])
        #expect(fetched("zh-Hans") == ["spring-phone-1179x2556-portrait-dark-zh-Hans", "spring-phone-1179x2556-portrait-light-zh-Hans"])
        #expect(fetched("ko") == ["spring-phone-1179x2556-portrait-dark-en", "spring-phone-1179x2556-portrait-light-en"])
    }

    @Test(
        "a remote season fetched in ar, and the app now in ja: its ja images are not stored, so the bundled layout of the day is shown (in en, its best for ja), saying why"
    )
    func remoteSeasonAfterALanguageChange() throws {
        defer { container.folder.remove() }
        try container.installRealAAPL()
        let store = try RemoteStore(container.locator, fileSystem: LocalFileSystem())
        let spring = catalog.manifest.layouts.first { $0.id == "spring" }!
        var variants: [LaunchManifest.Variant] = []
        var stored: [String] = []
        for appearance in Appearance.allCases {
            for language in ["en", "ja", "ar"] {
                let png = PublishedFolder.image(width: 1179, height: 2556, text: "remote-spring-\(appearance)-\(language)", bytes: 4_000)
                let sha256 = SHA256Hex.of(png)
                // A fetch in Arabic stored the Arabic images and kept every language's entries.
                if language == "ar" {
                    try store.keep(image: png, sha256: sha256)
                    stored.append(sha256)
                }
                variants.append(
                    .init(
                        id: "spring-remote-\(appearance.rawValue)-\(language)", layout: "spring", width: 1179, height: 2556,
                        orientation: .portrait, appearance: appearance, idiom: .phone, devices: ["iPhone15,2"],
                        md5: MD5Digest.hex(of: png), offset: nil, length: png.count, sha256: sha256, locale: language))
            }
        }
        try store.keep(
            layouts: StoredRemoteLayouts(
                published: 1, layouts: [spring], variants: variants, models: [:], stored: stored.sorted(), missing: [:],
                developmentLanguage: "en"))
        func repair(_ language: String) throws -> RepairReport {
            var environment = RepairEnvironment.phone("2026-04-01")
            environment.language = language
            return try SnapshotRepair.run(
                RepairRequest(
                    locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: environment))
        }
        let arabic = try repair("ar")
        #expect(arabic.layout == "spring" && arabic.files(.replaced).count == 4)
        #expect(arabic.files.allSatisfy { $0.variant?.hasSuffix("-ar") == true })

        let japanese = try repair("ja")
        let unavailable = try #require(japanese.unavailableLayouts.first, "\(japanese.text)")
        #expect(unavailable.layout == "spring" && unavailable.instead == "spring", "the app's bundled spring instead")
        if case .imagesNotStored(let images) = unavailable.cause {
            for appearance in ["light", "dark"] {
                #expect(images.contains(.init(variant: "spring-remote-\(appearance)-ja", why: .otherLanguage(locale: "ja"))))
            }
        } else {
            unexpected(unavailable.cause)
        }
        #expect(japanese.files(.replaced).count == 4)
        #expect(try held() == ["spring-phone-1179x2556-portrait-light-en", "spring-phone-1179x2556-portrait-dark-en"])
    }
}
