import Crypto
import Foundation

/// The SHA-256 of every file in a templates folder (SVGs, and the images and fonts they refer
/// to), for keys that must change when a file an instance refers to changes.
struct TemplateFileDigests: Sendable {
    /// File name and digest, sorted by path.
    private var files: [(name: String, digest: String)]

    /// Reads every regular file under `directory`; a file that cannot be read is left out.
    init(directory: URL) {
        let urls =
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } ?? []
        files = urls.sorted { $0.path < $1.path }.compactMap { url in
            guard let data = try? Data(contentsOf: url) else { return nil }
            return (url.lastPathComponent, SHA256.hash(data: data).hexString)
        }
    }

    /// Adds `<name> <digest>` lines to `hasher` for every file whose name `svg` mentions: a
    /// reference names a file.
    func update(_ hasher: inout SHA256, referencedBy svg: String) {
        for file in files where svg.utf8.firstIndex(of: file.name.utf8) != nil {
            hasher.update(data: Data("\(file.name) \(file.digest)\n".utf8))
        }
    }
}
