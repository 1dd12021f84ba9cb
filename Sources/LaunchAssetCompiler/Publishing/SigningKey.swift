import Crypto
import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The Ed25519 private key that signs a remote source's `manifest.json`.
///
/// Its file (`launch-assets keygen`) is one line of text: the base64 of the key's 32 raw bytes,
/// then a newline. The public key, also base64 of 32 bytes, goes into `launch-assets.json`
/// (`remote.publicKey`) and from there into the app.
public struct SigningKey: Sendable {
    public let privateKey: Curve25519.Signing.PrivateKey

    /// A new random key.
    public init() {
        privateKey = Curve25519.Signing.PrivateKey()
    }

    /// Reads a key file; an unreadable or malformed file is an error naming it.
    public init(contentsOf url: URL) throws(CompilerError) {
        let file = url.relativePathForDisplay
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw CompilerError(Diagnostic.unreadable("signing key", reason: url.readFailure(error)).placed(file: file, path: nil))
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let raw = Data(base64Encoded: text), raw.count == 32, let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
        else {
            throw CompilerError(Diagnostic.notASigningKey.placed(file: file, line: 1, path: nil))
        }
        privateKey = key
    }

    /// The public key as `launch-assets.json` and the app take it: base64 of its 32 raw bytes.
    public var publicKeyBase64: String { privateKey.publicKey.rawRepresentation.base64EncodedString() }

    /// The key file's text.
    var fileText: String { privateKey.rawRepresentation.base64EncodedString() + "\n" }

    /// The detached signature of `data`, base64-encoded: `manifest.json.sig`.
    public func signature(of data: Data) -> String {
        // Signing with a valid key over bytes in memory cannot fail.
        (try! privateKey.signature(for: data)).base64EncodedString()
    }

    /// Writes the key file at `url`, readable by its owner only (mode 0600), and only if nothing
    /// is there yet: a key is never overwritten. The file appears whole or not at all.
    public func write(to url: URL) throws(CompilerError) {
        let file = url.relativePathForDisplay
        let exists = CompilerError(Diagnostic.signingKeyExists.placed(file: file, path: nil))
        var info = stat()
        if lstat(url.path, &info) == 0 { throw exists }
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).keygen-\(UInt32.random(in: 0...UInt32.max))")
        func fail(_ action: String) -> CompilerError {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            return CompilerError(Diagnostic.signingKeyNotWritten(action, reason: reason).placed(file: file, path: nil))
        }
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw fail("write the key") }
        let bytes = Array(fileText.utf8)
        let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
        // The umask can only take bits away from 0600; fchmod makes the mode exactly 0600.
        guard written == bytes.count, fchmod(descriptor, 0o600) == 0, fsync(descriptor) == 0 else {
            close(descriptor)
            throw fail("write the key")
        }
        guard close(descriptor) == 0 else { throw fail("write the key") }
        // link(2) fails if the name exists, so a key created meanwhile is not replaced either.
        guard link(temporary.path, url.path) == 0 else {
            if errno == EEXIST {
                unlink(temporary.path)
                throw exists
            }
            throw fail("create the file")
        }
        unlink(temporary.path)
    }
}
