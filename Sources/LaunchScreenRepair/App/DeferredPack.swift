import Foundation

/// A pack opened the first time a run needs a variant's bytes.
///
/// An asset catalog's data set is loaded whole (`NSDataAsset.data`: tens of megabytes with every
/// layout bundled), and a steady launch needs none of it: it compares file sizes and hashes with
/// the manifest. Opened once per run at most; a data set that is missing or not the manifest's
/// fails the files that needed it, with the pack's error.
final class DeferredPack: VariantSource {
    private let open: @Sendable () throws(LaunchPackError) -> LaunchPack
    private let opened = LockedValue<Result<LaunchPack, LaunchPackError>?>(nil)

    /// A pack that `open` opens when first needed.
    init(_ open: @escaping @Sendable () throws(LaunchPackError) -> LaunchPack) { self.open = open }

    func bytes(of variant: LaunchManifest.Variant) throws(LaunchPackError) -> Data {
        let pack = opened.update { opened in
            if let opened { return opened }
            let result: Result<LaunchPack, LaunchPackError>
            do throws(LaunchPackError) { result = .success(try open()) } catch { result = .failure(error) }
            opened = result
            return result
        }
        return try pack.get().bytes(of: variant)
    }
}
