import Foundation
import PackagePlugin

/// Fails the build when a committed render is stale: runs `launch-assets-check`, which links no
/// system library, on each Swift file launch-assets generated among the target's sources.
///
/// The render recorded in that file's header the digest of every input file it read; the check
/// reads them again and names each file that changed, with the command that renders again.
@main
struct LaunchAssetsCheck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let check = try CheckInvocation(targetName: target.name, sourceFiles: target.sourceFiles(withSuffix: "swift").map(\.url))
        return check.commands(tool: try context.tool(named: "launch-assets-check").url, workDirectory: context.pluginWorkDirectoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LaunchAssetsCheck: XcodeBuildToolPlugin {
    /// The same check for an Xcode target: the generated Swift files among its sources.
    /// Not compiled on Linux, where this package's checks run.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.type == .source }.map(\.url)
        let check = try CheckInvocation(targetName: target.displayName, sourceFiles: sources)
        return check.commands(tool: try context.tool(named: "launch-assets-check").url, workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
