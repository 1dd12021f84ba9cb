/// The byte classes the template scanners (``XMLPrologue``, ``InclusionScope``) read XML by:
/// UTF-8 bytes, with every byte of a multi-byte character counted as a name character, as XML
/// allows letters of every script in names.
enum XMLBytes {
    /// Space, tab, line feed or carriage return.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// A byte that may start an element, attribute or entity name.
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// A byte that may continue a name.
    static func isName(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: ":")
    }
}
