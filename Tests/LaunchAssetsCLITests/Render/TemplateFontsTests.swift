import Foundation
import TestSupport
import Testing

/// `Templates/Fonts/`: the bundled layouts' text is drawn with the fonts shipped there (Inter, and
/// Noto for Arabic, Devanagari and Chinese/Japanese), whatever the machine has installed.
@Suite("Fonts beside the templates, end to end")
struct TemplateFontsTests {
    /// A home folder whose user has `fonts` installed (`$XDG_DATA_HOME/fonts`, which fontconfig reads).
    private func home(installing fonts: [URL], in set: SmallLayoutSet) throws -> [String: String] {
        let home = set.url("home")
        let installed = home.appendingPathComponent(".local/share/fonts")
        try FileManager.default.createDirectory(at: installed, withIntermediateDirectories: true)
        for font in fonts { try FileManager.default.copyItem(at: font, to: installed.appendingPathComponent(font.lastPathComponent)) }
        return ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path]
    }

    /// Every rendered PNG of `output`, by file name.
    private func images(_ set: SmallLayoutSet, _ output: String) throws -> [String: Data] {
        let folder = set.url("\(output)/images")
        return try Dictionary(
            uniqueKeysWithValues: FileManager.default.contentsOfDirectory(atPath: folder.path).map {
                ($0, try Data(contentsOf: folder.appendingPathComponent($0)))
            })
    }

    /// The families `fc-list` sees with `environment`.
    private func installedFamilies(_ environment: [String: String]) throws -> String {
        try CLIRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["fc-list", ":", "family"], environment: environment).stdout
    }

    @Test func aShippedFontDrawsTheSamePixelsWithAndWithoutItInstalled() throws {
        let set = try SmallLayoutSet()
        defer { try? FileManager.default.removeItem(at: set.folder) }
        let bundled = PackageRoot.url.appendingPathComponent("Templates")
        let shippedFonts = try FileManager.default.contentsOfDirectory(
            at: bundled.appendingPathComponent("Fonts"), includingPropertiesForKeys: nil
        )
        .filter { ["ttf", "otf", "ttc", "otc"].contains($0.pathExtension) }
        #expect(shippedFonts.count == 5)
        // The same templates without Fonts/.
        let bare = set.url("Bare")
        try FileManager.default.copyItem(at: bundled, to: bare)
        try FileManager.default.removeItem(at: bare.appendingPathComponent("Fonts"))
        let userWithInter = try home(installing: shippedFonts, in: set)
        for family in ["Inter", "Noto Sans Arabic", "Noto Sans Devanagari", "Noto Sans CJK SC"] {
            try #require(
                !(try installedFamilies([:]).contains(family)),
                "this machine has \(family) installed: the comparison needs a machine without it")
            #expect(try installedFamilies(userWithInter).contains(family), "installed for the user")
        }

        func render(_ output: String, templates: URL, environment: [String: String] = [:]) throws -> CLIRunner.Result {
            try CLIRunner.run(
                [
                    "render", "--no-cache", "--layouts", set.layouts.path, "--templates", templates.path, "--idiom", "phone",
                    "--layout", "spring", "--output", set.url(output).path,
                ], environment: environment)
        }
        // Shipped only; shipped and installed; installed only.
        let shipped = try render("shipped", templates: bundled)
        #expect(shipped.status == 0, "\(shipped.stderr)")
        #expect(!shipped.stderr.contains("warning: font"), "\(shipped.stderr)")
        #expect(try render("both", templates: bundled, environment: userWithInter).status == 0)
        #expect(try render("installed", templates: bare, environment: userWithInter).status == 0)
        let reference = try images(set, "shipped")
        #expect(reference.count > 10)
        #expect(try images(set, "both") == reference, "installing the shipped font changes nothing")
        #expect(try images(set, "installed") == reference, "the shipped font draws what the installed one draws")

        // Neither: the text falls back to the list's sans-serif, with a warning, and looks different.
        let neither = try render("neither", templates: bare)
        #expect(neither.status == 0)
        #expect(neither.stderr.contains("Bare/logo.svg:10:"), "\(neither.stderr)")
        #expect(neither.stderr.contains("warning: font families \"Inter\", \"Noto Sans Arabic\""), "\(neither.stderr)")
        let fallback = try images(set, "neither")
        #expect(fallback.keys.sorted() == reference.keys.sorted())
        #expect(fallback.filter { reference[$0.key] != $0.value }.count > 0)
    }
}
