/// What a design tool writes before its `<svg>`: the XML declaration, a byte-order mark, and a
/// document type declaration whose internal subset may declare text entities (Illustrator's
/// "preserve editing" exports name their namespace URIs that way). None of it may appear where a
/// partial is included, inside another document, so an import blanks it out (spaces, keeping
/// every line and column of the file) and writes each declared entity out where it is used.
///
/// Entities are expanded here, boundedly, and never by an XML parser: a "billion laughs" stops at
/// ``expansionLimit``. External and parameter entities are refused.
enum XMLPrologue {
    /// At most this many bytes of entity text are written into one template. An Illustrator
    /// export uses a few hundred.
    static let expansionLimit = 1 << 20

    /// What stops an import, at a byte offset of the file.
    struct Problem: Error, Equatable {
        var offset: Int
        var message: String
    }

    /// `text` with its prologue blanked and its entity references written out.
    static func imported(_ text: String) throws(Problem) -> String {
        var scanner = Scanner(Array(text.utf8))
        try scanner.importPrologue()
        try scanner.expandReferences()
        return String(decoding: scanner.output, as: UTF8.self)
    }

    private struct Entity {
        var value: [UInt8]
        var offset: Int
    }

    private struct Scanner {
        let input: [UInt8]
        var position = 0
        var output: [UInt8] = []
        var entities: [String: Entity] = [:]
        /// Expanded values, each computed once.
        var expansions: [String: [UInt8]] = [:]
        var expanded = 0

        init(_ input: [UInt8]) {
            self.input = input
            output.reserveCapacity(input.count)
        }

        // MARK: The prologue

        mutating func importPrologue() throws(Problem) {
            if starts(with: [0xEF, 0xBB, 0xBF]) {  // A byte-order mark: one character, one space.
                output.append(UInt8(ascii: " "))
                position += 3
            }
            while position < input.count {
                if XMLBytes.isSpace(input[position]) {
                    copy(1)
                } else if starts(with: "<?xml"), position + 5 < input.count,
                    XMLBytes.isSpace(input[position + 5]) || input[position + 5] == UInt8(ascii: "?")
                {
                    blank(through: "?>")
                } else if starts(with: "<!--") {
                    copy(through: "-->")
                } else if starts(with: "<?") {
                    copy(through: "?>")
                } else if starts(with: "<!DOCTYPE") {
                    try documentType()
                } else {
                    return
                }
            }
        }

        /// `<!DOCTYPE name (PUBLIC "…" "…" | SYSTEM "…")? ([ internal subset ])? >`, blanked.
        private mutating func documentType() throws(Problem) {
            let start = position
            position += 9
            while position < input.count, input[position] != UInt8(ascii: ">") {
                switch input[position] {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): skipQuoted()
                case UInt8(ascii: "["):
                    position += 1
                    try internalSubset(of: start)
                default: position += 1
                }
            }
            guard position < input.count else {
                throw Problem(offset: start, message: "the document type declaration (<!DOCTYPE) is never closed with >")
            }
            position += 1
            blankInput(from: start, to: position)
        }

        /// Entity declarations are kept; element, attribute-list and notation declarations,
        /// comments and processing instructions are skipped. An unclosed subset is reported at
        /// its `<!DOCTYPE`, which starts at `doctype`.
        private mutating func internalSubset(of doctype: Int) throws(Problem) {
            while true {
                while position < input.count, XMLBytes.isSpace(input[position]) { position += 1 }
                guard position < input.count else {
                    throw Problem(offset: doctype, message: "the document type declaration's internal subset is never closed with ]")
                }
                if input[position] == UInt8(ascii: "]") {
                    position += 1
                    return
                } else if starts(with: "<!--") {
                    skip(through: "-->")
                } else if starts(with: "<?") {
                    skip(through: "?>")
                } else if starts(with: "<!ENTITY") {
                    try entityDeclaration()
                } else if starts(with: "<!ATTLIST") || starts(with: "<!ELEMENT") || starts(with: "<!NOTATION") {
                    while position < input.count, input[position] != UInt8(ascii: ">") {
                        if input[position] == UInt8(ascii: "\"") || input[position] == UInt8(ascii: "'") {
                            skipQuoted()
                        } else {
                            position += 1
                        }
                    }
                    position += 1
                } else if input[position] == UInt8(ascii: "%") {
                    throw Problem(
                        offset: position, message: "parameter entity references (%name;) are not allowed: export the SVG without a DTD")
                } else {
                    throw Problem(
                        offset: position,
                        message: "unexpected text in the document type declaration: expected <!ENTITY, <!ATTLIST, <!ELEMENT, a comment or ]"
                    )
                }
            }
        }

        /// `<!ENTITY name "text">`: kept when its value is plain text.
        private mutating func entityDeclaration() throws(Problem) {
            let start = position
            position += 8
            skipSpaces()
            if position < input.count, input[position] == UInt8(ascii: "%") {
                throw Problem(offset: start, message: "parameter entities (<!ENTITY %) are not allowed: export the SVG without a DTD")
            }
            let name = readName()
            guard !name.isEmpty else { throw Problem(offset: start, message: "an entity declaration without a name") }
            skipSpaces()
            guard position < input.count, input[position] == UInt8(ascii: "\"") || input[position] == UInt8(ascii: "'") else {
                throw Problem(
                    offset: start,
                    message:
                        "entity \"\(name)\" is external (SYSTEM or PUBLIC): only entities whose value is written in the file are allowed; "
                        + "in Illustrator, export with \"Preserve Illustrator Editing Capabilities\" off, or write the text out")
            }
            let quote = input[position]
            let valueStart = position + 1
            position = valueStart
            while position < input.count, input[position] != quote { position += 1 }
            let value = Array(input[valueStart..<min(position, input.count)])
            position += 1
            skipSpaces()
            guard position < input.count, input[position] == UInt8(ascii: ">") else {
                throw Problem(offset: start, message: "entity \"\(name)\": expected > after its value")
            }
            position += 1
            if value.contains(UInt8(ascii: "<")) {
                throw Problem(
                    offset: start,
                    message: "entity \"\(name)\" holds markup: only entities of plain text are expanded; write the markup out")
            }
            if value.contains(UInt8(ascii: "%")) {
                throw Problem(offset: start, message: "entity \"\(name)\" refers to a parameter entity (%): write its text out")
            }
            if entities[name] == nil { entities[name] = Entity(value: value, offset: start) }  // The first declaration counts.
        }

        // MARK: References

        /// Copies the rest of the document, writing declared entities out. Comments and CDATA
        /// sections are copied as they are; character references and the five predefined
        /// entities stay for the XML parser.
        mutating func expandReferences() throws(Problem) {
            while position < input.count {
                guard let next = input[position...].firstIndex(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") }) else {
                    output += input[position...]
                    position = input.count
                    return
                }
                output += input[position..<next]
                position = next
                if starts(with: "<!--") {
                    copy(through: "-->")
                } else if starts(with: "<![CDATA[") {
                    copy(through: "]]>")
                } else if input[position] == UInt8(ascii: "<") {
                    copy(1)
                } else {
                    try reference()
                }
            }
        }

        private mutating func reference() throws(Problem) {
            let start = position
            position += 1
            if position < input.count, input[position] == UInt8(ascii: "#") {
                output.append(UInt8(ascii: "&"))
                return
            }
            let name = readName()
            guard !name.isEmpty, position < input.count, input[position] == UInt8(ascii: ";") else {
                // Not a reference (`{{& key}}`, a stray ampersand): the XML parser says what it is.
                output += input[start..<position]
                return
            }
            position += 1
            if Self.predefined.contains(name) {
                output += input[start..<position]
                return
            }
            var visiting: [String] = []
            output += try expansion(of: name, at: start, visiting: &visiting)
        }

        private static let predefined: Set<String> = ["lt", "gt", "amp", "quot", "apos"]

        /// The entity's text with the references inside it written out, quotes escaped so that it
        /// fits an attribute value as well as text. `offset` is the reference in the document:
        /// where an expansion past the limit is reported; a reference inside a declaration that
        /// names no entity is reported at that declaration.
        private mutating func expansion(of name: String, at offset: Int, visiting: inout [String]) throws(Problem) -> [UInt8] {
            guard let entity = entities[name] else {
                throw Problem(
                    offset: visiting.last.flatMap { entities[$0]?.offset } ?? offset,
                    message:
                        "entity &\(name); is not declared: XML knows only &lt; &gt; &amp; &quot; &apos;; write the character itself, or a character reference such as &#160;"
                )
            }
            if visiting.contains(name) {
                throw Problem(
                    offset: entity.offset, message: "entity \"\(name)\" refers to itself (\((visiting + [name]).joined(separator: " → ")))")
            }
            let text: [UInt8]
            if let known = expansions[name] {
                text = known
            } else {
                visiting.append(name)
                var built: [UInt8] = []
                var index = 0
                let value = entity.value
                while index < value.count {
                    let byte = value[index]
                    if byte == UInt8(ascii: "&"), index + 1 < value.count, value[index + 1] != UInt8(ascii: "#"),
                        let semicolon = value[index...].firstIndex(of: UInt8(ascii: ";"))
                    {
                        let inner = String(decoding: value[(index + 1)..<semicolon], as: UTF8.self)
                        built +=
                            Self.predefined.contains(inner)
                            ? Array(value[index...semicolon])
                            : try expansion(
                                of: inner, at: offset, visiting: &visiting)
                        index = semicolon + 1
                    } else {
                        switch byte {
                        case UInt8(ascii: "\""): built += Array("&quot;".utf8)
                        case UInt8(ascii: "'"): built += Array("&apos;".utf8)
                        default: built.append(byte)
                        }
                        index += 1
                    }
                    guard built.count <= XMLPrologue.expansionLimit else { throw tooLarge(name, at: offset) }
                }
                visiting.removeLast()
                expansions[name] = built
                text = built
            }
            expanded += text.count
            guard expanded <= XMLPrologue.expansionLimit else { throw tooLarge(name, at: offset) }
            return text
        }

        private func tooLarge(_ name: String, at offset: Int) -> Problem {
            Problem(
                offset: offset,
                message:
                    "entity &\(name); takes the template's entity text past \(XMLPrologue.expansionLimit / (1 << 20)) MB: an entity can expand to gigabytes (\"billion laughs\"); write the text out, or use a Mustache key or partial"
            )
        }

        // MARK: Bytes

        private func starts(with prefix: StaticString) -> Bool {
            starts(with: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
        }

        private func starts(with prefix: some Collection<UInt8>) -> Bool {
            input.count - position >= prefix.count && input[position..<(position + prefix.count)].elementsEqual(prefix)
        }

        private mutating func skipSpaces() {
            while position < input.count, XMLBytes.isSpace(input[position]) { position += 1 }
        }

        private mutating func readName() -> String {
            let start = position
            while position < input.count, XMLBytes.isName(input[position]) { position += 1 }
            return String(decoding: input[start..<position], as: UTF8.self)
        }

        private mutating func skipQuoted() {
            let quote = input[position]
            position += 1
            while position < input.count, input[position] != quote { position += 1 }
            position += 1
        }

        /// The end of `terminator` from here, or the end of the input.
        private func end(of terminator: StaticString) -> Int {
            let pattern = UnsafeBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount)
            var index = position
            while index + pattern.count <= input.count {
                if input[index..<(index + pattern.count)].elementsEqual(pattern) { return index + pattern.count }
                index += 1
            }
            return input.count
        }

        private mutating func skip(through terminator: StaticString) { position = end(of: terminator) }

        private mutating func copy(through terminator: StaticString) {
            let end = end(of: terminator)
            output += input[position..<end]
            position = end
        }

        private mutating func copy(_ count: Int) {
            output += input[position..<(position + count)]
            position += count
        }

        private mutating func blank(through terminator: StaticString) {
            let end = end(of: terminator)
            blankInput(from: position, to: end)
            position = end
        }

        /// One space per character and every line break kept, so later lines and columns stay where the file has them.
        private mutating func blankInput(from start: Int, to end: Int) {
            for byte in input[start..<end] where byte & 0xC0 != 0x80 {
                output.append(byte == 0x0A || byte == 0x0D ? byte : UInt8(ascii: " "))
            }
        }
    }
}
