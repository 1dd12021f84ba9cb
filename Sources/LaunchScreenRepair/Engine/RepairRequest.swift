import Foundation

/// One repair run's inputs, everything passed in: what ``SnapshotRepair/run(_:fileSystem:)``
/// works from for the app's glue, the `launch-assets repair` command and tests.
package struct RepairRequest: Sendable {
    /// Where the app's snapshots and this module's folder are.
    package var locator: SnapshotLocator
    /// The generated manifest (the `<Type>.manifest` of the generated Swift file).
    package var manifest: LaunchManifest
    /// The variants' bytes: the pack.
    package var variants: any VariantSource
    /// The device and app.
    package var environment: RepairEnvironment
    /// The app's choices: orientations, indistinguishable pairs, the appearance hook.
    package var options: RepairOptions
    /// Plan only: read, decide and report, write nothing.
    package var dryRun: Bool
    /// Asked between files: once cancelled, the files not yet handled are skipped.
    package var cancellation: Cancellation?
    /// What the launch's preparation did with the upgrade placeholder, carried into the report
    /// (and the stored last report).
    package var placeholder: PlaceholderReport?

    /// Creates a request.
    package init(
        locator: SnapshotLocator, manifest: LaunchManifest, variants: any VariantSource, environment: RepairEnvironment,
        options: RepairOptions = RepairOptions(), dryRun: Bool = false, cancellation: Cancellation? = nil,
        placeholder: PlaceholderReport? = nil
    ) {
        self.locator = locator
        self.manifest = manifest
        self.variants = variants
        self.environment = environment
        self.options = options
        self.dryRun = dryRun
        self.cancellation = cancellation
        self.placeholder = placeholder
    }
}
