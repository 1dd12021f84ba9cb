import Foundation
import TestSupport
import Testing

@testable import LaunchScreenRepair

@Suite("Launch pack")
struct LaunchPackTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder("LaunchPackTests") }

    @Test("a pack gives each variant's bytes, also through a symbolic link to it")
    func reads() throws {
        defer { folder.remove() }
        let catalog = try TestCatalog(in: folder.url)
        let link = folder.url.appendingPathComponent("Linked.launchpack")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: catalog.packURL)
        let pack = try LaunchPack(contentsOf: link, for: catalog.manifest)
        #expect(pack.version == catalog.manifest.version)
        let packed = try Data(contentsOf: catalog.packURL)
        #expect(pack.body == LaunchPack.headerLength(version: pack.version)..<packed.count)
        for variant in catalog.manifest.variants.prefix(3) {
            #expect(try pack.bytes(of: variant) == packed[variant.packRange!])
        }
    }

    @Test("a window of the pack (one idiom's data set) holds its own variants only, from a file or from memory")
    func window() throws {
        defer { folder.remove() }
        let catalog = try TestCatalog(in: folder.url)
        let packed = try Data(contentsOf: catalog.packURL)
        // TestCatalog lays out every layout's phone variants before its pad ones: cut out the
        // first layout's pad variants, as the generator cuts out an idiom's section.
        let pad = catalog.manifest.variants.filter { $0.layout == "winter" && $0.idiom == .pad }
        let body = pad.first!.offset!..<pad.last!.packRange!.upperBound
        let window = LaunchPack.header(version: catalog.manifest.version, body: body) + packed[body]
        let file = folder.url.appendingPathComponent("Pad.launchpack")
        try window.write(to: file)
        for pack in [
            try LaunchPack(contentsOf: file, for: catalog.manifest), try LaunchPack(data: window, name: "Pad", for: catalog.manifest),
        ] {
            for variant in pad {
                #expect(pack.contains(variant))
                #expect(try pack.bytes(of: variant) == packed[variant.packRange!])
            }
            let phone = catalog.manifest.variants.first { $0.idiom == .phone }!
            #expect(!pack.contains(phone))
            #expect(throws: LaunchPackError.notInPack(pack.name, phone.id)) { try pack.bytes(of: phone) }
            var remote = pad[0]
            remote.offset = nil
            #expect(throws: LaunchPackError.notInPack(pack.name, remote.id)) { try pack.bytes(of: remote) }
        }
        let cut = window.prefix(window.count - 5)
        let short = try LaunchPack(data: cut, name: "Pad", for: catalog.manifest)
        #expect(throws: LaunchPackError.truncated("Pad", pad.last!.id)) { try short.bytes(of: pad.last!) }
    }

    @Test("a missing, foreign, older, stampless or short pack is an error naming the file")
    func errors() throws {
        defer { folder.remove() }
        let catalog = try TestCatalog(in: folder.url)
        let missing = folder.url.appendingPathComponent("Missing.launchpack")
        #expect(throws: LaunchPackError.unreadable(missing.path, "No such file or directory")) { try LaunchPack(contentsOf: missing) }
        let foreign = folder.url.appendingPathComponent("Foreign.launchpack")
        try Data(repeating: 0x41, count: 64).write(to: foreign)
        #expect(throws: LaunchPackError.notAPack(foreign.path)) { try LaunchPack(contentsOf: foreign) }
        var older = LaunchPack.header(version: "v1", bodyLength: 0)
        older[8] = 1
        #expect(throws: LaunchPackError.format("Older", 1)) { try LaunchPack(data: older, name: "Older") }
        let stampless = folder.url.appendingPathComponent("Stampless.launchpack")
        try LaunchPack.header(version: "", bodyLength: 0).write(to: stampless)
        #expect(throws: LaunchPackError.notAPack(stampless.path)) { try LaunchPack(contentsOf: stampless) }
        #expect(throws: LaunchPackError.notAPack(folder.url.path)) { try LaunchPack(contentsOf: folder.url) }
        let other = try LaunchPack(contentsOf: catalog.packURL)
        var manifest = catalog.manifest
        manifest.version = "another"
        #expect(throws: LaunchPackError.versionMismatch(catalog.packURL.path, pack: other.version, manifest: "another")) {
            try LaunchPack(contentsOf: catalog.packURL, for: manifest)
        }

        let pack = try catalog.pack()
        let packed = try Data(contentsOf: catalog.packURL)
        try packed.prefix(packed.count - 10).write(to: catalog.packURL)
        let last = catalog.manifest.variants.max { $0.offset! < $1.offset! }!
        #expect(throws: LaunchPackError.truncated(catalog.packURL.path, last.id)) { try pack.bytes(of: last) }
        try FileManager.default.removeItem(at: catalog.packURL)
        #expect(throws: LaunchPackError.unreadable(catalog.packURL.path, "No such file or directory")) {
            try pack.bytes(of: catalog.manifest.variants[0])
        }
    }

    @Test("the catalog's pack source opens a file or a data set, and says which one is missing")
    func source() throws {
        defer { folder.remove() }
        let catalog = try TestCatalog(in: folder.url)
        let packed = try Data(contentsOf: catalog.packURL)
        let fromFile = try LaunchPackSource.file(catalog.packURL).open(for: catalog.manifest) { _ in nil }
        let fromAsset = try LaunchPackSource.dataAsset(name: "TestPack").open(for: catalog.manifest) { $0 == "TestPack" ? packed : nil }
        let variant = catalog.manifest.variants[5]
        #expect(try fromFile.bytes(of: variant) == fromAsset.bytes(of: variant))
        #expect(throws: LaunchPackError.notFound(catalog.manifest.pack)) {
            try LaunchPackSource.file(nil).open(for: catalog.manifest) { _ in packed }
        }
        #expect(throws: LaunchPackError.notFound("data set Other")) {
            try LaunchPackSource.dataAsset(name: "Other").open(for: catalog.manifest) { $0 == "TestPack" ? packed : nil }
        }
    }
}
