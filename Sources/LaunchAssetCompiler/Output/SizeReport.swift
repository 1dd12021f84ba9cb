import Foundation
import LaunchScreenRepair

/// What a render costs a device: the bytes it carries in the app, and for each remotely
/// delivered layout the bytes it fetches; with localized variants, the same per language.
public struct SizeReport: Sendable, Equatable, Encodable {
    /// The whole pack's bytes: what every device carries when the pack is one file.
    public var packBytes: Int
    /// Each idiom's window of the pack, by idiom: what a device of that idiom carries when the
    /// pack is in an asset catalog (`render --asset-catalog`), every bundled language included.
    public var bundledBytes: [String: Int]
    /// Layout id → catalog device id → the bytes that device fetches for the layout in the
    /// development language: the distinct images of its full-screen variants (each orientation
    /// rendered for its idiom, both appearances). An iPad whose Split View or Slide Over
    /// snapshots exist fetches those window variants too; they are not counted here.
    public var fetchedBytes: [String: [String: Int]]
    /// Each language of the manifest, the development language first, then the others in the
    /// order the manifest first names them; empty when every variant is language-neutral.
    public var languageSizes: [LanguageSize]

    /// One language's sizes: what a device carries with it and the languages before it
    /// bundled, and what a device in it fetches.
    public struct LanguageSize: Sendable, Equatable, Encodable {
        /// The BCP 47 tag.
        public var language: String
        /// Idiom → what a device carries when this language and the ones before it are bundled:
        /// its data set's header and the distinct images of the bundled neutral variants and of
        /// those languages' variants. App Store thinning cannot slice by language, so every
        /// device carries every bundled language.
        public var bundledBytes: [String: Int]
        /// Idiom → the most a device of that idiom in this language fetches for one remote
        /// layout: the full-screen images its ``LanguageChain`` picks (this language's, else a
        /// less specific one's, else the development language's, and the neutral ones). Empty
        /// without remote layouts.
        public var largestFetch: [String: Int]
    }

    public init(_ assets: GeneratedAssets) {
        let manifest = assets.manifest
        packBytes = assets.pack.count
        bundledBytes = Dictionary(uniqueKeysWithValues: assets.idiomPacks.map { ($0.key.rawValue, $0.value.count) })
        let remote = manifest.layouts.filter { $0.delivery == .remote }.map(\.id)
        let development = LanguageChain(language: nil, developmentLanguage: manifest.developmentLanguage)
        var fetched: [String: [String: Int]] = [:]
        for layout in remote {
            var devices: [String: Int] = [:]
            for bytes in Self.fetches(of: layout, in: manifest, language: development).values { devices.merge(bytes) { first, _ in first } }
            fetched[layout] = devices
        }
        fetchedBytes = fetched

        languageSizes = Self.languageSizes(
            of: manifest, remote: remote, idioms: Idiom.allCases.filter { assets.idiomPacks[$0] != nil })
    }

    /// ``languageSizes``: for each language, the bundled idioms' data sets with it and the
    /// languages before it, and the largest fetch for one of the `remote` layouts.
    private static func languageSizes(of manifest: LaunchManifest, remote: [String], idioms: [Idiom]) -> [LanguageSize] {
        let languages = Self.languages(of: manifest)
        let bundled = manifest.variants.filter { !remote.contains($0.layout) }
        let header = LaunchPack.headerLength(version: manifest.version)
        return languages.indices.map { index in
            let included = Set(languages[...index])
            var carried: [String: Int] = [:]
            for idiom in idioms {
                let variants = bundled.filter { $0.idiom == idiom && ($0.locale.map(included.contains) ?? true) }
                carried[idiom.rawValue] = header + distinctBytes(variants)
            }
            let chain = LanguageChain(language: languages[index], developmentLanguage: manifest.developmentLanguage)
            var largest: [String: Int] = [:]
            for layout in remote {
                for (idiom, devices) in fetches(of: layout, in: manifest, language: chain) {
                    guard let most = devices.values.max() else { continue }
                    largest[idiom.rawValue] = max(largest[idiom.rawValue] ?? 0, most)
                }
            }
            return LanguageSize(language: languages[index], bundledBytes: carried, largestFetch: largest)
        }
    }

    /// Idiom → device → the bytes a device in `language` fetches for `layout`: the distinct
    /// images of the full-screen variants the chain picks, as the runtime's selection picks them
    /// (the best language per image of the idiom, then the device's own).
    private static func fetches(of layout: String, in manifest: LaunchManifest, language: LanguageChain) -> [Idiom: [String: Int]] {
        var fetches: [Idiom: [String: Int]] = [:]
        for idiom in Idiom.allCases {
            let picked = language.preferred(manifest.variants(layout: layout, idiom: idiom)).filter { $0.window == nil }
            var images: [String: [String: Int]] = [:]
            for variant in picked {
                for device in variant.devices { images[device, default: [:]][variant.sha256 ?? variant.md5] = variant.length }
            }
            if !images.isEmpty { fetches[idiom] = images.mapValues { $0.values.reduce(0, +) } }
        }
        return fetches
    }

    /// The manifest's languages: the development language, then the others in order of appearance.
    private static func languages(of manifest: LaunchManifest) -> [String] {
        guard let development = manifest.developmentLanguage else { return [] }
        var languages = [development]
        for case let locale? in manifest.variants.map(\.locale) where !languages.contains(locale) { languages.append(locale) }
        return languages
    }

    /// The bytes of the distinct images among `variants`.
    private static func distinctBytes(_ variants: [LaunchManifest.Variant]) -> Int {
        Dictionary(variants.map { ($0.md5, $0.length) }, uniquingKeysWith: { first, _ in first }).values.reduce(0, +)
    }

    /// The most any device of `idiom` fetches for one remote layout, in any language, or `nil`
    /// without remote layouts.
    public func largestFetch(_ idiom: Idiom, in manifest: LaunchManifest) -> Int? {
        let devices = Set(manifest.variants.filter { $0.idiom == idiom }.flatMap(\.devices))
        let development = fetchedBytes.values.flatMap { $0.filter { devices.contains($0.key) }.values }
        return (development + languageSizes.compactMap { $0.largestFetch[idiom.rawValue] }).max()
    }

    /// One line for the render's summary: carried per idiom (with several languages, also with
    /// the development language's alone) and, with remote layouts, the largest fetch per idiom.
    public func summary(for manifest: LaunchManifest) -> String {
        let names: [Idiom: String] = [.phone: "iPhone", .pad: "iPad"]
        func carried(_ bytes: [String: Int]) -> String {
            Idiom.allCases.compactMap { idiom in bytes[idiom.rawValue].map { "\(names[idiom]!) \(Self.megabytes($0))" } }
                .joined(separator: ", ")
        }
        var line = "bundled per idiom: " + (bundledBytes.isEmpty ? "nothing" : carried(bundledBytes))
        if languageSizes.count > 1, !bundledBytes.isEmpty {
            line += " (\(languageSizes.count) languages"
            if let development = languageSizes.first, development.bundledBytes != bundledBytes {
                line += "; \(development.language) alone: \(carried(development.bundledBytes))"
            }
            line += ")"
        }
        if !fetchedBytes.isEmpty {
            let fetched = Idiom.allCases.compactMap { idiom in
                largestFetch(idiom, in: manifest).map { "an \(names[idiom]!) up to \(Self.megabytes($0))" }
            }
            line +=
                "; \(fetchedBytes.count) remote layout\(fetchedBytes.count == 1 ? "" : "s"), fetched one at a time"
                + (languageSizes.count > 1 ? " in the device's language: " : ": ") + fetched.joined(separator: ", ")
        }
        return line
    }

    /// `1.2 MB`, in decimal megabytes like the App Store's sizes.
    public static func megabytes(_ bytes: Int) -> String {
        String(format: "%.2f MB", Double(bytes) / 1_000_000)
    }
}
