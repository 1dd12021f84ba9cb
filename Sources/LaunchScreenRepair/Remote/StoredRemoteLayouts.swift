import Foundation

/// What a launch uses of the remote layouts, written by a fetch into `Remote/layouts.json` and
/// read by every repair (an app that never fetched pays one `lstat` for it): the layouts of the
/// newest verified manifest within the prefetch window, the variants of them this device may
/// need, and which of their images are stored and verified.
struct StoredRemoteLayouts: Codable, Sendable, Hashable {
    /// The verified manifest's ``RemoteManifest/published``.
    var published: Int
    /// Its layouts that are active, or start, within the prefetch window of the fetch.
    var layouts: [LaunchManifest.Layout]
    /// Their variants for this device: its idiom, its model's sizes and the sizes of its
    /// snapshot files (every variant of the idiom when the model is unknown).
    var variants: [LaunchManifest.Variant]
    /// The manifest's model → catalog device entry for this device, if it has one.
    var models: [String: String]
    /// SHA-256 of every image stored and verified, of the images the device's snapshot files need.
    var stored: [String]
    /// Why an image the device needs is not stored, by SHA-256: what its last download met.
    var missing: [String: String]
    /// The app's remote layouts that the manifest does not list: withdrawn by whoever published
    /// it, so not fetched, and shown on none of their days.
    var withdrawn: [String] = []
    /// The manifest's ``RemoteManifest/developmentLanguage``.
    var developmentLanguage: String?

    /// The file's name in the store.
    static let fileName = "layouts.json"

    /// Reads the file: `nil` when there is none (one `lstat`); a file that cannot be used is
    /// reported and the bundled layouts are used alone.
    static func load(from url: URL, fileSystem: some FileSystem) -> (layouts: StoredRemoteLayouts?, problem: RepairReport.Cause?) {
        guard fileSystem.kind(of: url) != nil else { return (nil, nil) }
        return decode(url.path) { () throws(FileSystemError) in try fileSystem.contents(of: url) }
    }

    /// Decodes the file at `path` that `contents` reads, as every launch does: the layouts, or
    /// why they cannot be used.
    static func decode(
        _ path: String, _ contents: () throws(FileSystemError) -> Data
    ) -> (layouts: StoredRemoteLayouts?, problem: RepairReport.Cause?) {
        do {
            return (try JSONDecoder().decode(StoredRemoteLayouts.self, from: contents()), nil)
        } catch {
            return (nil, .remoteLayoutsUnreadable(path: path, "\(error)"))
        }
    }

    /// The file's bytes: sorted keys, so the same state is always the same bytes.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }
}

extension StoredRemoteLayouts {
    private enum CodingKeys: String, CodingKey {
        case published, layouts, variants, models, stored, missing, withdrawn, developmentLanguage
    }

    /// Reads a file written by any version of the module (one from before `withdrawn` or
    /// `developmentLanguage` has none).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        published = try container.decode(Int.self, forKey: .published)
        layouts = try container.decode([LaunchManifest.Layout].self, forKey: .layouts)
        variants = try container.decode([LaunchManifest.Variant].self, forKey: .variants)
        models = try container.decode([String: String].self, forKey: .models)
        stored = try container.decode([String].self, forKey: .stored)
        missing = try container.decode([String: String].self, forKey: .missing)
        withdrawn = try container.decodeIfPresent([String].self, forKey: .withdrawn) ?? []
        developmentLanguage = try container.decodeIfPresent(String.self, forKey: .developmentLanguage)
    }
}
