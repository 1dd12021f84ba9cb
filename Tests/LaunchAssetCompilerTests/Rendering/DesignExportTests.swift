import CLibrsvg
import Foundation
import TestSupport
import Testing

@testable import LaunchAssetCompiler

/// One file of `Fixtures/DesignExports`.
struct DesignExport: Sendable, CustomTestStringConvertible {
    var file: String
    var exporter: String
    var features: String
    /// Why this file is not expected to match `rsvg-convert` pixel for pixel, if it is not.
    var differs: String?
    /// Whether only the last column and row may differ: a size that is not a whole number of
    /// pixels, which `rsvg-convert` rounds up and stretches the drawing to, while a partial keeps it.
    var fractionalSize = false

    var testDescription: String { file }

    static let corpus: [DesignExport] = [
        DesignExport(
            file: "figma-splash.svg", exporter: "Figma",
            features: "`fill=\"none\"` root, `clip0_1_2`, drop-shadow `filter0_d_1_2`, `pattern0` over an embedded PNG, gradient"),
        DesignExport(
            file: "figma-badge.svg", exporter: "Figma",
            features: "the same IDs as figma-splash (`clip0_1_2`, `pattern0`, `paint0_linear_1_2`)"),
        DesignExport(
            file: "figma-vector-image.svg", exporter: "Figma", features: "`<image href=\"figma-badge.svg\">` scaled 2×",
            differs: "drawn as vector; rsvg-convert rasterises the badge at 120 px and scales the pixels"),
        DesignExport(
            file: "sketch-splash.svg", exporter: "Sketch",
            features: "XML declaration, `px` sizes, `<title>`/`<desc>`, `mask`, `<use xlink:href>`, shadow filter, layer-name IDs"),
        DesignExport(
            file: "sketch-onboarding.svg", exporter: "Sketch", features: "XML declaration, embedded PNG as `<image>` and as a pattern"),
        DesignExport(
            file: "illustrator-basic.svg", exporter: "Illustrator",
            features: "XML declaration, `<style>` classes `.st0`–`.st2`, `SVGID_1_`, `xml:space`, `enable-background`"),
        DesignExport(
            file: "illustrator-flat.svg", exporter: "Illustrator", features: "the same classes as illustrator-basic, other colours"),
        DesignExport(
            file: "illustrator-editing.svg", exporter: "Illustrator (preserve editing)",
            features: "DOCTYPE with 8 `<!ENTITY>` namespace URIs, `<switch>`/`<foreignObject>`, `<i:pgf>` CDATA"),
        DesignExport(
            file: "illustrator-points.svg", exporter: "Illustrator",
            features: "DOCTYPE without a subset, size in `pt`, `clipPath` `SVGID_2_`"),
        DesignExport(
            file: "inkscape-a6.svg", exporter: "Inkscape 1.1",
            features: "`standalone=\"no\"`, size in `mm`, `sodipodi:namedview`, chained gradients by `xlink:href`",
            differs:
                "105 × 148 mm is 396.85 × 559.37 px: rsvg-convert stretches it to 397 × 560, a partial keeps its size; only the last column and row differ",
            fractionalSize: true),
        DesignExport(
            file: "inkscape-letter-inches.svg", exporter: "Inkscape 0.92",
            features: "size in `in`, RDF `<metadata>`, `dc:`/`cc:` namespaces"),
        DesignExport(file: "inkscape-cm.svg", exporter: "Inkscape 1.3", features: "size in `cm`, radial gradient"),
    ]
}

@Suite("Design-tool exports as partials")
struct DesignExportTests {
    /// A templates folder holding the whole corpus.
    private func corpusFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for export in DesignExport.corpus {
            try folder.write("Templates/\(export.file)", try Data(contentsOf: fixtures.url("DesignExports/\(export.file)")))
        }
        return folder
    }

    private var context: TemplateContext {
        TemplateContext(layout: TemplateContextTests.layout, canvas: fullScreen(TemplateContextTests.phone, .portrait), appearance: .light)
    }

    /// `rsvg-convert` at its default 96 dpi on `file`, PNG.
    static func rsvgConvert(_ file: URL, size: (Int, Int)? = nil) throws -> Data {
        let output = file.deletingLastPathComponent().appendingPathComponent("\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let sizeArguments = size.map { ["-w", "\($0.0)", "-h", "\($0.1)"] } ?? []
        process.arguments = ["rsvg-convert"] + sizeArguments + ["-o", output.path, file.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "rsvg-convert is needed (Scripts/install-system-libraries installs it)")
        return try Data(contentsOf: output)
    }

    /// Instantiates `template` from `folder` and renders it at `width` × `height` with an alpha
    /// channel, after the checks every instance gets.
    private func render(_ template: String, in folder: URL, width: Int, height: Int) throws -> Data {
        let library = try TemplateLibrary(directory: folder)
        let svg = try #require(library.instantiate(template, with: context))
        #expect(SVGReferencePolicy(templates: folder).violations(in: svg) == [])
        return try SVGRenderer().png(svg, width: width, height: height, baseFile: folder.appendingPathComponent(template), opaque: false)
    }

    @Test(arguments: DesignExport.corpus)
    func rendersUnchangedAsAPartialLikeRSVGConvert(_ export: DesignExport) throws {
        let folder = try corpusFolder()
        defer { folder.remove() }
        let templates = folder.path("Templates")
        let reference = try Self.rsvgConvert(templates.appendingPathComponent(export.file))
        let size = try CairoImage(png: reference)
        let name = String(export.file.dropLast(4))
        try folder.write(
            "Templates/wrapper.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(size.width)\" height=\"\(size.height)\">\n  {{> \(name)}}\n</svg>\n")
        let ours = try render("wrapper.svg", in: templates, width: size.width, height: size.height)
        let difference = try #require(try PixelDifference(old: reference, new: ours))
        if export.fractionalSize {
            #expect(difference.changedPixels <= size.width + size.height - 1, "\(difference.changedPixels) pixels differ")
        } else if export.differs == nil {
            #expect(difference.changedPixels == 0, "\(difference.changedPixels) of \(difference.totalPixels) pixels differ")
        }
        try record(export, width: size.width, height: size.height, difference: difference)
    }

    /// Writes the corpus table's row when `LAUNCH_ASSETS_CORPUS_TABLE` names a folder.
    private func record(_ export: DesignExport, width: Int, height: Int, difference: PixelDifference) throws {
        guard let folder = ProcessInfo.processInfo.environment["LAUNCH_ASSETS_CORPUS_TABLE"] else { return }
        let share = String(format: "%.4f%%", difference.share * 100)
        let note = export.differs.map { " (\($0))" } ?? ""
        let row = "| `\(export.file)` | \(export.exporter) | \(export.features) | yes | \(width)×\(height) | \(share)\(note) |\n"
        try row.write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(export.file).md"), atomically: true, encoding: .utf8)
    }

    @Test func anSVGImageIsDrawnAsVectorAtTheScreensResolution() throws {
        let folder = try corpusFolder()
        defer { folder.remove() }
        let templates = folder.path("Templates")
        try folder.write(
            "Templates/wrapper.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"360\" height=\"360\"><image width=\"360\" height=\"360\" href=\"figma-badge.svg\"/></svg>"
        )
        let ours = try render("wrapper.svg", in: templates, width: 360, height: 360)
        // The badge drawn at 360 px by librsvg itself, not 120 px scaled up.
        let sharp = try Self.rsvgConvert(templates.appendingPathComponent("figma-badge.svg"), size: (360, 360))
        #expect(try #require(try PixelDifference(old: sharp, new: ours)).changedPixels == 0)
        let scaled = try Self.rsvgConvert(templates.appendingPathComponent("wrapper.svg"))
        #expect(try #require(try PixelDifference(old: scaled, new: ours)).changedPixels > 1000, "rsvg-convert scales the pixels")
    }

    @Test func twoExportsWithTheSameIDsEachDrawTheirOwn() throws {
        let folder = try corpusFolder()
        defer { folder.remove() }
        let templates = folder.path("Templates")
        // figma-splash comes first and defines pattern0, clip0_1_2 and paint0_linear_1_2 too:
        // unscoped, the badge would fill itself with the splash's pattern and gradient.
        try folder.write(
            "Templates/wrapper.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"120\"><g display=\"none\">{{> figma-splash}}</g>{{> figma-badge}}</svg>"
        )
        let ours = try render("wrapper.svg", in: templates, width: 120, height: 120)
        let badge = try Self.rsvgConvert(templates.appendingPathComponent("figma-badge.svg"))
        #expect(try #require(try PixelDifference(old: badge, new: ours)).changedPixels == 0)
        let library = try TemplateLibrary(directory: templates)
        let svg = try #require(library.instantiate("wrapper.svg", with: context))
        #expect(svg.contains("id=\"figma-splash-1-pattern0\"") && svg.contains("id=\"figma-badge-1-pattern0\""))
        #expect(svg.contains("fill=\"url(#figma-badge-1-pattern0)\""))
    }

    @Test func twoIllustratorExportsKeepTheirOwnStyleClasses() throws {
        let folder = try corpusFolder()
        defer { folder.remove() }
        let templates = folder.path("Templates")
        // Both define .st0 and .st1; in one document the later rule would win for both.
        try folder.write(
            "Templates/wrapper.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"400\"><g display=\"none\">{{> illustrator-flat}}</g>{{> illustrator-basic}}</svg>"
        )
        let ours = try render("wrapper.svg", in: templates, width: 400, height: 400)
        let basic = try Self.rsvgConvert(templates.appendingPathComponent("illustrator-basic.svg"))
        #expect(try #require(try PixelDifference(old: basic, new: ours)).changedPixels == 0)
    }

    @Test func aPartialIncludedTwiceGetsTwoSetsOfIDsAndTheTemplateKeepsItsOwn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Templates/mark.svg", "<g><linearGradient id=\"shine\"/><rect fill=\"url(#shine)\"/><use href=\"#shine\"/></g>")
        try folder.write(
            "Templates/page.svg",
            "<svg id=\"page\"><style>#page .x { fill: url(#shared) }</style>{{> mark}}{{> mark}}{{> defs}}<use href=\"#page\"/></svg>")
        try folder.write("Templates/defs.svg", "<defs><linearGradient id=\"shared\"/><linearGradient id=\"own\"/></defs>")
        let library = try TemplateLibrary(directory: folder.path("Templates"))
        let svg = try #require(library.instantiate("page.svg", with: context))
        #expect(
            svg
                == "<svg id=\"page\"><style>#page .x { fill: url(#shared) }</style>"
                + "<g><linearGradient id=\"mark-1-shine\"/><rect fill=\"url(#mark-1-shine)\"/><use href=\"#mark-1-shine\"/></g>"
                + "<g><linearGradient id=\"mark-2-shine\"/><rect fill=\"url(#mark-2-shine)\"/><use href=\"#mark-2-shine\"/></g>"
                + "<defs><linearGradient id=\"shared\"/><linearGradient id=\"defs-1-own\"/></defs><use href=\"#page\"/></svg>")
    }

    @Test func physicalUnitsAreNinetySixToTheInch() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="10"><rect width="200" height="10" fill="#fff"/><rect width="25.4mm" height="10" fill="#000"/><rect x="100" width="72pt" height="10" fill="#000"/></svg>
            """
        let image = try CairoImage(png: try SVGRenderer().png(svg, width: 200, height: 10))
        // 1 in = 25.4 mm = 72 pt = 96 px: both rectangles end at pixel 96 of their start.
        #expect(image.isDark(x: 95, y: 5) && !image.isDark(x: 96, y: 5))
        #expect(image.isDark(x: 195, y: 5) && !image.isDark(x: 196, y: 5))
    }
}

extension CairoImage {
    /// Whether the pixel at (`x`, `y`) is nearer black than white.
    fileprivate func isDark(x: Int, y: Int) -> Bool {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixel = (cairo_image_surface_get_data(surface)! + y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) {
            $0.pointee
        }
        return (pixel & 0xFF) < 128
    }
}
