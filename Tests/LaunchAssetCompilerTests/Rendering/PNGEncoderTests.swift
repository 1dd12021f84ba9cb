import CLibdeflate
import CLibrsvg
import Foundation
import TestSupport
import Testing

@testable import LaunchAssetCompiler

/// The PNG encoder is lossless: every image decodes (with libpng, through cairo) to exactly the
/// pixels librsvg drew, whatever colour type it picks.
@Suite("The PNG encoder, lossless")
struct PNGEncoderTests {
    let renderer = SVGRenderer()

    /// Many colours: a horizontal gradient under a half-transparent vertical one, stretched to
    /// whatever size it is drawn at.
    static let gradients = """
        <svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200" preserveAspectRatio="none">
          <defs>
            <linearGradient id="h"><stop offset="0" stop-color="#102040"/><stop offset="1" stop-color="#f0a020"/></linearGradient>
            <linearGradient id="v" x2="0" y2="1"><stop offset="0" stop-color="#00ff80"/><stop offset="1" stop-color="#8000ff"/></linearGradient>
          </defs>
          <rect width="300" height="200" fill="url(#h)"/>
          <rect width="300" height="200" fill="url(#v)" opacity="0.5"/>
          <circle cx="150" cy="100" r="60" fill="#fff" opacity="0.3"/>
        </svg>
        """

    /// Three flat colours, no anti-aliasing.
    static let flat = """
        <svg xmlns="http://www.w3.org/2000/svg" width="90" height="60" shape-rendering="crispEdges">
          <rect width="90" height="60" fill="#223344"/><rect x="10" y="10" width="30" height="20" fill="#ff8800"/>
          <rect x="50" y="30" width="30" height="20" fill="#ffffff"/>
        </svg>
        """

    // The encoder builds PNG rows over the image's own pixels, so each test takes the expected
    // pixels from a second, identical rendering.

    @Test func manyColoursEncodeAsRGBAndDecodeToTheSamePixels() throws {
        let png = try renderer.encoder.encode(renderer.image(Self.gradients, width: 300, height: 200, opaque: true))
        #expect(png[25] == 2, "colour type RGB")
        #expect(try pixels(of: CairoImage(png: png)) == pixels(of: renderer.image(Self.gradients, width: 300, height: 200, opaque: true)))
    }

    @Test func fewColoursEncodeAsAPaletteAndDecodeToTheSamePixels() throws {
        let png = try renderer.encoder.encode(renderer.image(Self.flat, width: 90, height: 60, opaque: true))
        #expect(png[25] == 3, "colour type indexed")
        #expect(try pixels(of: CairoImage(png: png)) == pixels(of: renderer.image(Self.flat, width: 90, height: 60, opaque: true)))
        let rgb = try renderer.encoder.encode(renderer.image(Self.gradients, width: 90, height: 60, opaque: true))
        #expect(png.count < rgb.count)
    }

    @Test func translucentImagesKeepTheirAlpha() throws {
        let svg =
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="15" fill="#3366cc" opacity="0.6"/><rect width="8" height="8" fill="url(#g)"/><defs><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue" stop-opacity="0.2"/></linearGradient></defs></svg>"##
        let image = try renderer.image(svg, width: 40, height: 40, opaque: false)
        let decoded = try CairoImage(png: renderer.encoder.encode(renderer.image(svg, width: 40, height: 40, opaque: false)))
        for y in 0..<40 {
            for x in 0..<40 {
                let a = image.rgba(x: x, y: y)
                let b = decoded.rgba(x: x, y: y)
                #expect(a.a == b.a, "alpha at \(x),\(y)")
                // Straight colour is stored; re-premultiplying on decode may round by one.
                #expect(
                    abs(Int(a.r) - Int(b.r)) <= 1 && abs(Int(a.g) - Int(b.g)) <= 1 && abs(Int(a.b) - Int(b.b)) <= 1, "colour at \(x),\(y)")
            }
        }
    }

    @Test func everyLevelGivesTheSamePixelsAndHigherLevelsAreNotLarger() throws {
        let reference = try pixels(of: renderer.image(Self.gradients, width: 300, height: 200, opaque: true))
        var sizes: [Int] = []
        for level in [1, 6, 12] {
            let png = try PNGEncoder(level: level).encode(renderer.image(Self.gradients, width: 300, height: 200, opaque: true))
            #expect(try pixels(of: CairoImage(png: png)) == reference, "level \(level)")
            sizes.append(png.count)
        }
        #expect(sizes[2] <= sizes[1] && sizes[1] <= sizes[0], "\(sizes)")
        #expect(PNGEncoder(level: 40).level == 12)
    }

    /// A soft radial glow: every row differs from the one above, and neighbours differ by little.
    static let glow = """
        <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
          <defs><radialGradient id="g" cx="0.3" cy="0.4" r="0.9"><stop offset="0" stop-color="#f8e0a0"/><stop offset="1" stop-color="#203060"/></radialGradient></defs>
          <rect width="400" height="400" fill="url(#g)"/>
        </svg>
        """

    /// At the strongest levels an RGB image gets the Sub filter when a sample of its rows says
    /// Sub compresses it smaller: a soft glow comes out Sub-filtered, the same pixels in fewer
    /// bytes than unfiltered rows at the same level would take; below those levels rows stay
    /// unfiltered.
    @Test func strongestLevelsFilterSoftGlowsWithSub() throws {
        let reference = try pixels(of: renderer.image(Self.glow, width: 400, height: 400, opaque: true))
        let strong = try PNGEncoder(level: 12).encode(renderer.image(Self.glow, width: 400, height: 400, opaque: true))
        let fast = try PNGEncoder(level: 9).encode(renderer.image(Self.glow, width: 400, height: 400, opaque: true))
        #expect(strong[25] == 2 && fast[25] == 2, "RGB")
        #expect(try Set(filterTypes(of: strong, rowLength: 1 + 400 * 3, height: 400)) == [1])
        #expect(try Set(filterTypes(of: fast, rowLength: 1 + 400 * 3, height: 400)) == [0])
        #expect(try pixels(of: CairoImage(png: strong)) == reference)
        #expect(try pixels(of: CairoImage(png: fast)) == reference)
        #expect(PNGEncoder.filterTrialLevels.contains(12) && !PNGEncoder.filterTrialLevels.contains(PNGEncoder.defaultLevel))
        #expect(strong.count < fast.count)
    }

    /// Where unfiltered rows compress smaller (the bundled winter art: snowflakes over a vertical
    /// wash, 9% smaller unfiltered at level 12 when measured on whole images), the strongest
    /// level keeps them unfiltered.
    @Test func strongestLevelsLeaveRowsUnfilteredWhereThatIsSmaller() throws {
        let variant = try #require(try bundledPhoneVariants(layouts: ["winter"]).min { $0.pixels.width < $1.pixels.width })
        let image = { () throws(RenderError) in
            try renderer.image(
                variant.svg, width: variant.pixels.width, height: variant.pixels.height, baseFile: variant.templateFile, opaque: true)
        }
        let png = try PNGEncoder(level: 12).encode(image())
        #expect(png[25] == 2, "RGB")
        #expect(try Set(filterTypes(of: png, rowLength: 1 + variant.pixels.width * 3, height: variant.pixels.height)) == [0])
        #expect(try pixels(of: CairoImage(png: png)) == pixels(of: image()))
    }

    /// Rows are built in place; the narrowest and shortest images, where a PNG row is as long as
    /// a surface row, decode to the same pixels in both colour types.
    @Test(arguments: [(1, 1), (1, 7), (7, 1), (2, 3), (13, 5), (1, 900), (2, 900), (900, 2)])
    func narrowImagesRoundTrip(width: Int, height: Int) throws {
        var colourTypes: Set<UInt8> = []
        for svg in [Self.gradients, Self.flat] {
            let png = try renderer.encoder.encode(renderer.image(svg, width: width, height: height, opaque: true))
            colourTypes.insert(png[25])
            #expect(
                try pixels(of: CairoImage(png: png)) == pixels(of: renderer.image(svg, width: width, height: height, opaque: true)),
                "\(width)×\(height)")
        }
        // 900 pixels of gradient have more than 256 colours: RGB rows, 1 + 3 × width long.
        #expect(colourTypes == (width * height >= 900 ? [2, 3] : [3]), "\(width)×\(height)")
    }

    /// Bands of rows like the row above (a horizontal gradient), rows of one colour (a flat band,
    /// then a vertical gradient) and rows of both, opaque or translucent.
    static func bands(translucent: Bool) -> String {
        let opacity = translucent ? #" opacity="0.6""# : ""
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="600" height="300" viewBox="0 0 600 300" preserveAspectRatio="none">
              <defs>
                <linearGradient id="h"><stop offset="0" stop-color="#102040"/><stop offset="1" stop-color="#f0a020"/></linearGradient>
                <linearGradient id="v" x2="0" y2="1"><stop offset="0" stop-color="#00ff80"/><stop offset="1" stop-color="#8000ff"/></linearGradient>
              </defs>
              <g\(opacity)>
                <rect width="600" height="80" fill="url(#h)"/>
                <rect y="80" width="600" height="60" fill="#336699"/>
                <rect y="140" width="600" height="100" fill="url(#v)"/>
                <rect y="240" width="600" height="60" fill="#336699"/>
                <rect x="200" y="250" width="100" height="40" fill="#ffffff"/>
              </g>
            </svg>
            """
    }

    /// Rows are copied from the row above, or filled with one pixel, wherever their pixels allow;
    /// every colour type, at sizes where the first rows' PNG rows overlap the pixels of the next
    /// (the in-place rows compare with a copy of the row above there), decodes to the same pixels.
    @Test(arguments: [(600, 300), (7, 5), (1, 9), (3, 40), (40, 3)])
    func repeatedAndUniformRowsRoundTrip(width: Int, height: Int) throws {
        for translucent in [false, true] {
            let svg = Self.bands(translucent: translucent)
            let image = { () throws(RenderError) in try renderer.image(svg, width: width, height: height, opaque: !translucent) }
            let png = try renderer.encoder.encode(image())
            if translucent {
                // Straight colour is stored; re-premultiplying on decode may round by one.
                let (decoded, reference) = (try CairoImage(png: png), try image())
                for y in 0..<height {
                    for x in 0..<width {
                        let (a, b) = (reference.rgba(x: x, y: y), decoded.rgba(x: x, y: y))
                        #expect(
                            a.a == b.a && abs(Int(a.r) - Int(b.r)) <= 1 && abs(Int(a.g) - Int(b.g)) <= 1 && abs(Int(a.b) - Int(b.b)) <= 1)
                    }
                }
            } else {
                #expect(try pixels(of: CairoImage(png: png)) == pixels(of: image()), "\(width)×\(height)")
            }
            // The same rows as an indexed image, where the flat parts alone are drawn.
            let flat = svg.replacingOccurrences(of: "url(#h)", with: "#102040").replacingOccurrences(of: "url(#v)", with: "#00ff80")
            let indexed = try renderer.encoder.encode(renderer.image(flat, width: width, height: height, opaque: !translucent))
            #expect(indexed[25] == 3, "colour type indexed")
            #expect(
                try pixels(of: CairoImage(png: indexed))
                    == pixels(of: renderer.image(flat, width: width, height: height, opaque: !translucent)))
        }
        #expect(try renderer.encoder.encode(renderer.image(Self.bands(translucent: false), width: 600, height: 300, opaque: true))[25] == 2)
    }

    /// The bundled art, side by side with `rsvg-convert` on the very same instantiated SVG: the
    /// same pixels, in fewer bytes.
    @Test func bundledVariantsMatchRsvgConvertPixelForPixelInFewerBytes() throws {
        let variants = try bundledPhoneVariants(layouts: ["summer", "winter"])
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Both appearances of two layouts at the smallest and the largest phone size.
        let bySize = variants.sorted { $0.pixels.width * $0.pixels.height < $1.pixels.width * $1.pixels.height }
        let picked = bySize.prefix(2) + bySize.suffix(2)
        var ours = 0
        var theirs = 0
        for variant in picked {
            let svg = try folder.write("\(variant.id).svg", variant.svg)
            let reference = folder.path("\(variant.id).rsvg.png")
            let process = try Process.run(
                URL(fileURLWithPath: "/usr/bin/env"), arguments: ["rsvg-convert", "-o", reference.path, svg.path])
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "rsvg-convert is needed (Scripts/install-system-libraries installs it)")
            let png = try renderer.png(
                variant.svg, width: variant.pixels.width, height: variant.pixels.height, baseFile: variant.templateFile)
            let rsvg = try Data(contentsOf: reference)
            #expect(try pixels(of: CairoImage(png: png)) == pixels(of: CairoImage(png: rsvg)), "\(variant.id)")
            ours += png.count
            theirs += rsvg.count
        }
        #expect(ours < theirs, "ours \(ours) bytes, rsvg-convert \(theirs)")
    }

    /// The iPhone variants of some of this package's own layouts.
    private func bundledPhoneVariants(layouts: [String]) throws -> [PlannedVariant] {
        let root = PackageRoot.url
        let generator = LaunchAssetGenerator(
            configuration: .init(
                layoutsDirectory: root.appendingPathComponent("Layouts"), templatesDirectory: root.appendingPathComponent("Templates"),
                layoutIDs: layouts, idioms: [.phone]
            ))
        return try generator.plan().variants
    }

    /// The filter-type byte of each row: the IDAT data inflated with libdeflate.
    private func filterTypes(of png: Data, rowLength: Int, height: Int) throws -> [UInt8] {
        var idat: [UInt8] = []
        var offset = 8
        let bytes = [UInt8](png)
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if bytes[offset + 4..<offset + 8].elementsEqual("IDAT".utf8) { idat += bytes[offset + 8..<offset + 8 + length] }
            offset += 12 + length
        }
        let decompressor = try #require(libdeflate_alloc_decompressor())
        defer { libdeflate_free_decompressor(decompressor) }
        var rows = [UInt8](repeating: 0, count: rowLength * height)
        let result = idat.withUnsafeBytes { input in
            rows.withUnsafeMutableBytes {
                libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, $0.baseAddress, $0.count, nil)
            }
        }
        try #require(result == LIBDEFLATE_SUCCESS)
        return stride(from: 0, to: rows.count, by: rowLength).map { rows[$0] }
    }
}
