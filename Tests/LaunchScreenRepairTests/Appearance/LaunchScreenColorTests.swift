import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// Light or dark from the background colours of the launch storyboard the generator wrote
/// (``LaunchScreenColors``), measured from the snapshots' ASTC void-extent blocks.
@Suite("Appearance from the launch storyboard's colours")
struct LaunchScreenColorTests {
    typealias Color = LaunchScreenColors.Color

    /// The generator's default storyboard colours: #F7F6F3 and #0D0F16.
    static let generatorDefault = LaunchScreenColors(
        light: Color(red: 0xF7, green: 0xF6, blue: 0xF3), dark: Color(red: 0x0D, green: 0x0F, blue: 0x16))
    /// A light colour below mid-grey, #5A5F6E, with a near-black dark one, #101218.
    static let dimLight = LaunchScreenColors(
        light: Color(red: 0x5A, green: 0x5F, blue: 0x6E), dark: Color(red: 0x10, green: 0x12, blue: 0x18))
    /// Blue #3A6EA5 and violet #6B5FA0: of the same luminance within 0.02.
    static let sameLuminance = LaunchScreenColors(
        light: Color(red: 0x3A, green: 0x6E, blue: 0xA5), dark: Color(red: 0x6B, green: 0x5F, blue: 0xA0))

    /// What the real AAPL fixtures' void-extent blocks measure, by fixture name.
    static let realColors: [String: Color] = [
        "aapl-1179x2556-portrait-light.ktx": Color(red: 255, green: 255, blue: 255),
        "aapl-1179x2556-portrait-dark.ktx": Color(red: 0, green: 0, blue: 0),
        "aapl-1179x2556-landscape-light.ktx": Color(red: 255, green: 255, blue: 255),
        "aapl-1179x2556-landscape-dark.ktx": Color(red: 0, green: 0, blue: 0),
    ]

    /// A measured sample of a synthetic snapshot of one colour.
    static func sample(_ name: String, _ color: Color, width: Int = 1179, height: Int = 2556) throws -> AppearanceClassifier.Sample {
        let data = try SyntheticAAPL.make(width: width, height: height, color: color)
        let measured = try #require(VoidExtentLuminance.measure(try ASTCPayload.read(from: InMemoryBytes(data))))
        return .init(name: name, width: width, height: height, luminance: measured.mean, color: measured.meanColor)
    }

    /// `color` moved by `drift` in each component, as colour management may.
    static func drifted(_ color: Color, by drift: Int) -> Color {
        func move(_ value: UInt8) -> UInt8 { UInt8(clamping: Int(value) + (value > 127 ? -drift : drift)) }
        return Color(red: move(color.red), green: move(color.green), blue: move(color.blue))
    }

    @Test("the real AAPL snapshots' void-extent blocks measure white (light) and black (dark)", arguments: SnapshotFixtures.aapl)
    func realColor(fixture: (name: String, width: Int, height: Int, dark: Bool)) throws {
        let payload = try ASTCPayload.read(from: InMemoryBytes(try fixtures.data("snapshots/\(fixture.name)")))
        let measured = try #require(VoidExtentLuminance.measure(payload))
        #expect(measured.meanColor == Self.realColors[fixture.name])
    }

    @Test("the real AAPL snapshots are classified by launch colours a few units off what they measure")
    func realFixturesByColor() throws {
        let colors = LaunchScreenColors(
            light: Self.drifted(try #require(Self.realColors["aapl-1179x2556-portrait-light.ktx"]), by: 4),
            dark: Self.drifted(try #require(Self.realColors["aapl-1179x2556-portrait-dark.ktx"]), by: 4))
        var samples: [AppearanceClassifier.Sample] = []
        for fixture in SnapshotFixtures.aapl {
            let payload = try ASTCPayload.read(from: InMemoryBytes(try fixtures.data("snapshots/\(fixture.name)")))
            let measured = try #require(VoidExtentLuminance.measure(payload))
            samples.append(
                .init(name: fixture.name, width: fixture.width, height: fixture.height, luminance: measured.mean, color: measured.meanColor)
            )
        }
        let result = AppearanceClassifier.classify(samples, pinned: nil, launchScreen: colors)
        for fixture in SnapshotFixtures.aapl {
            #expect(result[fixture.name]?.appearance == (fixture.dark ? .dark : .light), "\(fixture.name)")
            #expect(result[fixture.name]?.source == .launchScreen, "\(fixture.name)")
        }
    }

    @Test("synthetic snapshots of the generator's default colours measure them exactly and are classified by them")
    func generatorDefaults() throws {
        let colors = Self.generatorDefault
        let light = try Self.sample("light", colors.light)
        let dark = try Self.sample("dark", colors.dark)
        #expect(light.color == colors.light && dark.color == colors.dark)
        let result = AppearanceClassifier.classify([light, dark], pinned: nil, launchScreen: colors)
        #expect(result["light"] == AppearanceEvidence(appearance: .light, source: .launchScreen, luminance: light.luminance))
        #expect(result["dark"] == AppearanceEvidence(appearance: .dark, source: .launchScreen, luminance: dark.luminance))
        // Colour management moves the background a little; it still matches.
        let drifted = try Self.sample("drifted", Self.drifted(colors.light, by: 12))
        #expect(AppearanceClassifier.classify([drifted], pinned: nil, launchScreen: colors)["drifted"]?.source == .launchScreen)
    }

    @Test("a lone light snapshot darker than mid-grey: luminance calls it dark, the colours light")
    func loneDimLight() throws {
        let light = try Self.sample("light", Self.dimLight.light)
        #expect(try #require(light.luminance) < 0.5)
        #expect(AppearanceClassifier.classify([light], pinned: nil)["light"]?.appearance == .dark)
        let result = AppearanceClassifier.classify([light], pinned: nil, launchScreen: Self.dimLight)
        #expect(result["light"]?.appearance == .light)
        #expect(result["light"]?.source == .launchScreen)
    }

    @Test("a pair of the same luminance in two hues: indistinguishable by luminance, told apart by the colours")
    func sameLuminancePair() throws {
        let light = try Self.sample("light", Self.sameLuminance.light)
        let dark = try Self.sample("dark", Self.sameLuminance.dark)
        #expect(abs(try #require(light.luminance) - (try #require(dark.luminance))) < AppearanceClassifier.minimumDifference)
        let unaided = AppearanceClassifier.classify([light, dark], pinned: nil)
        #expect(unaided["light"]?.source == .indistinguishable && unaided["dark"]?.source == .indistinguishable)
        let result = AppearanceClassifier.classify([dark, light], pinned: nil, launchScreen: Self.sameLuminance)
        #expect(result["light"]?.appearance == .light && result["light"]?.source == .launchScreen)
        #expect(result["dark"]?.appearance == .dark && result["dark"]?.source == .launchScreen)
    }

    @Test("backgrounds that match neither launch colour are classified by luminance, as without the colours")
    func neitherColor() throws {
        let samples = [
            try Self.sample("white", Color(red: 255, green: 255, blue: 255)),
            try Self.sample("black", Color(red: 0, green: 0, blue: 0)),
            try Self.sample("grey", Color(red: 90, green: 90, blue: 90), width: 2556, height: 1179),
            try Self.sample("same-a", Color(red: 200, green: 40, blue: 40), width: 100, height: 100),
            try Self.sample("same-b", Color(red: 200, green: 40, blue: 40), width: 100, height: 100),
        ]
        let colors = Self.sameLuminance
        #expect(samples.allSatisfy { colors.appearance(of: $0.color!) == nil })
        let result = AppearanceClassifier.classify(samples, pinned: nil, launchScreen: colors)
        #expect(result == AppearanceClassifier.classify(samples, pinned: nil))
        #expect(result["white"]?.source == .pixels && result["same-a"]?.source == .indistinguishable)
    }

    @Test("launch colours too close together to tell apart are not used")
    func colorsTooClose() throws {
        let colors = LaunchScreenColors(light: Color(red: 120, green: 120, blue: 130), dark: Color(red: 100, green: 100, blue: 110))
        #expect(!colors.areDistinct)
        let samples = [try Self.sample("light", colors.light), try Self.sample("dark", colors.dark)]
        let result = AppearanceClassifier.classify(samples, pinned: nil, launchScreen: colors)
        #expect(result == AppearanceClassifier.classify(samples, pinned: nil))
        #expect(result["light"]?.source == .pixels)
        // Just over twice the tolerance apart: used.
        let apart = LaunchScreenColors(light: Color(red: 149, green: 100, blue: 100), dark: Color(red: 100, green: 100, blue: 100))
        #expect(apart.areDistinct && apart.appearance(of: apart.light) == .light && apart.appearance(of: apart.dark) == .dark)
        #expect(apart.appearance(of: Color(red: 124, green: 100, blue: 100)) == .dark, "24 from dark")
        #expect(apart.appearance(of: Color(red: 125, green: 100, blue: 100)) == .light, "24 from light")
        #expect(apart.appearance(of: Color(red: 124, green: 100, blue: 108)) == nil, "over 24 from both")
    }

    @Test("two same-size files of the same launch colour are one picture twice: indistinguishable, or the policy's")
    func sameColorTwice() throws {
        let samples = [try Self.sample("a", Self.sameLuminance.light), try Self.sample("b", Self.sameLuminance.light)]
        let result = AppearanceClassifier.classify(samples, pinned: nil, launchScreen: Self.sameLuminance)
        #expect(result["a"]?.source == .indistinguishable && result["b"]?.source == .indistinguishable)
        let filled = AppearanceClassifier.classify(samples, pinned: nil, pairs: .dark, launchScreen: Self.sameLuminance)
        #expect(filled["a"]?.source == .policy && filled["a"]?.appearance == .dark)
    }

    @Test("the ledger, the manifest and a pinned style still come before the colours")
    func precedence() throws {
        var known = try Self.sample("known", Self.generatorDefault.light)
        known.known = AppearanceEvidence(appearance: .dark, source: .manifest)
        let other = try Self.sample("other", Self.generatorDefault.light, width: 2556, height: 1179)
        let result = AppearanceClassifier.classify([known, other], pinned: nil, launchScreen: Self.generatorDefault)
        #expect(result["known"] == AppearanceEvidence(appearance: .dark, source: .manifest))
        #expect(result["other"]?.source == .launchScreen)
        let pinned = AppearanceClassifier.classify([other], pinned: .dark, launchScreen: Self.generatorDefault)
        #expect(pinned["other"]?.appearance == .dark && pinned["other"]?.source == .pinned)
    }

    @Test("a measured colour is remembered in the ledger; a ledger without one reads as before")
    func ledgerKeepsTheColor() throws {
        var ledger = Ledger()
        let identity = FileIdentity(size: 3, modified: 4, changed: 5, inode: 2, device: 1)
        ledger.observations["a@3x.ktx"] = Ledger.Observation(
            identity: identity, header: ImageHeader(format: .aapl, width: 1179, height: 2556), luminance: 0.375,
            color: Self.dimLight.light)
        let data = ledger.encoded()
        #expect(String(decoding: data, as: UTF8.self).contains(#""color" : {"#))
        #expect(LedgerReader.ledger(from: data) == ledger)
        #expect(try JSONDecoder().decode(Ledger.self, from: data) == ledger)
        var older = ledger
        older.observations["a@3x.ktx"]?.color = nil
        let olderData = older.encoded()
        #expect(!String(decoding: olderData, as: UTF8.self).contains("color"))
        #expect(LedgerReader.ledger(from: olderData) == older)
        #expect(try JSONDecoder().decode(Ledger.self, from: olderData) == older)
    }

    @Test("a manifest without launch colours encodes as before; one with them keeps them through JSON")
    func manifestJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var manifest = LaunchManifest(version: "v", generator: "tests", pack: "Test.launchpack", layouts: [], variants: [])
        let without = String(decoding: try encoder.encode(manifest), as: UTF8.self)
        #expect(
            without
                == #"{"generator":"tests","layouts":[],"models":{},"pack":"Test.launchpack","schemaVersion":1,"variants":[],"version":"v"}"#
        )
        #expect(try JSONDecoder().decode(LaunchManifest.self, from: Data(without.utf8)).launchScreenColors == nil)
        manifest.launchScreenColors = Self.generatorDefault
        let with = try encoder.encode(manifest)
        #expect(
            String(decoding: with, as: UTF8.self).contains(
                #""launchScreenColors":{"dark":{"blue":22,"green":15,"red":13},"light":{"blue":243,"green":246,"red":247}}"#))
        let decoded = try JSONDecoder().decode(LaunchManifest.self, from: with)
        #expect(decoded == manifest && decoded.launchScreenColors == Self.generatorDefault)
        #expect(decoded != LaunchManifest(version: "v", generator: "tests", pack: "Test.launchpack", layouts: [], variants: []))
    }
}
