import Foundation
import PackagePlugin

/// One `launch-assets render` run for a target: where its inputs are and what it produces.
///
/// The tool reads `launch-assets.json` itself (`--config`) and checks every key, placing a bad
/// value at its line and column; the plugin passes on the command line only what it decided
/// itself (the folders it found, the defaults). It reads the keys that decide the command's input
/// and output files too, because SwiftPM asks for those while it plans the build: it re-runs a
/// command when an input file changes, but does not ask the plugin for new arguments then.
struct RenderInvocation {
    /// What the plugin reads of `launch-assets.json`: the keys that decide which files the
    /// build reads and writes.
    struct Configuration: Decodable {
        var typeName: String?
        var layouts: String?
        var templates: String?
        var devices: String?
        var assetCatalog: Bool?
        var stringTables: [String]?

        init() {}

        init(from decoder: any Decoder) throws {
            let settings = try decoder.container(keyedBy: TargetConfigurationFile.Key.self)
            typeName = try settings.decodeIfPresent(String.self, forKey: .typeName)
            layouts = try settings.decodeIfPresent(String.self, forKey: .layouts)
            templates = try settings.decodeIfPresent(String.self, forKey: .templates)
            devices = try settings.decodeIfPresent(String.self, forKey: .devices)
            assetCatalog = try settings.decodeIfPresent(Bool.self, forKey: .assetCatalog)
            stringTables = try settings.decodeIfPresent([String].self, forKey: .stringTables)
        }
    }

    let targetName: String
    let typeName: String
    let layouts: URL
    let templates: URL
    let devices: URL?
    /// The app's string tables that translate the layouts: an edit to one renders again.
    let stringTables: [URL]
    let configurationFile: URL?
    /// The options the plugin decided itself: the folders it found and the defaults, for the keys
    /// the settings do not give.
    let decided: [String]
    let workDirectory: URL
    let bundle: String
    /// `assetCatalog` in the settings: honoured on the Xcode path only (`Bundle.main`).
    let assetCatalog: Bool

    init(targetName: String, targetDirectory: URL, packageDirectory: URL, workDirectory: URL, bundle: String) throws(PluginError) {
        let configURL = targetDirectory.appending(path: TargetConfigurationFile.name)
        var configuration = Configuration()
        if FileManager.default.fileExists(atPath: configURL.path) {
            do {
                configuration = try JSONDecoder().decode(Configuration.self, from: Data(contentsOf: configURL))
            } catch {
                throw .unreadableConfiguration(configURL, reason: "\(error)")
            }
            configurationFile = configURL
        } else {
            configurationFile = nil
        }

        var decided: [String] = []
        /// The folder the settings name (the tool checks it), else the first of the target's and
        /// the package's that exists.
        func folder(_ configured: String?, _ option: String, default name: String) throws(PluginError) -> URL {
            if let configured { return targetDirectory.appending(path: configured) }
            let candidates = [targetDirectory.appending(path: name), packageDirectory.appending(path: name)]
            guard let found = candidates.first(where: Self.isDirectory) else {
                throw .folderNotFound(name: name, target: targetName, searched: candidates)
            }
            decided += [option, found.path]
            return found
        }

        self.targetName = targetName
        self.typeName = configuration.typeName ?? TargetConfigurationFile.defaultTypeName
        if configuration.typeName == nil { decided += ["--type-name", typeName] }
        self.layouts = try folder(configuration.layouts, "--layouts", default: TargetConfigurationFile.defaultLayouts)
        self.templates = try folder(configuration.templates, "--templates", default: TargetConfigurationFile.defaultTemplates)
        self.devices = configuration.devices.map { targetDirectory.appending(path: $0) }
        self.stringTables = (configuration.stringTables ?? []).flatMap { path in
            let table = targetDirectory.appending(path: path)
            guard TargetConfigurationFile.namesSiblingTables(table) else { return [table] }
            return (try? TargetConfigurationFile.siblingTables(of: table)) ?? [table]
        }
        self.decided = decided
        self.workDirectory = workDirectory
        self.bundle = bundle
        self.assetCatalog = configuration.assetCatalog ?? false
    }

    /// The build command: every input file declared, one output per generated file. With
    /// `inAssetCatalog`, the pack's output is `<Type>.xcassets` (one data set entry per idiom,
    /// which Xcode compiles and App Store thinning slices) instead of a `.launchpack` file,
    /// which then stays in the render folder, not among the target's resources.
    func command(tool: URL, inAssetCatalog: Bool = false) throws(PluginError) -> Command {
        let swiftFile = workDirectory.appending(path: "\(typeName).swift")
        let packFile = workDirectory.appending(path: "\(typeName).launchpack")
        let catalog = workDirectory.appending(path: "\(typeName).xcassets")
        var arguments = [
            "render", "--quiet", "--no-images",
            "--output", workDirectory.appending(path: "render").path,
            "--swift", swiftFile.path,
            "--bundle", bundle,
            // The work directory survives between builds (and is writable in the sandbox).
            "--cache-dir", workDirectory.appending(path: "cache").path,
        ]
        arguments += decided
        arguments += inAssetCatalog ? ["--asset-catalog", workDirectory.path] : ["--pack", packFile.path]
        if let configurationFile { arguments += ["--config", configurationFile.path] }

        let inputs =
            try Self.files(in: layouts) + Self.files(in: templates) + stringTables + [devices, configurationFile].compactMap { $0 }
        return .buildCommand(
            displayName: "Rendering launch screens for \(targetName)",
            executable: tool,
            arguments: arguments,
            inputFiles: inputs,
            outputFiles: [swiftFile, inAssetCatalog ? catalog : packFile]
        )
    }

    /// Every regular file below `folder`, sorted, so that any edit re-runs the render; none when
    /// the settings name a folder that is not there (the tool says so, at the key).
    static func files(in folder: URL) throws(PluginError) -> [URL] {
        guard isDirectory(folder) else { return [] }
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw .cannotList(folder)
        }
        var files: [URL] = []
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
