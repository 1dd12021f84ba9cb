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

extension URL {
    /// Why reading this file failed, in words: a folder where a file belongs, or the system's reason.
    func readFailure(_ error: any Error) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "a folder, not a file"
        }
        return systemReason(error)
    }
}

/// The system's reason for a file error: the POSIX message (`No space left on device`) when
/// Foundation wraps one, else Foundation's own.
func systemReason(_ error: any Error) -> String {
    let error = error as NSError
    for candidate in [error, error.userInfo[NSUnderlyingErrorKey] as? NSError].compactMap({ $0 })
    where candidate.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(candidate.code)))
    }
    return error.localizedFailureReason ?? error.localizedDescription
}

extension String {
    /// The folder part of a displayed file path (`Layouts/a.json` → `Layouts`).
    var parentFolderForDisplay: String {
        guard let slash = lastIndex(of: "/") else { return "." }
        return String(self[..<slash])
    }
}
