import Foundation

/// Which remote layouts and variants a device keeps, and which images it downloads: the remote
/// layouts active today or within the prefetch window; of their variants, those of the
/// device's idiom for its model's sizes and its snapshot files' sizes (all of the idiom when
/// the model is unknown), in every language, so that after a language change a repair knows
/// the new language's image is not stored yet and shows another layout; and the images the planner would pick for the snapshot files' sizes,
/// in both appearances (phones portrait-only under the default policy take the portrait image
/// for landscape-sized files), in the app's language (``LanguageChain``: that language's,
/// else the development language's). A pure function of its inputs.
struct RemoteSelection: Sendable {
    /// One image to have, and the variants that use it.
    struct Image: Sendable, Hashable {
        var sha256: String
        var length: Int
        var md5: String
        var variants: [String]
        var layouts: [String]
    }

    /// The remote layouts within the window.
    var layouts: [LaunchManifest.Layout]
    /// Their variants this device may need, in manifest order.
    var variants: [LaunchManifest.Variant]
    /// The images for the snapshot files' sizes, in order of first need.
    var images: [Image]

    /// - Parameter manifest: the bundled manifest with the remote manifest laid over it.
    init(
        manifest: LaunchManifest, window: PrefetchWindow, environment: RepairEnvironment, policy: OrientationPolicy,
        sizes: [ImageSize]
    ) {
        layouts = manifest.layouts.filter { $0.delivery == .remote && window.includes($0) }
        let device = environment.deviceModel.map(manifest.deviceID(forModel:))
        var variants: [LaunchManifest.Variant] = []
        var images: [Image] = []
        for layout in layouts {
            let all = manifest.variants(layout: layout.id, idiom: environment.idiom).filter { $0.sha256 != nil }
            let mine = device.map { device in all.filter { $0.devices.contains(device) } } ?? []
            var kept = Set((mine.isEmpty ? all : mine).map(\.id))
            let wanted = Set(
                (mine.flatMap { [ImageSize(width: $0.width, height: $0.height), ImageSize(width: $0.height, height: $0.width)] })
                    + sizes.flatMap { [$0, ImageSize(width: $0.height, height: $0.width)] })
            for variant in all where wanted.contains(ImageSize(width: variant.width, height: variant.height)) { kept.insert(variant.id) }
            variants += all.filter { kept.contains($0.id) }

            let planner = RepairPlanner(
                manifest: manifest, layout: layout.id, idiom: environment.idiom, deviceModel: environment.deviceModel, policy: policy,
                language: environment.language)
            for size in sizes {
                let candidates = planner.candidates(width: size.width, height: size.height)
                for appearance in Appearance.allCases {
                    guard let variant = candidates.first(where: { $0.appearance == appearance }), let sha256 = variant.sha256 else {
                        continue
                    }
                    if let index = images.firstIndex(where: { $0.sha256 == sha256 }) {
                        if !images[index].variants.contains(variant.id) { images[index].variants.append(variant.id) }
                        if !images[index].layouts.contains(layout.id) { images[index].layouts.append(layout.id) }
                    } else {
                        images.append(
                            Image(sha256: sha256, length: variant.length, md5: variant.md5, variants: [variant.id], layouts: [layout.id]))
                    }
                }
            }
        }
        self.variants = variants
        self.images = images
    }
}
