import Foundation

/// The window the system drew a scene's launch snapshot for, as the splash decision needs it.
struct LaunchWindow: Sendable, Hashable {
    /// The orientation of its pixels: portrait when taller than wide (a Split View window of a
    /// landscape iPad is portrait), as snapshot files are classified.
    var orientation: Orientation
    /// The appearance the system drew in: a pinned `UIUserInterfaceStyle`, else the scene's.
    var appearance: Appearance?
    /// The window's width in points (the screen's, or an iPad window's).
    var pointWidth: Double
    /// The window's height in points.
    var pointHeight: Double
    /// Pixels per point of the screen's panel.
    var screenScale: Double
    /// The language the app runs in (``RepairEnvironment/language``): a localized image is
    /// shown in it, as this launch's repair writes it.
    var language: String?
    /// The pixel sizes its snapshot can have (at the screen's scale and its native scale).
    var pixelSizes: [SnapshotSize]

    /// Whether an image of `width` × `height` is this window's snapshot, either way round.
    func isFilled(byWidth width: Int, height: Int) -> Bool {
        pixelSizes.contains { $0.isFilled(byWidth: width, height: height) }
    }
}

/// An image the app's splash can show exactly where the launch snapshot was.
package struct SplashImage: Sendable, Hashable {
    /// Where its bytes are.
    package enum Source: Sendable, Hashable {
        /// A manifest variant this module wrote into the slot, by id and layout; its bytes are
        /// the pack's, or a remote layout's in the store.
        case variant(String, layout: String)
        /// The upgrade placeholder (``SnapshotLocator/placeholderFile``): the system's own
        /// snapshot, copied before this launch's repair.
        case placeholder
        /// The app's own image for the slot (``SnapshotRepair/setLaunchImage(_:for:_:fileSystem:)``).
        case appImage(LaunchSlot)
    }

    /// Where its bytes are.
    var source: Source
    /// The snapshot file it is the image of.
    var file: String
    /// Its width in pixels.
    var width: Int
    /// Its height in pixels.
    var height: Int
    /// Pixels per point at which it fills the window exactly (e.g. 2.88 on a 375-point-wide
    /// window of a 1080-pixel mini): the scale to load it at.
    var scale: Double
    /// Whether its pixels line up with the window one to one: its shape is the window's. A
    /// portrait image in a landscape slot (phones are portrait-only by default) is not: it is
    /// shown upright, filling the window.
    var isPixelExact: Bool
}

/// What the user saw while this launch began, for the app's own splash to take over from it
/// without a visible jump. Decided at launch, before this launch's repair writes anything: on a
/// season's first day the user saw the last season's image, and so does the splash.
enum LaunchScreenShown: Sendable, Hashable {
    /// An image the module has the bytes of.
    case image(SplashImage)
    /// The snapshot in the slot is one the system drew from the launch storyboard (or none can
    /// be told): the splash shows the storyboard, which is what the user saw.
    case storyboard(reason: String)

    /// The image, when there is one.
    var image: SplashImage? {
        if case .image(let image) = self { return image }
        return nil
    }

    /// Decides from a reading of the snapshots: the ledger (which file holds which of this
    /// module's images, and since when), the snapshot folder's listing, the upgrade placeholder
    /// made at this launch, and the window.
    ///
    /// The placeholder wins in a window of its size (the snapshot the user saw, copied on an
    /// upgrade launch). Otherwise the file of the window's orientation and appearance whose
    /// image has the window's pixel size, still holds what this module wrote (same identity as
    /// recorded) and can be loaded by the app: a manifest variant or the app's own image. Without
    /// one, the launch storyboard: the system drew a window of a size this module holds no
    /// image of (a Stage Manager window) from it. A localized image is shown in the window's
    /// language (the same image of the layout in that language, when the slot still holds
    /// another's), so that the splash never speaks another language than the app.
    static func decide(
        ledger: Ledger, entries: [DirectoryEntry], manifest: LaunchManifest, placeholder: PlaceholderReport?, window: LaunchWindow
    ) -> LaunchScreenShown {
        if let placeholder, let name = placeholder.copiedFrom, let width = placeholder.width, let height = placeholder.height,
            window.isFilled(byWidth: width, height: height)
        {
            return .image(image(.placeholder, file: name, width: width, height: height, window: window))
        }
        guard let appearance = window.appearance else {
            return .storyboard(reason: "the appearance the launch was drawn in is not known")
        }
        let identities = Dictionary(entries.map { ($0.name, $0.identity) }, uniquingKeysWith: { first, _ in first })
        let language = LanguageChain(language: window.language, developmentLanguage: manifest.developmentLanguage)
        var candidates: [(name: String, source: SplashImage.Source, width: Int, height: Int)] = []
        for (name, entry) in ledger.files where entry.orientation == window.orientation && entry.appearance == appearance {
            guard let identity = entry.identity, identities[name] == identity else { continue }
            if entry.variant.hasPrefix(SlotOverrides.prefix) {
                let slot = LaunchSlot(window.orientation, appearance)
                guard let record = ledger.overrides[slot.key], record.md5 == entry.md5 else { continue }
                candidates.append((name, .appImage(slot), record.header.width, record.header.height))
            } else if let written = manifest.variant(id: entry.variant, layout: entry.layout), written.md5 == entry.md5 {
                let variant = sameImage(as: written, in: manifest, language: language)
                candidates.append((name, .variant(variant.id, layout: variant.layout), variant.width, variant.height))
            }
        }
        guard !candidates.isEmpty else {
            return .storyboard(
                reason: "no \(window.orientation.rawValue) \(appearance.rawValue) snapshot holds an image of this module's: "
                    + "the system drew it from the launch storyboard")
        }
        guard
            let chosen = candidates.sorted(by: { $0.name < $1.name }).first(where: { window.isFilled(byWidth: $0.width, height: $0.height) }
            )
        else {
            let size = window.pixelSizes.first.map { "\($0.width)x\($0.height)" } ?? "?"
            return .storyboard(
                reason: "no snapshot of this window's size (\(size)) holds an image of this module's: "
                    + "the system drew it from the launch storyboard")
        }
        return .image(
            image(chosen.source, file: chosen.name, width: chosen.width, height: chosen.height, window: window))
    }

    /// `written`, or the variant of the same image (layout, size, window, appearance, for one of
    /// its devices) in the best language of `language` when `written` is another language's.
    private static func sameImage(
        as written: LaunchManifest.Variant, in manifest: LaunchManifest, language: LanguageChain
    ) -> LaunchManifest.Variant {
        // Neutral, or in the app's very language (a steady launch): nothing better to look up.
        guard written.locale != nil, language.rank(of: written.locale) != 0 else { return written }
        let devices = Set(written.devices)
        let same = manifest.variants(layout: written.layout, idiom: written.idiom).filter {
            ($0.width, $0.height, $0.window, $0.appearance) == (written.width, written.height, written.window, written.appearance)
                && (devices.isEmpty || !devices.isDisjoint(with: $0.devices))
        }
        return language.preferred(same).first ?? written
    }

    /// The image value: its scale from the window's width when its shape is the window's.
    private static func image(
        _ source: SplashImage.Source, file: String, width: Int, height: Int, window: LaunchWindow
    ) -> SplashImage {
        let shape: Orientation = width > height ? .landscape : .portrait
        let windowShape: Orientation = window.pointWidth > window.pointHeight ? .landscape : .portrait
        let fitsWidth = window.pointWidth > 0 ? Double(width) / window.pointWidth : 0
        // The same scale both ways means the image is the window's shape; screens with a native
        // scale (2.88 on a mini: 812 pt → 2338.56 of its 2340 rows) are off by a pixel or two.
        let exact = shape == windowShape && fitsWidth > 0 && abs(fitsWidth * window.pointHeight - Double(height)) <= 2.0
        return SplashImage(
            source: source, file: file, width: width, height: height, scale: exact ? fitsWidth : window.screenScale,
            isPixelExact: exact)
    }
}
