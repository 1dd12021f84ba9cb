import Foundation
import LaunchScreenRepair
import Testing

/// `launch-assets diff`, end to end: real renders, an edited layout, the built CLI.
@Suite("diff, end to end")
struct DiffCommandTests {
    struct Report: Decodable {
        struct Variant: Decodable {
            var id: String
            var change: String
            var differences: [String]
            var share: Double?
            var difference: String?
        }

        var identical: Bool
        var counts: [String: Int]
        var variants: [Variant]
        var languages: [String]?
    }

    @Test func aRecolouredLayoutShowsExactlyItsVariantsAsChanged() throws {
        let set = try SmallLayoutSet()
        #expect(try set.render(into: "before").status == 0)
        let spring = set.layouts.appendingPathComponent("spring.json")
        let text = try String(contentsOf: spring, encoding: .utf8)
        let recoloured = text.replacing(/"background": "#[0-9A-Fa-f]{6}"/, with: "\"background\": \"#FF0000\"")
        #expect(recoloured != text)
        try recoloured.write(to: spring, atomically: true, encoding: .utf8)
        #expect(try set.render(into: "after").status == 0)

        let result = try set.run(["diff", "before", "after", "--output", "review", "--gallery", "--json"])
        #expect(result.status == 3, "\(result.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        let before = try JSONDecoder().decode(LaunchManifest.self, from: Data(contentsOf: set.url("before/manifest.json")))
        let springIDs = Set(before.variants.filter { $0.layout == "spring" }.map(\.id))
        #expect(!springIDs.isEmpty)
        #expect(Set(report.variants.filter { $0.change == "changed" }.map(\.id)) == springIDs)
        #expect(
            report.counts == ["changed": springIDs.count, "added": 0, "removed": 0, "unchanged": before.variants.count - springIDs.count])
        #expect(!report.identical)
        for variant in report.variants {
            #expect(variant.differences == ["pixels"], "\(variant.id)")
            let share = try #require(variant.share, "\(variant.id) has no pixel share")
            #expect(share > 0.1 && share <= 1, "\(variant.id): \(share)")
            let difference = try Data(contentsOf: set.url("review/\(try #require(variant.difference))"))
            let entry = try #require(before.variants.first { $0.id == variant.id })
            #expect(difference.pngSize?.width == entry.width && difference.pngSize?.height == entry.height, "\(variant.id)")
        }
        let page = try String(contentsOf: set.url("review/index.html"), encoding: .utf8)
        for id in springIDs {
            #expect(page.contains("<section class=\"detail\" id=\"\(id)\">"), "\(id) missing from the page")
            #expect(FileManager.default.fileExists(atPath: set.url("review/old/\(id).png").path))
            #expect(FileManager.default.fileExists(atPath: set.url("review/new/\(id).png").path))
        }
        #expect(try JSONDecoder().decode(Report.self, from: Data(contentsOf: set.url("review/report.json"))).counts == report.counts)
    }

    @Test func languageKeepsOnlyTheVariantsOfThoseLanguages() throws {
        let set = try SmallLayoutSet()
        let options = ["--layout", "spring", "--language", "ar", "--language", "ja"]
        #expect(try set.render(into: "before", options).status == 0)
        // A new Arabic title: only the Arabic images change.
        let file = set.layouts.appendingPathComponent("spring.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let edited = text.replacingOccurrences(of: #""title": "مرحباً أيها الربيع""#, with: #""title": "مرحباً""#)
        #expect(edited != text)
        try edited.write(to: file, atomically: true, encoding: .utf8)
        #expect(try set.render(into: "after", options).status == 0)
        let manifest = try JSONDecoder().decode(LaunchManifest.self, from: Data(contentsOf: set.url("before/manifest.json")))
        let arabic = Set(manifest.variants.filter { $0.locale == "ar" }.map(\.id))
        let japanese = manifest.variants.filter { $0.locale == "ja" }.count
        #expect(!arabic.isEmpty && japanese == arabic.count)

        // The tag is matched whatever its case.
        let ar = try set.run(["diff", "before", "after", "--language", "AR", "--json", "--output", "review", "--gallery"])
        #expect(ar.status == 3, "\(ar.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(ar.stdout.utf8))
        #expect(Set(report.variants.map(\.id)) == arabic && report.variants.allSatisfy { $0.change == "changed" })
        #expect(report.counts == ["changed": arabic.count, "added": 0, "removed": 0, "unchanged": 0])
        #expect(report.languages == ["ar"])
        let page = try String(contentsOf: set.url("review/index.html"), encoding: .utf8)
        #expect(page.contains(#"data-language="ar""#) && !page.contains(#"data-language="ja""#) && !page.contains(#"data-language="en""#))

        let ja = try set.run(["diff", "before", "after", "--language", "ja"])
        #expect(ja.status == 0, "\(ja.stdout)\(ja.stderr)")
        #expect(ja.stdout.hasSuffix("before → after: identical (\(japanese) variants of ja)\n"), "\(ja.stdout)")

        let both = try set.run(["diff", "before", "after", "--language", "ja", "--language", "ar"])
        #expect(both.status == 3)
        #expect(
            both.stdout.hasSuffix(
                "before → after: \(arabic.count) changed, 0 added, 0 removed, \(japanese) unchanged variants of ja, ar\n"),
            "\(both.stdout)")
    }

    @Test func aLanguageNeitherRenderHasIsBadInputAndANonTagIsUsage() throws {
        let set = try SmallLayoutSet()
        #expect(try set.render(into: "one", ["--layout", "spring", "--language", "ar"]).status == 0)
        let missing = try set.run(["diff", "one", "one", "--language", "ja"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("--language ja: neither render has a variant in ja (theirs: en, ar)"), "\(missing.stderr)")
        // Every variant of a localized layout shows a language: none is neutral, which is no mistake.
        let neutral = try set.run(["diff", "one", "one", "--language", "neutral"])
        #expect(neutral.status == 0, "\(neutral.stderr)")
        #expect(neutral.stdout.hasSuffix("one → one: identical (0 variants of neutral)\n"), "\(neutral.stdout)")
        #expect(try set.run(["diff", "one", "one", "--language", "en", "--language", "ar"]).status == 0)
        let usage = try set.run(["diff", "one", "one", "--language", "not a tag"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("not a BCP 47 language tag"), "\(usage.stderr)")
    }

    @Test func identicalRendersExitZero() throws {
        let set = try SmallLayoutSet()
        #expect(try set.render(into: "one").status == 0)
        #expect(try set.render(into: "two", ["--no-images"]).status == 0)
        // The second folder has no images/: its PNGs are read from the pack.
        let result = try set.run(["diff", "one", "two"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("identical"))
    }

    @Test func aMissingOrCorruptManifestIsBadInputNamingTheFile() throws {
        let set = try SmallLayoutSet()
        #expect(try set.render(into: "good").status == 0)
        try FileManager.default.createDirectory(at: set.url("empty"), withIntermediateDirectories: true)
        let missing = try set.run(["diff", "good", "empty"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("empty/manifest.json"), "\(missing.stderr)")

        try FileManager.default.copyItem(at: set.url("good"), to: set.url("corrupt"))
        try Data("{\n  \"schemaVersion\": 1,\n  \"version\": 7\n}\n".utf8).write(to: set.url("corrupt/manifest.json"))
        let corrupt = try set.run(["diff", "corrupt", "good"])
        #expect(corrupt.status == 1)
        #expect(corrupt.stderr.contains("corrupt/manifest.json:3:"), "\(corrupt.stderr)")

        try FileManager.default.copyItem(at: set.url("good"), to: set.url("tampered"))
        let manifest = try JSONDecoder().decode(LaunchManifest.self, from: Data(contentsOf: set.url("good/manifest.json")))
        let victim = manifest.variants[0].id
        try Data("not a png".utf8).write(to: set.url("tampered/images/\(victim).png"))
        let tampered = try set.run(["diff", "good", "tampered"])
        #expect(tampered.status == 1)
        #expect(tampered.stderr.contains("tampered/images/\(victim).png"), "\(tampered.stderr)")
    }

    @Test func usageErrorsExitTwo() throws {
        let set = try SmallLayoutSet()
        #expect(try set.run(["diff", "one"]).status == 2)
        #expect(try set.run(["diff", "one", "two", "--gallery"]).status == 2)
    }
}
