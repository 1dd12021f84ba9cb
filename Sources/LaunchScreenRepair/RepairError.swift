/// Why a call of the module could not do its work at all. A problem with one snapshot file is
/// not thrown: the report names it (`RepairReport.FileReport.cause`).
public enum RepairError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The manifest is unusable; names the field.
    case manifest(String)
    /// The app has no bundle identifier, which names its snapshot folder.
    case noBundleIdentifier
    /// The pack is missing from the app, or not the manifest's.
    case pack(LaunchPackError)
    /// The task was cancelled before the run began.
    case cancelled
    /// The app's own image for a slot is not PNG or JPEG bytes (what the system accepts under a
    /// snapshot's name).
    case notAnImage(String)
    /// No snapshot file of the slot has the app's image's pixel size; the sizes found.
    case sizeMismatch(slot: LaunchSlot, image: String, snapshots: [String])
    /// Another repair or restore of this container is in progress: nothing changed.
    case busy
    /// A file of the module's (the app's slot image, the ledger, the on/off switch) could not be
    /// written; names the file.
    case write(String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .manifest(let text): "manifest: \(text)"
        case .noBundleIdentifier: "the app has no bundle identifier: its launch snapshot folder cannot be found"
        case .pack(let error): error.description
        case .cancelled: "cancelled before the repair began"
        case .notAnImage(let reason): "not a PNG or JPEG image: \(reason)"
        case .sizeMismatch(let slot, let image, let snapshots):
            "the image is \(image) pixels, but the \(slot) snapshots are \(snapshots.joined(separator: ", ")): "
                + "the system keeps a snapshot only at its exact size"
        case .busy: "another repair or restore of this container is in progress: nothing changed"
        case .write(let reason): reason
        }
    }
}
