/// The `tEXt` chunk `launch-assets` writes right after a PNG's `IHDR`: how the runtime tells
/// its own bytes from the system's when no record says so (the ledger was lost), so it never
/// keeps them as "the system's original".
package enum GeneratorMark {
    /// The chunk's payload: the registered `Software` keyword, a NUL, then the name.
    package static let text: [UInt8] = Array("Software".utf8) + [0] + Array("LaunchAssets".utf8)

    /// Where the chunk starts: after the signature (8 bytes) and `IHDR` (25 bytes).
    static let offset = 33

    /// Whether `bytes`, a file's first bytes, are those of a PNG this generator wrote.
    package static func isMarked(_ bytes: some Collection<UInt8>) -> Bool {
        let expected = ImageHeaderProbe.pngSignature + Array("tEXt".utf8) + text
        let prefix = Array(bytes.prefix(offset + 8 + text.count))
        guard prefix.count == offset + 8 + text.count else { return false }
        return prefix.starts(with: ImageHeaderProbe.pngSignature)
            && prefix[(offset + 4)...].elementsEqual(expected.dropFirst(ImageHeaderProbe.pngSignature.count))
    }
}
