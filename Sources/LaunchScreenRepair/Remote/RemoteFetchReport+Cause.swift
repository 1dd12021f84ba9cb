import Foundation

extension RemoteFetchReport {
    /// Why a fetch stopped, why an image was not stored, and what a note says: each cause one
    /// case, its words written once, in ``description``. They are the report's `reason` and
    /// `notes` text, in `fetch --json`.
    package enum Cause: ReportCause {
        /// A remote file was refused or could not be had (``RemoteFetchError``).
        case failure(RemoteFetchError)
        /// The device is locked and the store is protected until it is unlocked.
        case deviceLocked
        /// The verified manifest could not be stored.
        case manifestNotStored(FileSystemError)
        /// The manifest switches the module off, which the app had already done (its words).
        case alreadyOffByApp(String)
        /// The manifest switches the module off; switching it off failed, if so.
        case switchedOff(published: Int, failed: FileSystemError?)
        /// Switching the module back on failed.
        case switchOnFailed(FileSystemError)
        /// The manifest would switch the module on, but the app switched it off (its words).
        case staysOffByApp(String)
        /// One of the app's remote layouts is not in the newest manifest: not fetched.
        case layoutNotPublished(String, published: Int)
        /// The system has not drawn a snapshot yet: there is nothing to choose images for.
        case noSnapshotFiles
        /// The store could not be used for an image.
        case fileSystem(FileSystemError)
        /// `layouts.json` could not be written: launches use the one before.
        case layoutsNotWritten(FileSystemError)
        /// Another fetch for the container holds the store's lock.
        case busy
        /// The store's folders cannot be used.
        case storeUnusable(FileSystemError)
        /// The store's lock can never be taken.
        case lockUnusable(FileSystemError)
        /// A fetch completed at `completed` (seconds since 1970), less than `interval` seconds
        /// before `now`: nothing requested.
        case throttled(completed: Int, interval: TimeInterval, now: Int)
        /// The app cancelled the fetch.
        case cancelled
        /// A reason or note read back from a stored report (`fetch --json`): its words, as written.
        case recorded(String)

        /// The words the report says.
        package var description: String {
            switch self {
            case .failure(let failure): failure.description
            case .deviceLocked: FileSystemError.deviceLocked
            case .manifestNotStored(let error): "the verified manifest could not be stored: \(error.description)"
            case .alreadyOffByApp(let current): "the manifest switches the module off; the app had already switched it off (\(current))"
            case .switchedOff(let published, let failed):
                "the manifest published \(RemoteFetchError.date(published)) has enabled: false"
                    + (failed.map { "; switching off failed: \($0.description)" } ?? "")
            case .switchOnFailed(let error): "switching the module back on failed: \(error.description)"
            case .staysOffByApp(let current): "the module stays switched off by the app (\(current))"
            case .layoutNotPublished(let layout, let published):
                "layout \(layout) is not in the manifest published \(RemoteFetchError.date(published)): not fetched"
            case .noSnapshotFiles: "no snapshot files yet: the images are chosen once the system has drawn the launch screen"
            case .fileSystem(let error): error.description
            case .layoutsNotWritten(let error):
                "\(StoredRemoteLayouts.fileName) could not be written, launches use the one before: \(error.description)"
            case .busy: "another fetch for this container is in progress: nothing done"
            case .storeUnusable(let error): "\(error.description): nothing done"
            case .lockUnusable(let error): "lock: \(error.description): nothing done"
            case .throttled(let completed, let interval, let now):
                "a fetch completed \(RemoteFetchError.date(completed)), less than \(Int(interval)) s before \(RemoteFetchError.date(now)): nothing requested"
            case .cancelled: "cancelled by the app: the images not stored are fetched next time"
            case .recorded(let text): text
            }
        }
    }
}
