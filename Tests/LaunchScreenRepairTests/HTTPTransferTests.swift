import Foundation
import LoopbackServer
import Testing

@testable import LaunchScreenRepair

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One transfer against the loopback server: when it may touch its sink, and when it may not start.
@Suite("HTTP transfers against a loopback server", .serialized)
struct HTTPTransferTests {
    /// A sink whose first piece of body takes `stall` seconds, as a slow or stuck disk would;
    /// it notes whether it was called while or after the test declared it closed.
    final class StallingSink: TransferSink, @unchecked Sendable {
        let stall: TimeInterval
        private let lock = NSLock()
        private var calls = 0
        private var calling = false
        private var closed = false
        private var callsAfterClose = 0

        init(stall: TimeInterval) { self.stall = stall }

        func begin(_ response: HTTPURLResponse) -> RemoteFetchError? {
            enter()
            defer { leave() }
            return nil
        }

        func receive(_ data: Data) -> RemoteFetchError? {
            if enter() == 1 { Thread.sleep(forTimeInterval: stall) }
            leave()
            return nil
        }

        /// Marks the sink closed, as the fetch closes a partial download's file; whether a call was running.
        func close() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            closed = true
            return calling
        }

        var lateCalls: Int {
            lock.lock()
            defer { lock.unlock() }
            return callsAfterClose
        }

        @discardableResult private func enter() -> Int {
            lock.lock()
            defer { lock.unlock() }
            calls += 1
            calling = true
            if closed { callsAfterClose += 1 }
            return calls
        }

        private func leave() {
            lock.lock()
            defer { lock.unlock() }
            calling = false
        }
    }

    /// A served folder holding `body.bin` (8 MiB), and its server.
    static func serve() throws -> (folder: TemporaryFolder, server: LoopbackServer) {
        let folder = try TemporaryFolder()
        let published = folder.url.appendingPathComponent("published")
        try FileManager.default.createDirectory(at: published, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 8 << 20).write(to: published.appendingPathComponent("body.bin"))
        return (folder, try LoopbackServer(serving: published, workFolder: folder.url))
    }

    @Test("a sink call that outlasts the timeout and the grace period ends before get returns; no callback reaches the sink after")
    func noSinkCallAfterTheTransferReturned() throws {
        let (folder, server) = try Self.serve()
        defer {
            server.stop()
            folder.remove()
        }
        let stall = 1 + HTTPTransfer.gracePeriod + 1.5
        let sink = StallingSink(stall: stall)
        let start = Date()
        let failure = HTTPTransfer(timeout: 1).get(server.url.appendingPathComponent("body.bin"), into: sink)
        let elapsed = Date().timeIntervalSince(start)
        let callRunning = sink.close()
        // Whatever the session still had queued for the delegate would run now.
        Thread.sleep(forTimeInterval: 1.5)
        #expect(failure == .timedOut(server.url.appendingPathComponent("body.bin").absoluteString, 1))
        #expect(!callRunning, "get returned after \(elapsed) s while the sink was still being called")
        #expect(sink.lateCalls == 0)
    }

    @Test("a transfer of a fetch whose time is up is not started")
    func noTransferAfterTheFetchDeadline() throws {
        let (folder, server) = try Self.serve()
        defer {
            server.stop()
            folder.remove()
        }
        var transfer = HTTPTransfer(timeout: 1)
        transfer.deadline = DispatchTime.now().uptimeNanoseconds
        let url = server.url.appendingPathComponent("body.bin")
        #expect(transfer.get(url, into: StallingSink(stall: 0)) == .timedOut(url.absoluteString, 1))
        #expect(try server.requests().isEmpty)
    }
}
