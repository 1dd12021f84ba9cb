import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an instance for the elements ``CostlyElement`` describes: each `<filter>` with its
/// primitives and how many elements use it, and each `<image>` with its reference.
final class CostlyElementScanner: NSObject, XMLParserDelegate {
    /// A `<filter>` as the instance writes it.
    struct Filter {
        var id: String
        /// The primitives whose cost grows with their reach or that make pixels of their own,
        /// as `feGaussianBlur stdDeviation=40`, in document order.
        var primitives: [String] = []
        /// How many others it has: floods, colour matrices, offsets, composites and blends,
        /// each one pass over the filter region (a Figma drop shadow has six of them).
        var otherPrimitives = 0
    }

    private(set) var filters: [Filter] = []
    /// The `href` (or `xlink:href`) of each `<image>`, in document order.
    private(set) var imageReferences: [String] = []
    /// Filter id → how many elements name it in a `filter` attribute or style.
    private(set) var filterUses: [String: Int] = [:]
    /// The filter being read: its primitives follow until it ends.
    private var openFilter: Filter?

    /// The primitives that cost most, and the attributes that say how much: a blur's or a
    /// morphology's reach, a turbulence's octaves, a convolution's kernel.
    private static let costlyPrimitives: [String: [String]] = [
        "feGaussianBlur": ["stdDeviation"], "feDropShadow": ["stdDeviation"], "feMorphology": ["radius"],
        "feConvolveMatrix": ["order"], "feTurbulence": ["numOctaves"], "feDisplacementMap": ["scale"],
        "feDiffuseLighting": [], "feSpecularLighting": [],
    ]

    /// `url(#name)` in a `filter` attribute or property, with or without quotes.
    nonisolated(unsafe) private static let filterReference = /url\(\s*['"]?#([^'")\s]+)/

    /// Scans `svg`; an instance the planner accepted is well-formed XML.
    static func scan(_ svg: String) -> CostlyElementScanner {
        let scanner = CostlyElementScanner()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.shouldResolveExternalEntities = false
        parser.delegate = scanner
        _ = parser.parse()
        return scanner
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let name = Self.localName(element)
        if name == "filter" {
            openFilter = Filter(id: attributes["id"] ?? "")
        } else if openFilter != nil, let keys = Self.costlyPrimitives[name] {
            let details = keys.compactMap { key in attributes[key].map { "\(key)=\($0)" } }
            openFilter?.primitives.append(([name] + details).joined(separator: " "))
        } else if openFilter != nil, name.hasPrefix("fe"), !name.hasPrefix("feFunc"), name != "feMergeNode", !name.hasSuffix("Light") {
            openFilter?.otherPrimitives += 1
        } else if name == "image", let reference = attributes["href"] ?? attributes["xlink:href"] {
            imageReferences.append(reference)
        }
        // A style names other URLs too (fill, clip-path): only its filter property counts.
        var uses = attributes["filter"].map { [Substring($0)] } ?? []
        for declaration in (attributes["style"] ?? "").split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "filter" { uses.append(parts[1]) }
        }
        for value in uses {
            for match in value.matches(of: Self.filterReference) { filterUses[String(match.output.1), default: 0] += 1 }
        }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if Self.localName(element) == "filter", let filter = openFilter {
            filters.append(filter)
            openFilter = nil
        }
    }

    /// `svg:filter` → `filter`.
    private static func localName(_ element: String) -> String {
        element.split(separator: ":").last.map(String.init) ?? element
    }
}
