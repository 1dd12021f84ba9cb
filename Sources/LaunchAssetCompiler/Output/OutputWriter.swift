import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes a render's files so that a reader never sees a half-written result.
///
/// The output folder (and any further folder the render owns, such as an asset catalog) is
/// built complete in a sibling staging folder and swapped in with renames; a file outside them
/// (`--swift`, `--pack`) is written to a temporary sibling and renamed over the old one, and left
/// untouched when its bytes are already right (no needless rebuilds). If anything fails, the
/// previous output stays as it was and the staging folders are removed.
public struct OutputWriter: Sendable {
    /// The output folder; it belongs to the generator and is replaced whole.
    public var directory: URL
    /// Further folders outside `directory` that belong to the generator and are replaced whole
    /// (`<Type>.xcassets`).
    public var ownedFolders: [URL]

    public init(directory: URL, ownedFolders: [URL] = []) {
        self.directory = directory.standardizedFileURL
        self.ownedFolders = ownedFolders.map(\.standardizedFileURL)
    }

    /// A new, empty folder beside the output folder (so on the same volume) for a render's
    /// intermediate files; the caller removes it once the output is written.
    public func makeScratchFolder() throws(CompilerError) -> URL {
        let scratch = Self.sibling(of: directory, "rendering", token: Self.token())
        do {
            try FileManager.default.createDirectory(at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
        } catch {
            // Where the scratch folder cannot go, the output cannot either: say so before rendering.
            throw CompilerError(
                Diagnostic.outputNotWritten(reason: Self.reason(error)).placed(file: directory.relativePathForDisplay, path: nil))
        }
        return scratch
    }

    /// `.<folder name>.<purpose>-<token>` beside `folder`.
    private static func sibling(of folder: URL, _ purpose: String, token: String) -> URL {
        folder.deletingLastPathComponent().appendingPathComponent(".\(folder.lastPathComponent).\(purpose)-\(token)")
    }

    private static func token() -> String {
        "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// One folder the render replaces whole: its files by relative path, and where it is staged.
    private struct OwnedFolder {
        var url: URL
        var files: [String: FileContents] = [:]
        var staging: URL
        var previous: URL

        var root: String { url.path + "/" }
        var display: String { url.relativePathForDisplay }
    }

    /// Writes `files` (keyed by absolute URL) into place. Everything is staged first: each owned
    /// folder in a sibling staging folder, each file outside them (`--swift`, `--pack`) in a
    /// temporary file next to its target. Only then are they renamed into place, the folders
    /// first; a failure before that point leaves every previous file as it was, and a failure
    /// after it puts the previous folders back.
    public func write(_ files: [URL: FileContents]) throws(CompilerError) {
        let fileManager = FileManager.default
        let token = Self.token()
        var folders = ([directory] + ownedFolders.filter { !$0.path.hasPrefix(directory.path + "/") }).map { url in
            OwnedFolder(
                url: url, staging: Self.sibling(of: url, "staging", token: token), previous: Self.sibling(of: url, "previous", token: token)
            )
        }
        for folder in folders {
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: folder.url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw CompilerError(Diagnostic.outputIsAFile.placed(file: folder.display, path: nil))
            }
            if let container = folders.first(where: { $0.url != folder.url && folder.url.path.hasPrefix($0.root) }) {
                throw CompilerError(Diagnostic.ownedFolderInside(container.display).placed(file: folder.display, path: nil))
            }
        }
        var outside: [URL: FileContents] = [:]
        for (url, contents) in files {
            let path = url.standardizedFileURL.path
            if let index = folders.firstIndex(where: { path.hasPrefix($0.root) }) {
                folders[index].files[String(path.dropFirst(folders[index].root.count))] = contents
            } else {
                outside[url] = contents
            }
        }
        // A re-render with unchanged inputs finds a folder already right: it is left as it is.
        folders.removeAll { Self.holds($0.url, exactly: $0.files) }

        var staged: [(temporary: URL, target: URL)] = []
        func discardStaged() {
            for folder in folders { try? fileManager.removeItem(at: folder.staging) }
            for file in staged { try? fileManager.removeItem(at: file.temporary) }
        }
        for folder in folders {
            do { try Self.stage(folder) } catch {
                discardStaged()
                throw error
            }
        }
        do { staged = try Self.stage(outside, token: token) } catch {
            discardStaged()
            throw error
        }
        // Swapped folders, last first, so a failure can put the previous ones back.
        var swapped: [OwnedFolder] = []
        func restoreSwapped() {
            for folder in swapped.reversed() where fileManager.fileExists(atPath: folder.previous.path) {
                if (try? fileManager.moveItem(at: folder.url, to: folder.staging)) != nil {
                    try? fileManager.moveItem(at: folder.previous, to: folder.url)
                }
            }
        }
        for folder in folders {
            do {
                if fileManager.fileExists(atPath: folder.url.path) {
                    try fileManager.moveItem(at: folder.url, to: folder.previous)
                }
                try fileManager.moveItem(at: folder.staging, to: folder.url)
                swapped.append(folder)
            } catch {
                if !fileManager.fileExists(atPath: folder.url.path), fileManager.fileExists(atPath: folder.previous.path) {
                    try? fileManager.moveItem(at: folder.previous, to: folder.url)
                }
                restoreSwapped()
                discardStaged()
                throw CompilerError(Diagnostic.outputNotReplaced(reason: Self.reason(error)).placed(file: folder.display, path: nil))
            }
        }
        for (index, file) in staged.enumerated() where rename(file.temporary.path, file.target.path) != 0 {
            let reason = String(cString: strerror(errno))
            // Put the previous folders back, so the folders and the files before this one disagree at worst.
            restoreSwapped()
            staged.removeFirst(index)
            discardStaged()
            throw CompilerError(
                Diagnostic.fileNotReplaced(reason: reason, restored: !swapped.isEmpty).placed(
                    file: file.target.relativePathForDisplay, path: nil))
        }
        for folder in swapped { try? fileManager.removeItem(at: folder.previous) }
    }

    /// Writes a folder's files into its staging folder; a failed write names the file where
    /// it was going, a failed read the file read.
    private static func stage(_ folder: OwnedFolder) throws(CompilerError) {
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(at: folder.url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fileManager.createDirectory(at: folder.staging, withIntermediateDirectories: false)
            for (relative, contents) in folder.files.sorted(by: { $0.key < $1.key }) {
                let target = folder.staging.appendingPathComponent(relative)
                try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try contents.write(to: target)
            }
        } catch let failure as FileContents.Failure {
            try? fileManager.removeItem(at: folder.staging)
            let stagingRoot = folder.staging.path + "/"
            let file =
                failure.file.path.hasPrefix(stagingRoot) ? folder.root + failure.file.path.dropFirst(stagingRoot.count) : failure.file.path
            throw CompilerError(
                Diagnostic.fileNotStaged(reason: failure.reason).placed(file: URL(fileURLWithPath: file).relativePathForDisplay, path: nil))
        } catch {
            try? fileManager.removeItem(at: folder.staging)
            throw CompilerError(Diagnostic.outputNotWritten(reason: reason(error)).placed(file: folder.display, path: nil))
        }
    }

    /// Whether `folder` holds exactly `files` (keyed by path relative to it) and nothing else.
    private static func holds(_ folder: URL, exactly files: [String: FileContents]) -> Bool {
        let root = folder.path + "/"
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return false
        }
        var found = 0
        for case let url as URL in enumerator {
            guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey]) else { return false }
            guard values.isRegularFile == true else { continue }
            found += 1
            let relative = String(url.standardizedFileURL.path.dropFirst(root.count))
            guard let expected = files[relative], expected.isContent(of: url) else { return false }
        }
        return found == files.count
    }

    /// Stages every file outside the folder; on failure removes what it staged and names the file.
    private static func stage(_ files: [URL: FileContents], token: String) throws(CompilerError) -> [(temporary: URL, target: URL)] {
        var staged: [(temporary: URL, target: URL)] = []
        for (url, contents) in files.sorted(by: { $0.key.path < $1.key.path }) {
            do {
                if let temporary = try stage(contents, for: url, token: token) { staged.append((temporary, url)) }
            } catch {
                for file in staged { try? FileManager.default.removeItem(at: file.temporary) }
                throw CompilerError(
                    Diagnostic.fileNotStaged(reason: error.reason).placed(file: error.file.relativePathForDisplay, path: nil))
            }
        }
        return staged
    }

    /// Stages `contents` for `url`: returns a temporary file next to it to rename over it later,
    /// or `nil` when nothing is left to do (the file already holds `contents`, or `url` is a
    /// device or pipe such as `/dev/stdout`, written directly: there is nothing to rename over a
    /// device). A failure names `url`, or the rendered file that could not be read.
    private static func stage(_ contents: FileContents, for url: URL, token: String) throws(FileContents.Failure) -> URL? {
        var info = stat()
        if stat(url.path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                throw FileContents.Failure(file: url, reason: "a folder is in the way: expected a file")
            case S_IFREG:
                if contents.isContent(of: url) { return nil }
            default:
                try contents.write(to: url)
                return nil
            }
        }
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).staging-\(token)")
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw FileContents.Failure(file: url, reason: "cannot write the file (\(reason(error)))")
        }
        do {
            try contents.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            // The temporary name means nothing to the reader; the target does.
            throw error.file == temporary ? FileContents.Failure(file: url, reason: error.reason) : error
        }
        return temporary
    }

    private static func reason(_ error: any Error) -> String {
        systemReason(error)
    }
}
