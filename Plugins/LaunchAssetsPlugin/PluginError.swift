import Foundation

/// Why LaunchAssetsPlugin cannot plan a target's render: each case carries what it is about,
/// and ``description`` says what to do, once.
enum PluginError: Error, CustomStringConvertible {
    /// The target does not link LaunchScreenRepair, which the generated file imports.
    case runtimeNotLinked(target: String)
    /// `launch-assets.json` could not be read or decoded, for `reason`.
    case unreadableConfiguration(URL, reason: String)
    /// No `name` folder (`Layouts`, `Templates`) in the places searched for the target.
    case folderNotFound(name: String, target: String, searched: [URL])
    /// An input folder could not be listed.
    case cannotList(URL)

    var description: String {
        switch self {
        case .runtimeNotLinked(let target):
            "target '\(target)' uses LaunchAssetsPlugin but does not depend on LaunchScreenRepair, which the generated file imports. "
                + "Add it to the target's dependencies in Package.swift: "
                + ".product(name: \"LaunchScreenRepair\", package: \"LaunchAssets\") "
                + "(package: the last path component of the LaunchAssets URL or path in your dependencies)"
        case .unreadableConfiguration(let file, let reason):
            "\(file.path): cannot read the LaunchAssets configuration: \(reason)"
        case .folderNotFound(let name, let target, let searched):
            "LaunchAssetsPlugin found no \(name)/ folder for target '\(target)': looked in "
                + searched.map(\.path).joined(separator: " and ") + ". "
                + "Add \(name)/ (layout JSON files and SVG templates: see the LaunchAssets README) to the target's folder or the package root, "
                + "or name the folder in \(TargetConfigurationFile.name)."
        case .cannotList(let folder):
            "cannot list \(folder.path)"
        }
    }
}
