import Foundation

/// A fresh folder under the system's temporary directory; call `remove()` when done (tests do it
/// with `defer`).
public struct TemporaryFolder: Sendable {
    /// The folder.
    public let url: URL

    /// Creates the folder, named `label` and a UUID.
    public init(_ label: String = "LaunchAssetsTests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path below the folder (nothing is created).
    public func path(_ relative: String) -> URL { url.appendingPathComponent(relative) }

    /// Writes `text` as UTF-8 to `relative`, creating folders on the way.
    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> URL {
        try write(relative, Data(text.utf8))
    }

    /// Writes `data` to `relative`, creating folders on the way.
    @discardableResult
    public func write(_ relative: String, _ data: Data) throws -> URL {
        let file = path(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    /// Creates an empty sub-folder and returns it.
    public func folder(_ relative: String) throws -> URL {
        let folder = path(relative)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes the folder and everything in it.
    public func remove() {
        // Restore write permission first: some tests make files unreadable.
        if let paths = FileManager.default.subpaths(atPath: url.path) {
            for path in paths { chmod(url.appendingPathComponent(path).path, 0o755) }
        }
        try? FileManager.default.removeItem(at: url)
    }
}
