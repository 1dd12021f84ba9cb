import Foundation
import LaunchScreenRepair

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
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
        /// The reference as the instance writes it; `nil` for an XML error.
        var reference: String?
    }

    /// Every violation in `svg`; an XML syntax error is reported alone.
    func violations(in svg: String) -> [Violation] {
        let scanner = ReferenceScanner()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.shouldResolveExternalEntities = false
        parser.delegate = scanner
        // Some Foundations report a recovered error through `parserError` while `parse()` succeeds.
        if !parser.parse() || parser.parserError != nil {
            return [
                Violation(
                    line: parser.lineNumber, column: parser.columnNumber,
                    message: "SVG syntax: \(TemplateSyntax.describe(parser.parserError))")
            ]
        }
        return scanner.references.compactMap { reference in
            problem(with: reference.value).map {
                Violation(line: reference.line, column: reference.column, message: $0, reference: reference.value)
            }
        }
    }

    /// Why `reference` is not allowed, or `nil` when it is. CSS escapes and percent-encoding
    /// are decoded first, so `\\68ttp:` and `%2e%2e/` are seen for what they are.
    func problem(with reference: String) -> String? {
        let value = Self.decoded(reference).trimmingCharacters(in: .whitespacesAndNewlines)
        if value.isEmpty || value.hasPrefix("#") { return nil }
        if let colon = value.firstIndex(of: ":"),
            value[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        {
            let scheme = value[..<colon].lowercased()
            guard scheme == "data" else {
                return
                    "reference \"\(reference)\" uses the \(scheme): scheme; only data: URIs and files in the templates folder are allowed"
            }
            return Self.embeddedData(value).flatMap(Self.contentProblem).map { "data: URI: \($0)" }
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
        // A symbolic link inside the folder must not lead out of it either.
        let resolvedRoot = templates.standardizedFileURL.resolvingSymlinksInPath().path
        let resolved = URL(fileURLWithPath: target).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/") else {
            return "reference \"\(reference)\" points outside the templates folder through a symbolic link"
        }
        var info = stat()
        guard stat(resolved, &info) == 0 else {
            // librsvg would leave the element out without a word.
            let missing = templates.appendingPathComponent(path).relativePathForDisplay
            return
                "reference \"\(reference)\" names a file that does not exist (\(missing)): add it to the templates folder, or fix the name"
        }
        guard info.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: resolved) else {
            return "reference \"\(reference)\" is not a file that can be read"
        }
        return Self.contentProblem(data).map { "reference \"\(reference)\": \($0)" }
    }

    /// The bytes of a `data:` URI (base64 or plain), or `nil` when it is malformed.
    static func embeddedData(_ uri: String) -> Data? {
        guard let comma = uri.firstIndex(of: ",") else { return nil }
        let header = uri[uri.index(uri.startIndex, offsetBy: 5)..<comma].lowercased()
        let payload = uri[uri.index(after: comma)...]
        return header.hasSuffix(";base64") ? Data(base64Encoded: String(payload), options: .ignoreUnknownCharacters) : Data(payload.utf8)
    }

    /// Why an image or document an SVG loads is refused: a PNG or JPEG over
    /// ``DeviceCatalog/maximumSide`` pixels a side (a few hundred KB can decode to gigabytes),
    /// text (SVG, CSS) holding markup ``forbiddenMarkup(in:)`` refuses, or any other format,
    /// whose decoder nothing here can bound.
    static func contentProblem(_ data: Data) -> String? {
        if data.starts(with: ImageHeaderProbe.pngSignature) || data.starts(with: [0xFF, 0xD8]) {
            let header: ImageHeader
            do { header = try ImageHeaderProbe.probe(InMemoryBytes(data)) } catch {
                // Too short to declare a size: nothing to decode. Anything else is refused.
                if case .truncated = error.reason { return nil }
                return "an image whose header cannot be read (\(error.description))"
            }
            guard max(header.width, header.height) > DeviceCatalog.maximumSide else { return nil }
            return "an image of \(header.width)x\(header.height) pixels; images may be at most \(DeviceCatalog.maximumSide) pixels a side"
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return "neither PNG, JPEG nor UTF-8 text (SVG, CSS): other formats are not allowed"
        }
        return forbiddenMarkup(in: text)?.message
    }

    /// `text` with CSS escapes (`\\68`, `\\:`) and percent-encoding (`%2e`) resolved.
    static func decoded(_ text: String) -> String {
        // Most attribute values have nothing to resolve; this runs for every attribute of every instance.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "%") }) else { return text }
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
                let decoded = Unicode.Scalar(code)
            {
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

extension SVGReferencePolicy {
    /// Built once, like every pattern here: a regex literal is compiled each time it is evaluated.
    nonisolated(unsafe) private static let encodingPattern = /<\?xml[^>]*?encoding\s*=\s*["']([^"']*)["']/

    /// Markup refused in every instance, in an embedded document, and in a template once its
    /// prologue is imported (``XMLPrologue`` writes a template's own entities out, boundedly),
    /// before any XML parser sees it, with where it starts. An entity declaration can expand a few
    /// hundred bytes into gigabytes ("billion laughs"; a 300 KB quadratic blow-up takes librsvg
    /// 12 GB and two minutes before it aborts), and an encoding other than UTF-8 (UTF-7:
    /// `+ADw-!ENTITY`) or a NUL character (which switches libxml2 to UTF-16) could hide one from
    /// this check.
    static func forbiddenMarkup(in text: String) -> (index: String.Index, message: String)? {
        if let index = text.utf8.firstIndex(ofASCII: "<!ENTITY") {
            return (
                index,
                "XML entity declarations (<!ENTITY) are not allowed: an entity can expand to gigabytes (\"billion laughs\"); write the text out, or use a Mustache key or partial"
            )
        }
        if let index = text.utf8.firstIndex(of: 0) {
            return (index, "a NUL character is not allowed in an SVG")
        }
        return forbiddenEncoding(in: text)
    }

    /// An XML declaration naming an encoding other than UTF-8, with where it starts.
    static func forbiddenEncoding(in text: String) -> (index: String.Index, message: String)? {
        guard text.utf8.firstIndex(ofASCII: "<?xml") != nil, let match = text.firstMatch(of: encodingPattern),
            match.output.1.lowercased() != "utf-8"
        else { return nil }
        return (match.range.lowerBound, "encoding \"\(match.output.1)\" is not allowed: templates are UTF-8")
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

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
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
        let href = data.flatMap { $0.firstMatch(of: Self.hrefPattern).map { String($0.output.1) } } ?? "(none)"
        references.append(Reference(value: href, line: parser.lineNumber, column: parser.columnNumber))
    }

    /// Built once: a regex literal is compiled each time it is evaluated.
    nonisolated(unsafe) private static let hrefPattern = /href\s*=\s*["']([^"']*)["']/
    nonisolated(unsafe) private static let urlPattern = /(?i)url\(\s*['"]?([^'")]*)['"]?\s*\)|@import\s+['"]([^'"]*)['"]/

    /// `url(...)` (any case) and `@import "..."` in CSS or presentation attributes, after
    /// resolving CSS escapes.
    private func addURLs(in text: String, at place: (Int, Int)) {
        let css = SVGReferencePolicy.decoded(text)
        guard
            css.utf8.firstIndex(ofASCII: "url", caseInsensitive: true) != nil
                || css.utf8.firstIndex(ofASCII: "@import", caseInsensitive: true) != nil
        else { return }
        for match in css.matches(of: Self.urlPattern) {
            let value = String(match.output.1 ?? match.output.2 ?? "")
            references.append(Reference(value: value, line: place.0, column: place.1))
        }
    }
}
