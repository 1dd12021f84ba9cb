import Foundation
import PackagePlugin

/// The `launch-assets-check` runs for a target: one per committed render, with every file the
/// render read declared as an input, so the check runs again when one of them changes.
struct CheckInvocation {
    /// A generated Swift file and the files its check reads, with the folders it lists.
    struct Render {
        let swiftFile: URL
        let inputs: [URL]
    }

    let targetName: String
    let renders: [Render]

    /// The committed renders among `sourceFiles`: the Swift files whose first line says
    /// launch-assets generated them.
    init(targetName: String, sourceFiles: [URL]) throws(CheckPluginError) {
        self.targetName = targetName
        var renders: [Render] = []
        for file in sourceFiles where file.pathExtension == "swift" {
            let text: String
            do { text = String(decoding: try Data(contentsOf: file), as: UTF8.self) } catch {
                throw .unreadable(file, reason: error.localizedDescription)
            }
            guard GeneratedSwiftHeader(text) != nil else { continue }
            // Without a record the check says so; it needs no input then.
            let record = try? SourcesRecord(header: text)
            let sources = record?.renderSources(besides: file)
            let found = (sources?.inputFiles() ?? []) + (sources?.folders() ?? [])
            let outputs = record?.outputs.map { SourcesRecord.url(of: $0, besides: file) } ?? []
            let inputs = (found + outputs).filter { FileManager.default.fileExists(atPath: $0.path) }
            renders.append(Render(swiftFile: file, inputs: [file] + inputs))
        }
        guard !renders.isEmpty else { throw .noCommittedRender(target: targetName) }
        self.renders = renders
    }

    /// A build command per render. Its output is a Swift file of one comment, which the target
    /// compiles, so every build runs the check when an input changed; the check writes it only
    /// when the render is up to date.
    func commands(tool: URL, workDirectory: URL) -> [Command] {
        renders.map { render in
            let stamp = workDirectory.appending(path: render.swiftFile.deletingPathExtension().lastPathComponent + ".checked.swift")
            return .buildCommand(
                displayName: "Checking the committed launch screens \(render.swiftFile.lastPathComponent) of \(targetName)",
                executable: tool,
                arguments: [render.swiftFile.path, "--stamp", stamp.path],
                inputFiles: render.inputs,
                outputFiles: [stamp]
            )
        }
    }
}
