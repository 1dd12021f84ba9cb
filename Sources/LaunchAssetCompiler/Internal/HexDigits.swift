extension Sequence<UInt8> {
    /// Lowercase hexadecimal digits, two a byte: how the generator writes every digest (the
    /// render cache's keys, template file digests, the inputs stamp, a shard's plan).
    var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
