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
        guard dependsOnRuntime(target) else { throw PluginError.runtimeNotLinked(target: target.name) }
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
