import Foundation
import PackagePlugin

/// Renders a target's seasonal launch screens at build time.
///
/// Finds `Layouts/` and `Templates/` in the target's folder, else at the package root, and runs
/// `launch-assets render` whenever a file in them (or `launch-assets.json`) changes. The target
/// gets `<Type>.swift` (compiled into it) and `<Type>.launchpack` (a resource in `Bundle.module`).
@main
struct LaunchAssetsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        guard dependsOnRuntime(target) else {
            throw PluginFailure(
                "target '\(target.name)' uses LaunchAssetsPlugin but does not depend on LaunchScreenRepair, which the generated file imports. "
                    + "Add it to the target's dependencies in Package.swift: "
                    + ".product(name: \"LaunchScreenRepair\", package: \"LaunchAssets\") "
                    + "(package: the last path component of the LaunchAssets URL or path in your dependencies)"
            )
        }
        let render = try RenderInvocation(
            targetName: target.name,
            targetDirectory: target.directoryURL,
            packageDirectory: context.package.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL,
            bundle: "module"
        )
        return [try render.command(tool: context.tool(named: "launch-assets").url)]
    }

    /// Whether the target (directly or through its dependencies) links LaunchScreenRepair.
    private func dependsOnRuntime(_ target: SourceModuleTarget) -> Bool {
        var seen: Set<String> = []
        func visit(_ dependencies: [TargetDependency]) -> Bool {
            for dependency in dependencies {
                switch dependency {
                case .product(let product):
                    if product.name == "LaunchScreenRepair" { return true }
                case .target(let target):
                    if target.name == "LaunchScreenRepair" { return true }
                    if seen.insert(target.id).inserted, visit(target.dependencies) { return true }
                @unknown default:
                    continue
                }
            }
            return false
        }
        return visit(target.dependencies)
    }
}

/// One `launch-assets render` run for a target: where its inputs are and what it produces.
struct RenderInvocation {
    /// What the plugin itself reads of `launch-assets.json` in the target's folder: the keys
    /// that decide the command's inputs and outputs. The tool reads the file again when it runs
    /// (`--config`) and checks every key: SwiftPM re-runs a build command when an input file
    /// changes, but does not ask the plugin for new arguments then.
    struct Configuration: Decodable {
        var typeName: String?
        var layouts: String?
        var templates: String?
        var devices: String?
        var assetCatalog: Bool?
        var stringTables: [String]?
    }

    static let configurationFileName = "launch-assets.json"

    let targetName: String
    let typeName: String
    let layouts: URL
    let templates: URL
    let devices: URL?
    /// The app's string tables that translate the layouts: an edit to one renders again.
    let stringTables: [URL]
    let configurationFile: URL?
    let workDirectory: URL
    let bundle: String
    /// `assetCatalog` in the settings: honoured on the Xcode path only (`Bundle.main`).
    let assetCatalog: Bool

    init(targetName: String, targetDirectory: URL, packageDirectory: URL, workDirectory: URL, bundle: String) throws {
        let fileManager = FileManager.default
        let configURL = targetDirectory.appending(path: Self.configurationFileName)
        var configuration = Configuration()
        if fileManager.fileExists(atPath: configURL.path) {
            do {
                configuration = try JSONDecoder().decode(Configuration.self, from: Data(contentsOf: configURL))
            } catch {
                throw PluginFailure("\(configURL.path): cannot read the LaunchAssets configuration: \(error)")
            }
            configurationFile = configURL
        } else {
            configurationFile = nil
        }

        func folder(_ configured: String?, default name: String) throws -> URL {
            if let configured {
                let url = targetDirectory.appending(path: configured)
                guard Self.isDirectory(url) else {
                    throw PluginFailure("\(configURL.path): \"\(name.lowercased())\" names \(url.path), which is not a folder")
                }
                return url
            }
            let candidates = [targetDirectory.appending(path: name), packageDirectory.appending(path: name)]
            guard let found = candidates.first(where: Self.isDirectory) else {
                throw PluginFailure(
                    "LaunchAssetsPlugin found no \(name)/ folder for target '\(targetName)': looked in \(candidates[0].path) and \(candidates[1].path). "
                        + "Add \(name)/ (layout JSON files and SVG templates: see the LaunchAssets README) to the target's folder or the package root, "
                        + "or name the folder in \(Self.configurationFileName)."
                )
            }
            return found
        }

        self.targetName = targetName
        self.typeName = configuration.typeName ?? "LaunchAssets"
        self.layouts = try folder(configuration.layouts, default: "Layouts")
        self.templates = try folder(configuration.templates, default: "Templates")
        self.devices = configuration.devices.map { targetDirectory.appending(path: $0) }
        self.stringTables = Self.stringTableFiles(configuration.stringTables ?? [], in: targetDirectory)
        self.workDirectory = workDirectory
        self.bundle = bundle
        self.assetCatalog = configuration.assetCatalog ?? false
    }

    /// The build command: every input file declared, one output per generated file. With
    /// `inAssetCatalog`, the pack's output is `<Type>.xcassets` (one data set entry per idiom,
    /// which Xcode compiles and App Store thinning slices) instead of a `.launchpack` file,
    /// which then stays in the render folder, not among the target's resources.
    func command(tool: URL, inAssetCatalog: Bool = false) throws -> Command {
        let swiftFile = workDirectory.appending(path: "\(typeName).swift")
        let packFile = workDirectory.appending(path: "\(typeName).launchpack")
        let catalog = workDirectory.appending(path: "\(typeName).xcassets")
        var arguments = [
            "render", "--quiet", "--no-images",
            "--layouts", layouts.path, "--templates", templates.path,
            "--output", workDirectory.appending(path: "render").path,
            "--swift", swiftFile.path,
            "--type-name", typeName, "--bundle", bundle,
            // The work directory survives between builds (and is writable in the sandbox).
            "--cache-dir", workDirectory.appending(path: "cache").path,
        ]
        arguments += inAssetCatalog ? ["--asset-catalog", workDirectory.path] : ["--pack", packFile.path]
        if let devices { arguments += ["--devices", devices.path] }
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

    /// Every regular file below `folder`, sorted, so that any edit re-runs the render.
    static func files(in folder: URL) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw PluginFailure("cannot list \(folder.path)")
        }
        var files: [URL] = []
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The files of the string tables `paths` names (relative to `folder`): a String Catalog
    /// itself, and a `.strings` table (`Resources/en.lproj/Launch.strings`) in every sibling
    /// `.lproj` folder, as the tool reads them.
    static func stringTableFiles(_ paths: [String], in folder: URL) -> [URL] {
        paths.flatMap { path -> [URL] in
            let url = folder.appending(path: path)
            let lproj = url.deletingLastPathComponent()
            guard url.pathExtension == "strings", lproj.pathExtension == "lproj",
                let siblings = try? FileManager.default.contentsOfDirectory(atPath: lproj.deletingLastPathComponent().path)
            else { return [url] }
            return siblings.filter { $0.hasSuffix(".lproj") }.sorted().map {
                lproj.deletingLastPathComponent().appending(path: $0).appending(path: url.lastPathComponent)
            }.filter { FileManager.default.fileExists(atPath: $0.path) }
        }
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// A plugin error with a sentence that says what to do.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LaunchAssetsPlugin: XcodeBuildToolPlugin {
    /// The same render for an Xcode target: `Layouts/` and `Templates/` next to the target's
    /// files, else at the project root; the pack is a resource of the app (`Bundle.main`), or
    /// with `"assetCatalog": true` in `launch-assets.json` an asset catalog of the app.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let projectDirectory = context.xcodeProject.directoryURL
        let targetDirectory = projectDirectory.appending(path: target.displayName)
        let render = try RenderInvocation(
            targetName: target.displayName,
            targetDirectory: RenderInvocation.isDirectory(targetDirectory) ? targetDirectory : projectDirectory,
            packageDirectory: projectDirectory,
            workDirectory: context.pluginWorkDirectoryURL,
            bundle: "main"
        )
        return [try render.command(tool: context.tool(named: "launch-assets").url, inAssetCatalog: render.assetCatalog)]
    }
}
#endif
