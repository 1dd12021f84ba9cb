import Foundation

/// The app's choices for its launch repairs, the same for every call (the launch, the
/// background re-plan, the app's own images).
public struct LaunchRepairOptions: Sendable {
    /// Which orientations get their own image.
    public var orientationPolicy: OrientationPolicy
    /// What goes into a light and dark pair of snapshots that look the same.
    public var indistinguishablePairs: IndistinguishablePairPolicy
    /// The app's say on files nothing else can classify.
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
    func differs(from other: LaunchRepairOptions) -> Bool {
        orientationPolicy != other.orientationPolicy || indistinguishablePairs != other.indistinguishablePairs
            || (appearanceHook == nil) != (other.appearanceHook == nil)
    }

    /// A request with these options.
    public func request(
        locator: SnapshotLocator, manifest: LaunchManifest, variants: any VariantSource, environment: RepairEnvironment,
        placeholder: PlaceholderReport? = nil
    ) -> RepairRequest {
        RepairRequest(
            locator: locator, manifest: manifest, variants: variants, environment: environment, orientationPolicy: orientationPolicy,
            indistinguishablePairs: indistinguishablePairs, appearanceHook: appearanceHook, placeholder: placeholder)
    }
}
