import Foundation
import TestSupport
import Testing

@testable import LaunchAssetCompiler

/// A string of one script, with what shaping must get right in it, the font that draws it, and
/// renderings of it shaped wrongly.
struct ComplexScriptSample: Sendable, CustomTestStringConvertible {
    /// A rendering shaped wrongly, which the comparison must tell from the right one.
    enum Wrong: Sendable {
        /// Ours, drawing other text: the sample with U+200C between its letters, say.
        case text(String)
        /// Ours, drawing the sample marked as another language.
        case language(String)
        /// The reference's, with these further `hb-view` options (`--shapers=fallback`: no shaping).
        case reference([String])
    }

    var script: String
    var text: String
    /// What the reference draws, when not `text`.
    var referenceText: String?
    var language: String
    var isRTL = false
    /// The font file: one of `Templates/Fonts/`, or one the Debian package `package` installs.
    var file: String
    var family: String
    var package: String?
    var wrong: [(what: String, how: Wrong)]

    var testDescription: String { script }

    /// `text` with U+200C ZERO WIDTH NON-JOINER between every two scalars.
    static func nonJoined(_ text: String) -> String {
        text.unicodeScalars.map(String.init).joined(separator: "\u{200C}")
    }

    static let all: [ComplexScriptSample] = [
        ComplexScriptSample(
            script: "Arabic", text: "السلام عليكم", language: "ar", isRTL: true, file: "NotoSansArabic-Bold.ttf",
            family: "Noto Sans Arabic",
            wrong: [("letters not joined, no lam-alef (U+200C between them)", .text(nonJoined("السلام عليكم")))]),
        ComplexScriptSample(
            script: "Hebrew", text: "שָׁלוֹם עוֹלָם", language: "he", isRTL: true, file: "DejaVuSans-Bold.ttf", family: "DejaVu Sans",
            package: "fonts-dejavu-core", wrong: [("left to right (U+202D … U+202C)", .text("\u{202D}שָׁלוֹם עוֹלָם\u{202C}"))]),
        ComplexScriptSample(
            script: "Hindi (Devanagari)", text: "हिन्दी में स्वागत है", language: "hi", file: "NotoSansDevanagari-Bold.ttf",
            family: "Noto Sans Devanagari",
            wrong: [
                ("ि not reordered, no conjuncts (not shaped)", .reference(["--shapers=fallback"])),
                ("न्द not joined (U+200C after the virama)", .text("हिन्\u{200C}दी में स्वागत है")),
            ]),
        ComplexScriptSample(
            script: "Thai", text: "ที่นี่ปู่ฟั่นฝ้ายญี่ปุ่น", language: "th", file: "Loma-Bold.otf", family: "Loma",
            package: "fonts-tlwg-loma-otf",
            wrong: [("marks neither stacked nor moved clear of tall letters (not shaped)", .reference(["--shapers=fallback"]))]),
        ComplexScriptSample(
            script: "Chinese (Simplified)", text: "请直接写信", language: "zh-Hans", file: "NotoSansCJKsc-Bold-subset.otf",
            family: "Noto Sans CJK SC", wrong: [("Japanese glyph forms", .language("ja"))]),
        ComplexScriptSample(
            script: "Japanese", text: "起動画面の写真を直す", language: "ja", file: "NotoSansCJKsc-Bold-subset.otf",
            family: "Noto Sans CJK SC", wrong: [("Simplified Chinese glyph forms", .language("zh-Hans"))]),
        // Decomposed, as text from a Mac file name comes: the jamo must be drawn as syllables.
        ComplexScriptSample(
            script: "Korean", text: "안녕하세요, 한국어".decomposedStringWithCanonicalMapping, referenceText: "안녕하세요, 한국어",
            language: "ko", file: "NanumGothicBold.ttf", family: "NanumGothic", package: "fonts-nanum",
            wrong: [
                ("jamo not composed (U+200C between them)", .text(nonJoined("안녕하세요, 한국어".decomposedStringWithCanonicalMapping)))
            ]),
    ]

    static var shipped: [ComplexScriptSample] { all.filter { $0.package == nil } }
    static var installed: [ComplexScriptSample] { all.filter { $0.package != nil } }

    /// The installed samples' font files, by file name, as `fc-list` lists them.
    static let installedFiles: [String: URL] = {
        let listed = (try? ComplexScriptTests.run("fc-list", ":", "file").output) ?? ""
        let files = listed.split(separator: "\n").map { URL(fileURLWithPath: $0.trimmingCharacters(in: CharacterSet(charactersIn: ": "))) }
        return Dictionary(files.map { ($0.lastPathComponent, $0) }, uniquingKeysWith: { first, _ in first })
    }()

    /// Debian's font files are there (on a Mac, Homebrew has no Loma or NanumGothic).
    static var installedFontsAreHere: Bool {
        #if os(Linux)
        true
        #else
        installed.allSatisfy { installedFiles[$0.file] != nil }
        #endif
    }
}

/// Text of complex scripts, drawn by the project's renderer (librsvg, Pango and the fonts of a
/// `Fonts/` folder) and by HarfBuzz's `hb-view` (cairo) with the same font file, compared.
///
/// Both draw at 64 px, from the same baseline origin: `hb-view` starts its line at the margin and
/// puts the baseline the ascent given by `--font-extents` below it, in an image it sizes to the
/// text; ours is drawn in an image of that size at (margin, margin + ascent), an RTL text's end
/// there. The renderings then differ in antialiasing and in glyph positions rounded to another
/// pixel; a letter that is not joined, a mark elsewhere, another glyph form differs by whole strokes.
@Suite("Complex scripts drawn like HarfBuzz draws them")
struct ComplexScriptTests {
    static let size = 64
    static let margin = 8
    static let ascent = 96
    static let descent = 43

    /// The most the right rendering may differ from the reference (``mismatch(_:_:)``).
    static let tolerance = 0.02
    /// The least every wrong rendering must differ by.
    static let wrongByAtLeast = 3 * tolerance

    /// The package's own `Templates/`.
    static let bundledTemplates = PackageRoot.url("Templates")

    /// The sample's font file: the shipped one, or the installed one `fc-list` names.
    private func fontFile(_ sample: ComplexScriptSample) throws -> URL {
        guard let package = sample.package else {
            return Self.bundledTemplates.appendingPathComponent("Fonts/\(sample.file)")
        }
        return try #require(
            ComplexScriptSample.installedFiles[sample.file],
            "\(sample.file) is needed: install \(package) (Scripts/install-system-libraries does)")
    }

    /// `hb-view`'s rendering of `text`, PNG.
    private func reference(_ text: String, font: URL, language: String, options: [String] = []) throws -> Data {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("reference.png")
        let result = try Self.run(
            [
                "hb-view", "--font-size=\(Self.size)", "--margin=\(Self.margin)", "--font-extents=\(Self.ascent),\(Self.descent),0",
                "--language=\(language)", "-O", "png", "-o", output.path,
            ]
                + options + [font.path, text])
        try #require(
            result.status == 0, "hb-view is needed (libharfbuzz-bin; Scripts/install-system-libraries installs it): \(result.output)")
        return try Data(contentsOf: output)
    }

    /// Our rendering of `text` in an image the size of `reference`, PNG.
    private func ours(
        _ text: String, family: String, weight: Int = 700, language: String, isRTL: Bool, fonts: TemplateFonts, sizedAs reference: Data
    ) throws -> Data {
        let (width, height) = try #require(PNGBytes.size(of: reference))
        // RTL: the text's end (its left) at x, where hb-view starts the line.
        let direction = isRTL ? " direction=\"rtl\" text-anchor=\"end\"" : ""
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)"><rect width="\(width)" height="\(height)" fill="#fff"/>\
            <text x="\(Self.margin)" y="\(Self.margin + Self.ascent)" font-family="\(family)" font-size="\(Self.size)" \
            font-weight="\(weight)" xml:lang="\(language)"\(direction)>\(text)</text></svg>
            """
        return try SVGRenderer(fonts: fonts).png(svg, width: width, height: height)
    }

    /// The share of the inked pixels (at least half covered in either image) that one image inks
    /// and the other does not (coverage differing by half or more). Antialiasing, and a glyph
    /// rounded to the next pixel, change few; a stroke that is missing or elsewhere counts whole.
    static func mismatch(_ first: Data, _ second: Data) throws -> Double {
        let a = try CairoImage(png: first)
        let b = try CairoImage(png: second)
        try #require(a.width == b.width && a.height == b.height)
        var inked = 0
        var differing = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                // Black on white: 255 − green is the coverage.
                let p = 255 - Int(a.rgba(x: x, y: y).g)
                let q = 255 - Int(b.rgba(x: x, y: y).g)
                if max(p, q) >= 128 { inked += 1 }
                if abs(p - q) >= 128 { differing += 1 }
            }
        }
        return Double(differing) / Double(max(inked, 1))
    }

    /// `mismatch`, with both renderings and their difference attached when it is over the tolerance.
    private func compare(_ reference: Data, _ ours: Data, _ label: String) throws -> Double {
        let share = try Self.mismatch(reference, ours)
        if share > Self.tolerance, let difference = try PixelDifference(old: reference, new: ours) {
            Attachment.record(reference, named: "\(label) reference.png")
            Attachment.record(ours, named: "\(label) ours.png")
            Attachment.record(difference.png, named: "\(label) difference.png")
        }
        return share
    }

    @Test(arguments: ComplexScriptSample.shipped)
    func aShippedFontShapesItAsHarfBuzzDoesAndTheWrongShapingIsFarOff(_ sample: ComplexScriptSample) throws {
        try check(sample)
    }

    @Test(
        .enabled(
            if: ComplexScriptSample.installedFontsAreHere,
            "Debian's Loma (fonts-tlwg-loma-otf) and NanumGothic (fonts-nanum) are not installed; Homebrew has no cask of them"),
        arguments: ComplexScriptSample.installed)
    func anInstalledDebianFontShapesItAsHarfBuzzDoesAndTheWrongShapingIsFarOff(_ sample: ComplexScriptSample) throws {
        try check(sample)
    }

    /// Our rendering of `sample` matches `hb-view`'s within the tolerance, and each wrong one does not, by far.
    private func check(_ sample: ComplexScriptSample) throws {
        let font = try fontFile(sample)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.path("Templates/Fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: font, to: folder.path("Templates/Fonts/\(sample.file)"))
        let fonts = TemplateFonts(templatesDirectory: folder.path("Templates"))

        let reference = try reference(sample.referenceText ?? sample.text, font: font, language: sample.language)
        func ours(_ text: String, language: String, sizedAs reference: Data) throws -> Data {
            try self.ours(
                text, family: sample.family, language: language, isRTL: sample.isRTL, fonts: fonts, sizedAs: reference)
        }
        let right = try compare(reference, try ours(sample.text, language: sample.language, sizedAs: reference), sample.script)
        #expect(right <= Self.tolerance, "\(sample.script): \(right) of the inked pixels differ from hb-view's")

        for (what, how) in sample.wrong {
            let wrong: Double
            switch how {
            case .text(let text):
                wrong = try Self.mismatch(reference, try ours(text, language: sample.language, sizedAs: reference))
            case .language(let language):
                wrong = try Self.mismatch(reference, try ours(sample.text, language: language, sizedAs: reference))
            case .reference(let options):
                let unshaped = try self.reference(
                    sample.referenceText ?? sample.text, font: font, language: sample.language, options: options)
                wrong = try Self.mismatch(unshaped, try ours(sample.text, language: sample.language, sizedAs: unshaped))
            }
            #expect(wrong >= Self.wrongByAtLeast, "\(sample.script), \(what): only \(wrong) of the inked pixels differ")
        }
    }

    /// `logo.svg`'s family lists, with the package's own `Templates/Fonts/`, draw each shipped
    /// script with its shipped font, at the title's weight and the subtitle's.
    @Test(arguments: ComplexScriptSample.shipped)
    func theLogosFamilyListsDrawItWithTheShippedFont(_ sample: ComplexScriptSample) throws {
        let logo = try String(contentsOf: Self.bundledTemplates.appendingPathComponent("logo.svg"), encoding: .utf8)
        let lists = FontFamilyList.all(in: logo).map(\.families)
        #expect(lists.count == 2, "the title's and the subtitle's")
        let fonts = TemplateFonts(templatesDirectory: Self.bundledTemplates)
        let reference = try reference(
            sample.text, font: Self.bundledTemplates.appendingPathComponent("Fonts/\(sample.file)"), language: sample.language)
        for families in lists {
            #expect(families.contains(sample.family), "\(families)")
            for weight in [700, 600] {
                let drawn = try ours(
                    sample.text, family: families.joined(separator: ", "), weight: weight, language: sample.language,
                    isRTL: sample.isRTL, fonts: fonts, sizedAs: reference)
                let share = try compare(reference, drawn, "\(sample.script) logo \(weight)")
                #expect(share <= Self.tolerance, "\(sample.script) at \(weight): \(share) of the inked pixels differ from hb-view's")
            }
        }
    }

    /// Runs a command found on the `PATH`; its standard output and error together.
    static func run(_ arguments: String...) throws -> (status: Int32, output: String) {
        try run(arguments)
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
