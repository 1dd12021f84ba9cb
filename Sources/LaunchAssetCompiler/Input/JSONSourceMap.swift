import Foundation

/// Where every value of a JSON document starts, by path, so that a decoding error can name a
/// line and column. Foundation's decoders report the coding path only.
///
/// Building the map also checks the syntax (including UTF-8 and duplicate keys) and reports
/// the first error with its position.
struct JSONSourceMap {
    struct Position: Hashable {
        var line: Int
        var column: Int
    }

    /// The start of each value, keyed by its path (`""` for the root, `schedule[0].from`).
    private(set) var positions: [String: Position] = [:]
    /// The keys of each object, in document order, keyed by the object's path.
    private(set) var keys: [String: [String]] = [:]
    /// Where each key (not its value) starts, keyed by the value's path.
    private(set) var keyPositions: [String: Position] = [:]

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0

    /// Maps `data`; throws a ``Diagnostic`` (without a file) at the first syntax error.
    init(_ data: Data) throws(Diagnostic) {
        bytes = Array(data)
        if let bad = Self.firstInvalidUTF8Offset(in: data) {
            let prefix = bytes[..<bad]
            let line = prefix.count(where: { $0 == 0x0A }) + 1
            let column = bad - (prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            throw Diagnostic.notUTF8(byteOffset: bad).placed(file: nil, line: line, column: column, path: nil)
        }
        skipWhitespace()
        try value(at: "")
        skipWhitespace()
        if index < bytes.count { throw failure("unexpected text after the JSON value") }
    }

    /// The position of the value at `path`, or of the closest enclosing value that has one.
    func position(of path: String) -> Position? {
        var path = path
        while true {
            if let position = positions[path] { return position }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else {
                return positions[""]
            }
            path = String(path[..<cut])
        }
    }

    // MARK: - Scanning

    private var here: Position { Position(line: line, column: index - lineStart + 1) }

    private func failure(_ message: String) -> Diagnostic {
        Diagnostic(line: here.line, column: here.column, message: "\(message), found \(foundText)")
    }

    /// What stands at the current position, printable on one line.
    private var foundText: String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        switch byte {
        case 0x0A: return "the end of the line"
        case 0x00..<0x20, 0x7F: return "control character U+\(String(format: "%04X", byte))"
        case 0x80...:
            // The whole UTF-8 character starting here.
            var end = index + 1
            while end < bytes.count, end - index < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return "'\(String(decoding: bytes[index..<end], as: UTF8.self))'"
        default: return "'\(Character(Unicode.Scalar(byte)))'"
        }
    }

    private mutating func value(at path: String) throws(Diagnostic) {
        guard index < bytes.count else { throw failure("expected a value") }
        positions[path] = here
        switch bytes[index] {
        case UInt8(ascii: "{"): try object(at: path)
        case UInt8(ascii: "["): try array(at: path)
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw failure("expected a value")
        }
    }

    private mutating func nest() throws(Diagnostic) {
        depth += 1
        if depth > 64 { throw failure("nested more than 64 levels deep") }
    }

    private mutating func object(at path: String) throws(Diagnostic) {
        try nest()
        index += 1
        var seen: [String] = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) {
            keys[path] = seen
            depth -= 1
            return
        }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let keyPosition = here
            let key = try string()
            if seen.contains(key) {
                throw Diagnostic.duplicateKey(key).placed(file: nil, line: keyPosition.line, column: keyPosition.column, path: nil)
            }
            seen.append(key)
            let valuePath = path.isEmpty ? key : "\(path).\(key)"
            keyPositions[valuePath] = keyPosition
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw failure("expected ':' after the key") }
            skipWhitespace()
            try value(at: valuePath)
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw failure("expected ',' or '}'") }
        keys[path] = seen
        depth -= 1
    }

    private mutating func array(at path: String) throws(Diagnostic) {
        try nest()
        index += 1
        skipWhitespace()
        if consume(UInt8(ascii: "]")) {
            depth -= 1
            return
        }
        var element = 0
        repeat {
            skipWhitespace()
            try value(at: "\(path)[\(element)]")
            element += 1
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw failure("expected ',' or ']'") }
        depth -= 1
    }

    /// Reads a string and returns its text (escapes resolved).
    private mutating func string() throws(Diagnostic) -> String {
        let start = here
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                switch escaped {
                case UInt8(ascii: "u"):
                    guard index + 4 < bytes.count,
                        let scalar = UInt32(String(decoding: bytes[index + 1...index + 4], as: UTF8.self), radix: 16)
                    else { throw failure("expected four hex digits after \\u") }
                    text += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                    index += 4
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                default: throw failure("unknown escape in a string")
                }
                index += 1
            case 0x0A:
                throw Diagnostic.stringNotClosedOnItsLine.placed(file: nil, line: start.line, column: start.column, path: nil)
            case 0x00..<0x20:
                throw failure("control character in a string (use an escape)")
            default:
                text.append(byte)
                index += 1
            }
        }
        throw Diagnostic.stringNeverClosed.placed(file: nil, line: start.line, column: start.column, path: nil)
    }

    /// A number as JSON writes it: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, and finite.
    private mutating func number() throws(Diagnostic) {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        _ = consume(UInt8(ascii: "-"))
        let integerStart = index
        let integerDigits = digits()
        var valid = integerDigits > 0 && !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0"))
        if valid, consume(UInt8(ascii: ".")) { valid = digits() > 0 }
        if valid, consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            valid = digits() > 0
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard valid, let value = Double(text), value.isFinite else {
            index = start
            throw failure("malformed or out-of-range number")
        }
    }

    private mutating func literal(_ word: String) throws(Diagnostic) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("expected a value")
        }
        index += expected.count
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private static func firstInvalidUTF8Offset(in data: Data) -> Int? {
        if String(data: data, encoding: .utf8) != nil { return nil }
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var scalarStart = 0
        var utf8Iterator = AnyIterator { () -> UInt8? in
            let byte = iterator.next()
            if byte != nil { offset += 1 }
            return byte
        }
        while true {
            scalarStart = offset
            switch decoder.decode(&utf8Iterator) {
            case .scalarValue: continue
            case .emptyInput: return nil
            case .error: return scalarStart
            }
        }
    }
}

extension Diagnostic: Error {}
