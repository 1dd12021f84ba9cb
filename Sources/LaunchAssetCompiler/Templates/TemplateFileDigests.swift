import Crypto
import Foundation

/// The SHA-256 of every file in a templates folder (SVGs, and the images and fonts they refer
/// to), for keys that must change when a file an instance refers to changes.
struct TemplateFileDigests: Sendable {
    /// File name and digest, sorted by path; whether the file is a shipped font (`Fonts/`).
    private var files: [(name: String, digest: String, isFont: Bool)]

    /// Reads every regular file under `directory`; a file that cannot be read is left out.
    init(directory: URL) {
        let urls =
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } ?? []
        let fonts = TemplateFonts.folder(in: directory).standardizedFileURL.path
        files = urls.sorted { $0.path < $1.path }.compactMap { url in
            guard let data = try? Data(contentsOf: url) else { return nil }
            let isFont =
                url.deletingLastPathComponent().standardizedFileURL.path == fonts
                && TemplateFonts.fileExtensions.contains(url.pathExtension.lowercased())
            return (url.lastPathComponent, SHA256.hash(data: data).hexString, isFont)
        }
    }

    /// Adds `<name> <digest>` lines to `hasher` for every file whose name `svg` mentions (a
    /// reference names a file) and, when it draws text, for every shipped font (text names a
    /// family, not a file).
    func update(_ hasher: inout SHA256, referencedBy svg: String) {
        let drawsText = svg.utf8.firstIndex(ofASCII: "<text") != nil
        for file in files where (file.isFont && drawsText) || svg.utf8.firstIndex(of: file.name.utf8) != nil {
            hasher.update(data: Data("\(file.name) \(file.digest)\n".utf8))
        }
    }
}
