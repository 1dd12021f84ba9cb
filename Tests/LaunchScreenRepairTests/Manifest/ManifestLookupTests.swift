import Foundation
import Testing

@testable import LaunchScreenRepair

@Suite("Manifest lookups (indexed)")
struct ManifestLookupTests {
    /// Two layouts of both idioms and appearances, sizes in both orientations, a window, and a
    /// duplicated id (a remote variant laid over a bundled one keeps the first).
    static let manifest: LaunchManifest = {
        var variants: [LaunchManifest.Variant] = []
        for layout in ["default", "winter"] {
            for (idiom, width, height) in [(Idiom.phone, 1179, 2556), (.phone, 2556, 1179), (.pad, 2048, 2732), (.pad, 750, 2048)] {
                for appearance in Appearance.allCases {
                    variants.append(
                        .init(
                            id: "\(layout)-\(width)x\(height)-\(appearance)", layout: layout, width: width, height: height,
                            orientation: width > height ? .landscape : .portrait, appearance: appearance, idiom: idiom, devices: [],
                            md5: "\(variants.count)", offset: variants.count * 10, length: 10,
                            window: width == 750 ? .splitViewOneThird : nil))
                }
            }
        }
        var duplicate = variants[0]
        duplicate.md5 = "second"
        variants.append(duplicate)
        return LaunchManifest(
            version: "v", generator: "test", pack: "P.launchpack",
            layouts: [.init(id: "default", displayName: "Default", priority: 0, schedule: [])], variants: variants)
    }()

    @Test("lookups by id, layout and idiom, and size find what a scan of the variants finds, in manifest order")
    func sameAsAScan() {
        let manifest = Self.manifest
        for variant in manifest.variants {
            #expect(manifest.variant(id: variant.id) == manifest.variants.first { $0.id == variant.id })
        }
        #expect(manifest.variant(id: "default-1179x2556-light")?.md5 == "0", "the first of a duplicated id")
        #expect(manifest.variant(id: "nowhere") == nil)
        for layout in ["default", "winter", "nowhere"] {
            for idiom in Idiom.allCases {
                #expect(
                    manifest.variants(layout: layout, idiom: idiom) == manifest.variants.filter { $0.layout == layout && $0.idiom == idiom }
                )
            }
        }
        for (width, height) in [(1179, 2556), (2556, 1179), (750, 2048), (2048, 750), (1, 1)] {
            #expect(
                manifest.variants(width: width, height: height) == manifest.variants.filter { $0.width == width && $0.height == height })
            #expect(
                manifest.variants(width: width, height: height, eitherOrientation: true)
                    == manifest.variants.filter {
                        ($0.width == width && $0.height == height) || ($0.width == height && $0.height == width)
                    })
        }
        #expect(manifest.variants(width: 1179, height: 2556, eitherOrientation: true).count == 9)
    }

    @Test("a copy whose variants changed finds its own variants, and the original still finds its own")
    func changedCopy() {
        let original = Self.manifest
        #expect(original.variants(layout: "winter", idiom: .pad).count == 4)  // the original's index is built
        var copy = original
        copy.variants.removeAll { $0.layout == "winter" }
        var added = original.variants[0]
        added.id = "added"
        copy.variants.append(added)
        #expect(copy.variants(layout: "winter", idiom: .pad).isEmpty)
        #expect(copy.variant(id: "added") == added)
        copy.variants[0].md5 = "changed in place"
        #expect(copy.variant(id: original.variants[0].id)?.md5 == "changed in place")
        #expect(original.variants(layout: "winter", idiom: .pad).count == 4)
        #expect(original.variant(id: "added") == nil)
    }

    @Test("a manifest that was looked up equals, hashes and encodes as one that was not")
    func indexIsNotPartOfTheValue() throws {
        let fresh = LaunchManifest(
            version: Self.manifest.version, generator: Self.manifest.generator, pack: Self.manifest.pack, layouts: Self.manifest.layouts,
            variants: Self.manifest.variants)
        let looked = Self.manifest
        _ = looked.variant(id: "anything")
        #expect(fresh == looked)
        #expect(Set([fresh, looked]).count == 1)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(fresh) == encoder.encode(looked))
        let keys = try #require(try JSONSerialization.jsonObject(with: encoder.encode(fresh)) as? [String: Any]).keys
        #expect(Set(keys) == ["schemaVersion", "version", "generator", "pack", "layouts", "variants", "models"])
        #expect(try JSONDecoder().decode(LaunchManifest.self, from: encoder.encode(looked)) == fresh)
    }

    /// The manifest's two layouts (without the duplicate), and its variants as the generated
    /// catalog holds them: a table per layout, in id order.
    static let layouts: [LaunchManifest.Layout] = [
        .init(id: "default", displayName: "Default", priority: 0, schedule: []),
        .init(
            id: "winter", displayName: "Winter", priority: 1,
            schedule: [.init(from: .init(month: 12, day: 1), through: .init(month: 2, day: 28))]),
    ]
    static let grouped = LaunchManifest(
        version: "v", generator: "test", pack: "P.launchpack", layouts: layouts,
        variants: layouts.flatMap { layout in manifest.variants.dropLast().filter { $0.layout == layout.id }.sorted { $0.id < $1.id } })
    static let tables = VariantTable.texts(of: grouped.variants)

    @Test("a manifest made from variant tables holds the tables' variants, in the layouts' order")
    func fromTables() {
        let manifest = LaunchManifest(
            version: "v", generator: "test", pack: "P.launchpack", layouts: Self.layouts, variantTables: Self.tables)
        #expect(manifest == Self.grouped)
        #expect(manifest.variant(id: "winter-750x2048-dark")?.window == .splitViewOneThird)
    }

    @Test("a launch's lookup by id and layout reads that layout's line, and agrees with the index")
    func lookupByLayout() {
        let manifest = LaunchManifest(
            version: "v", generator: "test", pack: "P.launchpack", layouts: Self.layouts, variantTables: Self.tables)
        for variant in Self.grouped.variants {
            #expect(manifest.variant(id: variant.id, layout: variant.layout) == variant)
            #expect(manifest.variant(id: variant.id, layout: "no-such-layout") == nil)
        }
        #expect(manifest.variant(id: "no-such-variant", layout: "winter") == nil)
        for layout in ["default", "winter", "nowhere"] {
            for idiom in Idiom.allCases {
                #expect(manifest.variants(layout: layout, idiom: idiom) == Self.grouped.variants(layout: layout, idiom: idiom))
            }
        }
        #expect(!manifest.storage.hasReadEveryTable, "lookups within a layout read that layout's table alone")
        // After the tables are read whole, the index answers, with the same results.
        _ = manifest.variants
        for variant in Self.grouped.variants {
            #expect(manifest.variant(id: variant.id, layout: variant.layout) == variant)
            #expect(manifest.variant(id: variant.id, layout: "no-such-layout") == nil)
        }
    }

    @Test("remote layouts laid over table-held ones replace their variants and keep the others'")
    func replacingLayouts() throws {
        var manifest = LaunchManifest(
            version: "v", generator: "test", pack: "P.launchpack", layouts: Self.layouts, variantTables: Self.tables)
        var remote = try #require(Self.grouped.variants.first { $0.layout == "winter" })
        remote.id = "winter-remote"
        remote.md5 = "00000000000000000000000000000000"
        manifest.replaceVariants(ofLayouts: ["winter"], with: [remote])
        #expect(manifest.variant(id: remote.id, layout: "winter") == remote)
        #expect(manifest.variant(id: "winter-750x2048-dark", layout: "winter") == nil)
        #expect(manifest.variants(layout: "winter", idiom: remote.idiom) == [remote])
        #expect(manifest.variants(layout: "default", idiom: .pad) == Self.grouped.variants(layout: "default", idiom: .pad))
        #expect(!manifest.storage.hasReadEveryTable)
        #expect(manifest.variants == Self.grouped.variants.filter { $0.layout != "winter" } + [remote])
    }

    @Test("a lookup by id finds every line of a table in id order, and of one in another order")
    func lookupInAnyOrder() throws {
        var variants = Self.grouped.variants.filter { $0.layout == "default" }
        // Ids that share a start, one that sorts before the space that ends a field, and one percent-encoded.
        for id in ["default", "default-", "default-1179x2556-dark-extra", "default 1179", "défault%"] {
            var variant = variants[0]
            variant.id = id
            variants.append(variant)
        }
        let sorted = try #require(VariantTable.texts(of: variants)["default"])
        let lines = sorted.split(separator: "\n")
        #expect(lines.count == variants.count)
        #expect(
            lines.map { Array($0.prefix { $0 != " " }.utf8) }
                == lines.map { Array($0.prefix { $0 != " " }.utf8) }.sorted {
                    $0.lexicographicallyPrecedes($1)
                })
        let reversed = lines.reversed().joined(separator: "\n")
        for text in [sorted, reversed] {
            for variant in variants {
                #expect(try VariantTable.variant(id: variant.id, in: text) == variant, "\(variant.id)")
            }
            for missing in ["", "a", "default-1179", "zzz", "default-1179x2556-dark-extra-more"] {
                #expect(try VariantTable.variant(id: missing, in: text) == nil, "\(missing)")
            }
        }
        #expect(try VariantTable.variant(id: "default", in: "") == nil)
    }

    @Test("a line that cannot be read, found by a lookup, is named by its own line number")
    func lookupErrorNamesTheLine() throws {
        let text = try #require(Self.tables["default"])
        let lines = text.split(separator: "\n")
        let broken = (lines.dropLast() + [lines.last! + " extra"]).joined(separator: "\n")
        let id = String(lines.last!.prefix { $0 != " " })
        #expect(throws: VariantTableError.fieldCount(line: lines.count, found: VariantTable.columns.count + 1)) {
            try VariantTable.variant(id: id, in: broken)
        }
    }
}
