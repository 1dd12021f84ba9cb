import Foundation
import LaunchScreenRepair

/// A merge of the folders of `render --shard 1/N` … `N/N`, read and checked, with the output
/// options of the command line: the type name, bundle, remote source and preview are the ones
/// the shards were rendered with.
package struct MergeRequest: Sendable {
    /// The shards' assets, the plan's record and shard 1's preview.
    package var merged: PartialRender.Merged
    /// How many shard folders were given.
    package var shardCount: Int
    /// Where remotely delivered layouts are published, from the record.
    package var remote: RemoteLayoutSource?
    /// Where the output goes.
    package var destination: RenderDestination

    /// Reads and checks the shard folders `shards`; `options` gives the output options.
    package init(merging shards: [URL], _ options: RenderRequest.Options) throws(CompilerError) {
        merged = try PartialRender.merge(shards)
        let record = merged.record
        if let settings = record.remote {
            do { remote = try settings.source() } catch {
                throw CompilerError(
                    Diagnostic(file: RenderFolderLayout.shardRecordName, path: "remote.\(error.key)", message: error.message))
            }
        }
        shardCount = shards.count
        var options = options
        options.preview = record.preview
        destination = RenderDestination(
            options, output: URL(fileURLWithPath: options.output).standardizedFileURL, typeName: record.typeName,
            assetCatalog: options.assetCatalog.map { URL(fileURLWithPath: $0).standardizedFileURL })
    }
}
