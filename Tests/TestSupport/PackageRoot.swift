import Foundation

/// The package's own folder, where the bundled `Layouts/`, `Templates/` and `Scripts/` live.
public enum PackageRoot {
    /// The package root (this file is `Tests/TestSupport/PackageRoot.swift`).
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A path under the package root.
    public static func url(_ relative: String) -> URL { url.appendingPathComponent(relative) }
}
