import CLibdeflate
import CLibrsvg
import Crypto
import Foundation
import LaunchAssetSources

/// Rendered PNGs kept between runs, each filed under a digest of everything that decides its
/// bytes: the generator, librsvg, cairo and libdeflate versions, the compression level, the pixel
/// size, the instantiated SVG and the files in `Templates/` it refers to.
///
/// Entries are written whole (temporary file, then rename), so renders running side by side
/// never read half an entry; an entry that is not a whole PNG of the expected size is ignored
/// and rendered again. Entries not used for ``retention`` are removed after each render.
public struct RenderCache: Sendable {
    /// The folder holding `<key>.png` entries.
    public var directory: URL
    /// Digests of the files in the templates folder.
    private var templateFiles: TemplateFileDigests

    /// How long an unused entry is kept.
    public static let retention: TimeInterval = 30 * 24 * 60 * 60

    /// A cache in `directory` for renders of the templates in `templatesDirectory`.
    public init(directory: URL, templatesDirectory: URL) {
        self.directory = directory
        templateFiles = TemplateFileDigests(directory: templatesDirectory)
    }

    /// The per-user default: `~/Library/Caches/launch-assets` on macOS, else
    /// `$XDG_CACHE_HOME/launch-assets` or `~/.cache/launch-assets`.
    public static var defaultDirectory: URL {
        let home = FileManager.default.homeDirectoryForCurrentUser
        #if canImport(Darwin)
        return home.appendingPathComponent("Library/Caches/launch-assets")
        #else
        if let xdg = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("launch-assets")
        }
        return home.appendingPathComponent(".cache/launch-assets")
        #endif
    }

    /// The libraries that draw and encode, by version.
    private static let renderers =
        "librsvg \(rsvg_major_version).\(rsvg_minor_version).\(rsvg_micro_version) cairo \(cairo_version()) libdeflate \(LIBDEFLATE_VERSION_MAJOR).\(LIBDEFLATE_VERSION_MINOR)"

    /// The keys of a screen's variants, in order, encoded by `encoder`. Their PNGs are encoded
    /// together (``ScreenLanguages``), so each key also stands for the others' images.
    func keys(for screen: [PlannedVariant], encoder: PNGEncoder) -> [String] {
        let own = screen.map { key(for: $0, encoder: encoder) }
        guard own.count > 1 else { return own }
        let others =
            "one of \(own.count) languages of a screen, shared rows at level \(ScreenLanguages.sharedLevel(encoder.level))\n"
            + own.joined(separator: "\n")
        return own.map { SHA256.hash(data: Data("\($0)\n\(others)".utf8)).hexString }
    }

    /// The key of `variant` encoded by `encoder` on its own.
    private func key(for variant: PlannedVariant, encoder: PNGEncoder) -> String {
        var hasher = SHA256()
        hasher.update(
            data: Data(
                "\(GeneratorVersion.manifestName)\n\(Self.renderers)\nmarked PNG\nlevel \(encoder.level)\n\(variant.pixels.width)x\(variant.pixels.height)\n"
                    .utf8))
        templateFiles.update(&hasher, referencedBy: variant.svg)
        hasher.update(data: Data(variant.svg.utf8))
        return hasher.finalize().hexString
    }

    /// The cached image for `key`, if a whole PNG of `width` × `height` pixels is there.
    func image(forKey key: String, width: Int, height: Int) -> RenderedImage? {
        let url = entry(key)
        guard let data = try? Data(contentsOf: url), Self.isWholePNG(data, width: width, height: height) else { return nil }
        // Marks the entry as used, for pruning.
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
        return RenderedImage(file: url, png: data)
    }

    /// Files `png` under `key` and returns the entry, or `nil` when the cache cannot be written:
    /// that is not an error, the render goes on.
    func store(_ png: Data, forKey key: String) -> RenderedImage? {
        let temporary = directory.appendingPathComponent(
            ".\(key).\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try png.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return nil
        }
        guard rename(temporary.path, entry(key).path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            return nil
        }
        return RenderedImage(file: entry(key), png: png)
    }

    /// Removes entries (and stray temporary files) not used for ``retention``.
    public func prune(now: Date = Date()) {
        let keys: [URLResourceKey] = [.contentModificationDateKey]
        guard let entries = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
        for url in entries where url.pathExtension == "png" || url.lastPathComponent.hasPrefix(".") {
            guard let modified = try? url.resourceValues(forKeys: Set(keys)).contentModificationDate,
                now.timeIntervalSince(modified) > Self.retention
            else { continue }
            try? FileManager.default.removeItem(at: url)
        }
    }

    private func entry(_ key: String) -> URL {
        directory.appendingPathComponent("\(key).png")
    }

    /// A PNG signature, an IHDR of the expected size, and an IEND chunk at the very end.
    static func isWholePNG(_ data: Data, width: Int, height: Int) -> Bool {
        let bytes = [UInt8](data.prefix(24))
        let end: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        func be(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return bytes.count == 24
            && bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            && bytes[12..<16].elementsEqual(Array("IHDR".utf8))
            && be(16) == width && be(20) == height
            && data.suffix(12).elementsEqual(end)
    }
}
