import Foundation

/// The pixel sizes of this device's own launch snapshot files, which decide the remote images
/// it downloads: what the ledger remembers of a file that kept its identity, else its header
/// (a landscape slot this module filled with a portrait image counts as landscape). Reads no
/// more than headers, and writes nothing.
enum SnapshotSizes {
    /// Distinct sizes, in name order of the first file of each; empty before the system drew
    /// any snapshot.
    static func read(_ locator: SnapshotLocator, fileSystem: some FileSystem) -> [ImageSize] {
        let paths = SnapshotPaths(locator)
        guard let entries = try? fileSystem.entries(in: paths.snapshotFolder) else { return [] }
        let ledger = Ledger.load(from: paths.ledgerFile, fileSystem: fileSystem).ledger
        var sizes: [ImageSize] = []
        for entry in entries where entry.kind == .regular && SnapshotLocator.isSnapshotName(entry.name) {
            let remembered = ledger.observations[entry.name].flatMap { $0.identity == entry.identity ? $0.header : nil }
            guard let header = remembered ?? probe(paths.snapshotFolder.appendingPathComponent(entry.name), fileSystem) else { continue }
            var size = ImageSize(width: header.width, height: header.height)
            if let ours = ledger.files[entry.name], ours.identity == entry.identity, ours.orientation != header.orientation {
                size = ImageSize(width: header.height, height: header.width)
            }
            if !sizes.contains(size) { sizes.append(size) }
        }
        return sizes
    }

    private static func probe(_ url: URL, _ fileSystem: some FileSystem) -> ImageHeader? {
        guard let file = try? fileSystem.openForReading(url) else { return nil }
        defer { file.close() }
        return try? ImageHeaderProbe.probe(file)
    }
}

/// A width and height in pixels.
struct ImageSize: Sendable, Hashable, CustomStringConvertible {
    var width: Int
    var height: Int

    /// `<width>x<height>`.
    var description: String { "\(width)x\(height)" }
}
