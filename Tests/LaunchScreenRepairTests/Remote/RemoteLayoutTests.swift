import Crypto
import Foundation
import LoopbackServer
import TestSupport
import Testing

@testable import LaunchScreenRepair

/// Remote layouts end to end against a real HTTP server on 127.0.0.1 (python3 running
/// `Tests/LoopbackServer/loopback-server.py`): publish → serve → fetch → repair, and every way the
/// server or the network can let the device down. Each refusal is checked to leave the store
/// exactly as it was, file for file, and the day's repair to go on with what was stored.
@Suite("Remote layouts against a loopback server", .serialized)
struct RemoteLayoutTests {
    /// A container holding the four real AAPL snapshots of an iPhone 14 Pro, the app's bundled
    /// catalog, a published folder and the server serving it.
    final class Setup: @unchecked Sendable {
        let container: TestContainer
        let catalog: TestCatalog
        var published: PublishedFolder
        let server: LoopbackServer
        let snapshots: [String: (name: String, width: Int, height: Int, dark: Bool)]

        init() throws {
            container = try TestContainer()
            snapshots = try container.installRealAAPL()
            catalog = try TestCatalog(in: container.folder.url)
            published = try PublishedFolder(at: container.folder.url.appendingPathComponent("published"))
            server = try LoopbackServer(serving: published.url, workFolder: container.folder.url)
        }

        deinit {
            server.stop()
            container.folder.remove()
        }

        var locator: SnapshotLocator { container.locator }
        var remoteFolder: URL { SnapshotPaths(locator).remoteFolder }

        /// Fetches at noon UTC of `day` plus `later` seconds; checks the server every time unless
        /// given a `minimumInterval`. The default timeout is generous: a test that is not about
        /// timing out must not fail because the machine is busy running the other suites.
        func fetch(
            on day: String, later: TimeInterval = 0, key: String? = nil, timeout: TimeInterval = 30, url: URL? = nil,
            device: String? = "iPhone15,2", minimumInterval: TimeInterval = 0, fileSystem: some FileSystem = LocalFileSystem(),
            cancellation: Cancellation = Cancellation()
        ) -> RemoteFetchReport {
            RemoteLayoutFetch.run(
                request(on: day, later: later, key: key, timeout: timeout, url: url, device: device, minimumInterval: minimumInterval),
                fileSystem: fileSystem, cancellation: cancellation)
        }

        /// The request ``fetch(on:later:key:timeout:url:device:minimumInterval:fileSystem:cancellation:)`` makes.
        func request(
            on day: String, later: TimeInterval = 0, key: String? = nil, timeout: TimeInterval = 30, url: URL? = nil,
            device: String? = "iPhone15,2", minimumInterval: TimeInterval = 0
        ) -> RemoteFetchRequest {
            var environment = RepairEnvironment.phone(day)
            environment.deviceModel = device
            environment.date += later
            let source = RemoteLayoutSource(url: url ?? server.url, publicKey: key ?? published.publicKey)
            return RemoteFetchRequest(
                source: source, locator: locator, manifest: catalog.manifest, environment: environment, timeout: timeout,
                minimumInterval: minimumInterval)
        }

        func repair(on day: String, fileSystem: some FileSystem = LocalFileSystem()) throws -> RepairReport {
            try SnapshotRepair.run(
                RepairRequest(locator: locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: .phone(day)),
                fileSystem: fileSystem)
        }

        /// Every file of the store but its lock and `check.json` (which every completed fetch
        /// updates with its time), by path inside it, with its bytes.
        func store() throws -> [String: Data] {
            var files: [String: Data] = [:]
            guard let paths = FileManager.default.subpaths(atPath: remoteFolder.path) else { return files }
            for path in paths where path != "lock" && path != ManifestCheck.fileName {
                var isDirectory: ObjCBool = false
                let url = remoteFolder.appendingPathComponent(path)
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                files[path] = try Data(contentsOf: url)
            }
            return files
        }

        /// The snapshot files' bytes by name.
        func snapshotBytes() throws -> [String: Data] {
            try Dictionary(uniqueKeysWithValues: container.names().map { ($0, try container.contents($0)) })
        }
    }

    static let phone = TestCatalog.Size(idiom: .phone, width: 1179, height: 2556, devices: ["iPhone15,2"])
    static let otherPhone = TestCatalog.Size(idiom: .phone, width: 1290, height: 2796, devices: ["iPhone15,3"])
    static let pad = TestCatalog.Size(idiom: .pad, width: 2048, height: 2732, devices: ["iPad8,11"])
    static let padLandscape = TestCatalog.Size(idiom: .pad, width: 2732, height: 2048, devices: ["iPad8,11"])

    /// 10–20 June 2026, drawn for two iPhones and an iPad.
    static let campaign = PublishedFolder.Layout(
        id: "campaign", schedule: [DateRange(from: SeasonDate("2026-06-10")!, through: SeasonDate("2026-06-20")!)],
        sizes: [phone, otherPhone, pad, padLandscape])
    /// 22–24 June 2026, for the iPhone 14 Pro only.
    static let flash = PublishedFolder.Layout(
        id: "flash", schedule: [DateRange(from: SeasonDate("2026-06-22")!, through: SeasonDate("2026-06-24")!)], sizes: [phone])

    static let t1 = 1_780_000_000
    static let t2 = t1 + 86_400

    /// Prints one line for the report of a refused or failed case.
    static func log(_ name: String, _ detail: String, kept: Bool) {
        print("REMOTE-CASE \(name): \(detail); store kept as it was: \(kept ? "yes" : "NO")")
    }

    /// Publishes the campaign (at t1), fetches it ahead of its dates and checks what was stored.
    @discardableResult
    static func publishAndFetchCampaign(_ setup: Setup) throws -> RemoteFetchReport {
        let (manifest, images) = PublishedFolder.manifest([campaign], published: t1)
        try setup.published.publish(manifest, images: images)
        let report = setup.fetch(on: "2026-06-05")
        #expect(report.status == .completed, "\(report.text)")
        #expect(report.layouts == ["campaign"])
        return report
    }

    /// The campaign's two iPhone 14 Pro images (light and dark portrait), by SHA-256.
    static func campaignPhoneImages(_ setup: Setup) -> Set<String> {
        let (manifest, _) = PublishedFolder.manifest([campaign], published: t1)
        return Set(manifest.variants.filter { $0.width == 1179 && $0.height == 2556 }.compactMap(\.sha256))
    }

    @Test("publish → serve → fetch → repair: only this iPhone's two images are fetched, shown on the campaign's days")
    func happyPath() throws {
        let setup = try Setup()
        #expect(try setup.repair(on: "2026-06-05").files(.replaced).count == 4)

        let report = try Self.publishAndFetchCampaign(setup)
        print("REMOTE-HAPPY fetch:\n\(report.text)")
        #expect(report.files.map(\.outcome) == [.downloaded, .downloaded])
        #expect(report.snapshotSizes.sorted() == ["1179x2556", "2556x1179"])
        #expect(report.changesToday == false)
        let wanted = Self.campaignPhoneImages(setup)
        let requested = try setup.server.requests().map(\.path)
        #expect(Set(requested.filter { $0.hasPrefix("images/") }) == Set(wanted.map { RemoteManifest.imagePath(sha256: $0) }))
        let stored = try setup.store()
        #expect(Set(stored.keys.filter { $0.hasPrefix("images/") }) == Set(wanted.map { "images/\($0).png" }))
        for sha256 in wanted { #expect(stored["images/\(sha256).png"] == setup.published.images[sha256]) }

        // Before its dates the bundled layouts stay.
        let before = try setup.repair(on: "2026-06-05")
        #expect(before.layout == "default" && before.files(.kept).count == 4 && before.unavailableLayouts.isEmpty)

        // On its dates: every snapshot gets the campaign's portrait image of its appearance.
        let day = try setup.repair(on: "2026-06-15")
        print("REMOTE-HAPPY repair on 2026-06-15:\n\(day.text)")
        #expect(day.layout == "campaign")
        #expect(day.files(.replaced).count == 4)
        for (name, fixture) in setup.snapshots {
            let bytes = try setup.container.contents(name)
            let variant = day.files.first { $0.name == name }?.variant
            #expect(variant == "campaign-phone-1179x2556-portrait-\(fixture.dark ? "dark" : "light")")
            #expect(wanted.contains(SHA256Hex.of(bytes)))
        }

        // The next launch reads nothing and writes nothing.
        let recording = RecordingFileSystem()
        let steady = try setup.repair(on: "2026-06-15", fileSystem: recording)
        #expect(steady.files(.kept).count == 4)
        #expect(recording.mutations.isEmpty)
        #expect(recording.bytesRead(in: setup.container.snapshots) == 0)

        // A second fetch finds everything stored and downloads nothing.
        let again = setup.fetch(on: "2026-06-15")
        #expect(again.status == .completed && again.files.map(\.outcome) == [.alreadyStored, .alreadyStored])
        #expect(try setup.store() == stored)
    }

    @Test("a tampered manifest (signature no longer matches) is refused; the store is kept")
    func tamperedManifest() throws {
        let setup = try Setup()
        try Self.publishAndFetchCampaign(setup)
        let before = try setup.store()
        try setup.published.tamper(RemoteManifest.fileName) { data in
            data = Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "2026-06-20", with: "2026-12-31").utf8)
        }
        let report = setup.fetch(on: "2026-06-05")
        #expect(report.status == .refused)
        if case .failure(.badSignature)? = report.cause {} else { unexpected(report.cause) }
        let kept = try setup.store() == before
        #expect(kept)
        Self.log("tampered manifest", "\(report.status.rawValue): \(report.reason ?? "")", kept: kept)
        #expect(try setup.repair(on: "2026-06-15").layout == "campaign")
    }

    @Test("a manifest signed by another key is refused; the store is kept")
    func wrongKey() throws {
        let setup = try Setup()
        try Self.publishAndFetchCampaign(setup)
        let before = try setup.store()
        let other = Curve25519.Signing.PrivateKey().publicKey.rawRepresentation.base64EncodedString()
        let report = setup.fetch(on: "2026-06-05", key: other)
        #expect(report.status == .refused)
        if case .failure(.badSignature)? = report.cause {} else { unexpected(report.cause) }
        let kept = try setup.store() == before
        #expect(kept)
        Self.log("wrong key", "\(report.status.rawValue): \(report.reason ?? "")", kept: kept)

        // And a key that is not a key is refused before any transfer.
        let garbage = setup.fetch(on: "2026-06-05", key: "bm90IGEga2V5")
        #expect(garbage.status == .refused)
        if case .failure(.badPublicKey("bm90IGEga2V5"))? = garbage.cause {} else { unexpected(garbage.cause) }
    }

    @Test("a tampered image (same length, other bytes) is refused by SHA-256, nothing of it is kept; the stored layout stays in use")
    func tamperedImage() throws {
        let setup = try Setup()
        try Self.publishAndFetchCampaign(setup)
        let before = try setup.store()
        let (manifest, images) = PublishedFolder.manifest([Self.campaign, Self.flash], published: Self.t2)
        try setup.published.publish(manifest, images: images)
        let flashLight = manifest.variants.first { $0.id == "flash-phone-1179x2556-portrait-light" }!.sha256!
        try setup.published.tamper(RemoteManifest.imagePath(sha256: flashLight)) { $0[$0.count / 2] ^= 0xFF }

        let report = setup.fetch(on: "2026-06-18")
        print("REMOTE-TAMPERED-IMAGE fetch:\n\(report.text)")
        #expect(report.status == .incomplete)
        let failed = report.files(.failed)
        #expect(failed.map(\.path) == [RemoteManifest.imagePath(sha256: flashLight)])
        if case .failure(.digestMismatch(_, algorithm: "SHA-256", _, _))? = failed.first?.cause {} else { unexpected(failed.first?.cause) }
        let after = try setup.store()
        // Every image stored before is there, byte for byte; nothing of the tampered one is.
        let kept = before.filter { $0.key.hasPrefix("images/") }.allSatisfy { after[$0.key] == $0.value }
        #expect(kept)
        #expect(after.keys.allSatisfy { !$0.contains(flashLight) })
        Self.log("tampered image", "\(failed.first?.outcome.rawValue ?? "?"): \(failed.first?.reason ?? "")", kept: kept)

        // On the flash's first day its dark image is there but the light one is not: the layout is passed over.
        let day = try setup.repair(on: "2026-06-22")
        print("REMOTE-TAMPERED-IMAGE repair on 2026-06-22:\n\(day.text)")
        #expect(day.layout == "default")
        #expect(day.unavailableLayouts.first?.layout == "flash" && day.unavailableLayouts.first?.instead == "default")
        // Why: the fetch's failure, as stored.
        let whyTampered = RepairReport.ImageAbsence.fetchFailed(failed.first?.cause?.description ?? "?")
        if case .imagesNotStored(let images)? = day.unavailableLayouts.first?.cause, images.contains(where: { $0.why == whyTampered }) {
        } else {
            unexpected(day.unavailableLayouts.first?.cause)
        }
        // The campaign, stored before, is still shown on its days.
        #expect(try setup.repair(on: "2026-06-19").layout == "campaign")
    }

    @Test("404: a missing manifest leaves the store as it was; a missing image is reported and the layout passed over")
    func notFound() throws {
        let setup = try Setup()
        try Self.publishAndFetchCampaign(setup)
        let before = try setup.store()
        try setup.server.misbehave(["status": [RemoteManifest.fileName: 404]])
        let report = setup.fetch(on: "2026-06-05")
        #expect(report.status == .unreachable)
        if case .failure(.httpStatus(_, 404))? = report.cause {} else { unexpected(report.cause) }
        let kept = try setup.store() == before
        #expect(kept)
        Self.log("manifest 404", "\(report.status.rawValue): \(report.reason ?? "")", kept: kept)

        // A fresh container whose images are not found: the bundled fallback, and the report says why.
        let fresh = try Setup()
        let (manifest, images) = PublishedFolder.manifest([Self.campaign], published: Self.t1)
        try fresh.published.publish(manifest, images: images)
        let paths = Self.campaignPhoneImages(fresh).map { RemoteManifest.imagePath(sha256: $0) }
        try fresh.server.misbehave(["status": Dictionary(uniqueKeysWithValues: paths.map { ($0, 404) })])
        let missing = fresh.fetch(on: "2026-06-05")
        #expect(missing.status == .incomplete && missing.files(.failed).count == 2)
        #expect(try fresh.store().keys.allSatisfy { !$0.hasPrefix("images/") && !$0.hasPrefix("partial/") })
        Self.log("image 404", missing.files(.failed).first?.reason ?? "", kept: true)
        let day = try fresh.repair(on: "2026-06-15")
        #expect(day.layout == "default" && day.unavailableLayouts.first?.layout == "campaign")
        let notFound = missing.files(.failed).map { RepairReport.ImageAbsence.fetchFailed($0.cause?.description ?? "?") }
        #expect(missing.files(.failed).allSatisfy { if case .failure(.httpStatus(_, 404))? = $0.cause { true } else { false } })
        if case .imagesNotStored(let images)? = day.unavailableLayouts.first?.cause, !images.isEmpty,
            images.allSatisfy({ notFound.contains($0.why) })
        {
        } else {
            unexpected(day.unavailableLayouts.first?.cause)
        }
        #expect(day.files(.replaced).count == 4)
    }

    @Test("a server that hangs: the manifest and an image time out; nothing stored is lost")
    func hangingServer() throws {
        let setup = try Setup()
        try Self.publishAndFetchCampaign(setup)
        let before = try setup.store()
        try setup.server.misbehave(["hang": [RemoteManifest.fileName]])
        let start = Date()
        let report = setup.fetch(on: "2026-06-05", timeout: 1)
        let elapsed = Date().timeIntervalSince(start)
        #expect(report.status == .unreachable)
        if case .failure(.timedOut(_, 1))? = report.cause {} else { unexpected(report.cause) }
        #expect(elapsed < 8, "the fetch took \(elapsed) s")
        let kept = try setup.store() == before
        #expect(kept)
        Self.log(
            "manifest hangs", "\(report.status.rawValue) after \(String(format: "%.1f", elapsed)) s: \(report.reason ?? "")", kept: kept)

        let (manifest, images) = PublishedFolder.manifest([Self.campaign, Self.flash], published: Self.t2)
        try setup.published.publish(manifest, images: images)
        let hanging = manifest.variants.filter { $0.layout == "flash" }.map { RemoteManifest.imagePath(sha256: $0.sha256!) }
        try setup.server.misbehave(["hang": hanging])
        let images2 = setup.fetch(on: "2026-06-18", timeout: 1)
        #expect(images2.status == .incomplete)
        #expect(
            images2.files(.failed).count == 2
                && images2.files(.failed).allSatisfy { if case .failure(.timedOut)? = $0.cause { true } else { false } })
        let after = try setup.store()
        let imagesKept = before.filter { $0.key.hasPrefix("images/") }.allSatisfy { after[$0.key] == $0.value }
        #expect(imagesKept)
        Self.log("image hangs", images2.files(.failed).first?.reason ?? "", kept: imagesKept)
    }

    @Test("a server that sends 10x the declared size: reading stops at the declared length; nothing of it is kept")
    func tenTimesTheSize() throws {
        let setup = try Setup()
        let (manifest, images) = PublishedFolder.manifest([Self.campaign], published: Self.t1)
        try setup.published.publish(manifest, images: images)
        let wanted = Self.campaignPhoneImages(setup).sorted()
        let length = images[wanted[0]]!.count
        let paths = wanted.map { RemoteManifest.imagePath(sha256: $0) }
        // One without a Content-Length (the body just keeps coming), one that declares 10x.
        try setup.server.misbehave(["inflate": [paths[0]: 10], "inflateDeclared": [paths[1]: 10]])
        let report = setup.fetch(on: "2026-06-05")
        print("REMOTE-10X fetch:\n\(report.text)")
        #expect(report.status == .incomplete)
        for file in report.files {
            #expect(file.outcome == .failed)
            if case .failure(.tooLarge(_, limit: length, received: _))? = file.cause {} else { unexpected(file.cause) }
            // At most one network read past the declared length.
            #expect(file.bytesReceived <= length + 65_536, "\(file.path): received \(file.bytesReceived) of \(length)")
        }
        let streamed = report.files.first { $0.path == paths[0] }!
        let declared = report.files.first { $0.path == paths[1] }!
        #expect(streamed.bytesReceived > length)
        #expect(declared.bytesReceived == 0)
        let stored = try setup.store()
        #expect(stored.keys.allSatisfy { !$0.hasPrefix("images/") && !$0.hasPrefix("partial/") })
        Self.log("10x the declared size, streamed", "\(streamed.reason ?? ""); received \(streamed.bytesReceived) B", kept: true)
        Self.log("10x the declared size, declared", "\(declared.reason ?? ""); received \(declared.bytesReceived) B", kept: true)

        // A manifest over the cap is refused as soon as it goes past it.
        try setup.server.behave()
        let fetched = try Self.publishAndFetchCampaign(setup)
        #expect(fetched.status == .completed)
        let before = try setup.store()
        try setup.published.publish(manifestBytes: Data(repeating: 0x20, count: RemoteManifest.sizeLimit + 1))
        let huge = setup.fetch(on: "2026-06-05")
        #expect(huge.status == .refused)
        if case .failure(.tooLarge(_, limit: RemoteManifest.sizeLimit, received: _))? = huge.cause {} else { unexpected(huge.cause) }
        let kept = try setup.store() == before
        #expect(kept)
        Self.log("manifest over the cap", "\(huge.status.rawValue): \(huge.reason ?? "")", kept: kept)
    }

    @Test("an interrupted download resumes where it stopped (HTTP Range), and only the rest is sent")
    func resumedDownload() throws {
        let setup = try Setup()
        let (manifest, images) = PublishedFolder.manifest([Self.campaign], published: Self.t1)
        try setup.published.publish(manifest, images: images)
        let sha256 = Self.campaignPhoneImages(setup).sorted()[0]
        let path = RemoteManifest.imagePath(sha256: sha256)
        try setup.server.misbehave(["cut": [path: 80_000]])
        let first = setup.fetch(on: "2026-06-05")
        let cut = first.files.first { $0.path == path }!
        #expect(first.status == .incomplete && cut.outcome == .failed)
        let partial = try setup.store()["partial/\(sha256).png"]
        #expect(partial?.count == 80_000)
        #expect(partial == setup.published.images[sha256]!.prefix(80_000))
        Self.log("interrupted download", "\(cut.reason ?? ""); partial kept: \(partial?.count ?? 0) B", kept: true)

        try setup.server.behave()
        let second = setup.fetch(on: "2026-06-05")
        print("REMOTE-RESUME second fetch:\n\(second.text)")
        let resumed = second.files.first { $0.path == path }!
        #expect(second.status == .completed)
        #expect(resumed.outcome == .resumed && resumed.resumedFrom == 80_000)
        #expect(resumed.bytesReceived == setup.published.images[sha256]!.count - 80_000)
        let last = try setup.server.requests().last { $0.path == path }
        #expect(last?.range == "bytes=80000-")
        let stored = try setup.store()
        #expect(stored["images/\(sha256).png"] == setup.published.images[sha256])
        #expect(stored["partial/\(sha256).png"] == nil)
    }

    @Test("offline after a fetch: the server is gone, the fetch fails, the stored images are still shown")
    func offlineAfterFetch() throws {
        let setup = try Setup()
        try Self.publishAndFetchCampaign(setup)
        let before = try setup.store()
        setup.server.stop()
        let report = setup.fetch(on: "2026-06-15")
        #expect(report.status == .unreachable)
        if case .failure(.transport)? = report.cause {} else { unexpected(report.cause) }
        let kept = try setup.store() == before
        #expect(kept)
        Self.log("offline", "\(report.status.rawValue): \(report.reason ?? "")", kept: kept)
        let day = try setup.repair(on: "2026-06-15")
        #expect(day.layout == "campaign" && day.files(.replaced).count == 4)
    }

    @Test("a replayed older manifest is refused, even though it is validly signed")
    func replayedManifest() throws {
        let setup = try Setup()
        let (old, oldImages) = PublishedFolder.manifest([Self.campaign], published: Self.t1)
        try setup.published.publish(old, images: oldImages)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let oldBytes = try encoder.encode(old)
        let (new, newImages) = PublishedFolder.manifest([Self.campaign, Self.flash], published: Self.t2)
        try setup.published.publish(new, images: newImages)
        #expect(setup.fetch(on: "2026-06-18").status == .completed)
        let before = try setup.store()

        try setup.published.publish(manifestBytes: oldBytes)
        let report = setup.fetch(on: "2026-06-18")
        #expect(report.status == .refused)
        if case .failure(.older(_, published: Self.t1, stored: Self.t2))? = report.cause {} else { unexpected(report.cause) }
        #expect(report.previousPublished == Self.t2)
        let kept = try setup.store() == before
        #expect(kept)
        Self.log("replayed older manifest", "\(report.status.rawValue): \(report.reason ?? "")", kept: kept)
        #expect(try setup.repair(on: "2026-06-23").layout == "flash")
    }

    @Test("kill switch: enabled false restores the system's snapshots and stops repairs; enabled true switches it back on")
    func killSwitch() throws {
        let setup = try Setup()
        try Self.publishAndFetchCampaign(setup)
        #expect(try setup.repair(on: "2026-06-15").files(.replaced).count == 4)

        let (off, offImages) = PublishedFolder.manifest([Self.campaign], published: Self.t2, enabled: false)
        try setup.published.publish(off, images: offImages)
        let switchedOff = setup.fetch(on: "2026-06-15")
        print("REMOTE-KILL-SWITCH off:\n\(switchedOff.text)")
        #expect(switchedOff.status == .switchedOff && switchedOff.moduleSwitch == .switchedOff)
        #expect(switchedOff.restore?.files.map(\.outcome) == Array(repeating: .restored, count: 4))
        for (name, fixture) in setup.snapshots {
            #expect(try setup.container.contents(name) == (try fixtures.data("snapshots/\(fixture.name)")))
        }
        let recording = RecordingFileSystem()
        let disabled = try setup.repair(on: "2026-06-15", fileSystem: recording)
        // Switched off by the remote manifest: the switch's words are the fetch's.
        let remoteSwitch = try #require(SnapshotRepair.disabledReason(setup.locator))
        #expect(remoteSwitch.hasPrefix(RemoteLayoutFetch.switchOffReasonPrefix))
        #expect(disabled.status == .disabled && disabled.cause == .switchedOff(remoteSwitch))
        #expect(recording.mutations.isEmpty)

        let (on, onImages) = PublishedFolder.manifest([Self.campaign], published: Self.t2 + 60)
        try setup.published.publish(on, images: onImages)
        let switchedOn = setup.fetch(on: "2026-06-15")
        #expect(switchedOn.status == .completed && switchedOn.moduleSwitch == .switchedOn && switchedOn.changesToday)
        let back = try setup.repair(on: "2026-06-15")
        #expect(back.status == .completed && back.layout == "campaign" && back.files(.replaced).count == 4)

        // The app's own switch is the app's: a remote manifest neither overrides nor lifts it.
        try SnapshotRepair.setEnabled(false, reason: "switched off in settings", setup.locator)
        let stays = setup.fetch(on: "2026-06-15")
        #expect(stays.moduleSwitch == .offByApp)
        #expect(SnapshotRepair.disabledReason(setup.locator) == "switched off in settings")
        let (offAgain, offAgainImages) = PublishedFolder.manifest([Self.campaign], published: Self.t2 + 120, enabled: false)
        try setup.published.publish(offAgain, images: offAgainImages)
        let offByApp = setup.fetch(on: "2026-06-15")
        #expect(offByApp.status == .switchedOff && offByApp.moduleSwitch == .offByApp)
        #expect(SnapshotRepair.disabledReason(setup.locator) == "switched off in settings")
    }

    @Test("only HTTPS, or plain HTTP to loopback: other URLs and redirects to them are refused before any byte")
    func httpsOnly() throws {
        let setup = try Setup()
        try Self.publishAndFetchCampaign(setup)
        let before = try setup.store()
        let plain = setup.fetch(on: "2026-06-05", url: URL(string: "http://example.com/published")!)
        #expect(plain.status == .refused)
        if case .failure(.insecureURL)? = plain.cause {} else { unexpected(plain.cause) }
        try setup.server.misbehave(["redirect": [RemoteManifest.fileName: "http://192.0.2.1/published/manifest.json"]])
        let redirected = setup.fetch(on: "2026-06-05")
        #expect(redirected.status == .refused)
        if case .failure(.insecureRedirect(_, to: "http://192.0.2.1/published/manifest.json"))? = redirected.cause {
        } else {
            unexpected(redirected.cause)
        }
        let kept = try setup.store() == before
        #expect(kept)
        Self.log("plain HTTP to another host", "\(plain.status.rawValue): \(plain.reason ?? "")", kept: kept)
        Self.log("redirect to plain HTTP", "\(redirected.status.rawValue): \(redirected.reason ?? "")", kept: kept)
    }

    @Test("a fetch after the campaign's window removes its images; one that failed removes nothing")
    func pruning() throws {
        let setup = try Setup()
        try Self.publishAndFetchCampaign(setup)
        let campaignImages = Self.campaignPhoneImages(setup)
        let (manifest, images) = PublishedFolder.manifest([Self.campaign, Self.flash], published: Self.t2)
        try setup.published.publish(manifest, images: images)
        let flashPaths = manifest.variants.filter { $0.layout == "flash" }.map { RemoteManifest.imagePath(sha256: $0.sha256!) }
        try setup.server.misbehave(["status": [flashPaths[0]: 503]])
        let failed = setup.fetch(on: "2026-06-21")
        #expect(failed.status == .incomplete && failed.removed.isEmpty)
        #expect(campaignImages.allSatisfy { (try? setup.store())?["images/\($0).png"] != nil })

        try setup.server.behave()
        let done = setup.fetch(on: "2026-06-21")
        #expect(done.status == .completed && done.layouts == ["flash"])
        #expect(Set(done.removed) == Set(campaignImages.map { "images/\($0).png" }))
        #expect(try setup.store().keys.filter { $0.hasPrefix("images/") }.count == 2)
    }

    @Test("two fetches at once: one runs, the other reports busy and touches nothing")
    func concurrentFetches() throws {
        let setup = try Setup()
        let (manifest, images) = PublishedFolder.manifest([Self.campaign], published: Self.t1)
        try setup.published.publish(manifest, images: images)
        try setup.server.misbehave(["delay": [RemoteManifest.fileName: 1]])
        let reports = Reports()
        let group = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) { reports.append(setup.fetch(on: "2026-06-05")) }
        }
        group.wait()
        #expect(reports.all.map(\.status).sorted { $0.rawValue < $1.rawValue } == [.busy, .completed])
        let stored = try setup.store()
        for sha256 in Self.campaignPhoneImages(setup) { #expect(stored["images/\(sha256).png"] == images[sha256]) }
        #expect(stored.keys.allSatisfy { !$0.contains(LocalFileSystem.temporaryPrefix) && !$0.hasPrefix("partial/") })
    }

    @Test("no remote source ever fetched: the steady launch pays one lstat and nothing else")
    func noRemoteSource() throws {
        let container = try TestContainer()
        defer { container.folder.remove() }
        _ = try container.installRealAAPL()
        let catalog = try TestCatalog(in: container.folder.url)
        let request = RepairRequest(
            locator: container.locator, manifest: catalog.manifest, variants: try catalog.pack(), environment: .phone())
        _ = try SnapshotRepair.run(request)
        let recording = RecordingFileSystem()
        let steady = try SnapshotRepair.run(request, fileSystem: recording)
        #expect(steady.files(.kept).count == 4 && steady.manifestVersion == catalog.manifest.version)
        #expect(recording.mutations.isEmpty && recording.opens == 1)  // the ledger
        #expect(FileManager.default.fileExists(atPath: SnapshotPaths(container.locator).remoteFolder.path) == false)
    }
}

/// Reports collected from several threads.
private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [RemoteFetchReport] = []
    var all: [RemoteFetchReport] { lock.withLock { reports } }
    func append(_ report: RemoteFetchReport) { lock.withLock { reports.append(report) } }
}
