// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "LaunchAssets",
    defaultLocalization: "en",
    platforms: [.macOS(.v13), .iOS(.v13)],
    products: [
        .library(name: "LaunchScreenRepair", targets: ["LaunchScreenRepair"]),
        .executable(name: "launch-assets", targets: ["launch-assets"]),
        .executable(name: "launch-assets-check", targets: ["launch-assets-check"]),
        // The generator's module, for the fuzz harnesses in Fuzzing/ only (a package of their own):
        // no stable API, hence the underscore, as swift-openapi-generator's `_OpenAPIGeneratorCore`.
        .library(name: "_LaunchAssetCompiler", targets: ["LaunchAssetCompiler"]),
        .plugin(name: "LaunchAssetsPlugin", targets: ["LaunchAssetsPlugin"]),
        .plugin(name: "RenderLaunchAssets", targets: ["RenderLaunchAssets"]),
        .plugin(name: "LaunchAssetsCheck", targets: ["LaunchAssetsCheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibrsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev", "libcairo2-dev"]), .brew(["librsvg"])]
        ),
        // Pango's fontconfig font map: the render's own fonts (`Templates/Fonts/`), nothing installed.
        .systemLibrary(
            name: "CPangoFontconfig",
            pkgConfig: "pangoft2",
            providers: [.apt(["libpango1.0-dev"]), .brew(["pango"])]
        ),
        .systemLibrary(
            name: "CLibdeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        // Splices DEFLATE streams compressed apart into one (the PNG encoder's stripes of rows).
        .target(name: "CDeflateSplice"),
        .target(
            name: "LaunchScreenRepair",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            // The privacy manifest App Store Connect reads from every SDK an app links
            // (required-reason APIs).
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // The input files a render reads and the record of their bytes it writes into the
        // generated Swift: the compiler writes it, launch-assets-check reads it. No system library.
        .target(name: "LaunchAssetSources", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        .target(
            name: "LaunchAssetCompiler",
            dependencies: [
                "LaunchScreenRepair",
                "LaunchAssetSources",
                "CLibrsvg",
                "CPangoFontconfig",
                "CLibdeflate",
                "CDeflateSplice",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            resources: [.copy("Resources/devices.json"), .copy("Resources/gallery.mustache"), .copy("Resources/Starter")]
        ),
        .executableTarget(
            name: "launch-assets",
            dependencies: [
                "LaunchAssetCompiler",
                "LaunchAssetSources",
                "LaunchScreenRepair",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Checks a committed render against its input files' bytes: links no librsvg, cairo or Pango.
        .executableTarget(
            name: "launch-assets-check",
            dependencies: [
                "LaunchAssetSources",
                "LaunchScreenRepair",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "render-benchmark"),
        .executableTarget(name: "manifest-benchmark", dependencies: ["LaunchAssetCompiler", "LaunchScreenRepair"]),
        .executableTarget(
            name: "repair-benchmark",
            dependencies: ["LaunchScreenRepair", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .plugin(
            name: "LaunchAssetsPlugin",
            capability: .buildTool(),
            dependencies: ["launch-assets"]
        ),
        .plugin(
            name: "LaunchAssetsCheck",
            capability: .buildTool(),
            dependencies: ["launch-assets-check"]
        ),
        .plugin(
            name: "RenderLaunchAssets",
            capability: .command(
                intent: .custom(verb: "render-launch-assets", description: "Render the package's launch-screen layouts with launch-assets"),
                permissions: [.writeToPackageDirectory(reason: "Writes the rendered launch screens (default: LaunchAssets/)")]
            ),
            dependencies: ["launch-assets"]
        ),
        .target(
            name: "LaunchAssetsExample",
            dependencies: ["LaunchScreenRepair"],
            // Read by the plugin: the development language and Arabic, of the layouts' five.
            exclude: ["launch-assets.json"],
            plugins: ["LaunchAssetsPlugin"]
        ),
        .testTarget(
            name: "LaunchAssetsExampleTests",
            dependencies: ["LaunchAssetsExample", "LaunchScreenRepair", "TestSupport"]
        ),
        // What every test target shares: temporary folders, fixture access, synthetic PNGs and the
        // runner of the built `launch-assets`.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .target(
            name: "LoopbackServer",
            path: "Tests/LoopbackServer",
            exclude: ["loopback-server.py"]
        ),
        .testTarget(
            name: "LaunchScreenRepairTests",
            dependencies: [
                "LaunchScreenRepair", "LoopbackServer", "TestSupport", .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "LaunchAssetCompilerTests",
            dependencies: ["LaunchAssetCompiler", "LaunchAssetSources", "CDeflateSplice", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "LaunchAssetSourcesTests", dependencies: ["LaunchAssetSources"]),
        .testTarget(
            name: "LaunchAssetsCLITests",
            dependencies: [
                "launch-assets",
                "launch-assets-check",
                "LaunchAssetSources",
                "LaunchScreenRepair",
                "LoopbackServer",
                "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
