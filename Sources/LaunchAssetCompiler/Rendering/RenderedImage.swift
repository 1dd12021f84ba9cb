import Crypto
import Foundation
import LaunchScreenRepair

/// One variant's PNG, kept on disk from the moment it is encoded until it is packed, so a
/// render holds no more than one image per job in memory.
public struct RenderedImage: Sendable, Hashable {
    /// The file holding the PNG bytes: a render-cache entry or a file in the render's scratch folder.
    public var file: URL
    /// The PNG's length in bytes.
    public var length: Int
    /// The MD5 of the PNG bytes, spelled as the manifest and the runtime spell it.
    public var md5: String
    /// The SHA-256 of the PNG bytes in lower-case hex: a remote layout's image is published under it.
    public var sha256: String

    /// Describes `png`, which `file` already holds.
    init(file: URL, png: Data) {
        self.file = file
        self.length = png.count
        self.md5 = MD5Digest.hex(of: png)
        self.sha256 = SHA256.hash(data: png).hexString
    }

    /// Writes `png` to `file` (a new file) and describes it.
    public init(writing png: Data, to file: URL) throws(CompilerError) {
        do {
            try png.write(to: file)
        } catch {
            throw CompilerError(
                Diagnostic(file: file.relativePathForDisplay, message: "cannot write the rendered image (\(systemReason(error)))"))
        }
        self.init(file: file, png: png)
    }
}
