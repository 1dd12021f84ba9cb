import Foundation
import Testing

/// The real files under `Fixtures/`, and temporary folders to copy them into.
enum Fixtures {
    /// The bundled `Fixtures` folder.
    static let root: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    /// A fixture file by its path under `Fixtures/`.
    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// A fixture's bytes.
    static func data(_ path: String) throws -> Data { try Data(contentsOf: url(path)) }

    /// The four real AAPL snapshots from an iPhone 14 Pro class device, by what they show.
    static let aapl: [(name: String, width: Int, height: Int, dark: Bool)] = [
        ("aapl-1179x2556-portrait-light.ktx", 1179, 2556, false),
        ("aapl-1179x2556-portrait-dark.ktx", 1179, 2556, true),
        ("aapl-1179x2556-landscape-light.ktx", 2556, 1179, false),
        ("aapl-1179x2556-landscape-dark.ktx", 2556, 1179, true),
    ]

    /// The same four cases as PNG bytes under a `.ktx` name.
    static let png: [(name: String, width: Int, height: Int, dark: Bool)] = aapl.map {
        ($0.name.replacingOccurrences(of: "aapl-", with: "png-"), $0.width, $0.height, $0.dark)
    }
}

/// A fresh folder under the system's temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init(_ label: String = "LaunchScreenRepairTests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        // Restore write permission first: some tests make files unreadable.
        if let paths = FileManager.default.subpaths(atPath: url.path) {
            for path in paths { chmod(url.appendingPathComponent(path).path, 0o755) }
        }
        try? FileManager.default.removeItem(at: url)
    }
}
