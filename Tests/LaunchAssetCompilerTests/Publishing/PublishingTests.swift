import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

@testable import LaunchAssetCompiler

/// The signing key file and the published folder's files. (Signatures are checked against
/// the public key in the end-to-end `publish` tests, which link swift-crypto.)
@Suite("The signing key and the published folder")
struct PublishingTests {
    @Test func aKeyFileIsOneLineOfBase64ReadableByItsOwnerOnly() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.path("signing.key")
        let key = SigningKey()
        try key.write(to: file)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasSuffix("\n") && text.filter { $0 == "\n" }.count == 1)
        #expect(Data(base64Encoded: String(text.dropLast()))?.count == 32)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(Data(base64Encoded: key.publicKeyBase64)?.count == 32)
        #expect(try SigningKey(contentsOf: file).publicKeyBase64 == key.publicKeyBase64)
        #expect((FileManager.default.subpaths(atPath: folder.url.path) ?? []) == ["signing.key"], "no temporary file left behind")
    }

    @Test func anExistingFileIsNeverOverwritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("signing.key", "the key already there\n")
        let error = try #require(throws: CompilerError.self) { try SigningKey().write(to: file) }
        #expect(error.description == "\(displayed(file)): error: already exists: a signing key is never overwritten; choose another file")
        #expect(try String(contentsOf: file, encoding: .utf8) == "the key already there\n")
        // Nor a dangling symbolic link, which would create a file elsewhere.
        let link = folder.path("link.key")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder.path("elsewhere.key"))
        #expect(throws: CompilerError.self) { try SigningKey().write(to: link) }
        #expect(!FileManager.default.fileExists(atPath: folder.path("elsewhere.key").path))
    }

    @Test(arguments: ["", "not base64\n", "AAAA\n", "\(Data(count: 64).base64EncodedString())\n"])
    func aBadKeyFileNamesTheFile(text: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("bad.key", text)
        let error = try #require(throws: CompilerError.self) { try SigningKey(contentsOf: file) }
        #expect(error.description.hasPrefix("\(displayed(file)):1: error: not a launch-assets signing key"))
        let missing = try #require(throws: CompilerError.self) { try SigningKey(contentsOf: folder.path("missing.key")) }
        #expect(missing.description.hasPrefix("\(displayed(folder.path("missing.key"))): error: cannot read the signing key"))
    }

    @Test func aPublicationHoldsTheManifestItsSignatureAndEachDistinctImageOnce() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let same = ["background": "#336699", "ink": "#FFFFFF"]
        let fixture = try PlannerFixture(layouts: [
            "default.json": layoutJSON(id: "default"),
            "winter.json": layoutJSON(id: "winter", schedule: [("12-01", "02-29")], light: same, dark: same, delivery: "remote"),
        ])
        defer { fixture.remove() }
        let planner = try fixture.planner([device("phone", models: ["iPhone99,1"]), device("pad", .pad, models: ["iPad99,1"])])
        let winter = try planner.plan().filter { $0.layout == "winter" }
        let images = try RenderQueue(jobs: 2).render(winter, scratch: scratch.url).images
        let assets = GeneratedAssets(
            layouts: planner.layouts.filter { $0.id == "winter" }, variants: winter, images: images, packName: "x",
            devices: [device("phone", models: ["iPhone99,1"]), device("pad", .pad, models: ["iPad99,1"])])
        let key = SigningKey()
        let publication = RemotePublication(assets, published: 1_800_000_000, key: key)

        #expect(publication.manifest.published == 1_800_000_000)
        #expect(publication.manifest.enabled)
        #expect(publication.manifest.layouts.map(\.id) == ["winter"])
        #expect(publication.manifest.variants == assets.manifest.variants)
        #expect(publication.manifest.variants.allSatisfy { $0.offset == nil && $0.sha256 != nil })
        #expect(publication.manifest.models == ["iPhone99,1": "phone", "iPad99,1": "pad"])
        // Light and dark are the same bytes: one file.
        #expect(publication.images.count == Set(images.map(\.sha256)).count)
        #expect(publication.images.count < winter.count)

        let folder = scratch.path("published")
        let files = publication.files(in: folder)
        #expect(
            Set(files.keys.map { $0.path.replacingOccurrences(of: folder.path + "/", with: "") })
                == Set(["manifest.json", "manifest.json.sig"] + publication.images.keys.map { "images/\($0).png" }))
        #expect(try files[folder.appendingPathComponent("manifest.json")]!.data() == publication.manifestJSON)
        #expect(try JSONDecoder().decode(RemoteManifest.self, from: publication.manifestJSON) == publication.manifest)
        let signature = try files[folder.appendingPathComponent("manifest.json.sig")]!.data()
        #expect(Data(base64Encoded: signature)?.count == 64, "base64 of 64 bytes, no newline")
        for (sha256, image) in publication.images {
            #expect(try files[folder.appendingPathComponent("images/\(sha256).png")]!.data() == Data(contentsOf: image.file))
        }
        #expect(publication.imageBytes == publication.images.values.map(\.length).reduce(0, +))
    }

    @Test func theKillSwitchIsASignedManifestWithNothingElse() throws {
        let publication = RemotePublication.disabled(published: 42, key: SigningKey())
        #expect(!publication.manifest.enabled)
        #expect(publication.manifest.published == 42)
        #expect(publication.manifest.layouts.isEmpty && publication.manifest.variants.isEmpty && publication.images.isEmpty)
        #expect(publication.files(in: URL(fileURLWithPath: "/published")).count == 2)
        let json = try #require(try JSONSerialization.jsonObject(with: publication.manifestJSON) as? [String: Any])
        #expect(json["enabled"] as? Bool == false)
    }
}
