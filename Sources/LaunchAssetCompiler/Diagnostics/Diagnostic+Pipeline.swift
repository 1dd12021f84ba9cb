import Foundation

// What a request's options and a run can get wrong: the settings of `launch-assets.json`, the
// launch screen, the preview. Each factory words one finding; the caller places it.
extension Diagnostic {
    /// A path of `launch-assets.json` (`layouts`, `templates`, `devices`) that names nothing:
    /// `given` as the file says it, `resolved` against the file's folder.
    static func configuredPathMissing(_ given: String, resolved: URL, folder: Bool) -> Diagnostic {
        Diagnostic(
            message: "\"\(given)\" names no \(folder ? "folder" : "file") (\(resolved.relativePathForDisplay)): "
                + "paths in launch-assets.json are relative to its folder")
    }

    /// A `typeName` that cannot name the generated Swift enum.
    static func invalidTypeName(_ name: String) -> Diagnostic {
        Diagnostic(message: "must be a Swift identifier, found \"\(name)\"")
    }

    /// A `compressionLevel` outside `levels`.
    static func compressionLevelOutOfRange(_ level: Int, levels: ClosedRange<Int>) -> Diagnostic {
        Diagnostic(message: "must be \(levels.lowerBound) (fastest) to \(levels.upperBound) (smallest), found \(level)")
    }

    /// `"assetCatalog": true` for a SwiftPM target, which reads its pack from `Bundle.module`.
    static var assetCatalogInModule: Diagnostic {
        Diagnostic(
            .warning,
            message: "a SwiftPM target (--bundle module) keeps its .launchpack: the asset catalog is for an app's Bundle.main "
                + "(an Xcode project); remove the key, or set it to false")
    }

    /// `"assetCatalog": true` for a shard, whose folder holds images only.
    static var assetCatalogInShard: Diagnostic {
        Diagnostic(
            .warning, message: "a shard (--shard) holds images only: give --asset-catalog DIR to `launch-assets merge` to write the catalog"
        )
    }

    /// `--storyboard` when neither the command line nor `launch-assets.json` gives an asset catalog.
    static var storyboardWithoutAssetCatalog: Diagnostic {
        Diagnostic(
            message: "--storyboard names its colour and logo in the asset catalog: give --asset-catalog DIR too, "
                + "or \"assetCatalog\": true in launch-assets.json")
    }

    /// `--storyboard` when the fallback layout (in `file`) describes no launch screen.
    static func noLaunchScreen(inFile file: String?) -> Diagnostic {
        Diagnostic(
            file: file, path: "launchScreen",
            message:
                "--storyboard writes the launch screen the fallback layout describes, and it describes none: add "
                + "\"launchScreen\": { \"logo\": \"logo.svg\", \"logoFrame\": { \"x\": -150, \"y\": -84, \"width\": 300, \"height\": 168 } } "
                + "(see Docs/Layouts.md)")
    }

    /// The contact sheet `file` could not be drawn, for `reason`.
    static func previewFailed(_ reason: String, file: String) -> Diagnostic {
        Diagnostic(file: file, message: reason)
    }
}

// Which layouts a run draws and delivers.
extension Diagnostic {
    /// Layout ids (`--layout`, `--remote-layout`, `remoteLayouts`) that name no layout among `known`.
    static func unknownLayouts(_ ids: [String], known: some Sequence<String>) -> Diagnostic {
        Diagnostic(
            message:
                "no layout with id \(ids.map { "\"\($0)\"" }.joined(separator: ", ")) (found: \(known.sorted().joined(separator: ", ")))")
    }

    /// The fallback layout `id` (read from `file`) chosen for remote delivery.
    static func fallbackDeliveredRemotely(_ id: String, file: String) -> Diagnostic {
        Diagnostic(
            message: "\"\(id)\" is the fallback layout (\(file) has no schedule): it must be bundled, "
                + "a device offline on its first launch has nothing else to show")
    }

    /// Layouts `ids` delivered remotely without a remote source to fetch them from.
    static func remoteLayoutsWithoutSource(_ ids: [String]) -> Diagnostic {
        let list = ids.map { "\"\($0)\"" }.joined(separator: ", ")
        let subject = ids.count == 1 ? "layout \(list) is" : "layouts \(list) are"
        return Diagnostic(
            message:
                "\(subject) delivered remotely, but no remote source is configured, so an app could never fetch \(ids.count == 1 ? "it" : "them"): "
                + "add \"remote\": { \"url\": \"https://…\", \"publicKey\": \"…\" } to launch-assets.json (render --config), "
                + "or give --remote-url and --remote-public-key (`launch-assets keygen` makes the key pair)")
    }
}
