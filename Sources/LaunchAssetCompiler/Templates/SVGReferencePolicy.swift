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

    /// Why `reference` is not allowed, or `nil` when it is.
    func problem(with reference: String) -> String? {
        let value = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        if value.isEmpty || value.hasPrefix("#") { return nil }
        if let colon = value.firstIndex(of: ":"),
           value[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) {
            let scheme = value[..<colon].lowercased()
            return scheme == "data" ? nil : "reference \"\(value)\" uses the \(scheme): scheme; only data: URIs and files in the templates folder are allowed"
        }
        let path = value.split(separator: "#", maxSplits: 1).first.map(String.init) ?? value
        if path.hasPrefix("/") {
            return "reference \"\(value)\" is an absolute path; only files in the templates folder are allowed"
        }
        let root = templates.standardizedFileURL.path
        let target = templates.appendingPathComponent(path).standardizedFileURL.path
        guard target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            return "reference \"\(value)\" points outside the templates folder"
        }
        return nil
    }
}

/// Collects every attribute and style text that can load something.
private final class ReferenceScanner: NSObject, XMLParserDelegate {
    struct Reference {
        var value: String
        var line: Int
        var column: Int
    }

    private(set) var references: [Reference] = []
    private var inStyle = false

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        let place = (parser.lineNumber, parser.columnNumber)
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
            if name == "href" || name.hasSuffix(":href") || name == "src" {
                references.append(Reference(value: value, line: place.0, column: place.1))
            } else {
                addURLs(in: value, at: place)
            }
        }
        inStyle = element == "style" || element.hasSuffix(":style")
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        inStyle = false
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inStyle { addURLs(in: string, at: (parser.lineNumber, parser.columnNumber)) }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        if inStyle { addURLs(in: String(decoding: block, as: UTF8.self), at: (parser.lineNumber, parser.columnNumber)) }
    }

    /// `url(...)` and `@import "..."` in CSS or presentation attributes.
    private func addURLs(in text: String, at place: (Int, Int)) {
        guard text.contains("url(") || text.contains("@import") else { return }
        for match in text.matches(of: /url\(\s*['"]?([^'")]*)['"]?\s*\)|@import\s+['"]([^'"]*)['"]/) {
            let value = String(match.output.1 ?? match.output.2 ?? "")
            references.append(Reference(value: value, line: place.0, column: place.1))
        }
    }
}
