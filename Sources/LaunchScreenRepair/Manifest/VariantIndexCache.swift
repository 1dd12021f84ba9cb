import Foundation

/// Where a manifest keeps its ``VariantIndex``: built on the first lookup and kept by every copy
/// of the manifest, until a copy's variants change (the manifest then starts a new cache).
final class VariantIndexCache: @unchecked Sendable {
    /// Guards `index`: copies of a manifest on several threads share the cache.
    private let lock = NSLock()
    private var index: VariantIndex?

    /// The index of `variants`, which must be the variants of the manifest that owns this cache.
    func index(of variants: [LaunchManifest.Variant]) -> VariantIndex {
        lock.lock()
        defer { lock.unlock() }
        if let index { return index }
        let built = VariantIndex(variants)
        index = built
        return built
    }
}
