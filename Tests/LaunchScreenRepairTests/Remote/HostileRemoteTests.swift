import Crypto
import Foundation
import LoopbackServer
import Testing

@testable import LaunchScreenRepair

/// Remote layouts against a server that attacks the fetch (encodings, floods, signed times, escape
/// sequences) and a container whose store was tampered with (links, a broken lock, a damaged
/// image), each against the loopback server and the real file system.
@Suite("Remote layouts against a hostile server and a hostile store", .serialized)
struct HostileRemoteTests {
    typealias Setup = RemoteLayoutTests.Setup

    static let campaign = RemoteLayoutTests.campaign
    static let flash = RemoteLayoutTests.flash
    static let t1 = RemoteLayoutTests.t1

    /// The campaign published at `time`, signed with the setup's key.
    static func publishCampaign(_ setup: Setup, at time: Int, layouts: [PublishedFolder.Layout] = [campaign]) throws {
        let (manifest, images) = PublishedFolder.manifest(layouts, published: time)
        try setup.published.publish(manifest, images: images)
    }

    /// Where the setup's server serves `path`.
    static func url(_ setup: Setup, _ path: String) -> String {
        setup.server.url.appendingPathComponent(path).absoluteString
    }

    @Test("every request asks for identity encoding; a gzip bomb for the manifest, or a gzip-encoded image, is refused at its head")
    func compressedAnswersAreRefused() throws {
        let setup = try Setup()
        try Self.publishCampaign(setup, at: Self.t1)
        // 64 MiB of zeros after the manifest, compressed as they are sent (about 64 KiB on the wire).
        try setup.server.misbehave(["gzip": [RemoteManifest.fileName: 64 << 20]])
        let manifest = setup.fetch(on: "2026-06-05")
        #expect(manifest.status == .refused)
        #expect(manifest.cause == .failure(.encoded(Self.url(setup, RemoteManifest.fileName), "gzip")))
        #expect(try setup.store().isEmpty)

        let image = RemoteManifest.imagePath(sha256: RemoteLayoutTests.campaignPhoneImages(setup).sorted()[0])
        try setup.server.misbehave(["gzip": [image: 0]])
        let images = setup.fetch(on: "2026-06-05")
        #expect(images.status == .incomplete)
        let failed = images.files(.failed)
        #expect(failed.map(\.path) == [image])
        #expect(failed.first?.cause == .failure(.encoded(Self.url(setup, image), "gzip")))
        #expect(try setup.store().keys.allSatisfy { !$0.contains(image.dropFirst("images/".count)) })
        // The two fetches' requests (the bomb's is logged only if its stream ended before the cut).
        let requests = try setup.server.requests()
        #expect(requests.count >= 4 && requests.allSatisfy { $0.acceptEncoding == "identity" }, "\(requests.map(\.acceptEncoding))")
    }

    @Test("a flood of plain bytes without a length is refused at the cap, one piece past it at most")
    func floodsAreRefusedAtTheCap() throws {
        let setup = try Setup()
        try Self.publishCampaign(setup, at: Self.t1)
        let flood = 256 << 20
        try setup.server.misbehave(["flood": [RemoteManifest.fileName: flood]])
        let report = setup.fetch(on: "2026-06-05", timeout: 30)
        #expect(report.status == .refused)
        if case .failure(.tooLarge(let url, limit: RemoteManifest.sizeLimit, let received))? = report.cause {
            #expect(url == Self.url(setup, RemoteManifest.fileName))
            #expect(received <= RemoteManifest.sizeLimit + (16 << 20), "received \(received)")
        } else {
            unexpected(report.cause)
        }
        #expect(try setup.store().isEmpty)
    }

    @Test("a manifest published after the device's clock (plus a day) is refused and sets no floor; milliseconds are refused")
    func futureTimesCannotLockOut() throws {
        let setup = try Setup()
        // 2026-06-05 at noon, the fetch's clock, plus two days.
        let clock = 1_780_660_800
        try Self.publishCampaign(setup, at: clock + 2 * 86_400)
        let future = setup.fetch(on: "2026-06-05")
        #expect(future.status == .refused)
        #expect(
            future.cause == .failure(.future(Self.url(setup, RemoteManifest.fileName), published: clock + 2 * 86_400, clock: clock)))
        #expect(try setup.store().isEmpty)

        try Self.publishCampaign(setup, at: Self.t1 * 1000)
        let milliseconds = setup.fetch(on: "2026-06-05")
        #expect(milliseconds.status == .refused)

        // A future manifest an earlier version stored does not stop a correct one.
        try Self.publishCampaign(setup, at: Int(Int32.max))
        try FileManager.default.createDirectory(at: setup.remoteFolder, withIntermediateDirectories: true)
        for name in [RemoteManifest.fileName, RemoteManifest.signatureFileName] {
            try FileManager.default.copyItem(
                at: setup.published.url.appendingPathComponent(name), to: setup.remoteFolder.appendingPathComponent(name))
        }
        try Self.publishCampaign(setup, at: Self.t1)
        let corrected = setup.fetch(on: "2026-06-05")
        #expect(corrected.status == .completed, "\(corrected.text)")
        #expect(corrected.previousPublished == nil)
    }

    @Test("after a key rotation the stored manifest, signed with the old key, sets no replay floor")
    func rotatedKeyResetsTheFloor() throws {
        let setup = try Setup()
        try Self.publishCampaign(setup, at: Self.t1 + 86_400)
        #expect(setup.fetch(on: "2026-06-05").status == .completed)
        let rotated = try PublishedFolder(at: setup.published.url)
        setup.published = rotated
        try Self.publishCampaign(setup, at: Self.t1)
        let report = setup.fetch(on: "2026-06-05", key: rotated.publicKey)
        #expect(report.status == .completed, "\(report.text)")
        #expect(report.published == Self.t1 && report.previousPublished == nil)
    }

    @Test("a manifest with the stored one's published time but other bytes is refused; the same bytes again are fine")
    func equalTimeWithOtherBytesIsRefused() throws {
        let setup = try Setup()
        try Self.publishCampaign(setup, at: Self.t1)
        #expect(setup.fetch(on: "2026-06-05").status == .completed)
        #expect(setup.fetch(on: "2026-06-05").status == .completed)
        let before = try setup.store()
        try Self.publishCampaign(setup, at: Self.t1, layouts: [Self.campaign, Self.flash])
        let report = setup.fetch(on: "2026-06-05")
        #expect(report.status == .refused)
        #expect(report.cause == .failure(.republished(Self.url(setup, RemoteManifest.fileName), published: Self.t1)))
        #expect(try setup.store() == before)
    }

    @Test("a signed date with a year before 1000 is refused by the remote schema; what a fetch stores reads back as written")
    func yearsBeforeOneThousandAreRefused() throws {
        let setup = try Setup()
        let (manifest, images) = PublishedFolder.manifest([Self.campaign], published: Self.t1)
        try setup.published.publish(manifest, images: images)
        let text = try String(contentsOf: setup.published.url.appendingPathComponent(RemoteManifest.fileName), encoding: .utf8)
        #expect(text.contains("\"2026-06-10\""))
        try setup.published.publish(manifestBytes: Data(text.replacingOccurrences(of: "\"2026-06-10\"", with: "\"0001-01-01\"").utf8))
        let report = setup.fetch(on: "2026-06-05")
        #expect(report.status == .refused, "\(report.text)")
        #expect(try setup.store().isEmpty)

        try setup.published.publish(manifestBytes: Data(text.utf8))
        #expect(setup.fetch(on: "2026-06-05").status == .completed)
        let stored = StoredRemoteLayouts.load(
            from: setup.remoteFolder.appendingPathComponent(StoredRemoteLayouts.fileName), fileSystem: LocalFileSystem())
        #expect(stored.problem == nil && stored.layouts?.layouts.map(\.id) == ["campaign"])
        #expect(SeasonDate(year: 12, month: 3, day: 4).description == "0012-03-04")
        #expect(SeasonDate("0999-12-31") == nil && SeasonDate("1000-01-01") != nil)
    }

    @Test(
        "a symbolic link in place of Remote/, Remote/images/ or Remote/partial/ is refused before the lock; nothing is written through it")
    func linkedFoldersAreRefused() throws {
        for planted in ["", "images", "partial"] {
            let setup = try Setup()
            try Self.publishCampaign(setup, at: Self.t1)
            let outside = setup.container.folder.url.appendingPathComponent("outside-\(planted.isEmpty ? "Remote" : planted)")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            let link = planted.isEmpty ? setup.remoteFolder : setup.remoteFolder.appendingPathComponent(planted)
            try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
            let report = setup.fetch(on: "2026-06-05")
            #expect(report.status == .storeUnusable, "\(planted): \(report.text)")
            let written = try FileManager.default.contentsOfDirectory(atPath: outside.path)
            #expect(written.isEmpty, "\(planted): written through the link: \(written)")
        }
    }

    @Test(
        "Remote/, Remote/images/ or Remote/partial/ swapped for a symbolic link after the fetch made sure of it, before it writes there: nothing lands through the link, what is written goes into the folder opened, a later open is refused"
    )
    func swappedFoldersAreNotFollowed() throws {
        let link = "a symbolic link in place of a folder: not followed"
        for swapped in ["", "images", "partial"] {
            // Given: a fresh store, and a racer that swaps the folder the moment the fetch gives it its storage class.
            let setup = try Setup()
            try Self.publishCampaign(setup, at: Self.t1)
            let images = RemoteLayoutTests.campaignPhoneImages(setup).sorted()
            if swapped == "partial" {
                // Both downloads end early, so that what a partial file holds stays where it was written.
                try setup.server.misbehave([
                    "cut": Dictionary(uniqueKeysWithValues: images.map { (RemoteManifest.imagePath(sha256: $0), 1000) })
                ])
            }
            let outside = setup.container.folder.url.appendingPathComponent("outside")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            let folder = swapped.isEmpty ? setup.remoteFolder : setup.remoteFolder.appendingPathComponent(swapped)
            let racing = FolderSwappingFileSystem(swapping: folder, for: outside)

            // When
            let report = setup.fetch(on: "2026-06-05", fileSystem: racing)

            // Then: the link is there, nothing went through it, and the writes after the swap are in the folder opened.
            print("HOSTILE-SWAPPED \(swapped.isEmpty ? "Remote" : swapped):\n\(report.text)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path) == outside.path, "\(swapped): not swapped")
            let written = try FileManager.default.subpathsOfDirectory(atPath: outside.path)
            #expect(written.isEmpty, "\(swapped): written through the link: \(written)")
            let moved = Set(try FileManager.default.contentsOfDirectory(atPath: racing.movedFolder.path))
            let refused = report.files(.failed).filter { $0.cause?.fileSystemError?.reason == link }
            switch swapped {
            case "":
                #expect(moved.isSuperset(of: ["lock", RemoteManifest.fileName, StoredRemoteLayouts.fileName, "images"]), "\(moved)")
                #expect(report.status == .completed, "\(report.text)")
            default:
                #expect(moved.count == 1 && images.contains { moved.contains("\($0).png") }, "\(swapped): \(moved)")
                #expect(report.status == .incomplete && refused.count == 1, "\(swapped): \(report.text)")
            }
        }
    }

    @Test("a lock that can never be taken (a link loop) is reported as an unusable store, not as busy")
    func unusableLockIsNotBusy() throws {
        let setup = try Setup()
        try Self.publishCampaign(setup, at: Self.t1)
        try FileManager.default.createDirectory(at: setup.remoteFolder, withIntermediateDirectories: true)
        let lock = setup.remoteFolder.appendingPathComponent("lock")
        try FileManager.default.createSymbolicLink(atPath: lock.path, withDestinationPath: "lock")
        let report = setup.fetch(on: "2026-06-05")
        #expect(report.status == .storeUnusable, "\(report.text)")
        #expect(try setup.store().isEmpty)
    }

    @Test("a stored image that lost its SHA-256 takes its whole layout out: no slot shows the layout's other images")
    func damagedImageTakesTheWholeLayoutOut() throws {
        let setup = try Setup()
        try RemoteLayoutTests.publishAndFetchCampaign(setup)
        let light = RemoteLayoutTests.campaignPhoneImages(setup).sorted()[0]
        let file = setup.remoteFolder.appendingPathComponent("images/\(light).png")
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: file)

        let day = try setup.repair(on: "2026-06-15")
        print("HOSTILE-DAMAGED-IMAGE repair on 2026-06-15:\n\(day.text)")
        #expect(day.layout == "default")
        #expect(day.unavailableLayouts.first?.layout == "campaign" && day.unavailableLayouts.first?.instead == "default")
        #expect(day.files.allSatisfy { $0.variant.map { !$0.hasPrefix("campaign") } ?? true }, "\(day.files.map(\.variant))")
    }
}
