import Foundation

extension URL {
    /// The path relative to the working directory when the file is below it, else the full path:
    /// what a person wants to read in a diagnostic.
    var relativePathForDisplay: String {
        let base = FileManager.default.currentDirectoryPath
        let path = standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

extension String {
    /// The folder part of a displayed file path (`Layouts/a.json` → `Layouts`).
    var parentFolderForDisplay: String {
        guard let slash = lastIndex(of: "/") else { return "." }
        return String(self[..<slash])
    }
}
