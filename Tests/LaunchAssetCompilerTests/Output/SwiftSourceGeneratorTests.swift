import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

@testable import LaunchAssetCompiler

@Suite("The generated Swift")
struct SwiftSourceGeneratorTests {
    /// A small fixed manifest: a fallback layout and a seasonal one with a yearly and an
    /// absolute range; four variants, one of them a Split View window.
    static let manifest = LaunchManifest(
        version: "0123456789abcdef",
        generator: "launch-assets 0.1.0",
        pack: "SeasonalLaunch.launchpack",
        layouts: [
            LaunchManifest.Layout(id: "default", displayName: "Default", priority: 0, schedule: []),
            LaunchManifest.Layout(
                id: "winter", displayName: "Winter & Lunar New Year", priority: 5,
                schedule: [
                    DateRange(from: SeasonDate(month: 12, day: 1), through: SeasonDate(month: 2, day: 29)),
                    DateRange(from: SeasonDate(year: 2027, month: 2, day: 6), through: SeasonDate(year: 2027, month: 2, day: 12)),
                ]),
        ],
        variants: [
            LaunchManifest.Variant(
                id: "default-phone-1179x2556-light", layout: "default", width: 1179, height: 2556,
                orientation: .portrait, appearance: .light, idiom: .phone,
                devices: ["iphone-14-pro", "iphone-15", "iphone-15-pro", "iphone-16"],
                md5: "d41d8cd98f00b204e9800998ecf8427e", offset: 32, length: 48213
            ),
            LaunchManifest.Variant(
                id: "default-phone-1179x2556-dark", layout: "default", width: 1179, height: 2556,
                orientation: .portrait, appearance: .dark, idiom: .phone,
                devices: ["iphone-14-pro", "iphone-15", "iphone-15-pro", "iphone-16"],
                md5: "900150983cd24fb0d6963f7d28e17f72", offset: 48245, length: 40117
            ),
            LaunchManifest.Variant(
                id: "winter-pad-2732x2048-dark", layout: "winter", width: 2732, height: 2048,
                orientation: .landscape, appearance: .dark, idiom: .pad,
                devices: ["ipad-air-13-m2"],
                md5: "57edf4a22be3c955ac49da2e2107b67a", offset: 88362, length: 301_554
            ),
            LaunchManifest.Variant(
                id: "winter-pad-split-1-3-750x2048-dark", layout: "winter", width: 750, height: 2048,
                orientation: .portrait, appearance: .dark, idiom: .pad,
                devices: ["ipad-air-13-m2"],
                md5: "c3fcd3d76192e4007dfb496cca67e13b", offset: 389_916, length: 61_027, window: .splitViewOneThird
            ),
        ],
        models: ["iPhone15,2": "iphone-14-pro", "iPhone15,4": "iphone-15", "iPad14,5": "ipad-air-13-m2"]
    )

    static let goldenURL = fixtures.url("Golden/SeasonalLaunch.swift")

    /// The same manifest with winter delivered remotely: its variants have a SHA-256 and no offset.
    static let remoteManifest: LaunchManifest = {
        var manifest = Self.manifest
        manifest.layouts[1].delivery = .remote
        for index in manifest.variants.indices where manifest.variants[index].layout == "winter" {
            manifest.variants[index].offset = nil
            manifest.variants[index].sha256 = String(repeating: "\(index)f", count: 32)
        }
        return manifest
    }()

    static let remoteSource = RemoteLayoutSource(
        url: URL(string: "https://launch.example.com/seasons")!, publicKey: "tLguOVKA3TA3zBM38iq4oWYyMHsD8+vic5ibUFJOmaE=", prefetchDays: 10
    )

    /// A message that shows where two texts part, line by line.
    static func difference(expected: String, actual: String, golden: URL = goldenURL) -> String? {
        guard expected != actual else { return nil }
        let want = expected.components(separatedBy: "\n")
        let got = actual.components(separatedBy: "\n")
        let first = zip(want, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(want.count, got.count)
        var lines = [
            "generated source differs from \(golden.lastPathComponent) from line \(first + 1) (expected \(want.count) lines, got \(got.count)):"
        ]
        for index in max(0, first - 2)..<min(max(want.count, got.count), first + 4) {
            let a = index < want.count ? want[index] : "<end>"
            let b = index < got.count ? got[index] : "<end>"
            if a == b {
                lines.append("  \(index + 1)   \(a)")
            } else {
                lines.append("- \(index + 1)   \(a)")
                lines.append("+ \(index + 1)   \(b)")
            }
        }
        lines.append("If the change is intended, review the whole output and replace the golden file with it.")
        return lines.joined(separator: "\n")
    }

    @Test func matchesTheGoldenFile() throws {
        let source = SwiftSourceGenerator(typeName: "SeasonalLaunch").source(for: Self.manifest)
        let golden = try String(contentsOf: Self.goldenURL, encoding: .utf8)
        if let difference = Self.difference(expected: golden, actual: source) {
            Issue.record("\(difference)")
        }
    }

    /// The pack in an asset catalog, a remote source, a remote layout's variants.
    @Test func assetCatalogAndRemoteSourceMatchTheirGoldenFile() throws {
        let generator = SwiftSourceGenerator(typeName: "SeasonalLaunch", assetCatalog: true, remote: Self.remoteSource)
        let source = generator.source(for: Self.remoteManifest)
        let golden = fixtures.url("Golden/SeasonalLaunchRemote.swift")
        if let difference = Self.difference(expected: try String(contentsOf: golden, encoding: .utf8), actual: source, golden: golden) {
            Issue.record("\(difference)")
        }
        #expect(source.contains(#"        .dataAsset(name: "SeasonalLaunchPack")"#))
        #expect(!source.contains("Bundle."))
        #expect(source == generator.source(for: Self.remoteManifest), "deterministic")
    }

    @Test func withoutARemoteSourceTheProtocolDefaultApplies() {
        let source = SwiftSourceGenerator(typeName: "SeasonalLaunch").source(for: Self.remoteManifest)
        #expect(!source.contains("remote:"), "no `remote` member: LaunchAssetCatalog's default (nil) applies")
        #expect(source.contains("delivery: .remote"))
        #expect(source.contains(" 57edf4a22be3c955ac49da2e2107b67a - 301554 \(String(repeating: "2f", count: 32)) - -\n"))
    }

    /// Each layout's table between its delimiters, in the order they are written.
    static func tables(in source: String) throws -> [(layout: String, text: String)] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("    private static let variantTables") })
        var tables: [(layout: String, text: String)] = []
        var index = start + 1
        while lines[index] != "    ]" {
            let opening = lines[index]
            #expect(opening.hasPrefix("        \"") && opening.hasSuffix("\": #\"\"\""))
            let close = try #require(lines[index...].firstIndex(of: "            \"\"\"#,"))
            // The compiler strips the closing delimiter's indentation from every line; so does this.
            let text = lines[(index + 1)..<close].map { $0.dropFirst(12) }.joined(separator: "\n")
            tables.append((String(opening.dropFirst(9).dropLast(7)), text))
            index = close + 1
        }
        return tables
    }

    @Test("the generated tables read back as the manifest's variants, a layout's in id order, remote ones included")
    func tableReadsBack() throws {
        for manifest in [Self.manifest, Self.remoteManifest] {
            let source = SwiftSourceGenerator(typeName: "SeasonalLaunch").source(for: manifest)
            let tables = try Self.tables(in: source)
            #expect(tables.map(\.layout) == manifest.layouts.map(\.id).filter { id in manifest.variants.contains { $0.layout == id } })
            let inIDOrder = manifest.layouts.flatMap { layout in
                manifest.variants.filter { $0.layout == layout.id }.sorted { $0.id < $1.id }
            }
            #expect(inIDOrder != manifest.variants, "the fixture lists a layout's variants in another order")
            #expect(try tables.flatMap { try VariantTable.variants($0.text) } == inIDOrder)
            for table in tables {
                #expect(try VariantTable.variants(table.text).allSatisfy { $0.layout == table.layout })
            }
        }
    }

    @Test("a re-rendered layout changes its own variants' lines and the version stamp, nothing else")
    func changedLayoutIsAFewLines() {
        var changed = Self.manifest
        changed.version = "fedcba9876543210"
        for index in changed.variants.indices where changed.variants[index].layout == "winter" {
            changed.variants[index].md5 = String(repeating: "e", count: 32)
            changed.variants[index].length += 1
        }
        let generator = SwiftSourceGenerator(typeName: "SeasonalLaunch")
        let before = generator.source(for: Self.manifest).components(separatedBy: "\n")
        let after = generator.source(for: changed).components(separatedBy: "\n")
        #expect(before.count == after.count)
        let differing = zip(before, after).filter { $0 != $1 }.map(\.1)
        #expect(differing.count == 4)
        #expect(differing.filter { $0.contains("fedcba9876543210") }.count == 2, "the header comment and the version")
        #expect(differing.filter { $0.hasPrefix("            winter-") }.count == 2, "the two winter variants, a line each")
    }

    @Test func differenceMessageNamesTheLine() throws {
        let message = try #require(Self.difference(expected: "a\nb\nc\n", actual: "a\nB\nc\n"))
        #expect(message.contains("from line 2"))
        #expect(message.contains("- 2   b"))
        #expect(message.contains("+ 2   B"))
        #expect(Self.difference(expected: "same", actual: "same") == nil)
    }

    @Test func outputIsDeterministicAndUsesTheTypeName() {
        let generator = SwiftSourceGenerator(typeName: "SeasonalLaunch")
        #expect(generator.source(for: Self.manifest) == generator.source(for: Self.manifest))
        let other = SwiftSourceGenerator(typeName: "LaunchAssets").source(for: Self.manifest)
        #expect(other.contains("public enum LaunchAssets: LaunchAssetCatalog {"))
        #expect(!other.contains("SeasonalLaunch:"))
        #expect(other.contains("import LaunchScreenRepair\n"))
        #expect(other.hasSuffix("}\n"))
    }

    @Test func stringsAreEscaped() {
        var manifest = Self.manifest
        manifest.layouts[0].displayName = #"Say "hi" \ bye"#
        manifest.layouts[1].displayName = "tab\there\nnew line\r\u{1}\u{7F} \\(notInterpolated) ünï 🎉"
        manifest.variants[0].devices = [#"dev"ice"#]
        let source = SwiftSourceGenerator(typeName: "SeasonalLaunch").source(for: manifest)
        #expect(source.contains(#"displayName: "Say \"hi\" \\ bye""#))
        #expect(source.contains(#"displayName: "tab\there\nnew line\r\u{1}\u{7f} \\(notInterpolated) ünï 🎉""#))
        #expect(source.contains(" dev%22ice "), "the table's fields are percent-encoded")
        // No raw control characters or unescaped quotes leak into the source.
        #expect(!source.contains("\t"))
        #expect(!source.contains("\r"))
        #expect(!source.contains("\u{1}"))
    }

    @Test func packNameGivesTheResourceName() {
        var manifest = Self.manifest
        manifest.pack = "Other.launchpack"
        let source = SwiftSourceGenerator(typeName: "SeasonalLaunch").source(for: manifest)
        #expect(source.contains(#"Bundle.main.url(forResource: "Other", withExtension: "launchpack")"#))
        #expect(source.contains(#"pack: "Other.launchpack","#))
    }

    @Test func resourceBundleChoosesMainOrModule() {
        let main = SwiftSourceGenerator(typeName: "SeasonalLaunch").source(for: Self.manifest)
        #expect(main.contains(#"Bundle.main.url(forResource: "SeasonalLaunch", withExtension: "launchpack")"#))
        let module = SwiftSourceGenerator(typeName: "SeasonalLaunch", bundle: .module).source(for: Self.manifest)
        #expect(module.contains(#"Bundle.module.url(forResource: "SeasonalLaunch", withExtension: "launchpack")"#))
        #expect(!module.contains("Bundle.main"))
    }

    @Test func launchScreenColorsAreTheCallsLastArgument() throws {
        var manifest = Self.manifest
        manifest.launchScreenColors = LaunchScreenColors(
            light: .init(red: 247, green: 246, blue: 243), dark: .init(red: 13, green: 15, blue: 22))
        let source = SwiftSourceGenerator(typeName: "SeasonalLaunch").source(for: manifest)
        #expect(
            source.contains(
                """
                        variantTables: variantTables,
                        models: models,
                        launchScreenColors: LaunchScreenColors(light: .init(red: 247, green: 246, blue: 243), dark: .init(red: 13, green: 15, blue: 22))
                    )

                """))
        // Without colours the call is as it was: the golden file's, `models` its last argument.
        let plain = SwiftSourceGenerator(typeName: "SeasonalLaunch").source(for: Self.manifest)
        #expect(!plain.contains("LaunchScreenColors") && plain.contains("        models: models\n    )\n"))
        let lines = { (text: String) in text.components(separatedBy: "\n") }
        #expect(lines(source).count == lines(plain).count + 1)
        #expect(try Self.tables(in: source).map(\.text) == (try Self.tables(in: plain).map(\.text)))
    }

    @Test func emptyModelsAreAnEmptyDictionaryLiteral() {
        var manifest = Self.manifest
        manifest.models = [:]
        let source = SwiftSourceGenerator(typeName: "SeasonalLaunch").source(for: manifest)
        #expect(source.contains("    private static let models: [String: String] = [:]\n"))
    }

    @Test(arguments: ["SeasonalLaunch", "LaunchAssets", "_Private", "A1", "a", "Launch_Assets_2"])
    func validTypeNames(name: String) {
        #expect(SwiftSourceGenerator.isValidTypeName(name))
    }

    @Test(arguments: [
        "", "1Launch", "Launch-Assets", "Launch Assets", "Launch.Assets", "Läunch", "Launch\n", "$Launch", "Launch🎉",
        "_", "class", "enum", "Self", "Type", "LaunchManifest", "URL", "Bundle", "LaunchAssetCatalog", "RemoteLayoutSource",
        "LaunchScreenColors",
    ])
    func invalidTypeNames(name: String) {
        #expect(!SwiftSourceGenerator.isValidTypeName(name))
    }
}
