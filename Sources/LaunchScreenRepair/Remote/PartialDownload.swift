import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An image being downloaded: a file in the store's `partial/` folder that only grows, kept
/// between fetches so that the next one asks for the rest (`Range: bytes=<count>-`). As a
/// transfer's sink it takes status 206 with exactly the range asked for, or 200 (the server
/// sends the whole: the file starts over), and never more than the declared length in all.
final class PartialDownload: TransferSink {
    let url: String
    let path: String
    /// The image's declared length.
    let length: Int
    /// The bytes on disk.
    private(set) var count: Int
    /// Where this transfer resumed, when the server answered the range.
    private(set) var resumedFrom: Int?
    /// Bytes received in this transfer.
    private(set) var received = 0
    private var descriptor: Int32

    /// Opens (or creates) the partial file `name` in `folder`, relative to the folder's
    /// descriptor, never following a symbolic link.
    init(url: URL, name: String, in folder: OpenFolder, length: Int) throws(FileSystemError) {
        let file = folder.url(of: name)
        self.url = url.absoluteString
        self.path = file.path
        self.length = length
        descriptor = openat(folder.descriptor, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw LocalFileSystem.failure(file, "open") }
        var info = stat()
        guard fstat(descriptor, &info) == 0, LocalFileSystem.kind(info.st_mode) == .regular else {
            let error = FileSystemError(path: file.path, operation: "open", reason: "not a regular file")
            _ = Glue.close(descriptor)
            throw error
        }
        count = Int(info.st_size)
        if count > length { try truncate() }
    }

    deinit { close() }

    /// The headers that ask for what is still missing.
    var requestHeaders: [String: String] {
        count > 0 ? ["Range": "bytes=\(count)-"] : [:]
    }

    func begin(_ response: HTTPURLResponse) -> RemoteFetchError? {
        switch response.statusCode {
        case 206 where count > 0:
            let range = response.value(forHTTPHeaderField: "Content-Range") ?? "no Content-Range"
            guard range == "bytes \(count)-\(length - 1)/\(length)" else { return .badRange(url, range) }
            resumedFrom = count
        case 200:
            if count > 0 {
                do { try truncate() } catch { return .store(error) }
            }
        default:
            return .httpStatus(url, response.statusCode)
        }
        guard response.expectedContentLength <= Int64(length - count) else {
            return .tooLarge(url, limit: length, received: count)
        }
        return nil
    }

    func receive(_ data: Data) -> RemoteFetchError? {
        received += data.count
        guard count + data.count <= length else { return .tooLarge(url, limit: length, received: count + data.count) }
        let failed: Bool = data.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let result = pwrite(descriptor, raw.baseAddress! + written, raw.count - written, off_t(count + written))
                if result < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                written += result
            }
            return false
        }
        if failed { return .store(LocalFileSystem.failure(URL(fileURLWithPath: path), "write")) }
        count += data.count
        return nil
    }

    /// Flushes what arrived to disk, so that a resumed download builds on bytes that are there.
    func sync() { _ = Glue.flush(descriptor) }

    /// The whole file.
    func contents() throws(FileSystemError) -> Data {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = bytes.withUnsafeMutableBytes { raw in pread(descriptor, raw.baseAddress! + filled, count - filled, off_t(filled)) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { throw LocalFileSystem.failure(URL(fileURLWithPath: path), "read") }
            filled += result
        }
        return Data(bytes)
    }

    private func truncate() throws(FileSystemError) {
        guard ftruncate(descriptor, 0) == 0 else { throw LocalFileSystem.failure(URL(fileURLWithPath: path), "truncate") }
        count = 0
    }

    func close() {
        if descriptor >= 0 {
            _ = Glue.close(descriptor)
            descriptor = -1
        }
    }
}
