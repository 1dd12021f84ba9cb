import Crypto
import Foundation
import LaunchScreenRepair
import Testing

/// `launch-assets keygen` and `publish`, through the real binary; signatures checked with
/// swift-crypto against the public key `keygen` printed.
@Suite("keygen and publish, end to end")
struct PublishCommandTests {
    /// Makes a key pair in the workspace: the key file's name and the printed public key.
    private func keygen(_ workspace: RemoteWorkspace, _ name: String = "signing.key") throws -> Curve25519.Signing.PublicKey {
        let result = try workspace.run(["keygen", "--output", name])
        try #require(result.status == 0, "\(result.stderr)")
        let printed = result.stdout.trimmingCharacters(in: .newlines)
        #expect(result.stdout == printed + "\n", "one line on standard output: the public key")
        #expect(result.stderr.contains("\"publicKey\": \"\(printed)\""))
        return try Curve25519.Signing.PublicKey(rawRepresentation: try #require(Data(base64Encoded: printed)))
    }

    private func isValid(_ folder: URL, _ key: Curve25519.Signing.PublicKey) throws -> Bool {
        let manifest = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        let signature = try #require(Data(base64Encoded: try Data(contentsOf: folder.appendingPathComponent("manifest.json.sig"))))
        return key.isValidSignature(signature, for: manifest)
    }

    @Test func keygenWritesAPrivateKeyOnlyItsOwnerReadsAndNeverOverwritesOne() throws {
        let workspace = try RemoteWorkspace()
        defer { workspace.remove() }
        let publicKey = try keygen(workspace)
        let file = workspace.url("signing.key")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let text = try String(contentsOf: file, encoding: .utf8)
        let privateKey = try Curve25519.Signing.PrivateKey(
            rawRepresentation: try #require(Data(base64Encoded: text.trimmingCharacters(in: .newlines))))
        #expect(privateKey.publicKey.rawRepresentation == publicKey.rawRepresentation, "the printed key is the file's")

        let again = try workspace.run(["keygen", "--output", "signing.key"])
        #expect(again.status == 1)
        #expect(again.stderr == "signing.key: error: already exists: a signing key is never overwritten; choose another file\n")
        #expect(again.stdout.isEmpty)
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
        #expect(try keygen(workspace, "other.key").rawRepresentation != publicKey.rawRepresentation)
    }

    @Test func publishWritesASignedManifestAndEachImageOnceByItsSHA256() throws {
        let workspace = try RemoteWorkspace()
        defer { workspace.remove() }
        let publicKey = try keygen(workspace)
        let arguments = ["--remote-layout", "spring", "--remote-layout", "summer", "--key", "signing.key", "--published", "1700000000"]
        let result = try workspace.run(["publish", "--output", "public"] + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        let folder = workspace.url("public")
        #expect(try isValid(folder, publicKey))

        let files = try FileTree.contents(of: folder)
        let manifest = try JSONDecoder().decode(RemoteManifest.self, from: try #require(files["manifest.json"]))
        #expect(manifest.schemaVersion == 1 && manifest.enabled && manifest.published == 1_700_000_000)
        #expect(manifest.generator.hasPrefix("launch-assets "))
        #expect(manifest.layouts.map(\.id) == ["spring", "summer"])
        #expect(manifest.layouts.allSatisfy { $0.delivery == .remote })
        let images = files.filter { $0.key.hasPrefix("images/") }
        #expect(Set(images.keys) == Set(manifest.variants.map { "images/\($0.sha256!).png" }), "each distinct image once")
        #expect(images.count + 2 == files.count, "manifest.json, manifest.json.sig and images/ only")
        for (path, png) in images { #expect(path == "images/\(png.sha256Hex).png") }
        for variant in manifest.variants {
            let png = try #require(images["images/\(variant.sha256!).png"])
            #expect(png.md5Hex == variant.md5 && png.count == variant.length && variant.offset == nil, "\(variant.id)")
        }
        #expect(Set(manifest.variants.flatMap(\.devices)).isSuperset(of: Set(manifest.models.values)))

        // The app's render lists the same variants with the same bytes.
        let render = try workspace.render("out", ["--remote-layout", "spring", "--remote-layout", "summer", "--no-images"])
        try #require(render.status == 0, "\(render.stderr)")
        #expect(try workspace.manifest("out").variants.filter { $0.layout != "default" } == manifest.variants)

        // The summary draws the folder.
        #expect(result.stderr.contains("Published 2 layouts (\(manifest.variants.count) variants, published 1700000000) → public"))
        #expect(result.stderr.contains("├── manifest.json"))
        #expect(result.stderr.contains("└── images/              \(images.count) files <sha256>.png"))

        // The same inputs and time give the same folder (from the render cache this time).
        let again = try workspace.run(["publish", "--output", "again"] + arguments)
        try #require(again.status == 0, "\(again.stderr)")
        let second = try FileTree.contents(of: workspace.url("again"))
        #expect(second.filter { $0.key != "manifest.json.sig" } == files.filter { $0.key != "manifest.json.sig" })
        #expect(try isValid(workspace.url("again"), publicKey))
        #if os(Linux)
        // swift-crypto's BoringSSL signs deterministically (RFC 8032); CryptoKit adds randomness.
        #expect(second["manifest.json.sig"] == files["manifest.json.sig"])
        #endif

        // A changed byte is refused: the check above can fail.
        var tampered = try #require(files["manifest.json"])
        tampered[tampered.startIndex + 20] ^= 0x01
        let signatureText = try #require(files["manifest.json.sig"])
        let signature = try #require(Data(base64Encoded: signatureText))
        #expect(!publicKey.isValidSignature(signature, for: tampered))
    }

    @Test func theKillSwitchIsASignedManifestWithNothingToFetch() throws {
        let workspace = try RemoteWorkspace()
        defer { workspace.remove() }
        let publicKey = try keygen(workspace)
        let result = try workspace.run(["publish", "--disable", "--key", "signing.key", "--output", "public", "--published", "1700000100"])
        try #require(result.status == 0, "\(result.stderr)")
        let files = try FileTree.contents(of: workspace.url("public"))
        #expect(Set(files.keys) == ["manifest.json", "manifest.json.sig"])
        let manifest = try JSONDecoder().decode(RemoteManifest.self, from: try #require(files["manifest.json"]))
        #expect(!manifest.enabled && manifest.published == 1_700_000_100 && manifest.layouts.isEmpty && manifest.variants.isEmpty)
        #expect(try isValid(workspace.url("public"), publicKey))
    }

    @Test func aPublishedTimeInTheFutureOrInMillisecondsIsRefused() throws {
        let workspace = try RemoteWorkspace()
        defer { workspace.remove() }
        _ = try keygen(workspace)
        let future = Int(Date().timeIntervalSince1970) + 30 * 86_400
        let cases = [(future, "is in the future"), (1_780_000_000_000, "is not seconds since 1970: milliseconds?")]
        for (published, message) in cases {
            let result = try workspace.run([
                "publish", "--remote-layout", "spring", "--key", "signing.key", "--output", "public", "--published", "\(published)",
            ])
            #expect(result.status == 2, "--published \(published): exit \(result.status)")
            #expect(result.stderr.contains("--published \(published) \(message)"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: workspace.url("public").path))
        }
    }

    @Test func aBadKeyOrNothingToPublishIsRefusedAndThePreviousFolderKept() throws {
        let workspace = try RemoteWorkspace()
        defer { workspace.remove() }
        _ = try keygen(workspace)
        let published = try workspace.run(["publish", "--remote-layout", "spring", "--key", "signing.key", "--output", "public"])
        try #require(published.status == 0, "\(published.stderr)")
        let before = try FileTree.contents(of: workspace.url("public"))

        try workspace.write("bad.key", "-----BEGIN PRIVATE KEY-----\n")
        let cases: [([String], String)] = [
            (["--key", "bad.key"], "bad.key:1: error: not a launch-assets signing key"),
            (["--key", "missing.key"], "missing.key: error: cannot read the signing key"),
            (["--key", "signing.key", "--layout", "default"], "Layouts: error: no layout is delivered remotely"),
        ]
        for (arguments, message) in cases {
            let result = try workspace.run(["publish", "--output", "public", "--remote-layout", "spring"] + arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(try FileTree.contents(of: workspace.url("public")) == before, "\(arguments)")
        }
        let nothing = try workspace.run(["publish", "--output", "public", "--key", "signing.key"])
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("no layout is delivered remotely"), "\(nothing.stderr)")
        #expect(nothing.stderr.contains("publish --disable"))

        // A key that is not the one the app trusts.
        _ = try keygen(workspace, "other.key")
        try workspace.write(
            "launch-assets.json",
            #"{"remoteLayouts": ["spring"], "remote": {"url": "https://a.example", "publicKey": "\#(RemoteWorkspace.publicKey)"}}"#)
        let foreign = try workspace.run(["publish", "--output", "public", "--key", "other.key", "--config", "launch-assets.json"])
        #expect(foreign.status == 1)
        #expect(
            foreign.stderr.contains(
                "other.key: error: is not the key of remote.publicKey in launch-assets.json: devices would refuse what it signs"),
            "\(foreign.stderr)")
        #expect(try FileTree.contents(of: workspace.url("public")) == before)
    }
}
