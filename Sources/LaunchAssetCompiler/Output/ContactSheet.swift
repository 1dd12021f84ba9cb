import CLibrsvg
import Foundation
import LaunchScreenRepair

/// `preview.png`: one section per layout, one labelled cell per variant (size, orientation or
/// window, appearance), so a designer can check every variant at a glance.
///
/// Cells are drawn from each variant's SVG at thumbnail size, not by scaling the full PNGs.
public struct ContactSheet: Sendable {
    public var columns = 12
    /// The longer side of a thumbnail, in pixels.
    public var thumbnailSide = 150
    /// The fonts the variants' text is drawn with: their templates'.
    public var fonts: TemplateFonts

    public init(fonts: TemplateFonts = .installed) {
        self.fonts = fonts
    }

    private var cellWidth: Int { thumbnailSide + 24 }
    private var cellHeight: Int { thumbnailSide + 52 }
    private let margin = 24
    private let headerHeight = 56

    public func png(layouts: [SeasonalLayout], variants: [PlannedVariant]) throws(RenderError) -> Data {
        let sections = layouts.map { layout in (layout, variants.filter { $0.layout == layout.id }) }.filter { !$0.1.isEmpty }
        let width = margin * 2 + columns * cellWidth
        let height =
            margin
            + sections.reduce(0) { total, section in
                total + headerHeight + rows(section.1.count) * cellHeight + margin
            }
        let image = try CairoImage(width: width, height: height, opaque: true)
        fonts.useOnThisThread()
        image.fill(red: 0.95, green: 0.95, blue: 0.97)
        let context = image.context
        var top = Double(margin)
        for (layout, cells) in sections {
            text(layout.displayName, at: (Double(margin), top + 30), size: 24, bold: true, in: context)
            text(
                layout.manifestEntry.scheduleDescription + "  ·  \(cells.count) variants  ·  \(layout.template)",
                at: (Double(margin), top + 48), size: 13, bold: false, in: context)
            top += Double(headerHeight)
            for (index, variant) in cells.enumerated() {
                let x = Double(margin + (index % columns) * cellWidth)
                let y = top + Double((index / columns) * cellHeight)
                try drawCell(variant, x: x, y: y, in: context)
            }
            top += Double(rows(cells.count) * cellHeight + margin)
        }
        return try image.pngData()
    }

    private func rows(_ count: Int) -> Int { (count + columns - 1) / columns }

    private func drawCell(_ variant: PlannedVariant, x: Double, y: Double, in context: OpaquePointer) throws(RenderError) {
        let side = Double(thumbnailSide)
        let aspect = Double(variant.pixels.width) / Double(variant.pixels.height)
        let (w, h) = aspect < 1 ? (side * aspect, side) : (side, side / aspect)
        let left = x + (Double(cellWidth) - w) / 2
        let bottom = y + 8 + side
        let document = try SVGDocument(variant.svg, baseFile: variant.templateFile)
        cairo_save(context)
        cairo_rectangle(context, left, bottom - h, w, h)
        cairo_clip(context)
        try document.draw(in: context, x: left, y: bottom - h, width: w, height: h)
        cairo_restore(context)
        cairo_set_source_rgb(context, 0.6, 0.6, 0.65)
        cairo_set_line_width(context, 1)
        cairo_rectangle(context, left - 0.5, bottom - h - 0.5, w + 1, h + 1)
        cairo_stroke(context)
        let center = x + Double(cellWidth) / 2
        text(
            "\(variant.pixels.width)×\(variant.pixels.height)", at: (center, bottom + 18), size: 12, bold: true, centered: true, in: context
        )
        let shape = variant.window?.rawValue ?? variant.orientation.rawValue
        text("\(shape) · \(variant.appearance.rawValue)", at: (center, bottom + 34), size: 11, bold: false, centered: true, in: context)
    }

    private func text(
        _ string: String, at point: (Double, Double), size: Double, bold: Bool, centered: Bool = false, in context: OpaquePointer
    ) {
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        cairo_set_source_rgb(context, 0.11, 0.11, 0.14)
        var x = point.0
        if centered {
            var extents = cairo_text_extents_t()
            cairo_text_extents(context, string, &extents)
            x -= extents.x_advance / 2
        }
        cairo_move_to(context, x, point.1)
        cairo_show_text(context, string)
    }
}
