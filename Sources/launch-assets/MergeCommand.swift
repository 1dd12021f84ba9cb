import ArgumentParser
import Foundation
import LaunchAssetCompiler
import LaunchScreenRepair

/// `launch-assets merge SHARD...`: the folders of `render --shard K/N` as one render.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the folders of `render --shard 1/N` … `N/N` into the folder one render writes.",
        discussion: """
            The result is byte for byte what a single `render` with the same inputs and options writes. \
            Refuses shards of different inputs, options or launch-assets versions, a shard given twice, \
            a missing shard, and a shard folder changed after its render; the message names the folder.
            """
    )

    @Argument(help: ArgumentHelp("The shard folders, in any order.", valueName: "shard"))
    var shards: [String]

    @OptionGroup var destination: OutputOptions

    func run() throws {
        let merged = try PartialRender.merge(shards.map { URL(fileURLWithPath: $0).standardizedFileURL })
        let record = merged.record
        try destination.checkAssetCatalog(bundle: record.bundle, "the shards were rendered with --bundle module, which")
        var remote: RemoteLayoutSource?
        if let settings = record.remote {
            do { remote = try settings.source() } catch {
                throw CompilerError(Diagnostic(file: PartialRender.fileName, path: "remote.\(error.key)", message: error.message))
            }
        }
        let files = try destination.files(
            merged.assets, typeName: record.typeName, bundle: record.bundle, remote: remote,
            preview: merged.preview.map { FileContents([.file($0, length: Self.length(of: $0))]) }, deviceNames: record.deviceNames,
            inputStamp: record.inputs.map { InputStamp(inputs: $0, assetCatalog: destination.assetCatalog != nil) }
        )
        try OutputWriter(directory: destination.outputURL, ownedFolders: destination.ownedFolders(typeName: record.typeName)).write(files)
        StandardError.write("Merged \(shards.count) shards: \(merged.assets.manifest.variants.count) variants → \(destination.output)")
    }

    private static func length(of file: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size]) as? Int) ?? 0
    }
}
