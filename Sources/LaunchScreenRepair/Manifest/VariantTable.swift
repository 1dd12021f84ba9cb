import Foundation

/// The variants of a manifest as text, one line each: how the generated `<Type>.swift` holds
/// them, so that the compiler reads a single string literal (its time and memory grow with the
/// bytes, not with an expression's size) and a changed layout changes only its own lines.
///
/// A line has 14 fields separated by one space, in ``columns``' order (a line of 13, written
/// before `locale` existed, reads as language-neutral). Absent values (no pack offset, no
/// SHA-256, no window, no devices, no locale) are `-`; devices are joined by commas. A field's
/// `%`, space, comma, quote, backslash and control characters are percent-encoded (and a text
/// that is `-` itself), an empty text is `""`.
package enum VariantTable {
    /// The fields of a line, in order.
    package static let columns = [
        "id", "layout", "width", "height", "orientation", "appearance", "idiom", "devices", "md5", "offset", "length", "sha256",
        "window", "locale",
    ]

    /// One variant's line.
    package static func line(for variant: LaunchManifest.Variant) -> String {
        [
            field(variant.id), field(variant.layout), String(variant.width), String(variant.height), variant.orientation.rawValue,
            variant.appearance.rawValue, variant.idiom.rawValue,
            variant.devices.isEmpty ? absent : variant.devices.map(field).joined(separator: ","), field(variant.md5),
            variant.offset.map(String.init) ?? absent, String(variant.length), variant.sha256.map(field) ?? absent,
            variant.window.map { field($0.rawValue) } ?? absent, variant.locale.map(field) ?? absent,
        ].joined(separator: " ")
    }

    /// The variants of a table, in its order; empty lines are skipped.
    ///
    /// Read byte by byte, with a `String` made only for each text field: the generated catalog
    /// reads its table the first time it is used, on the way to the first frame.
    package static func variants(_ text: String) throws(VariantTableError) -> [LaunchManifest.Variant] {
        let bytes = Array(text.utf8)
        var variants: [LaunchManifest.Variant] = []
        variants.reserveCapacity(bytes.lazy.filter { $0 == newline }.count + 1)
        var lineStart = 0
        var number = 0
        while lineStart < bytes.count {
            number += 1
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != newline { lineEnd += 1 }
            if lineEnd > lineStart { variants.append(try variant(bytes[lineStart..<lineEnd], number: number)) }
            lineStart = lineEnd + 1
        }
        return variants
    }

    /// Each layout's variants as the generated catalog holds them: a table per layout, its
    /// lines sorted by id (the bytes of the written field), so that ``variant(id:in:)`` finds a
    /// line by binary search.
    package static func tables(of variants: [LaunchManifest.Variant]) -> [String: [String]] {
        Dictionary(grouping: variants, by: \.layout).mapValues { variants in
            variants.map { (key: Array(field($0.id).utf8), line: line(for: $0)) }
                .sorted { $0.key.lexicographicallyPrecedes($1.key) }
                .map(\.line)
        }
    }

    /// ``tables(of:)``, each table's lines joined into its text.
    package static func texts(of variants: [LaunchManifest.Variant]) -> [String: String] {
        tables(of: variants).mapValues { $0.joined(separator: "\n") }
    }

    /// The variant of that id in a table, reading only its line. A table in id order (as
    /// ``tables(of:)`` writes it) is searched by halves; when that finds nothing, the lines are
    /// walked in turn, so that a table in another order is read right too. `nil` when no line
    /// has the id.
    package static func variant(id: String, in text: String) throws(VariantTableError) -> LaunchManifest.Variant? {
        let key = Array(field(id).utf8)
        var text = text
        let found: (line: [UInt8], start: Int)? = text.withUTF8 { bytes in
            let range = lineByHalves(key, in: bytes) ?? lineInTurn(key, in: bytes)
            return range.map { (Array(bytes[$0]), $0.lowerBound) }
        }
        guard let found else { return nil }
        do { return try variant(found.line[...], number: 0) } catch {
            // The line's number, counted only for the message: a generated table always reads.
            let number = text.utf8.prefix(found.start).lazy.filter { $0 == newline }.count + 1
            throw error.on(line: number)
        }
    }

    /// Binary search in a table whose lines are in id order; the range of the line whose first
    /// field is `key`.
    private static func lineByHalves(_ key: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        // The line sought, if there, starts in low..<high; low is always a line's start.
        var (low, high) = (0, bytes.count)
        while low < high {
            var start = low + (high - low) / 2
            while start > low, bytes[start - 1] != newline { start -= 1 }
            let end = lineEnd(from: start, in: bytes)
            var fieldEnd = start
            while fieldEnd < end, bytes[fieldEnd] != space { fieldEnd += 1 }
            let field = bytes[start..<fieldEnd]
            if field.elementsEqual(key) { return start..<end }
            if key.lexicographicallyPrecedes(field) { high = start } else { low = end + 1 }
        }
        return nil
    }

    /// The lines in turn, passed over by their first field; the range of the one that is `key`.
    private static func lineInTurn(_ key: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var start = 0
        while start < bytes.count {
            let end = lineEnd(from: start, in: bytes)
            if end - start > key.count, bytes[start + key.count] == space, bytes[start..<start + key.count].elementsEqual(key) {
                return start..<end
            }
            start = end + 1
        }
        return nil
    }

    /// Where the line that starts at `start` ends (its newline, or the end), found with `memchr`.
    private static func lineEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
        return memchr(base + start, Int32(newline), bytes.count - start).map {
            base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
        } ?? bytes.count
    }

    /// The value written for an absent one.
    private static let absent = "-"
    private static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let comma = UInt8(ascii: ",")
    private static let percent = UInt8(ascii: "%")
    /// `""`: an empty text.
    private static let emptyText: [UInt8] = [34, 34]

    private static func variant(_ line: ArraySlice<UInt8>, number: Int) throws(VariantTableError) -> LaunchManifest.Variant {
        var fields: [Range<Int>] = []
        fields.reserveCapacity(columns.count)
        var start = line.startIndex
        for index in line.indices where line[index] == space {
            fields.append(start..<index)
            start = index + 1
        }
        fields.append(start..<line.endIndex)
        guard fields.count == columns.count || fields.count == columns.count - 1 else {
            throw .fieldCount(line: number, found: fields.count)
        }
        func value<T>(_ column: Int, _ parse: (ArraySlice<UInt8>) -> T?) throws(VariantTableError) -> T {
            guard let value = parse(line[fields[column]]) else {
                throw .invalid(line: number, column: columns[column], value: String(decoding: line[fields[column]], as: UTF8.self))
            }
            return value
        }
        func optional<T>(_ column: Int, _ parse: (ArraySlice<UInt8>) -> T?) throws(VariantTableError) -> T? {
            let field = line[fields[column]]
            return field.count == 1 && field.first == UInt8(ascii: "-") ? nil : try value(column, parse)
        }
        func rawValue<T: RawRepresentable<String>>(_ field: ArraySlice<UInt8>) -> T? {
            T(rawValue: String(decoding: field, as: UTF8.self))
        }
        return LaunchManifest.Variant(
            id: try value(0, text), layout: try value(1, text), width: try value(2, count), height: try value(3, count),
            orientation: try value(4, rawValue), appearance: try value(5, rawValue), idiom: try value(6, rawValue),
            devices: try optional(7, devices) ?? [], md5: try value(8, text), offset: try optional(9, count),
            length: try value(10, count), sha256: try optional(11, text),
            window: try optional(12, { text($0).flatMap(MultitaskingWindow.init(rawValue:)) }),
            locale: fields.count > 13 ? try optional(13, text) : nil)
    }

    /// A non-negative decimal integer.
    private static func count(_ field: ArraySlice<UInt8>) -> Int? {
        guard !field.isEmpty, field.count <= 18 else { return nil }
        var value = 0
        for byte in field {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func devices(_ field: ArraySlice<UInt8>) -> [String]? {
        var devices: [String] = []
        for device in field.split(separator: comma, omittingEmptySubsequences: false) {
            guard let device = text(device) else { return nil }
            devices.append(device)
        }
        return devices
    }

    /// A text field's value: percent-decoded when it holds a `%`; `nil` when that is malformed.
    private static func text(_ field: ArraySlice<UInt8>) -> String? {
        guard field.contains(percent) else {
            return field.elementsEqual(emptyText) ? "" : String(decoding: field, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        var index = field.startIndex
        while index < field.endIndex {
            guard field[index] == percent else {
                decoded.append(field[index])
                index += 1
                continue
            }
            guard index + 2 < field.endIndex, let high = hexDigit(field[index + 1]), let low = hexDigit(field[index + 2]) else {
                return nil
            }
            decoded.append(high << 4 | low)
            index += 3
        }
        return String(bytes: decoded, encoding: .utf8)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// A text as a field: `""` when empty, else with the characters that would end or split it
    /// (or end the generated raw string literal) percent-encoded.
    private static func field(_ text: String) -> String {
        guard !text.isEmpty else { return "\"\"" }
        guard text != absent else { return "%2D" }
        guard text.unicodeScalars.contains(where: needsEncoding) else { return text }
        var encoded = ""
        for scalar in text.unicodeScalars {
            if needsEncoding(scalar) {
                for byte in String(scalar).utf8 { encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
            } else {
                encoded.unicodeScalars.append(scalar)
            }
        }
        return encoded
    }

    private static func needsEncoding(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x20 || scalar.value == 0x7F || scalar == "%" || scalar == "," || scalar == "\"" || scalar == "\\"
    }
}
