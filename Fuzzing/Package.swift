// swift-tools-version:6.1
// libFuzzer harnesses for LaunchAssets' parsers. A separate package so that the main package's
// `swift build` / `swift test` never build them. Build and run with `Scripts/fuzz` (see README.md).
import PackageDescription

let package = Package(
    name: "LaunchAssetsFuzzing",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "LaunchAssets", path: "..")
    ],
    targets: [
        // The runtime's parsers, through its `@_spi(Fuzzing)` entry points (`SnapshotParsers`).
        .executableTarget(
            name: "fuzz-image-header",
            dependencies: [.product(name: "LaunchScreenRepair", package: "LaunchAssets")]
        ),
        .executableTarget(
            name: "fuzz-lzfse",
            dependencies: [.product(name: "LaunchScreenRepair", package: "LaunchAssets")]
        ),
        .executableTarget(
            name: "fuzz-astc",
            dependencies: [.product(name: "LaunchScreenRepair", package: "LaunchAssets")]
        ),
        // The generator, through the main package's underscored product: the module
        // `LaunchAssetCompiler` itself, with its C libraries and resources, built once.
        .executableTarget(
            name: "fuzz-layout",
            dependencies: [.product(name: "_LaunchAssetCompiler", package: "LaunchAssets")]
        ),
        .executableTarget(
            name: "fuzz-template",
            dependencies: [.product(name: "_LaunchAssetCompiler", package: "LaunchAssets")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
