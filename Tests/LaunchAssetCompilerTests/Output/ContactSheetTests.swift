import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

@testable import LaunchAssetCompiler

/// `preview.png`: a section per layout; with localized variants, one band of rows per language.
@Suite("Contact sheet")
struct ContactSheetTests {
    /// The package's own layouts for phones, in the given languages besides English (none: every one translated).
    func plan(_ layoutIDs: [String], languages: [String] = [], idioms: [Idiom] = [.phone]) throws -> Plan {
        try LaunchAssetGenerator(
            configuration: .init(
                layoutsDirectory: PackageRoot.url.appendingPathComponent("Layouts"),
                templatesDirectory: PackageRoot.url.appendingPathComponent("Templates"), layoutIDs: layoutIDs,
                idioms: idioms, localization: LocalizationSettings(languages: languages))
        ).plan(checkingInstances: false)
    }

    @Test("a localized layout has one labelled band of rows per language, the development language first")
    func oneLanguagePerRow() throws {
        let plan = try plan(["winter"])
        let sheet = ContactSheet()
        let arrangement = sheet.arrangement(layouts: plan.layouts, variants: plan.variants)
        let section = try #require(arrangement.sections.first)
        #expect(arrangement.sections.count == 1 && section.cells.count == plan.variants.count)

        // Rows by their top; each holds one language, and a language's rows follow one another.
        let rows = Dictionary(grouping: section.cells, by: \.y).sorted { $0.key < $1.key }.map { $0.value.map(\.variant.locale) }
        #expect(rows.allSatisfy { Set($0).count == 1 }, "a row mixes languages")
        var languages: [String?] = []
        for row in rows where languages.last != row[0] { languages.append(row[0]) }
        #expect(languages == ["en", "ar", "hi", "ja", "zh-Hans"])
        #expect(rows.count == 5 * ((plan.variants.count / 5 + sheet.columns - 1) / sheet.columns))

        // A label above each band, naming the language.
        #expect(
            section.labels.map(\.text) == [
                "en  ·  English (development language)  ·  32 variants", "ar  ·  Arabic  ·  32 variants", "hi  ·  Hindi  ·  32 variants",
                "ja  ·  Japanese  ·  32 variants", "zh-Hans  ·  Chinese, Simplified  ·  32 variants",
            ])
        for (label, language) in zip(section.labels, languages) {
            let firstRow = try #require(section.cells.filter { $0.variant.locale == language }.map(\.y).min())
            #expect(label.baseline < firstRow, "\(label.text)")
        }
    }

    @Test("without localized variants, every cell sits where it did before languages existed, with no labels")
    func unlocalizedUnchanged() throws {
        let plan = try plan(["default", "spring"], languages: ["en"])
        #expect(plan.variants.allSatisfy { $0.locale == nil })
        let sheet = ContactSheet()
        let arrangement = sheet.arrangement(layouts: plan.layouts, variants: plan.variants)

        // The geometry of the sheet as it was: margin 24, header 56, cells 174 × 202 in 12 columns.
        var top = 24
        var expected: [(id: String, x: Int, y: Int)] = []
        for layout in plan.layouts {
            let cells = plan.variants.filter { $0.layout == layout.id }
            top += 56
            for (index, variant) in cells.enumerated() { expected.append((variant.id, 24 + index % 12 * 174, top + index / 12 * 202)) }
            top += (cells.count + 11) / 12 * 202 + 24
        }
        let cells = arrangement.sections.flatMap(\.cells)
        #expect(arrangement.width == 24 * 2 + 12 * 174 && arrangement.height == top)
        #expect(cells.map(\.variant.id) == expected.map(\.id))
        #expect(cells.map(\.x) == expected.map(\.x) && cells.map(\.y) == expected.map(\.y))
        #expect(arrangement.sections.allSatisfy { $0.labels.isEmpty })
    }

    @Test("language-neutral variants get their own band, last; a layout without languages keeps its unlabelled rows")
    func neutralBandLast() throws {
        let plan = try plan(["winter", "spring"])
        var variants = plan.variants
        // Make one size language-neutral in winter: its English variants lose their language, the others go.
        let size = try #require(variants.first { $0.layout == "winter" }?.pixels)
        variants.removeAll { $0.layout == "winter" && $0.pixels == size && $0.locale != "en" }
        for index in variants.indices where variants[index].layout == "winter" && variants[index].pixels == size {
            variants[index].locale = nil
        }
        // And spring wholly language-neutral.
        variants.removeAll { $0.layout == "spring" && $0.locale != "en" }
        for index in variants.indices where variants[index].layout == "spring" { variants[index].locale = nil }

        let arrangement = ContactSheet().arrangement(layouts: plan.layouts, variants: variants)
        let sections = Dictionary(uniqueKeysWithValues: arrangement.sections.map { ($0.layout.id, $0) })
        let winterSection = try #require(sections["winter"])
        #expect(winterSection.labels.count == 6)
        #expect(winterSection.labels.last?.text.hasPrefix("language-neutral") == true)
        let lastRow = try #require(winterSection.cells.map(\.y).max())
        #expect(winterSection.cells.filter { $0.y == lastRow }.allSatisfy { $0.variant.locale == nil })
        #expect(sections["spring"]?.labels.isEmpty == true)
    }

    @Test("the PNG is the arrangement's size")
    func pngSizeMatches() throws {
        let plan = try plan(["winter"], languages: ["ar"])
        let sheet = ContactSheet(fonts: plan.templates.fonts)
        let arrangement = sheet.arrangement(layouts: plan.layouts, variants: plan.variants)
        let png = try sheet.png(layouts: plan.layouts, variants: plan.variants)
        let size = try #require(PNGBytes.size(of: png))
        #expect(size.width == arrangement.width && size.height == arrangement.height)
        #expect(arrangement.sections.first?.labels.count == 2)
    }

    @Test("every bundled layout in every language (the README's first command) fits the largest image cairo draws")
    func everyLanguageFits() throws {
        let plan = try plan([], idioms: [.phone, .pad])
        #expect(plan.variants.count == 1872)
        let sheet = ContactSheet()
        let arrangement = sheet.arrangement(layouts: plan.layouts, variants: plan.variants)
        #expect(arrangement.height <= ContactSheet.largestSide && arrangement.width <= ContactSheet.largestSide)

        // Every variant once, in the sheet, no two in one place.
        let cells = arrangement.sections.flatMap(\.cells)
        #expect(cells.map(\.variant.id).sorted() == plan.variants.map(\.id).sorted())
        #expect(Set(cells.map { "\($0.x),\($0.y)" }).count == cells.count)
        #expect(cells.allSatisfy { $0.x >= 0 && $0.x + 174 <= arrangement.width && $0.y + 202 <= arrangement.height })
    }

    @Test("a sheet too tall at 12 columns gets wider rows, as narrow as fits")
    func widerRowsWhenTooTall() throws {
        let plan = try plan([], idioms: [.phone, .pad])
        var sheet = ContactSheet()
        sheet.thumbnailSide = 200
        let arrangement = sheet.arrangement(layouts: plan.layouts, variants: plan.variants)
        #expect(arrangement.columns > sheet.columns, "12 columns would make it taller than cairo draws")
        #expect(arrangement.height <= ContactSheet.largestSide && arrangement.width <= ContactSheet.largestSide)
        let cells = arrangement.sections.flatMap(\.cells)
        #expect(cells.count == plan.variants.count && Set(cells.map { "\($0.x),\($0.y)" }).count == cells.count)
        // One column fewer would not fit.
        let narrower = sheet.arrangement(layouts: plan.layouts, variants: plan.variants, columns: arrangement.columns - 1)
        #expect(narrower.height > ContactSheet.largestSide)
    }

    @Test("a sheet that cannot fit even at its widest is an error that says what to preview less of")
    func tooLargeIsAnError() throws {
        let plan = try plan(["default"], languages: ["en"])
        var sheet = ContactSheet()
        sheet.thumbnailSide = 4000
        #expect(throws: RenderError.self) { try sheet.png(layouts: plan.layouts, variants: plan.variants) }
        do {
            _ = try sheet.png(layouts: plan.layouts, variants: plan.variants)
        } catch {
            #expect("\(error)".contains("the preview of \(plan.variants.count) variants would be"))
            #expect("\(error)".contains("preview fewer (--layout, --idiom, --language)"))
        }
    }
}
