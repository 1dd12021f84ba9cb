import Crypto
import Foundation

/// Fetches an app's remote layouts into the module's store, ahead of their dates: the signed
/// manifest, then only the images this device's snapshot files need. Repairs then use what is
/// stored (``SnapshotRepair/run(_:fileSystem:)``); nothing here touches the snapshot files,
/// except switching the module off when a verified manifest says so.
///
/// Call it after the launch's repair, off the launch path: ``fetch(_:)`` runs on a utility
/// queue. One fetch per container at a time (its own lock, not the repair's); a second one
/// reports ``RemoteFetchReport/Status/busy``.
public enum RemoteLayoutFetch {
    /// The reason recorded when a remote manifest switched the module off; only then does a
    /// later manifest with `enabled: true` switch it back on.
    public static let switchOffReasonPrefix = "switched off by the signed remote manifest"

    /// Fetches on a utility queue and returns the report; never throws (every problem is in the report).
    public static func fetch(_ request: RemoteFetchRequest) async -> RemoteFetchReport {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(returning: run(request))
            }
        }
    }

    /// Fetches, blocking the calling thread until done (never call it on the main thread): the
    /// core ``fetch(_:)``, the CLI and tests use.
    public static func run(_ request: RemoteFetchRequest, fileSystem: some FileSystem = LocalFileSystem()) -> RemoteFetchReport {
        let report = RemoteFetchReport(status: .completed, source: request.source.url.absoluteString)
        let key: Curve25519.Signing.PublicKey
        do { key = try request.source.verificationKey() } catch { return report.stopped(.refused, error.description) }
        let store = RemoteStore(request.locator, fileSystem: fileSystem)
        do { try store.checkFolders() } catch { return report.stopped(.storeUnusable, "\(error.description): nothing done") }
        let lock: RepairLock
        switch store.lock() {
        case .acquired(let taken): lock = taken
        case .busy: return report.stopped(.busy, "another fetch for this container is in progress: nothing done")
        case .failed(let reason): return report.stopped(.storeUnusable, "\(reason): nothing done")
        }
        defer { lock.release() }
        store.removeTemporaryFiles()
        var run = RemoteFetchRun(request: request, store: store, key: key, report: report)
        return run.execute()
    }
}

extension RemoteLayoutSource {
    /// Checks the source before any transfer: its URL is HTTPS (plain HTTP only to a loopback
    /// address) and its public key is the base64 of 32 bytes.
    public func validate() throws(RemoteFetchError) {
        _ = try verificationKey()
    }

    /// Whether remote layouts may travel over `url`: HTTPS, or plain HTTP to a loopback address
    /// (for tests). The generator holds `launch-assets.json`'s `remote.url` to the same rule.
    public static func permits(_ url: URL) -> Bool {
        TransportPolicy.permits(url)
    }

    /// The Ed25519 public key, once the URL passed.
    func verificationKey() throws(RemoteFetchError) -> Curve25519.Signing.PublicKey {
        guard TransportPolicy.permits(url) else { throw .insecureURL(url.absoluteString) }
        guard let raw = Data(base64Encoded: publicKey.filter { !$0.isWhitespace }), raw.count == 32,
            let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw)
        else { throw .badPublicKey(publicKey) }
        return key
    }
}
