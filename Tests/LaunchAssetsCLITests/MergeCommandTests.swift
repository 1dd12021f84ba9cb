import Foundation
import Testing

/// `render --shard K/N` and `merge`, end to end: the merged folder is the single render's, byte for
/// byte but for the sources record of the Swift file's header, which only the render writes.
@Suite("Shards and merge, end to end")
struct MergeCommandTests {
    @Test func fourShardsMergeToTheSingleRender() throws {
        let set = try SmallLayoutSet()
        let options = ["--preview"]
        #expect(try set.render(into: "single", options + ["--gallery"]).status == 0)
        for index in 1...4 {
            let result = try set.render(into: "shard-\(index)", options + ["--shard", "\(index)/4"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let shard2 = try FileTree.contents(of: set.url("shard-2"))
        #expect(shard2["shard.json"] != nil && shard2["manifest.json"] == nil && shard2["preview.png"] == nil)

        let merged = try set.run(["merge", "shard-3", "shard-1", "shard-4", "shard-2", "--output", "merged", "--gallery"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let single = try FileTree.rendered(of: set.url("single"))
        let result = try FileTree.rendered(of: set.url("merged"))
        #expect(Set(result.keys) == Set(single.keys))
        for (path, bytes) in single {
            #expect(result[path] == bytes, "\(path) differs")
        }
        #expect(single.keys.contains("preview.png") && single.keys.contains("gallery/index.html"))
    }

    @Test func shardsThatDoNotBelongTogetherAreRefused() throws {
        let set = try SmallLayoutSet()
        for index in 1...3 {
            #expect(try set.render(into: "shard-\(index)", ["--shard", "\(index)/3"]).status == 0)
        }
        #expect(try set.render(into: "other-3", ["--shard", "3/3", "--compression-level", "2"]).status == 0)
        try FileManager.default.createDirectory(at: set.url("plain"), withIntermediateDirectories: true)

        let missing = try set.run(["merge", "shard-1", "shard-2", "--output", "merged"])
        #expect(missing.status == 1 && missing.stderr.contains("shard 3/3 is missing"), "\(missing.stderr)")
        let twice = try set.run(["merge", "shard-1", "shard-2", "shard-2", "shard-3", "--output", "merged"])
        #expect(twice.status == 1 && twice.stderr.contains("shard-2/shard.json") && twice.stderr.contains("twice"), "\(twice.stderr)")
        let foreign = try set.run(["merge", "shard-1", "shard-2", "other-3", "--output", "merged"])
        #expect(foreign.status == 1 && foreign.stderr.contains("other-3/shard.json"), "\(foreign.stderr)")
        let plain = try set.run(["merge", "shard-1", "plain", "--output", "merged"])
        #expect(plain.status == 1 && plain.stderr.contains("plain/shard.json"), "\(plain.stderr)")
        #expect(!FileManager.default.fileExists(atPath: set.url("merged").path), "nothing is written")

        let record = try String(contentsOf: set.url("shard-2/shard.json"), encoding: .utf8)
        let image = try #require(record.firstMatch(of: /"id" : "([a-z0-9-]+)",\s*"length"/)?.1)
        try Data([0x89, 0x50]).write(to: set.url("shard-2/images/\(image).png"))
        let tampered = try set.run(["merge", "shard-1", "shard-2", "shard-3", "--output", "merged"])
        #expect(tampered.status == 1 && tampered.stderr.contains("shard-2/images/\(image).png"), "\(tampered.stderr)")

        #expect(try set.render(into: "bad", ["--shard", "2/4", "--swift", "x.swift"]).status == 2)
        #expect(try set.render(into: "bad", ["--shard", "5/4"]).status == 2)
    }
}
