import Foundation

/// What a fetch remembers of the manifest between fetches, `Remote/check.json`: when a fetch
/// last completed, which throttles the next ones, and the validators the server gave with the
/// stored manifest, which make the next request conditional (answered `304 Not Modified` while
/// the manifest is unchanged, with no body).
struct ManifestCheck: Codable, Sendable, Hashable {
    /// The file's name in the store.
    static let fileName = "check.json"

    /// When the last fetch that left nothing to do completed, seconds since 1970.
    var completed: Int?
    /// The stored manifest's `ETag`, as the server sent it.
    var entityTag: String?
    /// The stored manifest's `Last-Modified`, as the server sent it.
    var lastModified: String?
    /// The app's language at the last completed fetch (``RepairEnvironment/language``), whose
    /// images it stored.
    var language: String?

    /// Whether a fetch at `now` in `language` comes within `minimumInterval` seconds of the last
    /// completed one, and so requests nothing. A clock set back before that completion does not
    /// throttle, nor does a new language: its images are not stored.
    func throttles(at now: Date, minimumInterval: TimeInterval, language: String?) -> Bool {
        guard let completed, minimumInterval > 0, language == self.language else { return false }
        let elapsed = now.timeIntervalSince1970 - TimeInterval(completed)
        return elapsed >= 0 && elapsed < minimumInterval
    }

    /// The headers of a conditional request for the stored manifest: empty when the server gave
    /// no validator.
    var conditionalHeaders: [String: String] {
        var headers: [String: String] = [:]
        if let entityTag { headers["If-None-Match"] = entityTag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }
}
