import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory render-launch-assets [--output DIR] [--preview] [render options]`
///
/// Runs `launch-assets render` in the package root (default output `LaunchAssets/`), for local
/// previews and CI artifacts. Every argument is passed on to `render`.
@main
struct RenderLaunchAssets: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "launch-assets")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["render"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("launch-assets render failed with status \(process.terminationStatus); its messages are above")
            throw ExitStatus(code: process.terminationStatus)
        }
    }
}

/// The render's exit status, passed on.
struct ExitStatus: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "launch-assets render exited with status \(code)" }
}
