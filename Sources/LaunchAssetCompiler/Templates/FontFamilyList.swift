import Foundation

/// One `font-family` value written in a template: the families it names, in order of preference.
///
/// Found where SVG allows one: a `font-family` attribute, a `font-family` declaration in a
/// `style` attribute, and one in a `<style>` element's rules.
struct FontFamilyList: Hashable, Sendable {
    /// The family names, unquoted.
    var families: [String]
    /// The UTF-8 offset of the value in the text it was found in.
    var offset: Int

    /// Whether the list ends in a family CSS defines (`sans-serif`): the text then always has a font.
    var endsInGeneric: Bool {
        families.last.map { TemplateFonts.genericFamilies.contains($0.lowercased()) } ?? false
    }

    /// Every list in `text`, in the order written; a value with a Mustache tag is left out (its
    /// families are known once instantiated).
    static func all(in text: String) -> [FontFamilyList] {
        let bytes = Array(text.utf8)
        var lists: [FontFamilyList] = []
        for (name, range) in InclusionScope.attributeValues(in: bytes) {
            if name == "font-family" {
                lists.append(FontFamilyList(value: bytes[range], offset: range.lowerBound))
            } else if name == "style" {
                lists += declarations(in: bytes[range])
            }
        }
        var index = 0
        while let open = bytes[index...].firstRange(of: Array("<style".utf8)),
            let contentStart = bytes[open.upperBound...].firstIndex(of: UInt8(ascii: ">")).map({ $0 + 1 })
        {
            let contentEnd = bytes[contentStart...].firstRange(of: Array("</style".utf8))?.lowerBound ?? bytes.count
            lists += declarations(in: bytes[contentStart..<contentEnd])
            index = contentEnd
        }
        return lists.filter { !$0.families.isEmpty && !$0.families.contains { $0.contains("{{") } }
    }

    /// The `font-family` declarations of CSS text.
    private static func declarations(in css: ArraySlice<UInt8>) -> [FontFamilyList] {
        var lists: [FontFamilyList] = []
        var index = css.startIndex
        let property = Array("font-family".utf8)
        while let found = css[index...].firstRange(of: property) {
            index = found.upperBound
            // A property name: not the end of a longer one (`-font-family`).
            if found.lowerBound > css.startIndex, isNameByte(css[found.lowerBound - 1]) { continue }
            var colon = found.upperBound
            while colon < css.endIndex, css[colon] == 0x20 || css[colon] == 0x09 || css[colon] == 0x0A { colon += 1 }
            guard colon < css.endIndex, css[colon] == UInt8(ascii: ":") else { continue }
            var end = colon + 1
            var quote: UInt8?
            while end < css.endIndex {
                let byte = css[end]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                    quote = byte
                } else if byte == UInt8(ascii: ";") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "!") {
                    break
                }
                end += 1
            }
            lists.append(FontFamilyList(value: css[(colon + 1)..<end], offset: colon + 1))
            index = end
        }
        return lists
    }

    /// Splits a value at commas outside quotes, unquoting each family.
    private init(value: ArraySlice<UInt8>, offset: Int) {
        var families: [String] = []
        var current: [UInt8] = []
        var quote: UInt8?
        for byte in value {
            if let open = quote {
                if byte == open { quote = nil } else { current.append(byte) }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: ",") {
                families.append(String(decoding: current, as: UTF8.self))
                current = []
            } else {
                current.append(byte)
            }
        }
        families.append(String(decoding: current, as: UTF8.self))
        self.families = families.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        self.offset = offset
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
    }
}
