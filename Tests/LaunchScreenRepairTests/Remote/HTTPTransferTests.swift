import Foundation
import LoopbackServer
import Testing

@testable import LaunchScreenRepair

#if canImport(FoundationNetworking)
import FoundationNetworking
import TestSupport
#endif

/// One transfer against the loopback server: when it may touch its sink, and when it may not start.
@Suite("HTTP transfers against a loopback server", .serialized)
struct HTTPTransferTests {
    /// A sink whose first piece of body takes `stall` seconds, as a slow or stuck disk would;
    /// it notes whether it was called while or after the test declared it closed.
    final class StallingSink: TransferSink, @unchecked Sendable {
        let stall: TimeInterval
        private let lock = NSLock()
        private var pieces = 0
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
            enter()
            if isFirstPiece() { Thread.sleep(forTimeInterval: stall) }
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

        private func enter() {
            lock.lock()
            defer { lock.unlock() }
            calling = true
            if closed { callsAfterClose += 1 }
        }

        private func isFirstPiece() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            pieces += 1
            return pieces == 1
        }

        private func leave() {
            lock.lock()
            defer { lock.unlock() }
            calling = false
        }
    }

    /// A sink that takes its first piece slowly, as a busy disk would, notes how far the server
    /// got meanwhile, then refuses the body as a fetch's cap does.
    final class SlowSink: TransferSink, @unchecked Sendable {
        let url: String
        let stall: TimeInterval
        let server: LoopbackServer
        /// What the server had sent when the stall ended.
        private(set) var streamedDuringStall = 0

        init(url: URL, stall: TimeInterval, server: LoopbackServer) {
            self.url = url.absoluteString
            self.stall = stall
            self.server = server
        }

        func begin(_ response: HTTPURLResponse) -> RemoteFetchError? { nil }

        func receive(_ data: Data) -> RemoteFetchError? {
            Thread.sleep(forTimeInterval: stall)
            streamedDuringStall = server.streamed()
            return .tooLarge(url, limit: 0, received: data.count)
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
        let session = TransferSession(timeout: 1, network: RemoteFetchRequest.NetworkAccess())
        defer { session.finish() }
        let transfer = HTTPTransfer(timeout: 1, session: session, cancellation: Cancellation())
        let failure = transfer.get(server.url.appendingPathComponent("body.bin"), into: sink)
        let elapsed = Date().timeIntervalSince(start)
        let callRunning = sink.close()
        // Whatever the session still had queued for the delegate would run now.
        Thread.sleep(forTimeInterval: 1.5)
        #expect(failure == .timedOut(server.url.appendingPathComponent("body.bin").absoluteString, 1))
        #expect(!callRunning, "get returned after \(elapsed) s while the sink was still being called")
        #expect(sink.lateCalls == 0)
    }

    @Test("a flood waits for a slow sink: while it stalls, the server gets no further than the socket's buffers and a few pieces")
    func floodWaitsForTheSink() throws {
        let (folder, server) = try Self.serve()
        defer {
            server.stop()
            folder.remove()
        }
        // Given a flood of 256 MiB without a length, and a sink that stalls 3 s on its first piece
        let flood = 256 << 20
        try server.misbehave(["flood": ["body.bin": flood]])
        let url = server.url.appendingPathComponent("body.bin")
        let session = TransferSession(timeout: 10, network: RemoteFetchRequest.NetworkAccess())
        defer { session.finish() }
        let transfer = HTTPTransfer(timeout: 10, session: session, cancellation: Cancellation())
        let sink = SlowSink(url: url, stall: 3, server: server)
        // When the transfer runs
        let failure = transfer.get(url, into: sink)
        // Then what the server sent while the sink stalled waited in the socket's buffers, not in memory
        if case .tooLarge? = failure {} else { Issue.record("expected the sink's refusal, got \(String(describing: failure))") }
        print("HTTP-FLOOD the server had sent \(sink.streamedDuringStall) of \(flood) bytes when the sink's 3 s stall ended")
        #expect(sink.streamedDuringStall < 32 << 20, "the server sent \(sink.streamedDuringStall) bytes while the sink stalled")
    }

    @Test("a transfer of a fetch whose time is up is not started")
    func noTransferAfterTheFetchDeadline() throws {
        let (folder, server) = try Self.serve()
        defer {
            server.stop()
            folder.remove()
        }
        let session = TransferSession(timeout: 1, network: RemoteFetchRequest.NetworkAccess())
        defer { session.finish() }
        var transfer = HTTPTransfer(timeout: 1, session: session, cancellation: Cancellation())
        transfer.deadline = DispatchTime.now().uptimeNanoseconds
        let url = server.url.appendingPathComponent("body.bin")
        #expect(transfer.get(url, into: StallingSink(stall: 0)) == .timedOut(url.absoluteString, 1))
        #expect(try server.requests().isEmpty)
    }
}
