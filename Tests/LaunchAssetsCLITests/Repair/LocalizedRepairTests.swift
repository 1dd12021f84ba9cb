import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

/// The bundled `summer` layout rendered in its five languages (with the fallback, which has no
/// words and is drawn once), and `repair --language` on the real AAPL snapshots on a summer day,
/// through the real binary.
@Suite("Localized render and repair --language, end to end")
struct LocalizedRepairTests {
    let root: URL
    var output: URL { root.appendingPathComponent("Output") }
    var container: URL { root.appendingPathComponent("Container") }
    var folder: URL {
        container.appendingPathComponent("Library/SplashBoard/Snapshots/\(SnapshotFixtures.bundleIdentifier) - {DEFAULT GROUP}")
    }
    /// Device-style file name → fixture name.
    var installed: [String: String] = [:]

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("localized-repair-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for fixture in SnapshotFixtures.aapl.map(\.name) {
            let name = "\(UUID().uuidString)@3x.ktx"
            try FileManager.default.copyItem(
                at: SnapshotFixtures.folder.appendingPathComponent(fixture), to: folder.appendingPathComponent(name))
            installed[name] = fixture
        }
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }

    func render() throws -> LaunchManifest {
        let result = try CLIRunner.run([
            "render", "--layout", "default", "--layout", "summer", "--idiom", "phone", "--quiet", "--output", output.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(LaunchManifest.self, from: Data(contentsOf: output.appendingPathComponent("manifest.json")))
    }

    func repair(_ language: String?) throws -> RepairReport {
        let result = try CLIRunner.run(
            [
                "repair", "--container", container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier,
                "--manifest", output.appendingPathComponent("manifest.json").path, "--device", "iPhone15,2", "--date", "2026-07-01",
                "--json",
            ] + (language.map { ["--language", $0] } ?? []))
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(RepairReport.self, from: Data(result.stdout.utf8))
    }

    /// The image each snapshot file holds, as the variant id whose bytes it has.
    func held(_ manifest: LaunchManifest) throws -> [String: String] {
        let byMD5 = Dictionary(manifest.variants.map { ($0.md5, $0.id) }, uniquingKeysWith: { first, _ in first })
        var held: [String: String] = [:]
        for (name, fixture) in installed {
            held[fixture] = byMD5[try Data(contentsOf: folder.appendingPathComponent(name)).md5Hex] ?? "not a variant"
        }
        return held
    }

    /// Fixture → the variant of `language` that belongs in it (phones are portrait only).
    func expected(_ language: String) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: SnapshotFixtures.aapl.map(\.name).map {
                ($0, "summer-phone-1179x2556-\($0.contains("dark") ? "dark" : "light")-\(language)")
            })
    }

    @Test(
        "summer in en, zh-Hans, ja, ar and hi: a variant per language where the text differs, with its locale; the fallback without words once"
    )
    func renderedInFiveLanguages() throws {
        defer { cleanUp() }
        let manifest = try render()
        #expect(manifest.developmentLanguage == "en")
        let summer = manifest.variants.filter { $0.layout == "summer" }
        let languages = Dictionary(grouping: summer, by: { $0.locale ?? "-" }).mapValues(\.count)
        #expect(languages.keys.sorted() == ["ar", "en", "hi", "ja", "zh-Hans"])
        #expect(Set(languages.values).count == 1, "every language has an image for every screen: \(languages)")
        let pngs = Set(summer.map(\.md5))
        #expect(pngs.count == summer.count, "every language draws its own image")
        #expect(manifest.variants.filter { $0.layout == "default" }.allSatisfy { $0.locale == nil })
        let swift = try String(contentsOf: output.appendingPathComponent("LaunchAssets.swift"), encoding: .utf8)
        #expect(swift.contains("developmentLanguage: \"en\""))
        #expect(swift.contains(" summer-phone-1179x2556-light-ar summer 1179 2556 portrait light phone "))
    }

    @Test(
        "repair --language ar puts the ar variants into the real snapshots; a second run reads 0 bytes; a language change re-plans the files left in place"
    )
    func repairInArabic() throws {
        defer { cleanUp() }
        let manifest = try render()
        let first = try repair("ar")
        print("LOCALIZED-REPAIR first run (--language ar):\n\(first.text)")
        #expect(first.language == "ar")
        #expect(first.files(.replaced).count == 4)
        #expect(try held(manifest) == expected("ar"))
        let second = try repair("ar")
        print("LOCALIZED-REPAIR second run (--language ar):\n\(second.text)")
        #expect(second.files(.kept).count == 4)
        #expect(second.bytesRead == 0 && second.bytesWritten == 0)

        // The files are as this module left them; only the app's language changed.
        let japanese = try repair("ja")
        #expect(japanese.files(.replaced).count == 4)
        #expect(japanese.notes.contains("the app's language changed from ar to ja: its images are chosen again"))
        #expect(try held(manifest) == expected("ja"))
        // Fallbacks: Simplified Chinese for zh-CN; the development language for Traditional Chinese and for none.
        _ = try repair("zh-CN")
        #expect(try held(manifest) == expected("zh-Hans"))
        _ = try repair("zh-Hant-HK")
        #expect(try held(manifest) == expected("en"))
        _ = try repair("ar-EG")
        #expect(try held(manifest) == expected("ar"))
        _ = try repair(nil)
        #expect(try held(manifest) == expected("en"))
    }

    @Test("--language must be a BCP 47 tag: a usage error")
    func badTag() throws {
        defer { cleanUp() }
        let result = try CLIRunner.run(
            [
                "repair", "--container", container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier, "--manifest", "x.json",
                "--language", "arabic language",
            ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--language arabic language: not a BCP 47 language tag"))
    }
}
