import Foundation
import Testing

@testable import LaunchAssetCompiler

/// The languages of one screen, encoded together, each decode (with libpng, through cairo) to
/// exactly the pixels drawn for it, and each PNG depends on the screen's images alone.
@Suite("A screen's languages, encoded together")
struct ScreenLanguagesTests {
    let renderer = SVGRenderer()

    /// A soft gradient (many colours) with a title: a bar as wide as the title's translation, at
    /// `y`, and another line below it when `second` is given.
    static func screen(title width: Int, y: Int = 140, second: Int? = nil) -> String {
        let line = second.map { ##"<rect x="20" y="\##($0)" width="150" height="6" fill="#fff" opacity="0.6"/>"## } ?? ""
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="240" height="400">
              <defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="#102040"/><stop offset="1" stop-color="#f0a020"/></linearGradient></defs>
              <rect width="240" height="400" fill="url(#sky)"/>
              <circle cx="120" cy="320" r="50" fill="#ffffff" opacity="0.4"/>
              <rect x="\(120 - width / 2)" y="\(y)" width="\(width)" height="18" rx="4" fill="#ffe0c0"/>
              \(line)
            </svg>
            """
    }

    /// English, a longer and a shorter translation, one on two lines, and one drawn like English.
    static let languages = [screen(title: 80), screen(title: 170), screen(title: 40), screen(title: 60, second: 170), screen(title: 80)]

    private func image(_ svg: String) throws -> CairoImage { try renderer.image(svg, width: 240, height: 400, opaque: true) }

    private func pngs(_ svgs: [String], encoder: PNGEncoder = PNGEncoder()) throws -> [Data] {
        var screen = ScreenLanguages(encoder: encoder)
        for svg in svgs { try screen.add(image(svg)) }
        return try screen.pngs()
    }

    @Test(arguments: [1, 7, 11])
    func everyLanguageDecodesToItsOwnPixels(level: Int) throws {
        let pngs = try pngs(Self.languages, encoder: PNGEncoder(level: level))
        try #require(pngs.count == Self.languages.count)
        for (png, svg) in zip(pngs, Self.languages) {
            #expect(png[25] == 2, "colour type RGB")
            #expect(try pixels(of: CairoImage(png: png)) == pixels(of: image(svg)))
        }
    }

    @Test func aPNGIsTheSameBytesWhicheverLanguageComesFirst() throws {
        let inOrder = try pngs(Self.languages)
        let reversed = try pngs(Self.languages.reversed())
        #expect(inOrder == Array(reversed.reversed()))
        // English and the language drawn like it: the same image, the same bytes.
        #expect(inOrder[0] == inOrder[4])
    }

    @Test func theRowsAllLanguagesShareAreCompressedOnce() throws {
        let pngs = try pngs(Self.languages)
        // Everything above the titles is one segment, the same bits in every PNG: each image
        // data starts with it (after the chunks before it, whose length is the same here).
        let start = try #require(pngs[0].range(of: Data("IDAT".utf8))).upperBound
        let shared = pngs.dropFirst().map { png in zip(pngs[0][start...], png[start...]).prefix { $0 == $1 }.count }
        #expect(shared.allSatisfy { $0 > 200 }, "\(shared) bytes alike")
    }

    @Test func aScreenInOneLanguageIsEncodedAsAnyImage() throws {
        #expect(try pngs([Self.languages[1]]) == [renderer.encoder.encode(image(Self.languages[1]))])
    }

    @Test func aLanguageWhoseRowsCannotBeComparedIsEncodedOnItsOwn() throws {
        // Few colours: an indexed image, whose rows are not as long as the others' RGB rows.
        let flat = """
            <svg xmlns="http://www.w3.org/2000/svg" width="240" height="400"><rect width="240" height="400" fill="#203040"/></svg>
            """
        let svgs = [Self.languages[0], flat, Self.languages[1]]
        let pngs = try pngs(svgs)
        #expect(pngs.map { $0[25] } == [2, 3, 2], "colour types")
        for (png, svg) in zip(pngs, svgs) { #expect(try pixels(of: CairoImage(png: png)) == pixels(of: image(svg))) }
        #expect(pngs[1] == (try renderer.encoder.encode(image(flat))))
    }
}
