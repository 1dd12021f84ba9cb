import Foundation

/// The app's choices for its repairs, the same for every call (the launch, the background
/// re-plan, the app's own images) and for the engine's request (`RepairRequest`).
public struct RepairOptions: Sendable {
    /// Decides the appearance of a snapshot file the module cannot classify: light, dark, or
    /// `nil` to leave it unknown (the file is then skipped, as without a hook). Called on the
    /// repair's utility queue, never on the main thread.
    public typealias AppearanceHook = @Sendable (SnapshotFile) -> Appearance?

    /// Which orientations get their own image.
    public var orientationPolicy: OrientationPolicy
    /// What goes into a light and dark pair of snapshots that look the same.
    public var indistinguishablePairs: IndistinguishablePairPolicy
    /// The app's say on a file whose appearance neither the ledger, the manifest, a pinned
    /// style nor the pixels can tell (reported as appearance source `app`); `nil` leaves such
    /// files unknown.
    public var appearanceHook: AppearanceHook?

    /// Creates options; the defaults are what most apps want.
    public init(
        orientationPolicy: OrientationPolicy = .automatic, indistinguishablePairs: IndistinguishablePairPolicy = .skip,
        appearanceHook: AppearanceHook? = nil
    ) {
        self.orientationPolicy = orientationPolicy
        self.indistinguishablePairs = indistinguishablePairs
        self.appearanceHook = appearanceHook
    }

    /// Whether `other` asks for something else: another policy, or an appearance hook where
    /// these have none or the other way round (closures cannot be compared further).
    func differs(from other: RepairOptions) -> Bool {
        orientationPolicy != other.orientationPolicy || indistinguishablePairs != other.indistinguishablePairs
            || (appearanceHook == nil) != (other.appearanceHook == nil)
    }
}
