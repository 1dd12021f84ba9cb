import Crypto
import Foundation
import LaunchScreenRepair

/// Where an app's remotely delivered layouts are published, as `launch-assets.json` (`remote`)
/// or the command line gives it, before it is checked.
public struct RemoteSourceSettings: Codable, Sendable, Hashable {
    /// The published folder's URL.
    public var url: String
    /// Base64 of the 32 raw bytes of the Ed25519 public key (`launch-assets keygen` prints it).
    public var publicKey: String
    /// Days before a layout's first day that its images are fetched; the runtime's default when `nil`.
    public var prefetchDays: Int?

    /// The days `prefetchDays` may take.
    public static let prefetchDayRange = 0...365

    public init(url: String, publicKey: String, prefetchDays: Int? = nil) {
        self.url = url
        self.publicKey = publicKey
        self.prefetchDays = prefetchDays
    }

    /// A setting that cannot be used: each case carries the value at fault, and ``message``
    /// says why, once.
    public enum Problem: Error, Sendable, Equatable {
        /// A `url` that is not an absolute URL with a host.
        case notAbsolute(url: String)
        /// A `url` that is neither https nor http to a loopback host.
        case notHTTPS(url: String)
        /// A `url` with a query or a fragment.
        case queryOrFragment(url: String)
        /// A `publicKey` that is not base64 of a 32-byte Ed25519 key.
        case notAPublicKey(String)
        /// `prefetchDays` outside ``RemoteSourceSettings/prefetchDayRange``.
        case prefetchDaysOutOfRange(Int)

        /// The key at fault: `url`, `publicKey` or `prefetchDays`.
        public var key: String {
            switch self {
            case .notAbsolute, .notHTTPS, .queryOrFragment: "url"
            case .notAPublicKey: "publicKey"
            case .prefetchDaysOutOfRange: "prefetchDays"
            }
        }

        /// What is wrong with the value, and what is expected instead.
        public var message: String {
            let days = RemoteSourceSettings.prefetchDayRange
            return switch self {
            case .notAbsolute(let url): "expected an absolute https URL of the published folder, found \"\(url)\""
            case .notHTTPS(let url): "expected https (plain http only for a loopback host such as 127.0.0.1, for tests), found \"\(url)\""
            case .queryOrFragment(let url): "the folder's URL cannot have a query or fragment, found \"\(url)\""
            case .notAPublicKey(let key):
                "expected base64 of a 32-byte Ed25519 public key (what `launch-assets keygen` prints), found \"\(key)\""
            case .prefetchDaysOutOfRange(let found): "expected \(days.lowerBound) to \(days.upperBound) days, found \(found)"
            }
        }
    }

    /// The checked source: an `https` URL (`http` only for a loopback host, for tests) with a
    /// host and no query or fragment, a public key of 32 bytes, and prefetch days in
    /// ``prefetchDayRange``.
    public func source() throws(Problem) -> RemoteLayoutSource {
        guard let parsed = URL(string: url), parsed.scheme != nil, let host = parsed.host, !host.isEmpty else {
            throw .notAbsolute(url: url)
        }
        guard RemoteLayoutSource.permits(parsed) else {
            throw .notHTTPS(url: url)
        }
        guard parsed.query == nil, parsed.fragment == nil else {
            throw .queryOrFragment(url: url)
        }
        guard let key = Data(base64Encoded: publicKey), key.count == 32,
            (try? Curve25519.Signing.PublicKey(rawRepresentation: key)) != nil
        else {
            throw .notAPublicKey(publicKey)
        }
        let days = prefetchDays ?? RemoteLayoutSource(url: parsed, publicKey: publicKey).prefetchDays
        guard Self.prefetchDayRange.contains(days) else {
            throw .prefetchDaysOutOfRange(days)
        }
        return RemoteLayoutSource(url: parsed, publicKey: publicKey, prefetchDays: days)
    }
}
