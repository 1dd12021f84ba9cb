extension Sequence<UInt8> {
    /// Lowercase hexadecimal digits, two a byte: how the generator writes every digest (the
    /// render cache's keys, template file digests, the inputs stamp, a shard's plan).
    var hexString: String { map { String(format: "%02x", $0) }.joined() }
}
