import Foundation

/// What remote layouts travel over: HTTPS, or plain HTTP to this machine's loopback address
/// (for tests). Redirects are held to the same rule.
enum TransportPolicy {
    /// Whether `url` may be fetched.
    static func permits(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return false }
        if scheme == "https" { return true }
        return scheme == "http" && isLoopback(host)
    }

    /// `localhost`, `127.x.y.z` or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
