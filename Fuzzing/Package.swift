// swift-tools-version:6.1
// libFuzzer harnesses for LaunchAssets' parsers. A separate package so that the main package's
// `swift build` / `swift test` never build them. Build and run with `Scripts/fuzz` (see README.md).
import PackageDescription

let package = Package(
    name: "LaunchAssetsFuzzing",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "LaunchAssets", path: ".."),
        // Same requirements as the main package; needed here only because LaunchAssetCompiler is
        // not a product of the main package (see `Mirrors/` below).
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
    ],
    targets: [
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
        // The main package exports LaunchScreenRepair as a library product but not
        // LaunchAssetCompiler, and its Package.swift is not ours to change. `Mirrors/` holds
        // symbolic links to `../Sources/LaunchAssetCompiler`, `../Sources/CLibrsvg` and
        // `../Sources/CLibdeflate`, so the
        // compiler is built here from the very same sources, against the main package's
        // LaunchScreenRepair product. Target names must be unique across the package graph,
        // hence the prefixes: the module is `FuzzedLaunchAssetCompiler`; `FuzzCLibrsvg` and
        // `FuzzCLibdeflate` still provide the modules `CLibrsvg` and `CLibdeflate` (their module
        // maps are the main package's).
        .systemLibrary(
            name: "FuzzCLibrsvg",
            path: "Mirrors/CLibrsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev", "libcairo2-dev"]), .brew(["librsvg"])]
        ),
        .systemLibrary(
            name: "FuzzCLibdeflate",
            path: "Mirrors/CLibdeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        .target(
            name: "FuzzedLaunchAssetCompiler",
            dependencies: [
                .product(name: "LaunchScreenRepair", package: "LaunchAssets"),
                "FuzzCLibrsvg",
                "FuzzCLibdeflate",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            path: "Mirrors/LaunchAssetCompiler",
            resources: [.copy("Resources/devices.json")]
        ),
        .executableTarget(name: "fuzz-layout", dependencies: ["FuzzedLaunchAssetCompiler"]),
        .executableTarget(name: "fuzz-template", dependencies: ["FuzzedLaunchAssetCompiler"]),
    ],
    swiftLanguageModes: [.v6]
)
