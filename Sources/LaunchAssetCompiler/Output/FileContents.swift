import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The bytes of one output file, in order: some in memory, some copied from files on disk.
///
/// A pack is its header followed by every distinct rendered PNG. Described this way, it is
/// streamed to disk a piece at a time and never held in memory whole.
public struct FileContents: Sendable {
    public enum Part: Sendable {
        case bytes(Data)
        /// The first `length` bytes of a file, which must have at least that many.
        case file(URL, length: Int)
    }

    public var parts: [Part]

    public init(_ parts: [Part]) {
        self.parts = parts
    }

    /// Contents held in memory.
    public static func bytes(_ data: Data) -> FileContents {
        FileContents([.bytes(data)])
    }

    /// The length in bytes.
    public var count: Int {
        parts.reduce(0) { total, part in
            switch part {
            case .bytes(let data): total + data.count
            case .file(_, let length): total + length
            }
        }
    }

    /// Every byte, read into memory.
    public func data() throws(CompilerError) -> Data {
        var data = Data(capacity: count)
        do {
            try forEachPiece { data.append(contentsOf: $0) }
        } catch let failure as Failure {
            throw CompilerError(Diagnostic.fileFailed(reason: failure.reason).placed(file: failure.file.relativePathForDisplay, path: nil))
        } catch {
            preconditionFailure("appending cannot throw")
        }
        return data
    }

    /// Why reading a part or writing the contents failed, and which file it was.
    struct Failure: Error {
        var file: URL
        var reason: String
    }

    /// Writes the contents to `url`: a regular file (created or truncated) or a device such as
    /// `/dev/stdout`.
    func write(to url: URL) throws(Failure) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Failure(file: url, reason: "cannot write the file (\(Self.errorReason()))") }
        do {
            try forEachPiece { piece in
                var offset = 0
                while offset < piece.count {
                    let written = systemWrite(descriptor, piece.baseAddress! + offset, piece.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw Failure(file: url, reason: "cannot write the file (\(Self.errorReason()))")
                    }
                    offset += written
                }
            }
        } catch {
            close(descriptor)
            throw error as? Failure ?? Failure(file: url, reason: "\(error)")
        }
        guard close(descriptor) == 0 else { throw Failure(file: url, reason: "cannot write the file (\(Self.errorReason()))") }
    }

    /// Whether the regular file at `url` already holds exactly these bytes.
    func isContent(of url: URL) -> Bool {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == count else { return false }
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let existing = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.pieceSize, alignment: 16)
        defer { existing.deallocate() }
        struct Difference: Error {}
        do {
            try forEachPiece { piece in
                var offset = 0
                while offset < piece.count {
                    let count = read(descriptor, existing.baseAddress, min(piece.count - offset, existing.count))
                    if count < 0, errno == EINTR { continue }
                    guard count > 0, memcmp(existing.baseAddress!, piece.baseAddress! + offset, count) == 0 else { throw Difference() }
                    offset += count
                }
            }
            return true
        } catch {
            return false
        }
    }

    private static let pieceSize = 1 << 20

    /// Calls `body` with the contents in order, a piece at a time: each in-memory part whole,
    /// each file in pieces of at most ``pieceSize`` bytes. Empty pieces are skipped.
    /// A file that cannot be read, or is shorter than its part, throws ``Failure``; errors
    /// `body` throws pass through.
    private func forEachPiece(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var buffer: UnsafeMutableRawBufferPointer?
        defer { buffer?.deallocate() }
        for part in parts {
            switch part {
            case .bytes(let data):
                if !data.isEmpty { try data.withUnsafeBytes(body) }
            case .file(let url, let length):
                let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw Failure(file: url, reason: "cannot read the file (\(Self.errorReason()))") }
                defer { close(descriptor) }
                let piece = buffer ?? .allocate(byteCount: Self.pieceSize, alignment: 16)
                buffer = piece
                var remaining = length
                while remaining > 0 {
                    let count = read(descriptor, piece.baseAddress, min(remaining, piece.count))
                    if count < 0, errno == EINTR { continue }
                    guard count >= 0 else { throw Failure(file: url, reason: "cannot read the file (\(Self.errorReason()))") }
                    guard count > 0 else { throw Failure(file: url, reason: "expected \(length) bytes, found \(length - remaining)") }
                    try body(UnsafeRawBufferPointer(rebasing: piece[..<count]))
                    remaining -= count
                }
            }
        }
    }

    /// The system's reason for the last failed call.
    private static func errorReason() -> String {
        String(cString: strerror(errno))
    }
}
