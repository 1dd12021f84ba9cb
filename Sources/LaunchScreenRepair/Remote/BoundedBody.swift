import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small body collected in memory (the manifest, its signature): status 200 only (or 304 to a
/// conditional request), and at most ``limit`` bytes — a longer one is stopped as soon as it
/// says so or goes past it. Keeps the response's validators for the next conditional request.
final class BoundedBody: TransferSink {
    let url: String
    let limit: Int
    /// Whether the request was conditional, so that `304 Not Modified` is an answer.
    let conditional: Bool
    private(set) var data = Data()
    /// The server answered `304 Not Modified`: no body.
    private(set) var notModified = false
    /// The response's `ETag`.
    private(set) var entityTag: String?
    /// The response's `Last-Modified`.
    private(set) var lastModified: String?

    init(url: URL, limit: Int, conditional: Bool = false) {
        self.url = url.absoluteString
        self.limit = limit
        self.conditional = conditional
    }

    func begin(_ response: HTTPURLResponse) -> RemoteFetchError? {
        entityTag = response.value(forHTTPHeaderField: "ETag")
        lastModified = response.value(forHTTPHeaderField: "Last-Modified")
        if conditional, response.statusCode == 304 {
            notModified = true
            return nil
        }
        guard response.statusCode == 200 else { return .httpStatus(url, response.statusCode) }
        guard response.expectedContentLength <= Int64(limit) else {
            return .tooLarge(url, limit: limit, received: 0)
        }
        return nil
    }

    func receive(_ chunk: Data) -> RemoteFetchError? {
        guard data.count + chunk.count <= limit else { return .tooLarge(url, limit: limit, received: data.count + chunk.count) }
        data.append(chunk)
        return nil
    }
}
