import Foundation

/// Why a remote file was not used. Every case names the URL (or the stored file) it is about.
package enum RemoteFetchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Neither HTTPS nor plain HTTP to a loopback address.
    case insecureURL(String)
    /// A redirect to a URL that is neither HTTPS nor loopback HTTP was not followed.
    case insecureRedirect(String, to: String)
    /// The package key is not the base64 of 32 bytes.
    case badPublicKey(String)
    /// The server answered with another status than 200 (or 206 for a resumed download).
    case httpStatus(String, Int)
    /// The connection failed or dropped (offline, no such host, refused).
    case transport(String, String)
    /// Nothing arrived for that many seconds, or the transfer took longer than its limit.
    case timedOut(String, TimeInterval)
    /// The app stopped the fetch (``Cancellation``); the bytes received are kept so
    /// the next fetch resumes after them.
    case cancelled(String)
    /// More bytes came than allowed: an image's declared length, or the manifest's cap.
    /// Reading stopped there.
    case tooLarge(String, limit: Int, received: Int)
    /// The transfer ended before the declared length; the bytes are kept so the next fetch
    /// resumes after them.
    case truncated(String, expected: Int, received: Int)
    /// The server answered a resumed download with a range other than the one asked for.
    case badRange(String, String)
    /// The server answered with a `Content-Encoding` other than `identity` (the one asked for):
    /// refused at the response head, before its body is decoded.
    case encoded(String, String)
    /// The signature does not verify with the app's package key.
    case badSignature(String)
    /// Not a remote manifest: names the JSON path.
    case malformed(String, String)
    /// A field breaks the remote manifest's rules: names the JSON path.
    case schema(String, String)
    /// Published before the manifest already verified: a replay of an older one.
    case older(String, published: Int, stored: Int)
    /// Published at the same time as the manifest already verified, with other bytes: a
    /// replay of another manifest from that second.
    case republished(String, published: Int)
    /// Published more than ``RemoteManifest/clockSlack`` after the device's clock.
    case future(String, published: Int, clock: Int)
    /// The bytes do not hash to the manifest's digest.
    case digestMismatch(String, algorithm: String, expected: String, actual: String)
    /// Writing the store failed.
    case store(FileSystemError)

    /// A one-line explanation, starting with the URL or file; control characters (a server's
    /// headers may hold terminal escape sequences) are written as `\u{…}` escapes.
    package var description: String { Self.printable(text) }

    /// The explanation as written, before control characters are escaped.
    private var text: String {
        switch self {
        case .insecureURL(let url): "\(url): not HTTPS (plain HTTP is accepted for loopback addresses only)"
        case .insecureRedirect(let url, let target): "\(url): redirect to \(target) not followed: not HTTPS"
        case .badPublicKey(let key): "package key \"\(key)\": not the base64 of a 32-byte Ed25519 key"
        case .httpStatus(let url, let status): "\(url): HTTP status \(status)"
        case .transport(let url, let reason): "\(url): \(reason)"
        case .timedOut(let url, let seconds): "\(url): timed out after \(Self.seconds(seconds)) s"
        case .cancelled(let url): "\(url): cancelled by the app"
        case .tooLarge(let url, let limit, let received):
            "\(url): more than \(limit) bytes (\(received) received when reading stopped)"
        case .truncated(let url, let expected, let received):
            "\(url): the transfer ended after \(received) of \(expected) bytes; the next fetch resumes there"
        case .badRange(let url, let range): "\(url): the server answered a resumed download with \(range)"
        case .encoded(let url, let encoding): "\(url): Content-Encoding \(encoding) refused: only identity is accepted"
        case .badSignature(let url): "\(url): the signature does not verify with the app's package key"
        case .malformed(let url, let reason): "\(url): not a remote manifest: \(reason)"
        case .schema(let url, let reason): "\(url): \(reason)"
        case .older(let url, let published, let stored):
            "\(url): published \(Self.date(published)), before the manifest already verified (\(Self.date(stored))): a replay, refused"
        case .republished(let url, let published):
            "\(url): published \(Self.date(published)) like the manifest already verified, with other bytes: a replay, refused"
        case .future(let url, let published, let clock):
            "\(url): published \(Self.date(published)), more than a day after this device's clock (\(Self.date(clock))): refused"
        case .digestMismatch(let url, let algorithm, let expected, let actual):
            "\(url): \(algorithm) \(actual), the manifest says \(expected)"
        case .store(let error): error.description
        }
    }

    /// Whether the bytes received so far are a prefix worth resuming from: the transfer was
    /// cut short, not refused.
    var keepsPartial: Bool {
        switch self {
        case .transport, .timedOut, .truncated, .cancelled: true
        default: false
        }
    }

    /// `text` with every control character (C0, DEL, C1) written as `\u{…}`, so that it
    /// prints as one inert line on any terminal or log.
    static func printable(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    static func date(_ seconds: Int) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
