import Crypto
import Foundation
import LaunchScreenRepair
import LoopbackServer
import TestSupport
import Testing

/// `launch-assets fetch`, through the real binary, against the committed loopback server
/// (python3 on 127.0.0.1), then `launch-assets repair` on the same container.
@Suite("launch-assets fetch", .serialized)
struct FetchCommandTests {
    /// A published folder served on 127.0.0.1, beside `repair`'s fixture container.
    final class Served: @unchecked Sendable {
        let base: RepairWorkspace
        let published: URL
        let key = Curve25519.Signing.PrivateKey()
        let server: LoopbackServer

        var url: String { server.url.absoluteString }
        var publicKey: String { key.publicKey.rawRepresentation.base64EncodedString() }
        var store: URL { base.container.appendingPathComponent("Library/Application Support/LaunchScreenRepair/Remote") }

        init() throws {
            base = try RepairWorkspace()
            published = base.root.appendingPathComponent("published")
            try FileManager.default.createDirectory(at: published.appendingPathComponent("images"), withIntermediateDirectories: true)
            server = try LoopbackServer(serving: published, workFolder: base.root)
        }

        deinit {
            server.stop()
            base.cleanUp()
        }

        /// Publishes the campaign (10–20 June 2026) for the fixture's iPhone and an iPad, signed with `key`.
        func publishCampaign(published time: Int = 1_780_000_000) throws -> [String: Data] {
            var variants: [LaunchManifest.Variant] = []
            var images: [String: Data] = [:]
            for (idiom, width, height, device) in [(Idiom.phone, 1179, 2556, "iPhone15,2"), (.pad, 2048, 2732, "iPad8,11")] {
                for appearance in Appearance.allCases {
                    let id = "campaign-\(idiom.rawValue)-\(width)x\(height)-portrait-\(appearance.rawValue)"
                    let png = PNGBytes.synthetic(width: width, height: height, text: id + String(repeating: "~", count: 20_000))
                    let sha256 = SHA256.hash(data: png).map { String(format: "%02x", $0) }.joined()
                    images[sha256] = png
                    try png.write(to: published.appendingPathComponent("images/\(sha256).png"))
                    variants.append(
                        .init(
                            id: id, layout: "campaign", width: width, height: height, orientation: .portrait, appearance: appearance,
                            idiom: idiom, devices: [device], md5: MD5Digest.hex(of: png), offset: nil, length: png.count,
                            sha256: sha256))
                }
            }
            let manifest = RemoteManifest(
                published: time, generator: "tests",
                layouts: [
                    .init(
                        id: "campaign", displayName: "Campaign", priority: 0,
                        schedule: [DateRange(from: SeasonDate("2026-06-10")!, through: SeasonDate("2026-06-20")!)], delivery: .remote)
                ],
                variants: variants)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let bytes = try encoder.encode(manifest)
            try bytes.write(to: published.appendingPathComponent(RemoteManifest.fileName))
            try Data(try key.signature(for: bytes).base64EncodedString().utf8)
                .write(to: published.appendingPathComponent(RemoteManifest.signatureFileName))
            return images
        }

        func fetch(_ extra: [String] = [], key: String? = nil, url: String? = nil) throws -> CLIRunner.Result {
            try CLIRunner.run(fetchArguments(extra, key: key, url: url))
        }

        /// The arguments of ``fetch(_:key:url:)``: the fixture's container and manifest, this server, 5 s timeout.
        func fetchArguments(_ extra: [String] = [], key: String? = nil, url: String? = nil) -> [String] {
            [
                "fetch", "--container", base.container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier,
                "--manifest", base.manifestURL.path, "--remote-url", url ?? self.url, "--public-key", key ?? publicKey,
                "--date", "2026-06-05", "--device", "iPhone15,2", "--timeout", "5",
            ] + extra
        }

        func storedImages() -> [String: Data] {
            let folder = store.appendingPathComponent("images")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return Dictionary(
                uniqueKeysWithValues: names.map { ($0, (try? Data(contentsOf: folder.appendingPathComponent($0))) ?? Data()) })
        }
    }

    @Test("fetch stores the iPhone's two images; repair on the campaign's days shows them; a second fetch downloads nothing")
    func fetchThenRepair() throws {
        let served = try Served()
        let images = try served.publishCampaign()
        let fetched = try served.fetch()
        print("FETCH-CLI fetch:\n\(fetched.stdout)")
        #expect(fetched.status == 0, "\(fetched.stderr)")
        #expect(fetched.stdout.contains("status: completed"))
        #expect(fetched.stdout.components(separatedBy: "\ndownloaded\t").count - 1 == 2)
        let stored = served.storedImages()
        #expect(stored.count == 2)
        for (name, bytes) in stored { #expect(images[String(name.dropLast(4))] == bytes) }

        let repaired = try CLIRunner.run(
            [
                "repair", "--container", served.base.container.path, "--bundle-id", SnapshotFixtures.bundleIdentifier,
                "--manifest", served.base.manifestURL.path, "--date", "2026-06-15", "--device", "iPhone15,2", "--json",
            ])
        #expect(repaired.status == 0, "\(repaired.stderr)")
        let report = try JSONDecoder().decode(RepairReport.self, from: Data(repaired.stdout.utf8))
        #expect(report.layout == "campaign" && report.files(.replaced).count == 4)

        let again = try served.fetch(["--json"])
        #expect(again.status == 0)
        let second = try JSONDecoder().decode(RemoteFetchReport.self, from: Data(again.stdout.utf8))
        #expect(second.files.map(\.outcome) == [.alreadyStored, .alreadyStored])
    }

    @Test("fetch asks for a stored manifest conditionally (answered 304); with --min-interval a second fetch requests nothing")
    func conditionalAndThrottled() throws {
        let served = try Served()
        _ = try served.publishCampaign()
        #expect(try served.fetch().status == 0)
        let again = try served.fetch()
        #expect(again.status == 0 && again.stdout.contains("(not modified: the stored one)"), "\(again.stdout)")
        let throttled = try served.fetch(["--min-interval", "3600"])
        #expect(throttled.status == 0 && throttled.stdout.contains("status: throttled"), "\(throttled.stdout)")
        let statuses = try served.server.statuses()
        print("FETCH-CLI requests by path: \(statuses.sorted { $0.key < $1.key })")
        #expect(statuses[RemoteManifest.fileName] == [200, 304])
        #expect(statuses[RemoteManifest.signatureFileName] == [200])
        let negative = try served.fetch(["--min-interval=-1"])
        #expect(negative.status == 2 && negative.stderr.contains("--min-interval must not be negative"))
    }

    @Test("exit status: 1 for a URL that is not HTTPS or a bad key, 3 for a refused manifest, 2 for usage")
    func exitStatus() throws {
        let served = try Served()
        _ = try served.publishCampaign()
        let plain = try served.fetch(url: "http://example.com/published")
        #expect(plain.status == 1 && plain.stderr.contains("http://example.com/published: not HTTPS"))
        let badKey = try served.fetch(key: "c2hvcnQ=")
        #expect(badKey.status == 1 && badKey.stderr.contains("not the base64 of a 32-byte Ed25519 key"))
        let other = Curve25519.Signing.PrivateKey().publicKey.rawRepresentation.base64EncodedString()
        let refused = try served.fetch(key: other)
        #expect(refused.status == 3 && refused.stderr.contains("signature does not verify"))
        #expect(refused.stdout.contains("status: refused"))
        #expect(!FileManager.default.fileExists(atPath: served.store.appendingPathComponent("images").path))
        let usage = try served.fetch(["--timeout", "0"])
        #expect(usage.status == 2)
    }

    @Test("two fetch processes at once: one fetches, the other reports busy; the store is whole")
    func concurrentProcesses() throws {
        let served = try Served()
        let images = try served.publishCampaign()
        try served.server.misbehave(["delay": [RemoteManifest.fileName: 1]])
        let results = Results()
        let group = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) { results.append(try? served.fetch(["--json"])) }
        }
        group.wait()
        let reports = results.all.compactMap {
            $0.flatMap { try? JSONDecoder().decode(RemoteFetchReport.self, from: Data($0.stdout.utf8)) }
        }
        #expect(results.all.allSatisfy { $0?.status == 0 })
        #expect(reports.map(\.status.rawValue).sorted() == ["busy", "completed"])
        let stored = served.storedImages()
        #expect(stored.count == 2 && stored.allSatisfy { images[String($0.key.dropLast(4))] == $0.value })
    }

    @Test("server text holding terminal escape sequences is printed escaped, on standard output and standard error")
    func controlCharactersAreEscaped() throws {
        let served = try Served()
        let images = try served.publishCampaign().keys.map { "images/\($0).png" }
        try served.server.misbehave(["cut": Dictionary(uniqueKeysWithValues: images.map { ($0, 1000) })])
        #expect(try served.fetch().status == 3)
        let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2J bytes 0-1/2"
        try served.server.misbehave(["contentRange": Dictionary(uniqueKeysWithValues: images.map { ($0, hostile) })])
        let fetched = try served.fetch()
        #expect(fetched.status == 3)
        #expect(try served.server.requests().contains { $0.range == "bytes=1000-" })
        for (name, text) in [("stdout", fetched.stdout), ("stderr", fetched.stderr)] {
            let controls = text.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F...0x9F).contains($0.value) }
            #expect(controls.isEmpty, "\(name) holds \(controls.map { $0.value })")
        }
        #expect(fetched.stderr.contains("\\u{1B}]0;owned\\u{7}"), "\(fetched.stderr)")
    }

    @Test("a store lock that can never be taken (a link loop) exits 3 with status storeUnusable, not busy")
    func unusableLockExitsThree() throws {
        let served = try Served()
        _ = try served.publishCampaign()
        try FileManager.default.createDirectory(at: served.store, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: served.store.appendingPathComponent("lock").path, withDestinationPath: "lock")
        let fetched = try served.fetch(["--json"])
        #expect(fetched.status == 3)
        let report = try JSONDecoder().decode(RemoteFetchReport.self, from: Data(fetched.stdout.utf8))
        #expect(report.status == .storeUnusable)
    }
}

/// Results collected from several threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [CLIRunner.Result?] = []
    var all: [CLIRunner.Result?] { lock.withLock { results } }
    func append(_ result: CLIRunner.Result?) { lock.withLock { results.append(result) } }
}
