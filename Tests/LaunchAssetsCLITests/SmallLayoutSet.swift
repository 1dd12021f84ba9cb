import Foundation
import TestSupport

/// Two of the package's layouts (the fallback and spring) copied into a temporary folder, so a
/// test can edit them; rendered for phones only, which keeps a render to seconds.
struct SmallLayoutSet {
    let folder: URL
    var layouts: URL { folder.appendingPathComponent("Layouts") }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("launch-assets-small-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        for name in ["default.json", "spring.json"] {
            try FileManager.default.copyItem(
                at: PackageRoot.url.appendingPathComponent("Layouts/\(name)"), to: layouts.appendingPathComponent(name)
            )
        }
    }

    /// `launch-assets render` of the set into `folder/<output>`, with `arguments` added.
    func render(into output: String, _ arguments: [String] = []) throws -> CLIRunner.Result {
        try CLIRunner.run(
            [
                "render", "--quiet", "--layouts", layouts.path, "--templates",
                PackageRoot.url.appendingPathComponent("Templates").path,
                "--idiom", "phone", "--output", folder.appendingPathComponent(output).path,
            ] + arguments)
    }

    /// `launch-assets <arguments>` run in the set's folder.
    func run(_ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(arguments, in: folder)
    }

    func url(_ path: String) -> URL { folder.appendingPathComponent(path) }
}
