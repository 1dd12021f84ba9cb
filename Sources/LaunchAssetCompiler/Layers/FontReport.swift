import Foundation

/// The font families each layout's templates name, and the font each resolves to.
///
/// A family no shipped (`Templates/Fonts/`) or installed font provides would be drawn with
/// whatever fontconfig substitutes, silently, and differently on each machine: that is an error
/// at the template line that names it, or a warning when its list ends in a generic family
/// (the text then has a font, if not the one designed for).
public struct FontReport: Sendable {
    /// One family named in a template a layout uses.
    public struct Use: Sendable, Hashable {
        public var family: String
        /// What the family resolves to; `nil` when no font provides it.
        public var font: ResolvedFont?
        /// Where the family list is written.
        public var file: String
        public var line: Int?
        public var column: Int?
        /// The variant whose instance gave the list, when a Mustache value wrote it.
        public var variant: String?
        /// Whether the list the family is in ends in a generic family (`sans-serif`).
        public var listEndsInGeneric: Bool
    }

    /// Layout id → the families its templates name, each once, in the order first written.
    public var uses: [(layout: String, uses: [Use])]
    /// The shipped fonts' folder, as messages name it.
    private var fontsFolder: String
    /// Whether there are shipped fonts this Pango cannot draw with (``TemplateFonts/canDrawShippedFonts``).
    private var shippedFontsUnusable: Bool

    /// Reads the family lists of each layout's template and partials (and, for lists a
    /// Mustache value writes, of its first instance in `variants`).
    init(layouts: [SeasonalLayout], variants: [PlannedVariant], templates: TemplateLibrary) {
        fontsFolder = templates.fonts.directory.relativePathForDisplay
        shippedFontsUnusable = !templates.fonts.files.isEmpty && !TemplateFonts.canDrawShippedFonts
        let firstInstances = Dictionary(variants.map { ($0.layout, $0) }, uniquingKeysWith: { first, _ in first })
        var resolved: [String: ResolvedFont?] = [:]
        func resolve(_ family: String) -> ResolvedFont? {
            if let known = resolved[family] { return known }
            let font = templates.fonts.font(for: family)
            resolved[family] = font
            return font
        }
        uses = layouts.map { layout in
            var uses: [Use] = []
            var seen: Set<String> = []
            func add(_ list: FontFamilyList, file: String, place: (Int, Int)?, variant: String?) {
                for family in list.families
                where seen.insert("\(file):\(place.map { "\($0.0):\($0.1)" } ?? variant ?? "") \(family)").inserted {
                    uses.append(
                        Use(
                            family: family, font: resolve(family), file: file, line: place?.0, column: place?.1, variant: variant,
                            listEndsInGeneric: list.endsInGeneric))
                }
            }
            var writtenInTemplates: Set<[String]> = []
            for name in templates.templates(usedBy: String(layout.template.dropLast(4))) {
                let text = templates.sources[name]!
                let file = templates.directory.appendingPathComponent("\(name).svg").relativePathForDisplay
                for list in FontFamilyList.all(in: text) {
                    writtenInTemplates.insert(list.families)
                    let index = text.utf8.index(text.utf8.startIndex, offsetBy: list.offset)
                    add(list, file: file, place: TemplateLibrary.lineAndColumn(of: index, in: text), variant: nil)
                }
            }
            if let instance = firstInstances[layout.id] {
                let file = instance.templateFile.relativePathForDisplay
                for list in FontFamilyList.all(in: instance.svg) where !writtenInTemplates.contains(list.families) {
                    add(list, file: file, place: nil, variant: instance.id)
                }
            }
            return (layout.id, uses)
        }
    }

    /// For each family list naming families no font provides, an error, or a warning where the
    /// list ends in a generic family (the text then has a font, if not the one designed for);
    /// each place once, however many layouts use it.
    public var diagnostics: [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if shippedFontsUnusable {
            diagnostics.append(Diagnostic.shippedFontsUnusable.placed(file: fontsFolder, path: nil))
        }
        let all = uses.flatMap(\.uses)
        var places: [String] = []
        let byPlace = Dictionary(grouping: all) { use in
            let place = "\(use.file):\(use.line ?? 0):\(use.column ?? 0) \(use.variant ?? "")"
            if !places.contains(place) { places.append(place) }
            return place
        }
        for place in places {
            // Layouts sharing a template each list its families.
            var families: Set<String> = []
            let list = byPlace[place]!.filter { families.insert($0.family).inserted }
            let missing = list.filter { $0.font == nil }
            guard let first = missing.first else { continue }
            let names = missing.map { "\"\($0.family)\"" }.joined(separator: ", ")
            let subject = missing.count == 1 ? "font family \(names) is" : "font families \(names) are"
            let drawn = list.first { $0.font != nil && !missing.contains($0) }
            let path = first.variant.map { "variant \($0)" }
            if first.listEndsInGeneric, let drawn, let font = drawn.font {
                diagnostics.append(
                    Diagnostic.fontFamiliesFallBack(
                        subject, fonts: fontsFolder, font: font.family, drawnFamily: drawn.family, several: missing.count > 1
                    ).placed(file: first.file, line: first.line, column: first.column, path: path))
            } else {
                diagnostics.append(
                    Diagnostic.fontFamiliesMissing(subject, fonts: fontsFolder).placed(
                        file: first.file, line: first.line, column: first.column, path: path))
            }
        }
        return diagnostics
    }

    /// One line per layout for `validate`: each family and the font file it resolves to.
    public var listing: [String] {
        uses.map { layout, uses in
            guard !uses.isEmpty else { return "\(layout): no text" }
            var seen: Set<String> = []
            let families = uses.filter { seen.insert($0.family).inserted }.map { use in
                guard let font = use.font else { return "\"\(use.family)\" → none" }
                let file = font.isShipped ? font.file.relativePathForDisplay : "\(font.file.lastPathComponent), installed"
                return "\"\(use.family)\" → \(font.family) (\(file))"
            }
            return "\(layout): \(families.joined(separator: "; "))"
        }
    }
}
