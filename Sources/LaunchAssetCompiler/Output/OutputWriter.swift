import Foundation

/// Writes a render's files so that a reader never sees a half-written result.
///
/// The output folder is built complete in a sibling staging folder and swapped in with renames;
/// a file outside the folder (`--swift`, `--pack`) is written to a temporary sibling and renamed
/// over the old one, and left untouched when its bytes are already right (no needless rebuilds).
/// If anything fails, the previous output stays as it was and the staging folder is removed.
public struct OutputWriter: Sendable {
    /// The output folder; it belongs to the generator and is replaced whole.
    public var directory: URL

    public init(directory: URL) {
        self.directory = directory.standardizedFileURL
    }

    /// Writes `files` (keyed by absolute URL) into place. Files below ``directory`` go into the
    /// folder swap; the others are replaced one by one after it.
    public func write(_ files: [URL: Data]) throws(CompilerError) {
        let fileManager = FileManager.default
        let parent = directory.deletingLastPathComponent()
        let name = directory.lastPathComponent
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let staging = parent.appendingPathComponent(".\(name).staging-\(token)")
        let previous = parent.appendingPathComponent(".\(name).previous-\(token)")
        let display = directory.relativePathForDisplay

        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw CompilerError(Diagnostic(file: display, message: "the output path exists and is not a folder"))
        }
        let root = directory.path + "/"
        let inside = files.filter { $0.key.standardizedFileURL.path.hasPrefix(root) }
        let outside = files.filter { !$0.key.standardizedFileURL.path.hasPrefix(root) }
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
            for (url, data) in inside.sorted(by: { $0.key.path < $1.key.path }) {
                let relative = String(url.standardizedFileURL.path.dropFirst(root.count))
                let target = staging.appendingPathComponent(relative)
                try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: target)
            }
        } catch {
            try? fileManager.removeItem(at: staging)
            throw CompilerError(Diagnostic(file: display, message: "cannot write the output (\(Self.reason(error))); the previous output is untouched"))
        }
        do {
            if fileManager.fileExists(atPath: directory.path) {
                try fileManager.moveItem(at: directory, to: previous)
            }
            try fileManager.moveItem(at: staging, to: directory)
        } catch {
            if !fileManager.fileExists(atPath: directory.path), fileManager.fileExists(atPath: previous.path) {
                try? fileManager.moveItem(at: previous, to: directory)
            }
            try? fileManager.removeItem(at: staging)
            throw CompilerError(Diagnostic(file: display, message: "cannot replace the output folder (\(Self.reason(error))); the previous output is untouched"))
        }
        try? fileManager.removeItem(at: previous)
        for (url, data) in outside.sorted(by: { $0.key.path < $1.key.path }) {
            try Self.replaceFile(at: url, with: data)
        }
    }

    /// Replaces one file atomically, unless it already holds `data`.
    public static func replaceFile(at url: URL, with data: Data) throws(CompilerError) {
        if let existing = try? Data(contentsOf: url), existing == data { return }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw CompilerError(Diagnostic(file: url.relativePathForDisplay, message: "cannot write the file (\(reason(error)))"))
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? error.localizedDescription
    }
}
