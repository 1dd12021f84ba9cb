import Foundation

/// The real launch-screen snapshots under `Tests/LaunchScreenRepairTests/Fixtures/snapshots`, taken
/// from an iPhone 14 Pro class device, which the runtime's, the CLI's and the example's tests repair.
public enum SnapshotFixtures {
    /// The app the snapshots belong to.
    public static let bundleIdentifier = "com.example.seasons"

    /// The snapshots' folder in the package (the CLI and the example read it in place; the
    /// runtime's tests read their bundled copy).
    public static let folder = PackageRoot.url.appendingPathComponent("Tests/LaunchScreenRepairTests/Fixtures/snapshots")

    /// The four AAPL snapshots, by what they show.
    public static let aapl: [(name: String, width: Int, height: Int, dark: Bool)] = [
        ("aapl-1179x2556-portrait-light.ktx", 1179, 2556, false),
        ("aapl-1179x2556-portrait-dark.ktx", 1179, 2556, true),
        ("aapl-1179x2556-landscape-light.ktx", 2556, 1179, false),
        ("aapl-1179x2556-landscape-dark.ktx", 2556, 1179, true),
    ]

    /// The same four cases as PNG bytes under a `.ktx` name.
    public static let png: [(name: String, width: Int, height: Int, dark: Bool)] = aapl.map {
        ($0.name.replacingOccurrences(of: "aapl-", with: "png-"), $0.width, $0.height, $0.dark)
    }
}
