import Foundation

/// What `launch-assets init` writes into a folder: a fallback layout with its launch screen (the
/// app's mark, no text), one season with a title, their templates and `launch-assets.json`.
/// It validates, renders and passes `render --check` as written; the files are the compiler's
/// resources (`Resources/Starter/`).
public enum Starter {
    /// Every file of the starter, relative to the folder it goes into, sorted.
    public static func files() throws(CompilerError) -> [String] {
        try files(in: try resources())
    }

    /// The files below `root`, relative to it, sorted.
    private static func files(in root: URL) throws(CompilerError) -> [String] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw CompilerError(Diagnostic.starterMissing.placed(file: root.relativePathForDisplay, path: nil))
        }
        let prefix = root.standardizedFileURL.path + "/"
        return enumerator.compactMap { item in
            guard let url = item as? URL, (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { return nil }
            return String(url.standardizedFileURL.path.dropFirst(prefix.count))
        }.sorted()
    }

    /// Writes the starter into `folder` (created if missing) and returns the files written,
    /// relative to it.
    /// Nothing is written when any of them exists already: the error names each one. A file that
    /// cannot be written removes the ones written before it.
    @discardableResult
    public static func write(into folder: URL) throws(CompilerError) -> [String] {
        let root = try resources()
        let files = try files(in: root)
        let targets = files.map { folder.appendingPathComponent($0) }
        let existing = targets.filter { FileManager.default.fileExists(atPath: $0.path) }
        guard existing.isEmpty else {
            throw CompilerError(existing.map { Diagnostic.starterWouldOverwrite.placed(file: $0.relativePathForDisplay, path: nil) })
        }
        var written: [URL] = []
        for (file, target) in zip(files, targets) {
            do {
                let data = try Data(contentsOf: root.appendingPathComponent(file))
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: target, options: .withoutOverwriting)
                written.append(target)
            } catch {
                for url in written { try? FileManager.default.removeItem(at: url) }
                throw CompilerError(
                    Diagnostic.starterNotWritten(reason: systemReason(error)).placed(file: target.relativePathForDisplay, path: nil))
            }
        }
        return files
    }

    /// The starter's folder among the compiler's resources.
    private static func resources() throws(CompilerError) -> URL {
        guard let url = Bundle.module.url(forResource: "Starter", withExtension: nil) else {
            throw CompilerError(Diagnostic.starterMissing)
        }
        return url
    }
}
