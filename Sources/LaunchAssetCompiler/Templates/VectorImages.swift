import Foundation

/// `<image>` elements that show an SVG file of the templates folder, drawn as vector.
///
/// librsvg draws an SVG image at its natural size and scales the pixels, so a 100-point logo on
/// a 3× screen comes out soft. A template's `<image href="art.svg" x="…" width="…"/>` is
/// therefore replaced, where the template is registered, by a nested `<svg>` of the image's
/// viewport whose viewBox is the file's own size, including the file as a partial: the same
/// placement and aspect ratio, drawn at the screen's resolution. Every other attribute of the
/// image (`transform`, `opacity`, `clip-path`, `id`…) goes to a `<g>` around it. An image whose
/// reference is not a plain file name, or whose file declares no size, is left as it is.
enum VectorImages {
    /// `text` with each `<image>` of a file in `partials` (file name → imported text) replaced.
    static func inlined(_ text: String, partials: [String: String]) -> String {
        guard text.utf8.firstIndex(ofASCII: "<image") != nil else { return text }
        var output = ""
        var rest = text[...]
        while let start = rest.range(of: "<image") {
            output += rest[..<start.lowerBound]
            guard let element = element(startingAt: start.lowerBound, in: rest),
                let replacement = replacement(for: String(rest[element]), partials: partials)
            else {
                output += rest[start]
                rest = rest[start.upperBound...]
                continue
            }
            output += replacement
            rest = rest[element.upperBound...]
        }
        return output + rest
    }

    /// The `<image …/>` or `<image …></image>` element starting at `start`, when it is one.
    private static func element(startingAt start: Substring.Index, in text: Substring) -> Range<Substring.Index>? {
        var index = text.index(start, offsetBy: 6)
        guard index < text.endIndex, text[index].isWhitespace else { return nil }
        var quote: Character?
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                let afterTag = text.index(after: index)
                if text[text.index(before: index)] == "/" { return start..<afterTag }
                let closing = text[afterTag...].drop(while: \.isWhitespace)
                guard closing.hasPrefix("</image>") else { return nil }
                return start..<text.index(closing.startIndex, offsetBy: 8)
            }
            index = text.index(after: index)
        }
        return nil
    }

    nonisolated(unsafe) private static let attributePattern = /([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/

    private static func attributes(of tag: String) -> [(name: String, value: String)] {
        tag.matches(of: attributePattern).map { (String($0.output.1), String($0.output.2 ?? $0.output.3 ?? "")) }
    }

    private static func replacement(for element: String, partials: [String: String]) -> String? {
        let attributes = attributes(of: element)
        let value = { (name: String) in attributes.first { $0.name == name }?.value }
        guard let href = (value("href") ?? value("xlink:href"))?.trimmingCharacters(in: .whitespaces), href.lowercased().hasSuffix(".svg"),
            !href.contains("/"), !href.contains("{{"), !href.contains(":"), !href.contains("%"),
            let target = partials[href], let size = intrinsicSize(of: target)
        else { return nil }
        let placed: Set = ["href", "xlink:href", "x", "y", "width", "height", "preserveAspectRatio"]
        let kept = attributes.filter { !placed.contains($0.name) }.map { " \($0.name)=\"\($0.value)\"" }.joined()
        let viewport = ["x", "y", "width", "height", "preserveAspectRatio"].compactMap { name in value(name).map { " \(name)=\"\($0)\"" } }
        let width = value("width") == nil ? " width=\"\(format(size.width))\"" : ""
        let height = value("height") == nil ? " height=\"\(format(size.height))\"" : ""
        let partial = String(href.dropLast(4))
        return
            "<g\(kept)><svg\(viewport.joined())\(width)\(height) viewBox=\"0 0 \(format(size.width)) \(format(size.height))\">{{> \(partial)}}</svg></g>"
    }

    /// The size an SVG document declares, in pixels at 96 dpi: its `width` and `height`, or its
    /// viewBox's where those are missing or relative.
    static func intrinsicSize(of svg: String) -> (width: Double, height: Double)? {
        guard let open = svg.range(of: "<svg"), let close = svg[open.upperBound...].firstIndex(of: ">") else { return nil }
        let root = attributes(of: String(svg[open.upperBound..<close]))
        let value = { (name: String) in root.first { $0.name == name }?.value }
        let box = value("viewBox")?.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        let viewBox = box.flatMap { $0.count == 4 && $0[2] > 0 && $0[3] > 0 ? (width: $0[2], height: $0[3]) : nil }
        let width = value("width").flatMap(pixels)
        let height = value("height").flatMap(pixels)
        switch (width, height, viewBox) {
        case (let width?, let height?, _): return width > 0 && height > 0 ? (width, height) : nil
        case (let width?, nil, let box?): return (width, width * box.height / box.width)
        case (nil, let height?, let box?): return (height * box.width / box.height, height)
        case (nil, nil, let box?): return box
        default: return nil
        }
    }

    /// A length in pixels at 96 dpi (`210mm`, `8.5in`, `300px`, `300`), or `nil` for a relative one.
    static func pixels(_ length: String) -> Double? {
        let text = length.trimmingCharacters(in: .whitespaces)
        let units: [(String, Double)] = [("px", 1), ("mm", 96 / 25.4), ("cm", 96 / 2.54), ("in", 96), ("pt", 96 / 72), ("pc", 16)]
        for (unit, scale) in units where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * scale }
        }
        return Double(text)
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
