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

    /// A new, empty folder beside the output folder (so on the same volume) for a render's
    /// intermediate files; the caller removes it once the output is written.
    public func makeScratchFolder() throws(CompilerError) -> URL {
        let scratch = sibling("rendering", token: Self.token())
        do {
            try FileManager.default.createDirectory(at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
        } catch {
            // Where the scratch folder cannot go, the output cannot either: say so before rendering.
            throw CompilerError(
                Diagnostic(
                    file: directory.relativePathForDisplay,
                    message: "cannot write the output (\(Self.reason(error))); the previous output is untouched"
                ))
        }
        return scratch
    }

    /// `.<output name>.<purpose>-<token>` beside the output folder.
    private func sibling(_ purpose: String, token: String) -> URL {
        directory.deletingLastPathComponent().appendingPathComponent(".\(directory.lastPathComponent).\(purpose)-\(token)")
    }

    private static func token() -> String {
        "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Writes `files` (keyed by absolute URL) into place. Everything is staged first: the folder
    /// in a sibling staging folder, each file outside it (`--swift`, `--pack`) in a temporary
    /// file next to its target. Only then are they renamed into place, the folder first; a
    /// failure before that point leaves every previous file as it was.
    public func write(_ files: [URL: FileContents]) throws(CompilerError) {
        let fileManager = FileManager.default
        let parent = directory.deletingLastPathComponent()
        let token = Self.token()
        let staging = sibling("staging", token: token)
        let previous = sibling("previous", token: token)
        let display = directory.relativePathForDisplay

        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw CompilerError(Diagnostic(file: display, message: "the output path exists and is not a folder"))
        }
        let root = directory.path + "/"
        let inside = files.filter { $0.key.standardizedFileURL.path.hasPrefix(root) }
        let outside = files.filter { !$0.key.standardizedFileURL.path.hasPrefix(root) }
        // A re-render with unchanged inputs finds the folder already right: only files outside it may change.
        let relativeInside = Dictionary(
            uniqueKeysWithValues: inside.map { (String($0.key.standardizedFileURL.path.dropFirst(root.count)), $0.value) })
        if Self.holds(directory, exactly: relativeInside) {
            let staged = try Self.stage(outside, token: token)
            for (index, file) in staged.enumerated() where rename(file.temporary.path, file.target.path) != 0 {
                let reason = String(cString: strerror(errno))
                for rest in staged[index...] { try? fileManager.removeItem(at: rest.temporary) }
                throw CompilerError(Diagnostic(file: file.target.relativePathForDisplay, message: "cannot replace the file (\(reason))"))
            }
            return
        }
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
            for (url, contents) in inside.sorted(by: { $0.key.path < $1.key.path }) {
                let relative = String(url.standardizedFileURL.path.dropFirst(root.count))
                let target = staging.appendingPathComponent(relative)
                try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try contents.write(to: target)
            }
        } catch let failure as FileContents.Failure {
            try? fileManager.removeItem(at: staging)
            // A failed write names the file where it was going; a failed read, the file read.
            let stagingRoot = staging.path + "/"
            let file = failure.file.path.hasPrefix(stagingRoot) ? root + failure.file.path.dropFirst(stagingRoot.count) : failure.file.path
            throw CompilerError(
                Diagnostic(
                    file: URL(fileURLWithPath: file).relativePathForDisplay, message: "\(failure.reason); the previous output is untouched")
            )
        } catch {
            try? fileManager.removeItem(at: staging)
            throw CompilerError(
                Diagnostic(file: display, message: "cannot write the output (\(Self.reason(error))); the previous output is untouched"))
        }
        // Temporary files staged next to outside targets, renamed over them once the folder is in place.
        var staged: [(temporary: URL, target: URL)]
        do { staged = try Self.stage(outside, token: token) } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }
        func discardStaged() {
            try? fileManager.removeItem(at: staging)
            for file in staged { try? fileManager.removeItem(at: file.temporary) }
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
            discardStaged()
            throw CompilerError(
                Diagnostic(
                    file: display, message: "cannot replace the output folder (\(Self.reason(error))); the previous output is untouched"))
        }
        for (index, file) in staged.enumerated() where rename(file.temporary.path, file.target.path) != 0 {
            let reason = String(cString: strerror(errno))
            // Put the previous folder back, so the folder and the files before this one disagree at worst.
            if fileManager.fileExists(atPath: previous.path), (try? fileManager.moveItem(at: directory, to: staging)) != nil {
                try? fileManager.moveItem(at: previous, to: directory)
            }
            staged.removeFirst(index)
            discardStaged()
            throw CompilerError(
                Diagnostic(
                    file: file.target.relativePathForDisplay,
                    message: "cannot replace the file (\(reason)); the previous output folder is restored"))
        }
        try? fileManager.removeItem(at: previous)
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
                    Diagnostic(file: error.file.relativePathForDisplay, message: "\(error.reason); the previous output is untouched"))
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
