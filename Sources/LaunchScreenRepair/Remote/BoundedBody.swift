import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small body collected in memory (the manifest, its signature): status 200 only, and at most
/// ``limit`` bytes — a longer one is stopped as soon as it says so or goes past it.
final class BoundedBody: TransferSink {
    let url: String
    let limit: Int
    private(set) var data = Data()

    init(url: URL, limit: Int) {
        self.url = url.absoluteString
        self.limit = limit
    }

    func begin(_ response: HTTPURLResponse) -> RemoteFetchError? {
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
