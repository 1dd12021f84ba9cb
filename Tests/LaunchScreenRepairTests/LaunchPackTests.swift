import Foundation
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
        #expect(pack.version == catalog.manifest.version && pack.schemaVersion == LaunchManifest.currentSchemaVersion)
        let packed = try Data(contentsOf: catalog.packURL)
        for variant in catalog.manifest.variants.prefix(3) {
            #expect(try pack.bytes(of: variant) == packed[variant.offset..<variant.offset + variant.length])
        }
    }

    @Test("a missing, foreign, stampless or short pack is an error naming the file")
    func errors() throws {
        defer { folder.remove() }
        let catalog = try TestCatalog(in: folder.url)
        let missing = folder.url.appendingPathComponent("Missing.launchpack")
        #expect(throws: LaunchPackError.unreadable(missing.path, "No such file or directory")) { try LaunchPack(contentsOf: missing) }
        let foreign = folder.url.appendingPathComponent("Foreign.launchpack")
        try Data(repeating: 0x41, count: 64).write(to: foreign)
        #expect(throws: LaunchPackError.notAPack(foreign.path)) { try LaunchPack(contentsOf: foreign) }
        let stampless = folder.url.appendingPathComponent("Stampless.launchpack")
        try LaunchPack.header(version: "").write(to: stampless)
        #expect(throws: LaunchPackError.notAPack(stampless.path)) { try LaunchPack(contentsOf: stampless) }
        #expect(throws: LaunchPackError.notAPack(folder.url.path)) { try LaunchPack(contentsOf: folder.url) }

        let pack = try catalog.pack()
        var beyond = catalog.manifest.variants[0]
        beyond.offset = try Data(contentsOf: catalog.packURL).count - 10
        #expect(throws: LaunchPackError.truncated(catalog.packURL.path, beyond.id)) { try pack.bytes(of: beyond) }
        try FileManager.default.removeItem(at: catalog.packURL)
        #expect(throws: LaunchPackError.unreadable(catalog.packURL.path, "No such file or directory")) {
            try pack.bytes(of: catalog.manifest.variants[0])
        }
    }
}
