import Crypto
import Foundation
import LoopbackServer
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// Remote layouts end to end through the real tools, as a team ships them: `keygen` → `render`
/// with layouts delivered remotely and the remote source configured → `publish --key` → the
/// committed loopback server (python3 on 127.0.0.1) serving the published folder → `fetch` into a
/// container of real AAPL snapshots → `repair` on the layout's days. Then every way the folder or
/// the server can let a device down, against the CLI-published folder: each refused, what was
/// stored kept byte for byte, the next `repair` showing what it showed before. One
/// `REMOTE-E2E-CASE` line per case, for the record.
@Suite("Remote layouts end to end: keygen, render, publish, serve, fetch, repair", .serialized)
struct RemoteEndToEndTests {
    /// An app rendered and published with the real CLI, its folder served on 127.0.0.1, and a
    /// device container holding the four real AAPL snapshots of an iPhone 14 Pro
    /// (portrait and landscape, light and dark).
    final class App: @unchecked Sendable {
        static let model = "iPhone15,2"
        static let t1 = 1_780_000_000
        static let fixtures = [
            "aapl-1179x2556-portrait-light.ktx", "aapl-1179x2556-portrait-dark.ktx",
            "aapl-1179x2556-landscape-light.ktx", "aapl-1179x2556-landscape-dark.ktx",
        ]

        /// A bundled fallback and two small remote layouts, on dated days.
        static let layouts: [RemoteWorkspace.Layout] = [
            ("default", [], "#FAFAFA", "#111111"),
            ("campaign", [("2026-06-10", "2026-06-20")], "#FCE4EC", "#2B1F36"),
            ("flash", [("2026-06-22", "2026-06-24")], "#FFF0D9", "#0A1836"),
        ]

        let workspace: RemoteWorkspace
        let server: LoopbackServer
        /// The public key `keygen` printed.
        let publicKey: String
        /// The render's `manifest.json`: what the app is built with.
        let manifest: LaunchManifest
        /// Device-style snapshot file name → the fixture copied there.
        private(set) var installed: [String: String] = [:]

        var published: URL { root.appendingPathComponent("published") }
        var container: URL { root.appendingPathComponent("Container") }
        var folder: URL {
            container.appendingPathComponent("Library/SplashBoard/Snapshots/\(SnapshotFixtures.bundleIdentifier) - {DEFAULT GROUP}")
        }
        var store: URL { container.appendingPathComponent("Library/Application Support/LaunchScreenRepair/Remote") }

        var root: URL { workspace.root }

        init() throws {
            workspace = try RemoteWorkspace(layouts: Self.layouts)
            let root = workspace.root
            let keygen = try CLIRunner.run(["keygen", "--output", "signing.key"], in: root)
            guard keygen.status == 0 else { throw Failure("keygen: \(keygen.stderr)") }
            publicKey = keygen.stdout.trimmingCharacters(in: .whitespacesAndNewlines)

            server = try LoopbackServer(serving: root.appendingPathComponent("published"), workFolder: root)
            // Phones only.
            try workspace.write(
                "launch-assets.json",
                """
                {"idioms": ["phone"], "remoteLayouts": ["campaign", "flash"],
                 "remote": {"url": "\(server.url.absoluteString)", "publicKey": "\(publicKey)"}}
                """)
            let render = try CLIRunner.run(["render", "--quiet", "--config", "launch-assets.json", "--output", "App"], in: root)
            guard render.status == 0 else { throw Failure("render: \(render.stderr)") }
            manifest = try JSONDecoder().decode(
                LaunchManifest.self, from: Data(contentsOf: root.appendingPathComponent("App/manifest.json")))

            try installDevice()
        }

        /// A new device: the container replaced by one holding only the system's four snapshots.
        func installDevice() throws {
            try? FileManager.default.removeItem(at: container)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            installed = [:]
            for fixture in Self.fixtures {
                let name = "\(UUID().uuidString)@3x.ktx"
                try FileManager.default.copyItem(
                    at: SnapshotFixtures.folder.appendingPathComponent(fixture), to: folder.appendingPathComponent(name))
                installed[name] = fixture
            }
        }

        deinit {
            server.stop()
            workspace.remove()
        }

        /// `launch-assets publish --config launch-assets.json --key signing.key` (or `--disable`) into `published/`.
        @discardableResult
        func publish(at time: Int, disable: Bool = false, _ extra: [String] = []) throws -> CLIRunner.Result {
            let result = try CLIRunner.run(
                ["publish", "--config", "launch-assets.json", "--key", "signing.key", "--output", "published", "--published", "\(time)"]
                    + (disable ? ["--disable"] : []) + extra,
                in: root)
            guard result.status == 0 else { throw Failure("publish: \(result.stderr)") }
            return result
        }

        /// `launch-assets fetch --json` on `day` for this iPhone; the exit status and the report.
        /// The default timeout is generous, so that a busy machine does not fail a test that is
        /// not about timing out.
        func fetch(on day: String, key: String? = nil, timeout: Int = 30) throws -> (status: Int32, report: RemoteFetchReport) {
            let result = try CLIRunner.run(
                [
                    "fetch", "--container", container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier, "--manifest",
                    "App/manifest.json",
                    "--remote-url", server.url.absoluteString, "--public-key", key ?? publicKey, "--date", day, "--device", Self.model,
                    "--timeout", "\(timeout)", "--json",
                ], in: root)
            guard let report = try? JSONDecoder().decode(RemoteFetchReport.self, from: Data(result.stdout.utf8)) else {
                throw Failure("fetch printed no report (exit \(result.status)): \(result.stderr)")
            }
            return (result.status, report)
        }

        /// `launch-assets repair --json` on `day` for this iPhone.
        func repair(on day: String) throws -> RepairReport {
            let result = try CLIRunner.run(
                [
                    "repair", "--container", container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier, "--manifest",
                    "App/manifest.json",
                    "--date", day, "--device", Self.model, "--json",
                ], in: root)
            guard result.status == 0 else { throw Failure("repair exit \(result.status): \(result.stderr)") }
            return try JSONDecoder().decode(RepairReport.self, from: Data(result.stdout.utf8))
        }

        /// Every file of the device's remote store but its lock and `check.json` (which every
        /// completed fetch updates with its time), by path inside it.
        func storeFiles() throws -> [String: Data] {
            try FileTree.contents(of: store).filter { $0.key != "lock" && $0.key != "check.json" }
        }

        /// The snapshot files' bytes by name.
        func snapshots() throws -> [String: Data] { try FileTree.contents(of: folder) }

        /// The render's variant of `layout` for this iPhone's portrait screen in `appearance`.
        func variant(_ layout: String, _ appearance: String) throws -> LaunchManifest.Variant {
            let device = manifest.deviceID(forModel: Self.model)
            return try #require(
                manifest.variants.first {
                    $0.layout == layout && $0.width == 1179 && $0.height == 2556 && $0.appearance.rawValue == appearance
                        && $0.devices.contains(device)
                })
        }

        /// The published image of a remote variant, by the path the runtime asks for.
        func publishedImage(_ variant: LaunchManifest.Variant) throws -> Data {
            try Data(contentsOf: published.appendingPathComponent(RemoteManifest.imagePath(sha256: try #require(variant.sha256))))
        }

        /// The render's own image of a variant (`App/images/<id>.png`).
        func renderedImage(_ variant: LaunchManifest.Variant) throws -> Data {
            try Data(contentsOf: root.appendingPathComponent("App/images/\(variant.id).png"))
        }

        /// The paths of `layout`'s two images for this iPhone (light and dark) in the published folder.
        func imagePaths(_ layout: String) throws -> [String] {
            try ["light", "dark"].map { RemoteManifest.imagePath(sha256: try #require(try variant(layout, $0).sha256)) }
        }

        /// Each snapshot file must hold `layout`'s variant of its own appearance.
        func expectShowing(_ layout: String, from source: (LaunchManifest.Variant) throws -> Data, _ comment: String) throws {
            let files = try snapshots()
            #expect(Set(files.keys) == Set(installed.keys), "the file names are kept (\(comment))")
            for (name, fixture) in installed {
                let appearance = fixture.contains("dark") ? "dark" : "light"
                #expect(
                    files[name] == (try source(try variant(layout, appearance))), "\(fixture) shows \(layout) \(appearance) (\(comment))")
            }
        }

        /// Every file below the container: bytes, inode and modification time.
        func containerState() throws -> [String: FileState] {
            var states: [String: FileState] = [:]
            for (path, data) in try FileTree.contents(of: container) {
                let attributes = try FileManager.default.attributesOfItem(atPath: container.appendingPathComponent(path).path)
                states[path] = FileState(
                    data: data, inode: (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1,
                    modified: attributes[.modificationDate] as? Date)
            }
            return states
        }
    }

    struct FileState: Equatable {
        var data: Data
        var inode: Int
        var modified: Date?
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// One line per case, for the issue's evidence.
    static func log(_ name: String, _ detail: String) {
        print("REMOTE-E2E-CASE \(name): \(detail)")
    }

    static func describe(_ fetched: (status: Int32, report: RemoteFetchReport)) -> String {
        let report = fetched.report
        let failures = report.files(.failed).compactMap(\.reason)
        let reason = report.reason ?? (failures.isEmpty ? "" : failures.joined(separator: " | "))
        return "fetch exit \(fetched.status), \(report.status.rawValue): \(reason)"
    }

    static func describe(_ repair: RepairReport, on day: String) -> String {
        let counts = [RepairReport.Outcome.kept, .replaced, .skipped, .failed].compactMap { outcome -> String? in
            let count = repair.files(outcome).count
            return count == 0 ? nil : "\(count) \(outcome.rawValue)"
        }
        let passedOver = repair.unavailableLayouts.map { " (\($0.layout) not shown: \($0.reason))" }.joined()
        return "repair \(day): \(repair.layout ?? repair.status.rawValue)\(passedOver), \(counts.joined(separator: ", ")), "
            + "read \(repair.bytesRead) B, wrote \(repair.bytesWritten) B"
    }

    @Test(
        """
        keygen → render (remote layouts, the loopback source and the keygen key) → publish --key → serve → fetch → repair: \
        each real AAPL snapshot gets the remote layout's image of its own appearance; a steady repair reads and writes nothing
        """)
    func keygenRenderPublishFetchRepair() throws {
        let app = try App()
        // The app is built with the remote source.
        let swift = try String(contentsOf: app.root.appendingPathComponent("App/LaunchAssets.swift"), encoding: .utf8)
        #expect(
            swift.contains("url: URL(string: \"\(app.server.url.absoluteString)\")!,") && swift.contains("publicKey: \"\(app.publicKey)\",")
        )
        #expect(app.manifest.layouts.map(\.delivery) == [.remote, .bundled, .remote])
        #expect(app.manifest.variants.allSatisfy { $0.idiom == .phone })

        let published = try app.publish(at: App.t1)
        print("REMOTE-E2E publish:\n\(published.stderr)")

        // The first launch, before any fetch: the bundled fallback, and the report says why.
        let first = try app.repair(on: "2026-06-15")
        #expect(first.layout == "default" && first.files(.replaced).count == 4)
        #expect(first.unavailableLayouts.map(\.layout) == ["campaign"])
        try app.expectShowing("default", from: app.renderedImage, "the bundled fallback")
        let fallbackBytes = try app.snapshots()

        // Fetched ahead of the campaign: only this iPhone's two images.
        let fetched = try app.fetch(on: "2026-06-05")
        print("REMOTE-E2E fetch 2026-06-05:\n\(fetched.report.text)")
        #expect(fetched.status == 0)
        #expect(fetched.report.status == .completed && fetched.report.layouts == ["campaign"])
        #expect(fetched.report.published == App.t1)
        #expect(fetched.report.files.map(\.outcome) == [.downloaded, .downloaded])
        #expect(Set(fetched.report.files.map(\.path)) == Set(try app.imagePaths("campaign")))

        // Before the campaign's days the fallback stays, untouched.
        let before = try app.repair(on: "2026-06-05")
        #expect(before.layout == "default" && before.files(.kept).count == 4 && before.bytesWritten == 0)
        #expect(try app.snapshots() == fallbackBytes)

        // On its days: every file replaced by the campaign's image of its own appearance, names kept.
        let day = try app.repair(on: "2026-06-15")
        print("REMOTE-E2E repair 2026-06-15:\n\(day.text)")
        #expect(day.status == .completed && day.layout == "campaign" && day.files(.replaced).count == 4)
        #expect(day.unavailableLayouts.isEmpty)
        try app.expectShowing("campaign", from: app.publishedImage, "the published image")
        try app.expectShowing("campaign", from: app.renderedImage, "the render's image")
        for file in day.files {
            let fixture = try #require(app.installed[file.name])
            #expect(file.variant == (try app.variant("campaign", fixture.contains("dark") ? "dark" : "light")).id)
        }

        // The next launch reads no snapshot bytes and writes nothing anywhere in the container.
        let state = try app.containerState()
        let steady = try app.repair(on: "2026-06-15")
        print("REMOTE-E2E steady repair 2026-06-15:\n\(steady.text)")
        #expect(steady.layout == "campaign" && steady.files(.kept).count == 4)
        #expect(steady.bytesRead == 0 && steady.bytesWritten == 0)
        #expect(try app.containerState() == state)

        // What publish wrote and what the runtime read agree, field by field.
        let folder = try FileTree.contents(of: app.published)
        let manifestBytes = try #require(folder[RemoteManifest.fileName])
        let signatureBytes = try #require(folder[RemoteManifest.signatureFileName])
        let remote = try JSONDecoder().decode(RemoteManifest.self, from: manifestBytes)
        #expect(remote.schemaVersion == RemoteManifest.currentSchemaVersion && remote.enabled && remote.published == App.t1)
        #expect(remote.layouts == app.manifest.layouts.filter { $0.delivery == .remote })
        #expect(remote.variants == app.manifest.variants.filter { $0.layout != "default" })
        #expect(remote.models == app.manifest.models, "every phone of the catalog is named by a remote variant")
        #expect(signatureBytes.count == 88 && !signatureBytes.contains(UInt8(ascii: "\n")))
        let key = try Curve25519.Signing.PublicKey(rawRepresentation: try #require(Data(base64Encoded: app.publicKey)))
        #expect(key.isValidSignature(try #require(Data(base64Encoded: signatureBytes)), for: manifestBytes))
        #expect(
            Set(folder.keys.filter { $0.hasPrefix("images/") }) == Set(remote.variants.map { RemoteManifest.imagePath(sha256: $0.sha256!) })
        )
        let stored = try app.storeFiles()
        #expect(stored[RemoteManifest.fileName] == manifestBytes && stored[RemoteManifest.signatureFileName] == signatureBytes)
        let layouts = try JSONDecoder().decode(StoredRemoteLayouts.self, from: try #require(stored["layouts.json"]))
        #expect(layouts.published == App.t1 && layouts.missing.isEmpty)
        #expect(layouts.layouts == remote.layouts.filter { $0.id == "campaign" })
        #expect(layouts.variants.allSatisfy { remote.variants.contains($0) } && !layouts.variants.isEmpty)
        #expect(layouts.models == [App.model: app.manifest.deviceID(forModel: App.model)])
        #expect(Set(layouts.stored) == Set(try ["light", "dark"].map { try #require(try app.variant("campaign", $0).sha256) }))
        for path in try app.imagePaths("campaign") { #expect(stored[path] == folder[path], "\(path) stored as published") }

        // A second fetch (its window still short of the flash's days) finds everything stored.
        let again = try app.fetch(on: "2026-06-10")
        #expect(again.status == 0 && again.report.files.map(\.outcome) == [.alreadyStored, .alreadyStored])
        #expect(try app.storeFiles() == stored)
    }

    /// The app published, fetched ahead of the campaign and repaired on one of its days: the
    /// state every refusal below must leave as it is.
    static func campaignShown() throws -> App {
        let app = try App()
        try app.publish(at: App.t1)
        let fetched = try app.fetch(on: "2026-06-05")
        try #require(fetched.status == 0 && fetched.report.status == .completed, "\(fetched.report.text)")
        let shown = try app.repair(on: "2026-06-15")
        try #require(shown.layout == "campaign" && shown.files(.replaced).count == 4)
        return app
    }

    @Test(
        """
        against the CLI-published folder: a tampered manifest.json, the wrong public key, a 404 and a server that hangs \
        are refused (exit 3); the store is kept byte for byte and the next repair shows the campaign as before
        """)
    func refusedManifests() throws {
        let app = try Self.campaignShown()
        let stored = try app.storeFiles()
        let shown = try app.snapshots()
        #expect(stored.keys.contains(RemoteManifest.fileName) && stored.keys.contains("layouts.json"))
        let other = try CLIRunner.run(["keygen", "--output", "other.key"], in: app.root)
        let otherKey = other.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let manifestFile = app.published.appendingPathComponent(RemoteManifest.fileName)
        let signed = try Data(contentsOf: manifestFile)

        let cases:
            [(
                name: String, expected: RemoteFetchReport.Status, reason: String, setUp: () throws -> Void,
                fetch: () throws -> (Int32, RemoteFetchReport)
            )] = [
                (
                    "tampered manifest.json (the campaign's last day moved, not signed again)", .refused, "signature does not verify",
                    {
                        let text = String(decoding: signed, as: UTF8.self)
                        try #require(text.contains("2026-06-20"))
                        try Data(text.replacingOccurrences(of: "2026-06-20", with: "2026-12-31").utf8).write(to: manifestFile)
                    },
                    { try app.fetch(on: "2026-06-05") }
                ),
                ("the wrong public key", .refused, "signature does not verify", {}, { try app.fetch(on: "2026-06-05", key: otherKey) }),
                (
                    "manifest.json 404", .unreachable, "HTTP status 404",
                    { try app.server.misbehave(["status": [RemoteManifest.fileName: 404]]) },
                    { try app.fetch(on: "2026-06-05") }
                ),
                (
                    "a server that hangs on manifest.json (--timeout 1)", .unreachable, "timed out after 1 s",
                    { try app.server.misbehave(["hang": [RemoteManifest.fileName]]) }, { try app.fetch(on: "2026-06-05", timeout: 1) }
                ),
            ]
        for (name, expected, reason, setUp, fetch) in cases {
            try setUp()
            let start = Date()
            let fetched = try fetch()
            let seconds = Date().timeIntervalSince(start)
            try app.server.behave()
            try signed.write(to: manifestFile)

            #expect(fetched.0 == 3, "\(name)")
            #expect(fetched.1.status == expected && fetched.1.reason?.contains(reason) == true, "\(name): \(fetched.1.text)")
            #expect(seconds < 10, "\(name): the fetch took \(seconds) s")
            let kept = try app.storeFiles() == stored
            #expect(kept, "\(name)")
            let next = try app.repair(on: "2026-06-15")
            #expect(next.layout == "campaign" && next.files(.kept).count == 4 && next.bytesWritten == 0, "\(name)")
            #expect(try app.snapshots() == shown, "\(name)")
            Self.log(
                name,
                "\(Self.describe(fetched)); store kept byte for byte: \(kept ? "yes" : "NO") (\(stored.count) files); "
                    + Self.describe(next, on: "2026-06-15"))
        }
        // The folder itself was fine all along.
        let fetched = try app.fetch(on: "2026-06-05")
        #expect(fetched.status == 0 && fetched.report.files.map(\.outcome) == [.alreadyStored, .alreadyStored])
    }

    @Test(
        """
        against the CLI-published folder: the flash layout's images tampered, 404, hanging, or sent at 10x their size \
        (streamed, or declared) are refused; no byte of them is kept, everything stored before is, and the next repair \
        shows the campaign as before; on the flash's first day the bundled fallback, saying why
        """)
    func refusedImages() throws {
        let app = try Self.campaignShown()
        let stored = try app.storeFiles()
        let shown = try app.snapshots()
        let flash = try app.imagePaths("flash")
        let originals = try flash.map { try Data(contentsOf: app.published.appendingPathComponent($0)) }
        let length = originals.map(\.count).max()!

        let cases: [(name: String, reason: String, timeout: Int, setUp: () throws -> Void)] = [
            (
                "tampered images (a byte flipped, same length)", "SHA-256",
                30,
                {
                    for (path, data) in zip(flash, originals) {
                        var bytes = data
                        bytes[bytes.count / 2] ^= 0xFF
                        try bytes.write(to: app.published.appendingPathComponent(path))
                    }
                }
            ),
            (
                "images 404", "HTTP status 404", 30,
                { try app.server.misbehave(["status": Dictionary(uniqueKeysWithValues: flash.map { ($0, 404) })]) }
            ),
            ("a server that hangs on the images (--timeout 1)", "timed out", 1, { try app.server.misbehave(["hang": flash]) }),
            (
                "10x the declared size, streamed without a Content-Length", "more than", 30,
                { try app.server.misbehave(["inflate": Dictionary(uniqueKeysWithValues: flash.map { ($0, 10) })]) }
            ),
            (
                "10x the declared size, declared in Content-Length", "more than", 30,
                { try app.server.misbehave(["inflateDeclared": Dictionary(uniqueKeysWithValues: flash.map { ($0, 10) })]) }
            ),
        ]
        var lastReason = ""
        for (name, reason, timeout, setUp) in cases {
            try setUp()
            let fetched = try app.fetch(on: "2026-06-18", timeout: timeout)
            try app.server.behave()
            for (path, data) in zip(flash, originals) { try data.write(to: app.published.appendingPathComponent(path)) }

            #expect(fetched.status == 3, "\(name)")
            #expect(
                fetched.report.status == .incomplete && fetched.report.layouts == ["campaign", "flash"], "\(name): \(fetched.report.text)")
            let failed = fetched.report.files(.failed)
            #expect(Set(failed.map(\.path)) == Set(flash), "\(name)")
            #expect(failed.allSatisfy { $0.reason?.contains(reason) == true }, "\(name): \(failed.map(\.reason))")
            #expect(failed.allSatisfy { $0.bytesReceived <= length + 65_536 }, "\(name): at most one read past the declared length")
            #expect(fetched.report.files(.alreadyStored).count == 2 && fetched.report.removed.isEmpty, "\(name)")
            lastReason = failed.first?.reason ?? ""

            // Every file stored before, byte for byte; nothing of the refused images, not even a partial download.
            // layouts.json is rewritten to record why the flash cannot be shown (its `missing`).
            let after = try app.storeFiles()
            let kept = Set(after.keys) == Set(stored.keys) && stored.allSatisfy { $0.key == "layouts.json" || after[$0.key] == $0.value }
            #expect(kept, "\(name): \(Set(after.keys).symmetricDifference(stored.keys))")
            let layouts = try JSONDecoder().decode(StoredRemoteLayouts.self, from: try #require(after["layouts.json"]))
            #expect(Set(layouts.missing.keys) == Set(try ["light", "dark"].map { try #require(try app.variant("flash", $0).sha256) }))
            let next = try app.repair(on: "2026-06-19")
            #expect(next.layout == "campaign" && next.files(.kept).count == 4 && next.bytesWritten == 0, "\(name)")
            #expect(try app.snapshots() == shown, "\(name)")
            Self.log(
                name,
                "\(Self.describe(fetched)); stored before kept byte for byte: \(kept ? "yes" : "NO") (layouts.json records why); "
                    + Self.describe(next, on: "2026-06-19"))
        }

        // On the flash's first day its images are not stored: the bundled fallback, and the report says why.
        let flashDay = try app.repair(on: "2026-06-22")
        #expect(flashDay.layout == "default" && flashDay.files(.replaced).count == 4)
        #expect(flashDay.unavailableLayouts.map(\.layout) == ["flash"] && flashDay.unavailableLayouts.first?.instead == "default")
        #expect(flashDay.unavailableLayouts.first?.reason.contains(lastReason) == true)
        try app.expectShowing("default", from: app.renderedImage, "the bundled fallback")
        Self.log("flash's first day with its images refused", Self.describe(flashDay, on: "2026-06-22"))

        // The folder itself was fine all along: served as published, the flash arrives and is shown.
        let fetched = try app.fetch(on: "2026-06-18")
        #expect(fetched.status == 0 && fetched.report.files(.downloaded).count == 2)
        #expect(try app.repair(on: "2026-06-22").layout == "flash")
        try app.expectShowing("flash", from: app.publishedImage, "the published image")
    }

    @Test(
        """
        nothing stored yet: a tampered manifest is refused and storing nothing, and images that are not found store none; \
        the next repair shows the bundled fallback, saying why
        """)
    func refusedWithNothingStored() throws {
        let app = try App()
        try app.publish(at: App.t1)
        let fallback = try app.repair(on: "2026-06-15")
        #expect(fallback.layout == "default" && fallback.files(.replaced).count == 4)
        let shown = try app.snapshots()

        let manifestFile = app.published.appendingPathComponent(RemoteManifest.fileName)
        let signed = try Data(contentsOf: manifestFile)
        var tampered = signed
        tampered[tampered.count / 2] ^= 0x01
        try tampered.write(to: manifestFile)
        let refused = try app.fetch(on: "2026-06-05")
        try signed.write(to: manifestFile)
        #expect(refused.status == 3 && refused.report.status == .refused)
        let nothing = try app.storeFiles()
        #expect(nothing.isEmpty, "\(nothing.keys)")
        let next = try app.repair(on: "2026-06-15")
        #expect(next.layout == "default" && next.files(.kept).count == 4 && next.bytesWritten == 0)
        #expect(next.unavailableLayouts.first?.reason.contains("no remote layouts fetched yet") == true)
        #expect(try app.snapshots() == shown)
        Self.log(
            "nothing stored, tampered manifest.json",
            "\(Self.describe(refused)); store still empty: \(nothing.isEmpty ? "yes" : "NO"); " + Self.describe(next, on: "2026-06-15"))

        let campaign = try app.imagePaths("campaign")
        try app.server.misbehave(["status": Dictionary(uniqueKeysWithValues: campaign.map { ($0, 404) })])
        let missing = try app.fetch(on: "2026-06-05")
        try app.server.behave()
        #expect(missing.status == 3 && missing.report.status == .incomplete && missing.report.files(.failed).count == 2)
        let store = try app.storeFiles()
        #expect(store.keys.allSatisfy { !$0.hasPrefix("images/") && !$0.hasPrefix("partial/") }, "\(store.keys)")
        let day = try app.repair(on: "2026-06-15")
        #expect(day.layout == "default" && day.files(.kept).count == 4 && day.bytesWritten == 0)
        #expect(day.unavailableLayouts.first?.reason.contains("HTTP status 404") == true)
        #expect(try app.snapshots() == shown)
        Self.log(
            "nothing stored, the campaign's images 404",
            "\(Self.describe(missing)); no image stored: yes; " + Self.describe(day, on: "2026-06-15"))
    }

    @Test(
        """
        the kill switch published by the CLI (publish --disable): fetch switches the module off and puts the system's \
        snapshots back, repair reports disabled and writes nothing; a later enabled manifest switches it on again
        """)
    func killSwitch() throws {
        let app = try Self.campaignShown()
        let off = try app.publish(at: App.t1 + 100, disable: true)
        #expect(off.stderr.contains("Published the kill switch"))
        let switchedOff = try app.fetch(on: "2026-06-15")
        print("REMOTE-E2E kill switch fetch:\n\(switchedOff.report.text)")
        #expect(switchedOff.status == 0)
        #expect(switchedOff.report.status == .switchedOff && switchedOff.report.moduleSwitch == .switchedOff)
        #expect(switchedOff.report.restore?.files.map(\.outcome) == Array(repeating: .restored, count: 4))
        for (name, fixture) in app.installed {
            #expect(
                try Data(contentsOf: app.folder.appendingPathComponent(name))
                    == (try Data(contentsOf: SnapshotFixtures.folder.appendingPathComponent(fixture))),
                "\(fixture) is the system's again")
        }
        let state = try app.containerState()
        let disabled = try app.repair(on: "2026-06-15")
        print("REMOTE-E2E kill switch repair:\n\(disabled.text)")
        #expect(disabled.status == .disabled && disabled.files.isEmpty)
        #expect(disabled.reason?.contains("switched off by the signed remote manifest") == true)
        #expect(try app.containerState() == state, "a disabled repair writes nothing")
        Self.log(
            "kill switch (publish --disable)", "\(Self.describe(switchedOff)); snapshots restored: 4; repair: \(disabled.status.rawValue)")

        try app.publish(at: App.t1 + 200)
        let on = try app.fetch(on: "2026-06-12")
        #expect(on.status == 0 && on.report.status == .completed && on.report.moduleSwitch == .switchedOn)
        #expect(on.report.files.map(\.outcome) == [.alreadyStored, .alreadyStored])
        let back = try app.repair(on: "2026-06-15")
        #expect(back.status == .completed && back.layout == "campaign" && back.files(.replaced).count == 4)
        try app.expectShowing("campaign", from: app.publishedImage, "switched on again")
        Self.log("enabled again (publish, newer)", "\(Self.describe(on)); " + Self.describe(back, on: "2026-06-15"))
    }

    @Test(
        """
        a remote layout of the app's manifest that a newer publication leaves out (publish --layout campaign) is not \
        fetched: the fetch completes, a device that had stored its images removes them, and on its days the bundled \
        fallback is shown, saying why
        """)
    func layoutLeftOutOfANewerPublication() throws {
        let app = try App()
        try app.publish(at: App.t1)
        let both = try app.fetch(on: "2026-06-18")
        #expect(both.status == 0 && both.report.files(.downloaded).count == 4)
        #expect(try app.repair(on: "2026-06-22").layout == "flash")

        // The next publication has the campaign only: its folder holds no image of the flash.
        try app.publish(at: App.t1 + 100, ["--layout", "campaign"])
        let remote = try JSONDecoder().decode(
            RemoteManifest.self, from: Data(contentsOf: app.published.appendingPathComponent(RemoteManifest.fileName)))
        #expect(remote.layouts.map(\.id) == ["campaign"])
        let flash = try app.imagePaths("flash")
        #expect(flash.allSatisfy { !FileManager.default.fileExists(atPath: app.published.appendingPathComponent($0).path) })

        // The device that had fetched the flash: the fetch completes and removes the flash's images.
        let withdrawn = try app.fetch(on: "2026-06-18")
        print("REMOTE-E2E fetch after the flash was left out:\n\(withdrawn.report.text)")
        #expect(withdrawn.status == 0 && withdrawn.report.status == .completed, "\(withdrawn.report.text)")
        #expect(withdrawn.report.layouts == ["campaign"])
        #expect(withdrawn.report.files.map(\.outcome) == [.alreadyStored, .alreadyStored])
        #expect(Set(withdrawn.report.removed) == Set(flash))
        #expect(withdrawn.report.notes.contains { $0.contains("flash") && $0.contains("not in the manifest") })
        let day = try app.repair(on: "2026-06-22")
        #expect(day.layout == "default" && day.unavailableLayouts.map(\.layout) == ["flash"])
        #expect(day.unavailableLayouts.first?.reason.contains("not in the manifest published") == true)
        try app.expectShowing("default", from: app.renderedImage, "the bundled fallback")
        Self.log(
            "a layout left out of a newer publication, stored before",
            "\(Self.describe(withdrawn)); " + Self.describe(day, on: "2026-06-22"))

        // A device that never had it: nothing requested that the folder does not hold, the fetch completes.
        try app.installDevice()
        let fresh = try app.fetch(on: "2026-06-18")
        #expect(fresh.status == 0 && fresh.report.status == .completed, "\(fresh.report.text)")
        #expect(fresh.report.files.map(\.outcome) == [.downloaded, .downloaded])
        let freshDay = try app.repair(on: "2026-06-22")
        #expect(freshDay.layout == "default" && freshDay.unavailableLayouts.first?.reason.contains("not in the manifest published") == true)
        Self.log(
            "a layout left out of a newer publication, never stored",
            "\(Self.describe(fresh)); " + Self.describe(freshDay, on: "2026-06-22"))
    }
}
