import Foundation

/// A manifest's variants by id, by layout and idiom, and by pixel size: what a launch looks up,
/// found without going through every variant. Holds positions in the variants array it was built
/// from, which it keeps (shared, not copied).
struct VariantIndex: Sendable {
    private let variants: [LaunchManifest.Variant]
    private let byID: [String: Int]
    private let byLayoutAndIdiom: [LayoutAndIdiom: [Int]]
    private let bySize: [Size: [Int]]

    /// A layout's variants for one idiom.
    private struct LayoutAndIdiom: Hashable {
        var layout: String
        var idiom: Idiom
    }

    /// A pixel size in either orientation: the shorter side, then the longer.
    private struct Size: Hashable {
        var shorter: Int
        var longer: Int

        init(width: Int, height: Int) {
            (shorter, longer) = (min(width, height), max(width, height))
        }
    }

    init(_ variants: [LaunchManifest.Variant]) {
        self.variants = variants
        var byID: [String: Int] = [:]
        var byLayoutAndIdiom: [LayoutAndIdiom: [Int]] = [:]
        var bySize: [Size: [Int]] = [:]
        byID.reserveCapacity(variants.count)
        for (position, variant) in variants.enumerated() {
            if byID[variant.id] == nil { byID[variant.id] = position }
            byLayoutAndIdiom[LayoutAndIdiom(layout: variant.layout, idiom: variant.idiom), default: []].append(position)
            bySize[Size(width: variant.width, height: variant.height), default: []].append(position)
        }
        self.byID = byID
        self.byLayoutAndIdiom = byLayoutAndIdiom
        self.bySize = bySize
    }

    /// The first variant of that id.
    func variant(id: String) -> LaunchManifest.Variant? {
        byID[id].map { variants[$0] }
    }

    /// The layout's variants for the idiom, in manifest order.
    func variants(layout: String, idiom: Idiom) -> [LaunchManifest.Variant] {
        (byLayoutAndIdiom[LayoutAndIdiom(layout: layout, idiom: idiom)] ?? []).map { variants[$0] }
    }

    /// The variants of this pixel size in either orientation, in manifest order.
    func variants(width: Int, height: Int, eitherOrientation: Bool) -> [LaunchManifest.Variant] {
        let sized = (bySize[Size(width: width, height: height)] ?? []).map { variants[$0] }
        return eitherOrientation ? sized : sized.filter { $0.width == width && $0.height == height }
    }
}
