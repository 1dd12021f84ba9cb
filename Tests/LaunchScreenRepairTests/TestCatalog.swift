import Foundation
import TestSupport

@testable import LaunchScreenRepair

/// A manifest and pack built for tests: PNG-headed variants of known sizes, written into a pack
/// file with the real ``LaunchPack`` layout.
struct TestCatalog {
    struct Size {
        var idiom: Idiom
        var width: Int
        var height: Int
        var devices: [String] = []
        var salt: String = ""
    }

    var manifest: LaunchManifest
    var packURL: URL

    static let layouts: [LaunchManifest.Layout] = [
        .init(
            id: "winter", displayName: "Winter", priority: 0,
            schedule: [DateRange(from: SeasonDate("12-01")!, through: SeasonDate("02-28")!)]),
        .init(
            id: "spring", displayName: "Spring", priority: 0,
            schedule: [DateRange(from: SeasonDate("03-01")!, through: SeasonDate("05-31")!)]),
        .init(
            id: "festival", displayName: "Festival", priority: 0,
            schedule: [DateRange(from: SeasonDate("2027-02-05")!, through: SeasonDate("2027-02-12")!)]),
        .init(id: "default", displayName: "Default", priority: 0, schedule: []),
    ]

    /// iPhone 14 Pro portrait (the real fixtures' size) and iPad Pro 12.9" both orientations.
    static let standardSizes: [Size] = [
        Size(idiom: .phone, width: 1179, height: 2556, devices: ["iPhone15,2"]),
        Size(idiom: .pad, width: 2048, height: 2732, devices: ["iPad8,11"]),
        Size(idiom: .pad, width: 2732, height: 2048, devices: ["iPad8,11"]),
    ]

    /// Builds variants for every layout × size × appearance (× language, when `languages` are
    /// given: the first is the development language) and writes the pack into `folder`.
    /// Another `generation` gives every variant other bytes (a new manifest of the same art).
    init(
        in folder: URL, sizes: [Size] = TestCatalog.standardSizes, identicalAppearances: Bool = false, generation: String = "",
        languages: [String] = []
    ) throws {
        var variants: [LaunchManifest.Variant] = []
        var body = Data()
        let version = "test-\(UUID().uuidString.prefix(8))"
        let start = LaunchPack.headerLength(version: version)
        for layout in Self.layouts {
            for size in sizes {
                for appearance in Appearance.allCases {
                    for language in languages.isEmpty ? [nil] : languages.map(Optional.some) {
                        let orientation: Orientation = size.width > size.height ? .landscape : .portrait
                        let id =
                            "\(layout.id)-\(size.idiom.rawValue)-\(size.width)x\(size.height)\(size.salt)-\(orientation.rawValue)-\(appearance.rawValue)"
                            + (language.map { "-\($0)" } ?? "")
                        let contentKey = identicalAppearances ? id.replacingOccurrences(of: "-\(appearance.rawValue)", with: "") : id
                        let png = Self.png(width: size.width, height: size.height, text: contentKey + generation)
                        variants.append(
                            .init(
                                id: id, layout: layout.id, width: size.width, height: size.height,
                                orientation: orientation, appearance: appearance, idiom: size.idiom,
                                devices: size.devices, md5: MD5Digest.hex(of: png),
                                offset: start + body.count, length: png.count, locale: language))
                        body.append(png)
                    }
                }
            }
        }
        manifest = LaunchManifest(
            version: version, generator: "tests", pack: "Test.launchpack",
            layouts: Self.layouts, variants: variants, developmentLanguage: languages.first)
        packURL = folder.appendingPathComponent("Test.launchpack")
        try (LaunchPack.header(version: version, bodyLength: body.count) + body).write(to: packURL)
    }

    func pack() throws -> LaunchPack { try LaunchPack(contentsOf: packURL, for: manifest) }

    func variant(_ id: String) -> LaunchManifest.Variant { manifest.variants.first { $0.id == id }! }

    func bytes(_ id: String) throws -> Data { try pack().bytes(of: variant(id)) }

    /// A synthetic PNG with the generator's mark and a comment that makes each variant's bytes
    /// unique. Enough for the header probe; the engine never decodes PNG pixels.
    static func png(width: Int, height: Int, text: String) -> Data {
        PNGBytes.synthetic(width: width, height: height, text: text, marks: [GeneratorMark.text], padding: text.count * 13 % 97)
    }
}
