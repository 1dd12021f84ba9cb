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
            The result is byte for byte what a single `render` with the same inputs and options writes, but for \
            the sources record in the Swift file's header, which only a render that read the inputs writes \
            (launch-assets-check needs it: render a committed folder instead of merging it). \
            Refuses shards of different inputs, options or launch-assets versions, a shard given twice, \
            a missing shard, and a shard folder changed after its render; the message names the folder.
            """
    )

    @Argument(help: ArgumentHelp("The shard folders, in any order.", valueName: "shard"))
    var shards: [String]

    @OptionGroup var destination: OutputOptions

    func run() throws {
        var options = RenderRequest.Options()
        destination.apply(to: &options)
        let request = try MergeRequest(merging: shards.map { URL(fileURLWithPath: $0).standardizedFileURL }, options)
        try destination.checkAssetCatalog(bundle: request.merged.record.bundle, "the shards were rendered with --bundle module, which")
        for line in try LaunchAssetGenerator.run(request).lines { StandardError.write(line) }
    }
}
