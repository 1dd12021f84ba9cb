import Foundation
import LaunchScreenRepair

/// A render's output folder read back: its `manifest.json`, and each variant's PNG from
/// `images/<id>.png` or, where that file is missing, from the pack.
public struct RenderFolder: Sendable {
    public let directory: URL
    public let manifest: LaunchManifest

    /// Reads `manifest.json`; a missing or malformed manifest names the file and the place.
    public init(directory: URL) throws(CompilerError) {
        self.directory = directory.standardizedFileURL
        let file = self.directory.appendingPathComponent("manifest.json")
        manifest = try JSONInputFile(contentsOf: file, kind: "manifest").decode(LaunchManifest.self, allowedKeys: [:])
    }

    /// `images/<id>.png` of the folder, whether or not it exists.
    public func imageFile(of variant: LaunchManifest.Variant) -> URL {
        directory.appendingPathComponent("images/\(variant.id).png")
    }

    /// Checks every variant's bytes against the manifest's MD5, so a comparison of manifests
    /// speaks for the files too.
    public func verify() throws(CompilerError) {
        for variant in manifest.variants { _ = try png(of: variant) }
    }

    /// The variant's PNG as output contents: its file under `images/` (copied when written, not
    /// held in memory), or its bytes from the pack.
    public func contents(of variant: LaunchManifest.Variant) throws(CompilerError) -> FileContents {
        let image = imageFile(of: variant)
        if FileManager.default.fileExists(atPath: image.path) { return FileContents([.file(image, length: variant.length)]) }
        return .bytes(try png(of: variant))
    }

    /// The variant's PNG bytes, checked against the manifest's MD5.
    public func png(of variant: LaunchManifest.Variant) throws(CompilerError) -> Data {
        let image = imageFile(of: variant)
        let data: Data
        let source: String
        if FileManager.default.fileExists(atPath: image.path) {
            source = image.relativePathForDisplay
            do { data = try Data(contentsOf: image) } catch {
                throw CompilerError(Diagnostic(file: source, message: "cannot read the image (\(image.readFailure(error)))"))
            }
        } else {
            let packURL = directory.appendingPathComponent(manifest.pack)
            source = packURL.relativePathForDisplay
            do { data = try LaunchPack(contentsOf: packURL, for: manifest).bytes(of: variant) } catch {
                throw CompilerError(Diagnostic(file: source, path: "variant \(variant.id)", message: error.description))
            }
        }
        guard MD5Digest.hex(of: data) == variant.md5 else {
            throw CompilerError(
                Diagnostic(
                    file: source, path: "variant \(variant.id)",
                    message: "the bytes do not match the manifest's md5 \(variant.md5): the folder was changed after the render"
                ))
        }
        return data
    }
}
