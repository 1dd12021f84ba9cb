/// The parsers that read a snapshot file's untrusted bytes, as the fuzz harnesses in `Fuzzing/`
/// call them: the header probe, the LZFSE decoder, the ASTC payload reader and the void-extent
/// measure. Behind `@_spi(Fuzzing)`: a separate package can call them, an app cannot see them.
///
/// Each returns what the harness checks the parser's promises against, or `nil` when the bytes
/// are refused; a refusal's description is put into words too, so its wording is fuzzed with
/// the parser.
@_spi(Fuzzing)
public enum SnapshotParsers {
    /// The largest width or height a probed header may have (``probeHeader(_:)``).
    public static var maximumDimension: Int { ImageHeaderProbe.maximumDimension }

    /// The pixel size ``ImageHeaderProbe`` reads from the header of `bytes` (AAPL, KTX 1.1,
    /// KTX 2.0, PNG, JPEG).
    public static func probeHeader(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        do {
            let header = try ImageHeaderProbe.probe(InMemoryBytes(bytes))
            return (header.width, header.height)
        } catch {
            _ = error.description
            return nil
        }
    }

    /// The bytes ``LZFSEDecoder`` decodes from `stream` (bvx2, bvxn, bvx-, bvx$ blocks), never
    /// more than `limit`.
    public static func decodeLZFSE(_ stream: [UInt8], limit: Int) -> [UInt8]? {
        do { return try LZFSEDecoder.decode(stream, limit: limit) } catch {
            _ = error.description
            return nil
        }
    }

    /// The ASTC payload ``ASTCPayload`` reads from a snapshot file's `bytes` (AAPL `LZFS` or
    /// `astc`, KTX 1.1 plain or LZFSE, KTX 2.0): how many bytes of blocks it holds, how many
    /// its size calls for, and the mean luminance of its void-extent blocks, if any.
    public static func readASTCPayload(_ bytes: [UInt8]) -> (blockBytes: Int, expectedBytes: Int, luminance: Double?)? {
        do {
            let payload = try ASTCPayload.read(from: InMemoryBytes(bytes))
            let expected = ASTCPayload.expectedSize(width: payload.width, height: payload.height)
            return (payload.blocks.count, expected, VoidExtentLuminance.measure(payload)?.mean)
        } catch {
            _ = error.description
            return nil
        }
    }

    /// The mean luminance of the void-extent blocks among raw ASTC `blocks`, if any.
    public static func measureVoidExtents(_ blocks: [UInt8]) -> Double? {
        VoidExtentLuminance.measure(blocks: blocks)?.mean
    }
}
