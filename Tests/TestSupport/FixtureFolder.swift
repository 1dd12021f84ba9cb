import Foundation

/// A test target's `Fixtures/` folder, copied into its bundle (`resources: [.copy("Fixtures")]`).
public struct FixtureFolder: Sendable {
    /// The bundled `Fixtures` folder.
    public let root: URL

    /// The `Fixtures` folder in `bundle`, the test target's `Bundle.module`.
    public init(in bundle: Bundle) {
        root = bundle.url(forResource: "Fixtures", withExtension: nil)!
    }

    /// A fixture file by its path under `Fixtures/`.
    public func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// A fixture's bytes.
    public func data(_ path: String) throws -> Data { try Data(contentsOf: url(path)) }
}
