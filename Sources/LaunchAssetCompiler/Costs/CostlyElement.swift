import Foundation
import LaunchScreenRepair

/// An element that can make a layout slow to draw or large to carry, with the place in the
/// templates that writes it: what a cost warning names, so that the designer knows what to
/// flatten, shrink or drop.
///
/// Two kinds are named: a filter, which librsvg computes pixel by pixel over its whole region for
/// every variant (a blur passes over that region several times; a Figma drop shadow is an offset,
/// a blur, a composite, a colour matrix and a blend, twice for a double shadow), and an embedded
/// PNG or JPEG, which is decoded and scaled for every variant and whose photographic detail PNG
/// compresses poorly.
struct CostlyElement: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        /// `<filter id>`, its costliest primitives (`feGaussianBlur stdDeviation=40`), how many
        /// others it has and how many elements use it.
        case filter(id: String, primitives: [String], otherPrimitives: Int, uses: Int)
        /// `<image>` drawing a PNG or JPEG: its reference as written (`nil` for a `data:` URI),
        /// its stored size and its bytes.
        case raster(file: String?, header: ImageHeader, bytes: Int)
    }

    var kind: Kind
    /// Where a template writes the element, when it can be found: a value the layout supplies,
    /// such as a `data:` URI in its strings, is written by no template.
    var file: String?
    var line: Int?
    var column: Int?

    /// Filters are named first for time, images first for bytes.
    var isFilter: Bool {
        if case .filter = kind { true } else { false }
    }

    /// `filter "shadow" (feGaussianBlur stdDeviation=40, 2 other primitives, used by 2 elements) at Templates/card.svg:7:5`,
    /// `image "photo.jpg" (3024x4032 JPEG, 2.41 MB) at Templates/card.svg:12:3`.
    var description: String {
        var text: String
        switch kind {
        case .filter(let id, let primitives, let others, let uses):
            var steps = primitives
            if others > 0 { steps.append("\(others) \(primitives.isEmpty ? "" : "other ")primitive\(others == 1 ? "" : "s")") }
            let used = "used by \(uses) element\(uses == 1 ? "" : "s")"
            text = "filter \"\(id)\" (\((steps + [used]).joined(separator: ", ")))"
        case .raster(let file, let header, let bytes):
            let what = "\(header.width)x\(header.height) \(header.format.rawValue.uppercased()), \(SizeReport.megabytes(bytes))"
            text = file.map { "image \"\($0)\" (\(what))" } ?? "embedded image (data: URI, \(what))"
        }
        if let file {
            text += " at \(file)"
            if let line { text += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        }
        return text
    }

    /// The filters and embedded PNGs and JPEGs `instance` draws, in document order, each placed
    /// in the template files that `template` and its partials are made of.
    static func elements(of instance: PlannedVariant, template: String, templates: TemplateLibrary) -> [CostlyElement] {
        let scanner = CostlyElementScanner.scan(instance.svg)
        var elements: [CostlyElement] = scanner.filters.map { filter in
            let uses = scanner.filterUses[filter.id] ?? 0
            var element = CostlyElement(
                kind: .filter(id: filter.id, primitives: filter.primitives, otherPrimitives: filter.otherPrimitives, uses: uses))
            // Named as the template writes it, not as the instance prefixes it for a partial.
            for id in Self.templateIDs(of: filter.id, templates: templates)
            where element.locate(["id=\"\(id)\"", "id='\(id)'"], template: template, in: templates) {
                element.kind = .filter(id: id, primitives: filter.primitives, otherPrimitives: filter.otherPrimitives, uses: uses)
                break
            }
            return element
        }
        for reference in scanner.imageReferences {
            guard let (file, header, bytes) = raster(reference, base: instance.templateFile.deletingLastPathComponent()) else { continue }
            var element = CostlyElement(kind: .raster(file: file, header: header, bytes: bytes))
            // A data: URI can run to megabytes; its first characters tell it from any other.
            element.locate([String(reference.prefix(120))], template: template, in: templates)
            elements.append(element)
        }
        return elements
    }

    /// Places the element at the first text of `spellings` the templates write; `false` when
    /// none of them writes any.
    @discardableResult
    private mutating func locate(_ spellings: [String], template: String, in templates: TemplateLibrary) -> Bool {
        for spelling in spellings where !spelling.isEmpty {
            guard let place = templates.place(of: spelling, usedBy: template) else { continue }
            (file, line, column) = (place.file, place.line, place.column)
            return true
        }
        return false
    }

    /// The IDs a template may have written for the ID `id` of an instance: `id` itself, or `id`
    /// without the prefix (`logo-1-`) ``InclusionScope`` gives the IDs of an included partial.
    private static func templateIDs(of id: String, templates: TemplateLibrary) -> [String] {
        var ids = [id]
        for name in templates.names where id.hasPrefix("\(name)-") {
            let rest = id.dropFirst(name.count + 1)
            guard let dash = rest.firstIndex(of: "-"), !rest[..<dash].isEmpty, rest[..<dash].allSatisfy(\.isNumber) else { continue }
            ids.append(String(rest[rest.index(after: dash)...]))
        }
        return ids
    }

    /// The PNG or JPEG an `<image>` reference draws: the file name (`nil` for a `data:` URI), its
    /// header and its bytes; `nil` for anything else (an SVG is drawn as part of the template).
    private static func raster(_ reference: String, base: URL) -> (String?, ImageHeader, Int)? {
        let value = SVGReferencePolicy.decoded(reference).trimmingCharacters(in: .whitespacesAndNewlines)
        let header: ImageHeader
        let bytes: Int
        let file: String?
        if value.lowercased().hasPrefix("data:") {
            guard let data = SVGReferencePolicy.embeddedData(value), let probed = try? ImageHeaderProbe.probe(InMemoryBytes(data)) else {
                return nil
            }
            (file, header, bytes) = (nil, probed, data.count)
        } else {
            let path = String(value.split(separator: "#", maxSplits: 1).first ?? "")
            let url = base.appendingPathComponent(path)
            guard !path.isEmpty, let probed = try? ImageHeaderProbe.probe(fileAt: url),
                let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int
            else { return nil }
            (file, header, bytes) = (reference, probed, size)
        }
        return [.png, .jpeg].contains(header.format) ? (file, header, bytes) : nil
    }
}
