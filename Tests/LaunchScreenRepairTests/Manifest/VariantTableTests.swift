import Foundation
import Testing

@testable import LaunchScreenRepair

@Suite("Variant table (the generated Swift's variants)")
struct VariantTableTests {
    static let plain = LaunchManifest.Variant(
        id: "default-phone-1179x2556-light", layout: "default", width: 1179, height: 2556, orientation: .portrait,
        appearance: .light, idiom: .phone, devices: ["iphone-14-pro", "iphone-15"], md5: "d41d8cd98f00b204e9800998ecf8427e",
        offset: 32, length: 48213)

    /// Every optional field set, and texts holding what separates or ends a field.
    static let awkward = LaunchManifest.Variant(
        id: "a b,c%d\"e\\f\tg\nh ünï 🎉", layout: "-", width: 750, height: 2048, orientation: .landscape, appearance: .dark,
        idiom: .pad, devices: ["", "-", "x,y", "%2D"], md5: "", offset: nil, length: 0,
        sha256: String(repeating: "ab", count: 32), window: .splitViewOneThird, locale: "zh-Hant-HK")

    @Test("a line reads back as the variant it was written from, whatever its texts hold")
    func roundTrip() throws {
        let variants = [
            Self.plain, Self.awkward,
            LaunchManifest.Variant(
                id: "v", layout: "l", width: 1, height: 2, orientation: .portrait, appearance: .light, idiom: .phone, devices: [],
                md5: "m", offset: 0, length: 1, window: .slideOver),
        ]
        let text = variants.map(VariantTable.line(for:)).joined(separator: "\n")
        #expect(try VariantTable.variants(text) == variants)
        #expect(!text.contains("\t") && !text.contains("\"\"\"") && !text.contains("\\"), "nothing that ends a raw string literal")
        #expect(text.split(separator: "\n").count == variants.count, "one line per variant")
    }

    @Test("a plain variant's line is its fields in the columns' order, absent ones as -")
    func plainLine() {
        #expect(
            VariantTable.line(for: Self.plain)
                == "default-phone-1179x2556-light default 1179 2556 portrait light phone iphone-14-pro,iphone-15 d41d8cd98f00b204e9800998ecf8427e 32 48213 - - -"
        )
    }

    @Test("a localized variant's line ends in its language; a line of 13 fields (before languages) reads as language-neutral")
    func locale() throws {
        var arabic = Self.plain
        arabic.id += "-ar"
        arabic.locale = "ar"
        let line = VariantTable.line(for: arabic)
        #expect(line.hasSuffix(" 48213 - - ar"))
        #expect(try VariantTable.variants(line) == [arabic])
        let older = VariantTable.line(for: Self.plain).split(separator: " ").dropLast().joined(separator: " ")
        #expect(try VariantTable.variants(older) == [Self.plain])
    }

    @Test("a lookup by id reads the line of that id, and only a whole first field matches")
    func lookupByID() throws {
        var other = Self.plain
        other.id = Self.plain.id + "-b"
        let text = [other, Self.awkward, Self.plain].map(VariantTable.line(for:)).joined(separator: "\n")
        #expect(try VariantTable.variant(id: Self.plain.id, in: text) == Self.plain, "not the id it is a prefix of")
        #expect(try VariantTable.variant(id: Self.awkward.id, in: text) == Self.awkward)
        #expect(try VariantTable.variant(id: "default-phone", in: text) == nil)
        #expect(throws: VariantTableError.fieldCount(line: 2, found: 2)) {
            try VariantTable.variant(id: "bad", in: "\(VariantTable.line(for: Self.plain))\nbad line")
        }
    }

    @Test("empty lines are skipped")
    func emptyLines() throws {
        let line = VariantTable.line(for: Self.plain)
        #expect(try VariantTable.variants("\n\(line)\n\n\(line)\n") == [Self.plain, Self.plain])
        #expect(try VariantTable.variants("").isEmpty)
    }

    @Test("a line with a field missing is refused with its line number")
    func missingField() {
        let line = VariantTable.line(for: Self.plain)
        let short = line.split(separator: " ").dropLast(2).joined(separator: " ")
        #expect(throws: VariantTableError.fieldCount(line: 3, found: 12)) { try VariantTable.variants("\(line)\n\n\(short)") }
    }

    @Test(
        "a value its column does not take is refused with the line and the column",
        arguments: [
            (2, "wide", "width"), (3, "-1", "height"), (4, "sideways", "orientation"), (5, "sepia", "appearance"), (6, "watch", "idiom"),
            (9, "12x", "offset"), (10, "-", "length"), (12, "splitView-1/4", "window"), (0, "bad%zz", "id"),
        ])
    func invalidValue(column: Int, value: String, name: String) {
        var fields = VariantTable.line(for: Self.plain).split(separator: " ").map(String.init)
        fields[column] = value
        #expect(throws: VariantTableError.invalid(line: 1, column: name, value: value)) {
            try VariantTable.variants(fields.joined(separator: " "))
        }
    }
}
