import Foundation
import LoopbackServer
import Testing

@testable import LaunchScreenRepair

/// How a fetch uses the network, counted by the loopback server: at most one check per
/// ``RemoteFetchRequest/minimumInterval``, a conditional request for the manifest answered `304`
/// while it is unchanged, one session (one connection) for all of a fetch's transfers, and a
/// cancellation that stops the transfer in flight.
@Suite("Remote fetch on the network: throttle, conditional requests, one session, cancellation", .serialized)
struct RemoteFetchNetworkTests {
    typealias Setup = RemoteLayoutTests.Setup

    static let sixHours: TimeInterval = 6 * 3600

    /// Prints the server's answers per path, for the report.
    static func log(_ name: String, _ setup: Setup) throws {
        let lines = try setup.server.statuses().sorted { $0.key < $1.key }.map { path, statuses in
            "\(path): \(statuses.count) request(s), answered \(statuses.map { $0.map(String.init) ?? "-" }.joined(separator: ", "))"
        }
        print("NETWORK-COUNTS \(name)\n" + lines.map { "  \($0)" }.joined(separator: "\n"))
    }

    @Test("two launches within the throttle make one manifest request; the first after it is a conditional request answered 304")
    func throttleThenNotModified() throws {
        // Given: the campaign published, the first launch's fetch completed.
        let setup = try Setup()
        let (manifest, images) = PublishedFolder.manifest([RemoteLayoutTests.campaign], published: RemoteLayoutTests.t1)
        try setup.published.publish(manifest, images: images)
        let first = setup.fetch(on: "2026-06-05", minimumInterval: Self.sixHours)
        #expect(first.status == .completed && !first.notModified, "\(first.text)")

        // When: a second launch an hour later.
        let second = setup.fetch(on: "2026-06-05", later: 3600, minimumInterval: Self.sixHours)

        // Then: nothing requested.
        #expect(second.status == .throttled, "\(second.text)")
        #expect(try setup.server.count(RemoteManifest.fileName) == 1)
        #expect(try setup.server.count(RemoteManifest.signatureFileName) == 1)
        try Self.log("two launches an hour apart, minimum interval 6 h", setup)

        // When: a launch seven hours after the first.
        let stored = try setup.store()
        let third = setup.fetch(on: "2026-06-05", later: 7 * 3600, minimumInterval: Self.sixHours)

        // Then: the manifest is asked for conditionally, answered 304, its signature not asked
        // for, no image downloaded, and the store is as it was.
        #expect(third.status == .completed && third.notModified, "\(third.text)")
        #expect(third.files.map(\.outcome) == [.alreadyStored, .alreadyStored])
        let manifestRequests = try setup.server.requests().filter { $0.path == RemoteManifest.fileName }
        #expect(manifestRequests.map(\.status) == [200, 304])
        #expect(manifestRequests.last?.ifNoneMatch != nil && manifestRequests.last?.ifModifiedSince != nil)
        #expect(try setup.server.count(RemoteManifest.signatureFileName) == 1)
        #expect(try setup.server.requests().filter { $0.path.hasPrefix("images/") }.count == 2)
        #expect(try setup.store() == stored)
        try Self.log("and a third launch 7 h after the first", setup)
    }

    @Test("a manifest served with Last-Modified alone is asked for with If-Modified-Since and answered 304")
    func lastModifiedAlone() throws {
        let setup = try Setup()
        try setup.server.misbehave(["validators": [RemoteManifest.fileName: "lastModified"]])
        try RemoteLayoutTests.publishAndFetchCampaign(setup)
        let again = setup.fetch(on: "2026-06-05")
        #expect(again.status == .completed && again.notModified, "\(again.text)")
        let last = try #require(try setup.server.requests().last { $0.path == RemoteManifest.fileName })
        #expect(last.ifNoneMatch == nil && last.ifModifiedSince != nil && last.status == 304)
    }

    @Test("a changed manifest is downloaded whole, with its signature, although the request was conditional")
    func changedManifest() throws {
        let setup = try Setup()
        try RemoteLayoutTests.publishAndFetchCampaign(setup)
        let (manifest, images) = PublishedFolder.manifest(
            [RemoteLayoutTests.campaign, RemoteLayoutTests.flash], published: RemoteLayoutTests.t2)
        try setup.published.publish(manifest, images: images)
        let report = setup.fetch(on: "2026-06-20")
        #expect(report.status == .completed && !report.notModified && report.published == RemoteLayoutTests.t2, "\(report.text)")
        #expect(try setup.server.statuses()[RemoteManifest.fileName] == [200, 200])
        #expect(try setup.server.count(RemoteManifest.signatureFileName) == 2)
        #expect(
            try setup.store()[RemoteManifest.fileName]
                == (try Data(contentsOf: setup.published.url.appendingPathComponent(RemoteManifest.fileName))))
    }

    @Test("a stored manifest changed on disk is not trusted on a 304: it is asked for again, whole")
    func storedManifestChangedOnDisk() throws {
        let setup = try Setup()
        try RemoteLayoutTests.publishAndFetchCampaign(setup)
        let storedFile = setup.remoteFolder.appendingPathComponent(RemoteManifest.fileName)
        var bytes = try Data(contentsOf: storedFile)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: storedFile)
        let report = setup.fetch(on: "2026-06-05")
        #expect(report.status == .completed && !report.notModified, "\(report.text)")
        #expect(try setup.server.statuses()[RemoteManifest.fileName] == [200, 304, 200])
        #expect(
            try Data(contentsOf: storedFile) == (try Data(contentsOf: setup.published.url.appendingPathComponent(RemoteManifest.fileName))))
    }

    @Test("a fetch that did not complete does not throttle the next one")
    func failureDoesNotThrottle() throws {
        let setup = try Setup()
        let (manifest, images) = PublishedFolder.manifest([RemoteLayoutTests.campaign], published: RemoteLayoutTests.t1)
        try setup.published.publish(manifest, images: images)
        try setup.server.misbehave(["status": [RemoteManifest.fileName: 503]])
        #expect(setup.fetch(on: "2026-06-05", minimumInterval: Self.sixHours).status == .unreachable)
        try setup.server.behave()
        let next = setup.fetch(on: "2026-06-05", later: 60, minimumInterval: Self.sixHours)
        #expect(next.status == .completed, "\(next.text)")
        #expect(try setup.server.statuses()[RemoteManifest.fileName] == [503, 200])
    }

    @Test("every transfer of a fetch goes over the one session's connection, not one per file")
    func oneConnection() throws {
        let setup = try Setup()
        let report = try RemoteLayoutTests.publishAndFetchCampaign(setup)
        #expect(report.files.map(\.outcome) == [.downloaded, .downloaded])
        let requests = try setup.server.requests()
        #expect(requests.count == 4)
        let ports = Set(requests.compactMap(\.client))
        print("NETWORK-CONNECTIONS one fetch: \(requests.count) requests over \(ports.count) connection(s)")
        #expect(ports.count == 1)
    }

    @Test("a cancellation stops the transfer in flight at once; the fetch reports cancelled and the next one completes")
    func cancellationStopsTheTransfer() throws {
        let setup = try Setup()
        let (manifest, images) = PublishedFolder.manifest([RemoteLayoutTests.campaign], published: RemoteLayoutTests.t1)
        try setup.published.publish(manifest, images: images)
        let hanging = RemoteLayoutTests.campaignPhoneImages(setup).map { RemoteManifest.imagePath(sha256: $0) }
        try setup.server.misbehave(["hang": hanging])
        let cancellation = Cancellation()
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { cancellation.cancel() }
        let started = Date()
        let report = setup.fetch(on: "2026-06-05", timeout: 30, cancellation: cancellation)
        let elapsed = Date().timeIntervalSince(started)
        #expect(report.status == .cancelled, "\(report.text)")
        #expect(elapsed < 5, "the fetch took \(elapsed) s to stop")
        #expect(report.files.allSatisfy { $0.outcome == .failed })
        #expect(try setup.server.requests().filter { $0.path.hasPrefix("images/") }.count == 1)

        try setup.server.behave()
        let next = setup.fetch(on: "2026-06-05")
        #expect(next.status == .completed && next.files.map(\.outcome) == [.downloaded, .downloaded], "\(next.text)")
    }

    @Test("cancelling the task that awaits a fetch reaches the fetch")
    func taskCancellation() async throws {
        let setup = try Setup()
        let (manifest, images) = PublishedFolder.manifest([RemoteLayoutTests.campaign], published: RemoteLayoutTests.t1)
        try setup.published.publish(manifest, images: images)
        try setup.server.misbehave(["hang": [RemoteManifest.fileName]])
        let request = setup.request(on: "2026-06-05", timeout: 30)
        let task = Task { await RemoteLayoutFetch.fetch(request) }
        try await Task.sleep(nanoseconds: 500_000_000)
        task.cancel()
        let report = await task.value
        #expect(report.status == .cancelled, "\(report.text)")
        #expect(try setup.store().isEmpty)
    }
}
