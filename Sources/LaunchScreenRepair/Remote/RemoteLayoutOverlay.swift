import Foundation

/// The app's bundled manifest with the stored remote layouts laid over it: a remote layout
/// replaces a bundled entry of the same id (its variants too) or adds one. Which remote images
/// are stored decides whether a layout can be shown; one that cannot is taken out, and the
/// calendar picks again without it (a bundled entry of the same id comes back).
struct RemoteLayoutOverlay: Sendable {
    let bundled: LaunchManifest
    let stored: StoredRemoteLayouts?
    private let storedImages: Set<String>

    init(bundled: LaunchManifest, stored: StoredRemoteLayouts?) {
        self.bundled = bundled
        self.stored = stored
        storedImages = Set(stored?.stored ?? [])
    }

    /// The container's stored remote layouts (`Remote/layouts.json`) over `bundled`, and why
    /// they could not be read, if so: one `lstat` when a fetch never stored any.
    static func load(
        _ paths: SnapshotPaths, bundled: LaunchManifest, fileSystem: some FileSystem
    ) -> (overlay: Self, problem: RepairReport.Cause?) {
        let remote = StoredRemoteLayouts.load(from: paths.remoteLayoutsFile, fileSystem: fileSystem)
        return (Self(bundled: bundled, stored: remote.layouts), remote.problem)
    }

    /// Where variants' bytes come from: the pack, and with remote layouts stored, their images
    /// from the store (``CombinedVariantSource``).
    func variants(_ pack: any VariantSource, _ paths: SnapshotPaths, fileSystem: some FileSystem) -> any VariantSource {
        guard stored != nil else { return pack }
        return CombinedVariantSource(
            pack: pack, images: paths.remoteFolder.appendingPathComponent("images", isDirectory: true), fileSystem: fileSystem)
    }

    /// The manifest a run plans with, without the layouts in `excluded`: the bundled one itself
    /// when nothing is stored and nothing excluded.
    func manifest(excluding excluded: Set<String> = []) -> LaunchManifest {
        guard stored != nil || !excluded.isEmpty else { return bundled }
        var manifest = bundled
        if let stored {
            let remote = stored.layouts.filter { !excluded.contains($0.id) }.map { layout in
                var layout = layout
                layout.delivery = .remote
                return layout
            }
            let replaced = Set(remote.map(\.id))
            let bundledIDs = Set(bundled.layouts.map(\.id))
            let byID = Dictionary(remote.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            manifest.version = "\(bundled.version)+remote.\(stored.published)"
            manifest.layouts = bundled.layouts.map { byID[$0.id] ?? $0 } + remote.filter { !bundledIDs.contains($0.id) }
            manifest.replaceVariants(ofLayouts: replaced, with: stored.variants.filter { replaced.contains($0.layout) })
            manifest.models.merge(stored.models) { _, remote in remote }
            manifest.developmentLanguage = manifest.developmentLanguage ?? stored.developmentLanguage
        }
        // An excluded layout that is still there is a bundled manifest's remote entry.
        manifest.layouts.removeAll { excluded.contains($0.id) && $0.delivery == .remote }
        return manifest
    }

    /// Whether a remote variant's image is stored and was verified.
    func isStored(_ variant: LaunchManifest.Variant) -> Bool {
        variant.sha256.map(storedImages.contains) ?? false
    }

    /// Why a remote layout of the app's is not shown when the newest verified manifest leaves it
    /// out; `nil` when it does not.
    func withdrawal(of layout: String) -> RepairReport.Cause? {
        guard let stored, stored.withdrawn.contains(layout) else { return nil }
        return .layoutWithdrawn(layout, published: stored.published)
    }

    /// Why a remote variant's image is not stored.
    func whyMissing(_ variant: LaunchManifest.Variant) -> RepairReport.ImageAbsence {
        guard let sha256 = variant.sha256, let stored else { return .nothingFetched }
        if let reason = stored.missing[sha256] { return .fetchFailed(reason) }
        let otherLanguage = stored.variants.contains {
            $0.locale != variant.locale
                && ($0.layout, $0.width, $0.height, $0.appearance) == (variant.layout, variant.width, variant.height, variant.appearance)
                && isStored($0)
        }
        return otherLanguage ? .otherLanguage(locale: variant.locale) : .unseenSize
    }
}
