import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

@testable import LaunchAssetCompiler

/// Choosing layouts for remote delivery, and the remote source's settings.
@Suite("Layouts chosen for remote delivery")
struct RemoteLayoutSelectionTests {
    static let publicKey = "tLguOVKA3TA3zBM38iq4oWYyMHsD8+vic5ibUFJOmaE="

    /// A generator over a fallback and two seasons, spring delivered remotely by its file.
    private func generator(
        _ fixture: PlannerFixture, remoteLayouts: RemoteLayoutSelection? = nil, layoutIDs: [String] = []
    ) -> LaunchAssetGenerator {
        LaunchAssetGenerator(
            configuration: .init(
                layoutsDirectory: fixture.layouts, templatesDirectory: fixture.templates, layoutIDs: layoutIDs, idioms: [.phone],
                remoteLayouts: remoteLayouts))
    }

    private func fixture() throws -> PlannerFixture {
        try PlannerFixture(layouts: [
            "default.json": layoutJSON(id: "default"),
            "spring.json": layoutJSON(id: "spring", schedule: [("03-01", "05-31")], delivery: "remote"),
            "summer.json": layoutJSON(id: "summer", schedule: [("06-01", "08-31")]),
        ])
    }

    @Test func aSelectionMarksLayoutsRemoteBesideTheirFiles() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let byFile = try generator(fixture).plan()
        #expect(byFile.remoteLayouts.map(\.id) == ["spring"])
        let selected = try generator(fixture, remoteLayouts: .commandLine(["summer"])).plan()
        #expect(selected.remoteLayouts.map(\.id) == ["spring", "summer"])
        #expect(selected.layouts.first { $0.id == "default" }?.delivery == .bundled)
        // A layout left out by --layout may still be named.
        let filtered = try generator(fixture, remoteLayouts: .commandLine(["summer"]), layoutIDs: ["default", "spring"]).plan()
        #expect(filtered.layouts.map(\.id) == ["default", "spring"])
    }

    @Test func anUnknownLayoutOrTheFallbackIsRefusedWhereItWasNamed() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let error = try #require(throws: CompilerError.self) {
            try generator(fixture, remoteLayouts: .commandLine(["sumer", "default"])).plan()
        }
        #expect(error.diagnostics.count == 2)
        #expect(
            error.diagnostics[0].description
                == "launch-assets: error: --remote-layout sumer: no layout with id \"sumer\" (found: default, spring, summer)")
        #expect(
            error.diagnostics[1].description.hasPrefix("launch-assets: error: --remote-layout default: \"default\" is the fallback layout"))
        #expect(error.diagnostics[1].message.contains("must be bundled"))

        // From launch-assets.json: placed at the id's line and column.
        let text = "{\n  \"remoteLayouts\": [\"summer\", \"default\"]\n}\n"
        let file = try fixture.folder.write("launch-assets.json", text)
        let configuration = try TargetConfiguration(contentsOf: file)
        let placed = try #require(throws: CompilerError.self) {
            try generator(fixture, remoteLayouts: RemoteLayoutSelection.configuration(configuration)).plan()
        }
        let expected = place(of: "\"default\"", in: text)
        #expect(
            placed.diagnostics.map(\.description).first?.hasPrefix(
                "\(displayed(file)):\(expected.line):\(expected.column): error: remoteLayouts[1]: \"default\" is the fallback layout")
                == true,
            "\(placed)")
    }

    @Test func remoteLayoutsNeedASource() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let plan = try generator(fixture).plan()
        let error = try #require(throws: CompilerError.self) { try plan.checkRemoteSource(nil) }
        let diagnostic = try #require(error.diagnostics.first)
        // Placed at the layout's "delivery", which made it remote.
        let text = try String(contentsOf: fixture.layouts.appendingPathComponent("spring.json"), encoding: .utf8)
        let expected = place(of: "\"remote\"", in: text)
        #expect(diagnostic.file?.hasSuffix("Layouts/spring.json") == true)
        #expect(diagnostic.line == expected.line && diagnostic.column == expected.column)
        #expect(diagnostic.message.hasPrefix("layout \"spring\" is delivered remotely, but no remote source is configured"))
        #expect(diagnostic.message.contains("\"remote\": { \"url\""))
        #expect(diagnostic.message.contains("--remote-url and --remote-public-key"))
        #expect(diagnostic.message.contains("launch-assets keygen"))

        let source = try RemoteSourceSettings(url: "https://cdn.example.com/launch", publicKey: Self.publicKey).source()
        try plan.checkRemoteSource(source)
        let bundledOnly = try generator(fixture, layoutIDs: ["default", "summer"]).plan()
        try bundledOnly.checkRemoteSource(nil)
    }

    @Test(arguments: [
        "https://cdn.example.com/launch", "https://cdn.example.com/launch/", "HTTPS://CDN.example.com", "http://127.0.0.1:8080/pub",
        "http://localhost:9000", "http://[::1]:8000/x", "http://127.1.2.3/",
    ])
    func acceptedURLs(url: String) throws {
        let source = try RemoteSourceSettings(url: url, publicKey: Self.publicKey).source()
        #expect(source.url.absoluteString == url)
        #expect(source.publicKey == Self.publicKey)
        #expect(source.prefetchDays == 7, "the runtime's default")
    }

    @Test(arguments: [
        "http://cdn.example.com/launch", "ftp://cdn.example.com", "cdn.example.com/launch", "https://", "/local/folder",
        "https://cdn.example.com/launch?v=2", "https://cdn.example.com/launch#top", "http://128.0.0.1/", "http://localhost.example.com/",
        // Not an IPv4 address: the app's fetch refuses it, so the generator does too.
        "http://127.0.0.999/",
    ])
    func refusedURLs(url: String) throws {
        let error = try #require(throws: RemoteSourceSettings.Problem.self) {
            try RemoteSourceSettings(url: url, publicKey: Self.publicKey).source()
        }
        #expect(error.key == "url")
        #expect(error.message.contains(url))
    }

    @Test(arguments: ["", "not base64!", "AAAAAAAAAAAAAAAAAAAAAA==", Self.publicKey + "AA==", String(Self.publicKey.dropLast(4))])
    func refusedPublicKeys(key: String) throws {
        let error = try #require(throws: RemoteSourceSettings.Problem.self) {
            try RemoteSourceSettings(url: "https://cdn.example.com", publicKey: key).source()
        }
        #expect(error.key == "publicKey")
        #expect(error.message.contains("32-byte Ed25519 public key"))
    }

    @Test func prefetchDaysAreChecked() throws {
        #expect(try RemoteSourceSettings(url: "https://a.example", publicKey: Self.publicKey, prefetchDays: 0).source().prefetchDays == 0)
        #expect(try RemoteSourceSettings(url: "https://a.example", publicKey: Self.publicKey, prefetchDays: 30).source().prefetchDays == 30)
        for days in [-1, 366] {
            let error = try #require(throws: RemoteSourceSettings.Problem.self) {
                try RemoteSourceSettings(url: "https://a.example", publicKey: Self.publicKey, prefetchDays: days).source()
            }
            #expect(error.key == "prefetchDays")
        }
    }

    @Test func launchAssetsJSONReadsTheRemoteSettings() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write(
            "launch-assets.json",
            """
            {
              "remoteLayouts": ["spring", "summer"],
              "remote": { "url": "https://cdn.example.com/launch", "publicKey": "\(Self.publicKey)", "prefetchDays": 3 },
              "assetCatalog": true
            }
            """)
        let configuration = try TargetConfiguration(contentsOf: file)
        #expect(configuration.remoteLayouts == ["spring", "summer"])
        #expect(configuration.assetCatalog == true)
        #expect(
            configuration.remoteSource
                == RemoteLayoutSource(url: URL(string: "https://cdn.example.com/launch")!, publicKey: Self.publicKey, prefetchDays: 3))
    }

    @Test func aBadRemoteSettingIsPlacedAtItsValue() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (text, needle, path) in [
            (
                "{\n  \"remote\": { \"url\": \"http://cdn.example.com\", \"publicKey\": \"\(Self.publicKey)\" }\n}\n", "\"http:",
                "remote.url"
            ),
            (
                "{\n  \"remote\": {\n    \"url\": \"https://cdn.example.com\",\n    \"publicKey\": \"AAAA\"\n  }\n}\n", "\"AAAA\"",
                "remote.publicKey"
            ),
            (
                "{\n  \"remote\": { \"url\": \"https://a.example\", \"publicKey\": \"\(Self.publicKey)\", \"prefetchDays\": 400 }\n}\n",
                "400",
                "remote.prefetchDays"
            ),
            (
                "{\n  \"remote\": { \"url\": \"https://a.example\", \"publicKey\": \"\(Self.publicKey)\", \"prefetch\": 4 }\n}\n",
                "\"prefetch\"",
                "remote.prefetch"
            ),
            ("{\n  \"remote\": { \"url\": \"https://a.example\" }\n}\n", "{ \"url\"", "remote"),
        ] {
            let file = try folder.write("launch-assets.json", text)
            let error = try #require(throws: CompilerError.self) { try TargetConfiguration(contentsOf: file) }
            let expected = place(of: needle, in: text)
            #expect(error.diagnostics.count == 1)
            #expect(
                error.diagnostics.first?.description.hasPrefix("\(displayed(file)):\(expected.line):\(expected.column): error: \(path): ")
                    == true,
                "\(error)")
        }
    }
}
