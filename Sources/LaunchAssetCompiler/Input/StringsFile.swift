import Foundation

/// One `.strings` table: the old-style property-list text of `"key" = "value";` entries, with
/// `/* */` and `//` comments, in UTF-8 or in UTF-16 with a byte-order mark.
///
/// Read the way CoreFoundation reads it at run time: `\n \t \" \\ \UXXXX` and octal escapes
/// (any other escaped character stands for itself), keys and values without quotes when they are
/// made of `A-Z a-z 0-9 _ $ / : . -`, `"key";` for a key that is its own value, and a repeated key
/// replacing the earlier one. Foundation's parser reads the same tables, but names a line only
/// (the next one, for a missing `;`) and logs to standard error; this one places every error at
/// its line and column and says what was expected. It refuses what Foundation lets through
/// silently: a comment never closed (hiding the rest of the file), `\U` without four hex
/// digits, and a value that is not text (`{ … }`).
struct StringsFile {
    /// The table's entries: key → text.
    private(set) var entries: [String: String] = [:]

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// Reads the table at `url`; an error names the file.
    init(contentsOf url: URL) throws(CompilerError) {
        let file = url.relativePathForDisplay
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CompilerError(Diagnostic.unreadable("strings table", reason: url.readFailure(error)).placed(file: file, path: nil))
        }
        do {
            self = try StringsFile(data)
        } catch {
            var diagnostic = error
            diagnostic.file = file
            throw CompilerError(diagnostic)
        }
    }

    /// Reads a table's bytes; throws a ``Diagnostic`` (without a file) at the first error.
    init(_ data: Data) throws(Diagnostic) {
        bytes = Array(try Self.text(of: data).utf8)
        try skipSpace()
        // A table may also be written as one braced dictionary, as any old-style property list.
        let brace = here
        let braced = consume(UInt8(ascii: "{"))
        while true {
            try skipSpace()
            if braced, consume(UInt8(ascii: "}")) {
                try skipSpace()
                guard index == bytes.count else { throw failure("unexpected text after the closing '}'") }
                return
            }
            guard index < bytes.count else {
                if braced {
                    throw Diagnostic.tableNeverClosed.placed(file: nil, line: brace.line, column: brace.column, path: nil)
                }
                return
            }
            try entry()
        }
    }

    // MARK: - Entries

    private mutating func entry() throws(Diagnostic) {
        guard let key = try string() else {
            throw failure("expected a key in quotes")
        }
        let afterKey = here
        try skipSpace()
        if consume(UInt8(ascii: ";")) {
            entries[key] = key
            return
        }
        guard consume(UInt8(ascii: "=")) else {
            throw failure("expected '=' after the key \"\(key)\"", at: afterKey)
        }
        try skipSpace()
        guard let value = try string() else {
            throw failure("expected the text of \"\(key)\" in quotes")
        }
        let afterValue = here
        try skipSpace()
        guard consume(UInt8(ascii: ";")) else {
            throw failure("expected ';' after the value of \"\(key)\"", at: afterValue)
        }
        entries[key] = value
    }

    /// A quoted or unquoted string, or `nil` when none starts here.
    private mutating func string() throws(Diagnostic) -> String? {
        guard index < bytes.count else { return nil }
        let first = bytes[index]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { return try quoted(closingWith: first) }
        let start = index
        while index < bytes.count, Self.isUnquoted(bytes[index]) { index += 1 }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    /// Characters a key or value may be made of without quotes.
    private static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private mutating func quoted(closingWith quote: UInt8) throws(Diagnostic) -> String {
        let start = here
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case quote:
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let escape = here
                index += 1
                guard index < bytes.count else { break }
                text += try escaped(at: escape)
            default:
                advance()
                text.append(byte)
            }
        }
        throw Diagnostic.quotedTextNeverClosed.placed(file: nil, line: start.line, column: start.column, path: nil)
    }

    /// The bytes an escape stands for; `index` is just past the backslash.
    private mutating func escaped(at escape: JSONSourceMap.Position) throws(Diagnostic) -> [UInt8] {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            // Up to three octal digits: a NeXTSTEP character, the same as ASCII below 128.
            var value = UInt32(byte - UInt8(ascii: "0"))
            for _ in 0..<2 {
                guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) else { break }
                value = value * 8 + UInt32(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            guard value < 0x80 else {
                throw escapeError("octal escape above \\177 (a NeXTSTEP character); write it as \\UXXXX", at: escape)
            }
            return [UInt8(value)]
        case UInt8(ascii: "U"):
            var value = try hexQuad(at: escape)
            if (0xD800..<0xDC00).contains(value) {
                guard bytes[index...].starts(with: Array("\\U".utf8)) else {
                    throw escapeError(
                        "\\U\(hex(value)) is the first half of a surrogate pair; the second (\\UDC00 to \\UDFFF) must follow", at: escape)
                }
                index += 2
                let low = try hexQuad(at: escape)
                guard (0xDC00..<0xE000).contains(low) else {
                    throw escapeError(
                        "\\U\(hex(value)) is the first half of a surrogate pair; the second (\\UDC00 to \\UDFFF) must follow", at: escape)
                }
                value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw escapeError("\\U\(hex(value)) is half of a surrogate pair without its first half", at: escape)
            }
            return Array(String(scalar).utf8)
        case UInt8(ascii: "a"): return [0x07]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "v"): return [0x0B]
        default:
            // Any other character stands for itself (`\"`, `\\`, `\'`), a whole UTF-8 sequence.
            index -= 1
            let start = index
            advance()
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            return Array(bytes[start..<index])
        }
    }

    /// The four hex digits after `\U`.
    private mutating func hexQuad(at escape: JSONSourceMap.Position) throws(Diagnostic) -> UInt32 {
        guard bytes.count - index >= 4, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw escapeError("expected four hex digits after \\U", at: escape) }
        index += 4
        return value
    }

    private func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }

    // MARK: - Scanning

    private var here: JSONSourceMap.Position { .init(line: line, column: index - lineStart + 1) }

    /// Steps over one byte, counting lines.
    private mutating func advance() {
        if bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Skips white space (including U+2028 and U+2029) and comments.
    private mutating func skipSpace() throws(Diagnostic) {
        while index < bytes.count {
            switch bytes[index] {
            case 0x09...0x0D, 0x20: advance()
            case 0xE2 where bytes[index...].starts(with: [0xE2, 0x80, 0xA8]) || bytes[index...].starts(with: [0xE2, 0x80, 0xA9]):
                index += 3
            case UInt8(ascii: "/") where bytes[index...].starts(with: Array("//".utf8)):
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            case UInt8(ascii: "/") where bytes[index...].starts(with: Array("/*".utf8)):
                let start = here
                index += 2
                while index < bytes.count, !bytes[index...].starts(with: Array("*/".utf8)) { advance() }
                guard index < bytes.count else {
                    throw Diagnostic.commentNeverClosed.placed(file: nil, line: start.line, column: start.column, path: nil)
                }
                index += 2
            default: return
            }
        }
    }

    /// An error about the escape at `place`.
    private func escapeError(_ message: String, at place: JSONSourceMap.Position) -> Diagnostic {
        Diagnostic(line: place.line, column: place.column, message: message)
    }

    /// An error at `place` (else here) naming what stands here, when that is on the same line.
    private func failure(_ message: String, at place: JSONSourceMap.Position? = nil) -> Diagnostic {
        let place = place ?? here
        var found = ""
        if index >= bytes.count {
            found = ", found the end of the file"
        } else if place.line == line {
            found = ", found \(foundText)"
        }
        return Diagnostic(line: place.line, column: place.column, message: message + found)
    }

    /// What stands at the current position, printable on one line.
    private var foundText: String {
        let byte = bytes[index]
        switch byte {
        case 0x0A, 0x0D: return "the end of the line"
        case 0x00..<0x20, 0x7F: return "control character U+\(String(format: "%04X", byte))"
        case 0x80...:
            var end = index + 1
            while end < bytes.count, end - index < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return "'\(String(decoding: bytes[index..<end], as: UTF8.self))'"
        default: return "'\(Character(Unicode.Scalar(byte)))'"
        }
    }

    // MARK: - Encoding

    /// The file's text: UTF-16 after a byte-order mark, else UTF-8 (a UTF-8 mark is dropped).
    private static func text(of data: Data) throws(Diagnostic) -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            guard bytes.count % 2 == 0 else {
                throw Diagnostic.oddUTF16
            }
            let units = stride(from: 2, to: bytes.count, by: 2).map { offset in
                littleEndian
                    ? UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8 : UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
            }
            var scalars = String.UnicodeScalarView()
            var iterator = units.makeIterator()
            var decoder = UTF16()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): scalars.append(scalar)
                case .emptyInput: return String(scalars)
                case .error:
                    let text = String(scalars)
                    let line = text.count(where: { $0 == "\n" }) + 1
                    throw Diagnostic.unpairedSurrogate(after: scalars.count).placed(file: nil, line: line, path: nil)
                }
            }
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        if let text = String(data: Data(body), encoding: .utf8) { return text }
        let bad = firstInvalidUTF8Offset(in: body)
        let prefix = body[body.startIndex..<bad]
        let line = prefix.count(where: { $0 == 0x0A }) + 1
        let column = bad - (prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? body.startIndex) + 1
        throw Diagnostic.notUTF8(byteOffset: bad, hint: "save the table as UTF-8, or as UTF-16 with a byte-order mark").placed(
            file: nil, line: line, column: column, path: nil)
    }

    private static func firstInvalidUTF8Offset(in bytes: ArraySlice<UInt8>) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = bytes.startIndex
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) { offset += scalar.count }
        return offset
    }
}
