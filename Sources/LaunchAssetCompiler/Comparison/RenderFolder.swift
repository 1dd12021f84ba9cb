import Foundation
import LaunchScreenRepair

/// A render's output folder read back: its `manifest.json`, and each variant's PNG from
/// `images/<id>.png` or, where that file is missing, from the pack.
package struct RenderFolder: Sendable {
    /// Where the folder's files are.
    package let layout: RenderFolderLayout
    package let manifest: LaunchManifest

    /// Reads `manifest.json`; a missing or malformed manifest names the file and the place.
    package init(directory: URL) throws(CompilerError) {
        layout = RenderFolderLayout(folder: directory)
        manifest = try JSONInputFile(contentsOf: layout.manifest, kind: "manifest").decode(LaunchManifest.self, allowedKeys: [:])
    }

    /// `images/<id>.png` of the folder, whether or not it exists.
    package func imageFile(of variant: LaunchManifest.Variant) -> URL {
        layout.image(ofVariant: variant.id)
    }

    /// Checks every variant's bytes against the manifest's MD5, so a comparison of manifests
    /// speaks for the files too.
    package func verify() throws(CompilerError) {
        for variant in manifest.variants { _ = try png(of: variant) }
    }

    /// The variant's PNG as output contents: its file under `images/` (copied when written, not
    /// held in memory), or its bytes from the pack.
    package func contents(of variant: LaunchManifest.Variant) throws(CompilerError) -> FileContents {
        let image = imageFile(of: variant)
        if FileManager.default.fileExists(atPath: image.path) { return FileContents([.file(image, length: variant.length)]) }
        return .bytes(try png(of: variant))
    }

    /// The variant's PNG bytes, checked against the manifest's MD5.
    package func png(of variant: LaunchManifest.Variant) throws(CompilerError) -> Data {
        let image = imageFile(of: variant)
        let data: Data
        let source: String
        if FileManager.default.fileExists(atPath: image.path) {
            source = image.relativePathForDisplay
            do { data = try Data(contentsOf: image) } catch {
                throw CompilerError(Diagnostic.unreadable("image", reason: image.readFailure(error)).placed(file: source, path: nil))
            }
        } else {
            let packURL = layout.folder.appendingPathComponent(manifest.pack)
            source = packURL.relativePathForDisplay
            do { data = try LaunchPack(contentsOf: packURL, for: manifest).bytes(of: variant) } catch {
                throw CompilerError(Diagnostic.imageUnusable(error.description).placed(file: source, path: "variant \(variant.id)"))
            }
        }
        guard MD5Digest.hex(of: data) == variant.md5 else {
            throw CompilerError(Diagnostic.bytesChanged(md5: variant.md5).placed(file: source, path: "variant \(variant.id)"))
        }
        return data
    }
}
