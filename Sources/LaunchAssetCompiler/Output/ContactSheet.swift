import CLibrsvg
import Foundation
import LaunchScreenRepair

/// `preview.png`: one section per layout, one labelled cell per variant (size, orientation or
/// window, appearance), so a designer can check every variant at a glance.
///
/// A layout with localized variants gets one band of rows per language, labelled with its tag:
/// the development language, the others in plan order, then the language-neutral variants, so
/// that no row mixes languages. A layout without gets no labels, as before languages existed.
/// Cells are drawn from each variant's SVG at thumbnail size, not by scaling the full PNGs.
public struct ContactSheet: Sendable {
    /// Cells per row; more where the sheet would otherwise be taller than cairo can draw.
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
    /// The line above a language's band.
    private let bandLabelHeight = 22

    /// Where each part of the sheet goes, worked out before anything is drawn.
    struct Arrangement {
        /// A layout's header (title and summary line, from `top`), band labels and cells.
        struct Section {
            var layout: SeasonalLayout
            var top: Int
            var count: Int
            var labels: [Label] = []
            var cells: [Cell] = []
        }

        /// A language band's label (`ar · Arabic · 32 variants`) at its text's baseline.
        struct Label {
            var text: String
            var baseline: Int
        }

        /// A variant's cell, by its top-left corner.
        struct Cell {
            var variant: PlannedVariant
            var x: Int
            var y: Int
        }

        var columns: Int
        var width: Int
        var height: Int
        var sections: [Section] = []
    }

    /// The most pixels either side of a cairo image may have.
    static let largestSide = 32767

    public func png(layouts: [SeasonalLayout], variants: [PlannedVariant]) throws(RenderError) -> Data {
        let arrangement = arrangement(layouts: layouts, variants: variants)
        guard max(arrangement.width, arrangement.height) <= Self.largestSide else {
            throw .surfaceFailed(
                "the preview of \(variants.count) variants would be \(arrangement.width) × \(arrangement.height) pixels, more than "
                    + "the \(Self.largestSide) a side may have: preview fewer (--layout, --idiom, --language)")
        }
        let image = try CairoImage(width: arrangement.width, height: arrangement.height, opaque: true)
        fonts.useOnThisThread()
        image.fill(red: 0.95, green: 0.95, blue: 0.97)
        let context = image.context
        for section in arrangement.sections {
            let top = Double(section.top)
            text(section.layout.displayName, at: (Double(margin), top + 30), size: 24, bold: true, in: context)
            text(
                section.layout.manifestEntry.scheduleDescription + "  ·  \(section.count) variants  ·  \(section.layout.template)",
                at: (Double(margin), top + 48), size: 13, bold: false, in: context)
            for label in section.labels {
                text(label.text, at: (Double(margin), Double(label.baseline)), size: 14, bold: true, in: context)
            }
            for cell in section.cells {
                try drawCell(cell.variant, x: Double(cell.x), y: Double(cell.y), in: context)
            }
        }
        return try image.pngData()
    }

    /// The sheet's size and where every header, band label and cell goes: each layout's cells in
    /// plan order, split into one band per language where some of them are localized. A render
    /// in several languages has thousands of cells: rows get wider, from ``columns`` on, until
    /// the sheet is no taller than cairo can draw (or as wide as it can).
    func arrangement(layouts: [SeasonalLayout], variants: [PlannedVariant]) -> Arrangement {
        var arrangement = arrangement(layouts: layouts, variants: variants, columns: columns)
        while arrangement.height > Self.largestSide, margin * 2 + (arrangement.columns + 1) * cellWidth <= Self.largestSide {
            arrangement = self.arrangement(layouts: layouts, variants: variants, columns: arrangement.columns + 1)
        }
        return arrangement
    }

    /// The arrangement with `columns` cells per row.
    func arrangement(layouts: [SeasonalLayout], variants: [PlannedVariant], columns: Int) -> Arrangement {
        var arrangement = Arrangement(columns: columns, width: margin * 2 + columns * cellWidth, height: 0)
        var top = margin
        for layout in layouts {
            let cells = variants.filter { $0.layout == layout.id }
            guard !cells.isEmpty else { continue }
            var section = Arrangement.Section(layout: layout, top: top, count: cells.count)
            top += headerHeight
            for band in bands(of: cells, developmentLanguage: layout.developmentLanguage) {
                if let label = band.label {
                    section.labels.append(.init(text: label, baseline: top + 16))
                    top += bandLabelHeight
                }
                for (index, variant) in band.cells.enumerated() {
                    section.cells.append(
                        .init(variant: variant, x: margin + (index % columns) * cellWidth, y: top + (index / columns) * cellHeight))
                }
                top += (band.cells.count + columns - 1) / columns * cellHeight
            }
            arrangement.sections.append(section)
            top += margin
        }
        arrangement.height = top
        return arrangement
    }

    /// A layout's cells in bands: one unlabelled band when none is localized, else one per
    /// language in review order (``ReviewLanguages``) and the language-neutral ones last.
    private func bands(of cells: [PlannedVariant], developmentLanguage: String) -> [(label: String?, cells: [PlannedVariant])] {
        let languages = ReviewLanguages(locales: cells.map(\.locale), developmentLanguage: developmentLanguage)
        guard languages.isLocalized else { return [(nil, cells)] }
        var bands = languages.tags.map { tag -> (label: String?, cells: [PlannedVariant]) in
            let band = cells.filter { $0.locale == tag }
            let name = ReviewLanguages.name(of: tag).map { "  ·  \($0)" } ?? ""
            let development = tag == developmentLanguage ? " (development language)" : ""
            return ("\(tag)\(name)\(development)  ·  \(band.count) variants", band)
        }
        let neutral = cells.filter { $0.locale == nil }
        if !neutral.isEmpty { bands.append(("language-neutral  ·  \(neutral.count) variants, the same in every language", neutral)) }
        return bands
    }

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
