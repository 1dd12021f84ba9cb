import Crypto
import Foundation

/// Fetches an app's remote layouts into the module's store, ahead of their dates: the signed
/// manifest, then only the images this device's snapshot files need. Repairs then use what is
/// stored (``SnapshotRepair/run(_:fileSystem:)``); nothing here touches the snapshot files,
/// except switching the module off when a verified manifest says so.
///
/// Call it after the launch's repair, off the launch path: ``fetch(_:cancellation:)`` runs on a utility
/// queue. One fetch per container at a time (its own lock, not the repair's); a second one
/// reports ``RemoteFetchReport/Status/busy``.
package enum RemoteLayoutFetch {
    /// The reason recorded when a remote manifest switched the module off; only then does a
    /// later manifest with `enabled: true` switch it back on.
    package static let switchOffReasonPrefix = "switched off by the signed remote manifest"

    /// Fetches on a utility queue and returns the report; never throws (every problem is in the
    /// report). Cancelling the awaiting task, or `cancellation`, stops the fetch
    /// (``RemoteFetchReport/Status/cancelled``): hand `cancellation` to
    /// `beginBackgroundTask`'s expiration handler.
    package static func fetch(
        _ request: RemoteFetchRequest, cancellation: Cancellation = Cancellation()
    ) async -> RemoteFetchReport {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .utility).async {
                    continuation.resume(returning: run(request, cancellation: cancellation))
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// Fetches, blocking the calling thread until done (never call it on the main thread): the
    /// core ``fetch(_:cancellation:)``, the CLI and tests use. Within the request's
    /// ``RemoteFetchRequest/minimumInterval`` of the last completed fetch it requests nothing.
    package static func run(
        _ request: RemoteFetchRequest, fileSystem: some FileSystem = LocalFileSystem(),
        cancellation: Cancellation = Cancellation()
    ) -> RemoteFetchReport {
        let report = RemoteFetchReport(status: .completed, source: request.source.url.absoluteString)
        let key: Curve25519.Signing.PublicKey
        do { key = try request.source.verificationKey() } catch { return report.stopped(.refused, .failure(error)) }
        do {
            let store = try RemoteStore(request.locator, fileSystem: fileSystem)
            return run(request, in: store, key: key, report: report, cancellation: cancellation)
        } catch {
            if error.isProtectedDataUnavailable { return report.stopped(.deferred, .deviceLocked) }
            return report.stopped(.storeUnusable, .storeUnusable(error))
        }
    }

    /// The fetch into the store opened for it: under its lock, unless throttled.
    private static func run(
        _ request: RemoteFetchRequest, in store: RemoteStore<some FileSystem>, key: Curve25519.Signing.PublicKey,
        report: RemoteFetchReport, cancellation: Cancellation
    ) -> RemoteFetchReport {
        let lock: RepairLock
        switch store.lock() {
        case .acquired(let taken): lock = taken
        case .busy: return report.stopped(.busy, .busy)
        case .failed(let error) where error.isProtectedDataUnavailable: return report.stopped(.deferred, .deviceLocked)
        case .failed(let error): return report.stopped(.storeUnusable, .lockUnusable(error))
        }
        defer { lock.release() }
        let check = store.check()
        let now = request.environment.date
        if check.throttles(at: now, minimumInterval: request.minimumInterval, language: request.environment.language),
            let completed = check.completed
        {
            return report.stopped(
                .throttled,
                .throttled(completed: completed, interval: request.minimumInterval, now: Int(now.timeIntervalSince1970)))
        }
        store.removeTemporaryFiles()
        // A second to an hour: a watchdog needs a period, and ten times the timeout must fit in nanoseconds.
        let timeout = min(max(request.timeout, 1), 3600)
        let session = TransferSession(timeout: timeout, network: request.network)
        defer { session.finish() }
        var run = RemoteFetchRun(
            request: request, store: store, key: key, report: report, check: check,
            transfer: HTTPTransfer(timeout: timeout, session: session, cancellation: cancellation))
        return run.execute()
    }
}

extension RemoteLayoutSource {
    /// Checks the source before any transfer: its URL is HTTPS (plain HTTP only to a loopback
    /// address) and its package key is the base64 of 32 bytes.
    package func validate() throws(RemoteFetchError) {
        _ = try verificationKey()
    }

    /// Whether remote layouts may travel over `url`: HTTPS, or plain HTTP to a loopback address
    /// (for tests). The generator holds `launch-assets.json`'s `remote.url` to the same rule.
    package static func permits(_ url: URL) -> Bool {
        TransportPolicy.permits(url)
    }

    /// The Ed25519 package key, once the URL passed.
    func verificationKey() throws(RemoteFetchError) -> Curve25519.Signing.PublicKey {
        guard TransportPolicy.permits(url) else { throw .insecureURL(url.absoluteString) }
        guard let raw = Data(base64Encoded: publicKey.filter { !$0.isWhitespace }), raw.count == 32,
            let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw)
        else { throw .badPublicKey(publicKey) }
        return key
    }
}
