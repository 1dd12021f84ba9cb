import CLibrsvg
import Foundation

/// Turns SVG text into PNG bytes of an exact pixel size, with librsvg and cairo.
public struct SVGRenderer: Sendable {
    /// How images become PNG bytes.
    public var encoder: PNGEncoder
    /// The fonts text is drawn with.
    public var fonts: TemplateFonts

    public init(encoder: PNGEncoder = PNGEncoder(), fonts: TemplateFonts = .installed) {
        self.encoder = encoder
        self.fonts = fonts
    }

    /// Renders `svg` so that its viewport fills `width` × `height` pixels and encodes it as PNG.
    ///
    /// - Parameters:
    ///   - baseFile: the file relative references resolve against.
    ///   - opaque: render without an alpha channel (launch screens are opaque).
    public func png(_ svg: String, width: Int, height: Int, baseFile: URL? = nil, opaque: Bool = true) throws(RenderError) -> Data {
        try image(svg, width: width, height: height, baseFile: baseFile, opaque: opaque).pngData(encoder)
    }

    /// Renders into a new image; the caller owns (and so bounds) the surface's memory.
    func image(_ svg: String, width: Int, height: Int, baseFile: URL? = nil, opaque: Bool) throws(RenderError) -> CairoImage {
        let document = try SVGDocument(svg, baseFile: baseFile)
        fonts.useOnThisThread()
        let image = try CairoImage(width: width, height: height, opaque: opaque)
        try document.draw(in: image.context, x: 0, y: 0, width: Double(width), height: Double(height))
        return image
    }

    /// Checks that librsvg accepts `svg`, without rasterizing it.
    public func parse(_ svg: String, baseFile: URL? = nil) throws(RenderError) {
        _ = try SVGDocument(svg, baseFile: baseFile)
    }
}
