/// Gives each inclusion of a partial its own IDs and style-sheet classes.
///
/// Design tools name things the same way in every export (Figma: `pattern0`, `clip0_1_2`,
/// `filter0_d`; Illustrator: `SVGID_1_` and classes `.st0`), and an SVG document has one
/// namespace for IDs and one style sheet: two exports in one template would draw each other's
/// patterns and colours. So when a template is registered, each ID it defines and each class its
/// own `<style>` defines is marked, with every reference to it (`url(#…)`, `href="#…"`,
/// `xlink:href="#…"`, `#…` and `.…` selectors), and the template is wrapped in inclusion marks.
/// ``resolve(_:)`` then turns each mark into a prefix for the inclusion it is in: nothing for the
/// template being instantiated, `logo-1-`, `logo-2-`… for the partials it includes. An ID another
/// template refers to stays as it is, so a template can still use a partial's definitions.
///
/// The marks are private-use characters, which a template may not contain.
enum InclusionScope {
    /// Starts an inclusion; the partial's name follows, ended by ``nameEnd``.
    static let begin: Unicode.Scalar = "\u{F0001}"
    static let nameEnd: Unicode.Scalar = "\u{F0002}"
    /// Ends the innermost inclusion.
    static let end: Unicode.Scalar = "\u{F0003}"
    /// Stands for the inclusion's prefix.
    static let prefix: Unicode.Scalar = "\u{F0004}"

    /// The names `text` gives its own content.
    struct Names {
        /// Values of `id` attributes (without Mustache tags).
        var ids: Set<String> = []
        /// Classes the selectors of its `<style>` elements name.
        var styleClasses: Set<String> = []
        /// IDs it refers to with `#name`.
        var references: Set<String> = []
    }

    static func names(in text: String) -> Names {
        let bytes = Array(text.utf8)
        var names = Names()
        for value in attributeValues(in: bytes) {
            let string = String(decoding: bytes[value.range], as: UTF8.self)
            if value.name == "id", !string.contains("{{") {
                names.ids.insert(string)
            } else if value.name.hasSuffix("href"), string.hasPrefix("#") {
                names.references.insert(String(string.dropFirst()))
            }
        }
        for index in urlFragments(in: bytes) { names.references.insert(String(decoding: bytes[index], as: UTF8.self)) }
        for selector in styleSelectors(in: bytes) {
            let name = String(decoding: bytes[selector.name], as: UTF8.self)
            if selector.isClass { names.styleClasses.insert(name) } else { names.references.insert(name) }
        }
        return names
    }

    /// `text` wrapped in inclusion marks for `name`, with `ids` and `classes` marked wherever
    /// they are defined or referred to.
    static func marked(_ text: String, name: String, ids: Set<String>, classes: Set<String>) -> String {
        let bytes = Array(text.utf8)
        var insertions: [Int] = []
        for value in attributeValues(in: bytes) {
            let string = String(decoding: bytes[value.range], as: UTF8.self)
            if value.name == "id", ids.contains(string) {
                insertions.append(value.range.lowerBound)
            } else if value.name.hasSuffix("href"), string.hasPrefix("#"), ids.contains(String(string.dropFirst())) {
                insertions.append(value.range.lowerBound + 1)
            } else if value.name == "class", !classes.isEmpty {
                var start = value.range.lowerBound
                for token in string.split(separator: " ", omittingEmptySubsequences: false) {
                    if classes.contains(String(token)) { insertions.append(start) }
                    start += token.utf8.count + 1
                }
            }
        }
        for fragment in urlFragments(in: bytes) where ids.contains(String(decoding: bytes[fragment], as: UTF8.self)) {
            insertions.append(fragment.lowerBound)
        }
        for selector in styleSelectors(in: bytes) {
            let name = String(decoding: bytes[selector.name], as: UTF8.self)
            if selector.isClass ? classes.contains(name) : ids.contains(name) { insertions.append(selector.name.lowerBound) }
        }
        var output = String.UnicodeScalarView()
        output.append(begin)
        output.append(contentsOf: name.unicodeScalars)
        output.append(nameEnd)
        var copied = 0
        for insertion in Set(insertions).sorted() {
            output.append(contentsOf: String(decoding: bytes[copied..<insertion], as: UTF8.self).unicodeScalars)
            output.append(prefix)
            copied = insertion
        }
        output.append(contentsOf: String(decoding: bytes[copied...], as: UTF8.self).unicodeScalars)
        output.append(end)
        return String(output)
    }

    /// The first inclusion mark in a template file, which may not hold one.
    static func firstMark(in text: String) -> String.Index? {
        text.unicodeScalars.firstIndex { (begin.value...prefix.value).contains($0.value) }
    }

    /// An instance with its marks replaced: each ``prefix`` by its inclusion's prefix.
    static func resolve(_ instance: String) -> String {
        var instance = instance
        return instance.withUTF8 { bytes in
            // Every mark is four bytes, F3 B0 80 8x.
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var prefixes: [[UInt8]] = []
            var counts: [String: Int] = [:]
            var index = 0
            while index < bytes.count {
                guard bytes[index] == 0xF3, index + 3 < bytes.count, bytes[index + 1] == 0xB0, bytes[index + 2] == 0x80 else {
                    output.append(bytes[index])
                    index += 1
                    continue
                }
                switch UInt32(bytes[index + 3] & 0x3F) {
                case begin.value & 0x3F:
                    var nameEndIndex = index + 4
                    while nameEndIndex + 3 < bytes.count, !(bytes[nameEndIndex] == 0xF3 && bytes[nameEndIndex + 3] == 0x82) {
                        nameEndIndex += 1
                    }
                    let name = String(decoding: bytes[(index + 4)..<nameEndIndex], as: UTF8.self)
                    if prefixes.isEmpty {
                        prefixes.append([])
                    } else {
                        counts[name, default: 0] += 1
                        prefixes.append(Array("\(identifier(name))-\(counts[name]!)-".utf8))
                    }
                    index = nameEndIndex + 4
                case end.value & 0x3F:
                    prefixes.removeLast()
                    index += 4
                default:
                    output += prefixes.last ?? []
                    index += 4
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// `name` as the start of an XML name and CSS identifier: letters, digits, `_` and `-`, not
    /// starting with a digit.
    private static func identifier(_ name: String) -> String {
        let cleaned = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
        return cleaned.first.map { $0.isLetter || $0 == "_" } == true ? cleaned : "_" + cleaned
    }

    // MARK: - Scanning

    /// An attribute's name and the range of its value, for every attribute in every tag.
    static func attributeValues(in bytes: [UInt8]) -> [(name: String, range: Range<Int>)] {
        var values: [(String, Range<Int>)] = []
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
            if bytes[index...].starts(with: "!--".utf8) {
                index = find("-->", in: bytes, from: index) ?? bytes.count
                continue
            }
            if bytes[index...].starts(with: "![CDATA[".utf8) {
                index = find("]]>", in: bytes, from: index) ?? bytes.count
                continue
            }
            guard index < bytes.count, XMLBytes.isNameStart(bytes[index]) else { continue }
            // The element's name, then attributes until > (a Mustache tag may sit among them).
            while index < bytes.count, !XMLBytes.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/")
            {
                index += 1
            }
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                guard XMLBytes.isNameStart(bytes[index]) else {
                    index += 1
                    continue
                }
                let nameStart = index
                while index < bytes.count, XMLBytes.isName(bytes[index]) { index += 1 }
                let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
                while index < bytes.count, XMLBytes.isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
                index += 1
                while index < bytes.count, XMLBytes.isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { continue }
                let quote = bytes[index]
                let valueStart = index + 1
                guard let close = bytes[valueStart...].firstIndex(of: quote) else { return values }
                values.append((name, valueStart..<close))
                index = close + 1
            }
        }
        return values
    }

    /// The name in every `url(#name)`, anywhere (attributes, `style`, style sheets).
    private static func urlFragments(in bytes: [UInt8]) -> [Range<Int>] {
        var fragments: [Range<Int>] = []
        var index = 0
        while let found = find("url(", in: bytes, from: index) {
            var start = found
            while start < bytes.count,
                XMLBytes.isSpace(bytes[start]) || bytes[start] == UInt8(ascii: "'") || bytes[start] == UInt8(ascii: "\"")
            {
                start += 1
            }
            index = start
            guard start < bytes.count, bytes[start] == UInt8(ascii: "#") else { continue }
            var end = start + 1
            while end < bytes.count, XMLBytes.isName(bytes[end]) { end += 1 }
            if end > start + 1 { fragments.append((start + 1)..<end) }
            index = end
        }
        return fragments
    }

    /// `#name` and `.name` in the selectors of every `<style>` element (outside declaration
    /// blocks, comments and strings).
    private static func styleSelectors(in bytes: [UInt8]) -> [(name: Range<Int>, isClass: Bool)] {
        var selectors: [(Range<Int>, Bool)] = []
        var index = 0
        while let open = find("<style", in: bytes, from: index) {
            guard let contentStart = bytes[open...].firstIndex(of: UInt8(ascii: ">")).map({ $0 + 1 }) else { break }
            let contentEnd = find("</style", in: bytes, from: contentStart).map { $0 - 7 } ?? bytes.count
            var depth = 0
            var position = contentStart
            while position < contentEnd {
                let byte = bytes[position]
                if byte == UInt8(ascii: "/"), position + 1 < contentEnd, bytes[position + 1] == UInt8(ascii: "*") {
                    position = find("*/", in: bytes, from: position + 2) ?? contentEnd
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    position = (bytes[(position + 1)..<contentEnd].firstIndex(of: byte) ?? contentEnd) + 1
                } else if byte == UInt8(ascii: "{") {
                    depth += 1
                    position += 1
                } else if byte == UInt8(ascii: "}") {
                    depth = max(0, depth - 1)
                    position += 1
                } else if depth == 0, byte == UInt8(ascii: "#") || byte == UInt8(ascii: "."), position + 1 < contentEnd,
                    XMLBytes.isNameStart(bytes[position + 1])
                {
                    var end = position + 1
                    while end < contentEnd, XMLBytes.isName(bytes[end]), bytes[end] != UInt8(ascii: ".") { end += 1 }
                    selectors.append(((position + 1)..<end, byte == UInt8(ascii: ".")))
                    position = end
                } else {
                    position += 1
                }
            }
            index = contentEnd
        }
        return selectors
    }

    /// The offset just past the first `needle` at or after `start`.
    private static func find(_ needle: StaticString, in bytes: [UInt8], from start: Int) -> Int? {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first else { return start }
        var index = start
        while index + pattern.count <= bytes.count {
            guard let candidate = bytes[index...].firstIndex(of: first) else { return nil }
            guard candidate + pattern.count <= bytes.count else { return nil }
            if bytes[candidate..<(candidate + pattern.count)].elementsEqual(pattern) { return candidate + pattern.count }
            index = candidate + 1
        }
        return nil
    }
}
