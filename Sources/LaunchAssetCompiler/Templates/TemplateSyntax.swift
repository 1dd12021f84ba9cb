import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Where a template file's own text breaks XML.
///
/// An instance that does not parse is reported at the template or partial that breaks it, in
/// that file's lines, rather than at a line of the instance, which no one has open. Each
/// Mustache tag is read as spaces of its length (valid between attributes, inside a value and in
/// text), so lines and columns are the file's.
enum TemplateSyntax {
    /// The first XML error in `text` (a template as registered, before marking), with its 1-based
    /// line and column.
    static func firstError(in text: String) -> (line: Int, column: Int, message: String)? {
        let blanked = text.replacing(TemplateLibrary.tagPattern) { String(repeating: " ", count: $0.output.0.count) }
        // A partial may be a fragment with several top-level elements: one element holds it all.
        let wrapper = "<template>"
        let parser = XMLParser(data: Data((wrapper + blanked + "</template>").utf8))
        parser.shouldResolveExternalEntities = false
        guard !parser.parse() || parser.parserError != nil else { return nil }
        var line = parser.lineNumber
        var column = line == 1 ? max(1, parser.columnNumber - wrapper.count) : parser.columnNumber
        // An error found at the wrapper's end tag (an unclosed quote runs to the end) is at the file's end.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if line > lines.count || (line == lines.count && column > lines[line - 1].count + 1) {
            let last = text.hasSuffix("\n") && lines.count > 1 ? lines.count - 1 : lines.count
            line = last
            column = lines[last - 1].count + 1
        }
        return (line, column, describe(parser.parserError))
    }

    /// What libxml2's error means, in words.
    static func describe(_ error: (any Error)?) -> String {
        let code = (error as? NSError)?.code ?? 0
        let text: String =
            switch code {
            case 4: "the document is empty"
            case 5, 77: "an element is never closed (its end tag is missing)"
            case 6, 7, 8: "a character reference (&#…;) that names no character"
            case 9: "a character XML does not allow"
            case 22, 23, 24, 25: "an & that does not start an entity reference: write &amp;"
            case 26: "an entity that is not declared: XML knows only &lt; &gt; &amp; &quot; &apos;"
            case 38: "a < inside an attribute value: write &lt;"
            case 39: "an attribute value without its opening quote"
            case 40: "an attribute value without its closing quote"
            case 41: "an attribute without a value: write name=\"value\""
            case 42: "the same attribute twice on one element"
            case 45: "a comment that is never closed with -->"
            case 47: "a processing instruction that is never closed with ?>"
            case 62: "]]> outside a CDATA section"
            case 63: "a CDATA section that is never closed with ]]>"
            case 64: "an XML declaration (<?xml …?>) that is not at the very start of the document"
            case 65: "no space between two attributes"
            case 68: "a name is missing where an element or attribute name belongs"
            case 73: "a tag that is not closed with >"
            case 76: "an end tag that does not match the element it closes"
            case 80: "\"--\" inside a comment"
            case 85: "markup that is not well balanced"
            case 86: "content after the document's root element"
            default: "malformed XML"
            }
        return code == 0 ? text : "\(text) (XML error \(code))"
    }
}
