import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Confines what an instantiated SVG may load: `data:` URIs, fragment references (`#id`), and
/// files inside the templates folder. Anything else (another scheme, an absolute path, a path
/// that climbs out of the folder) is an error, checked before librsvg sees the document.
struct SVGReferencePolicy {
    /// The folder references may point into.
    let templates: URL

    /// A reference that breaks the policy, or an XML error, with the line and column in the instance.
    struct Violation: Error, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// Every violation in `svg`; an XML syntax error is reported alone.
    func violations(in svg: String) -> [Violation] {
        let scanner = ReferenceScanner()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.shouldResolveExternalEntities = false
        parser.delegate = scanner
        // Some Foundations report a recovered error through `parserError` while `parse()` succeeds.
        if !parser.parse() || parser.parserError != nil {
            let code = (parser.parserError as? NSError)?.code
            return [Violation(
                line: parser.lineNumber, column: parser.columnNumber,
                message: "SVG syntax: malformed XML (parser error \(code.map(String.init) ?? "unknown")) at line \(parser.lineNumber), column \(parser.columnNumber) of the instance"
            )]
        }
        return scanner.references.compactMap { reference in
            problem(with: reference.value).map { Violation(line: reference.line, column: reference.column, message: $0) }
        }
    }

    /// Why `reference` is not allowed, or `nil` when it is. CSS escapes and percent-encoding
    /// are decoded first, so `\\68ttp:` and `%2e%2e/` are seen for what they are.
    func problem(with reference: String) -> String? {
        let value = Self.decoded(reference).trimmingCharacters(in: .whitespacesAndNewlines)
        if value.isEmpty || value.hasPrefix("#") { return nil }
        if let colon = value.firstIndex(of: ":"),
           value[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) {
            let scheme = value[..<colon].lowercased()
            return scheme == "data" ? nil : "reference \"\(reference)\" uses the \(scheme): scheme; only data: URIs and files in the templates folder are allowed"
        }
        let path = value.split(separator: "#", maxSplits: 1).first.map(String.init) ?? value
        if path.hasPrefix("/") || path.hasPrefix("\\") {
            return "reference \"\(reference)\" is an absolute path; only files in the templates folder are allowed"
        }
        let root = templates.standardizedFileURL.path
        let target = templates.appendingPathComponent(path).standardizedFileURL.path
        guard target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            return "reference \"\(reference)\" points outside the templates folder"
        }
        return nil
    }

    /// `text` with CSS escapes (`\\68`, `\\:`) and percent-encoding (`%2e`) resolved.
    static func decoded(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var unescaped = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "\\", index + 1 < scalars.count else {
                unescaped.append(scalars[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < scalars.count, end - index <= 6, scalars[end].properties.isASCIIHexDigit { end += 1 }
            if end > index + 1, let code = UInt32(String(String.UnicodeScalarView(scalars[(index + 1)..<end])), radix: 16),
               let decoded = Unicode.Scalar(code) {
                unescaped.append(decoded)
                // One white-space character after a hex escape belongs to the escape.
                index = end < scalars.count && scalars[end] == " " ? end + 1 : end
            } else {
                unescaped.append(scalars[index + 1])
                index += 2
            }
        }
        let result = String(unescaped)
        return result.removingPercentEncoding ?? result
    }
}

/// Collects every attribute, style sheet and processing instruction that can load something.
private final class ReferenceScanner: NSObject, XMLParserDelegate {
    struct Reference {
        var value: String
        var line: Int
        var column: Int
    }

    private(set) var references: [Reference] = []
    /// The text of the `<style>` element being read, and where it started: the parser hands
    /// text over in pieces (around entities), so it is checked whole at the end of the element.
    private var style: (text: String, line: Int, column: Int)?

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        let place = (parser.lineNumber, parser.columnNumber)
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
            if name == "href" || name.hasSuffix(":href") || name == "src" {
                references.append(Reference(value: value, line: place.0, column: place.1))
            } else {
                addURLs(in: value, at: place)
            }
        }
        if element == "style" || element.hasSuffix(":style") {
            style = ("", place.0, place.1)
        }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if let style {
            addURLs(in: style.text, at: (style.line, style.column))
            self.style = nil
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        style?.text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        style?.text += String(decoding: block, as: UTF8.self)
    }

    /// `<?xml-stylesheet href="…"?>` loads a style sheet: its `href` is a reference like any other.
    func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
        guard target.lowercased() == "xml-stylesheet" else { return }
        let href = data.flatMap { $0.firstMatch(of: /href\s*=\s*["']([^"']*)["']/).map { String($0.output.1) } } ?? "(none)"
        references.append(Reference(value: href, line: parser.lineNumber, column: parser.columnNumber))
    }

    /// `url(...)` (any case) and `@import "..."` in CSS or presentation attributes, after
    /// resolving CSS escapes.
    private func addURLs(in text: String, at place: (Int, Int)) {
        let css = SVGReferencePolicy.decoded(text)
        guard css.range(of: "url", options: .caseInsensitive) != nil || css.range(of: "@import", options: .caseInsensitive) != nil else { return }
        for match in css.matches(of: /(?i)url\(\s*['"]?([^'")]*)['"]?\s*\)|@import\s+['"]([^'"]*)['"]/) {
            let value = String(match.output.1 ?? match.output.2 ?? "")
            references.append(Reference(value: value, line: place.0, column: place.1))
        }
    }
}
