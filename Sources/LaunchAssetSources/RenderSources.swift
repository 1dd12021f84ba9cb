import Foundation

/// The files a render reads, found the same way by the render that records them
/// (``SourcesRecord``) and by `launch-assets-check`, which compares them: every layout (`*.json`)
/// in the layouts folder, every file below the templates folder (its fonts included), and the
/// files named one by one (`launch-assets.json`, the device catalog, the string tables).
///
/// `Plugins/LaunchAssetsCheck` compiles this very file through a symbolic link, to declare the
/// check's input files: it may use Foundation and nothing else.
public struct RenderSources: Sendable, Hashable {
    /// The layouts folder: its `*.json` files, not its subfolders, as the planner reads them.
    public var layouts: URL
    /// The templates folder: every regular file below it.
    public var templates: URL
    /// The files named one by one.
    public var files: [URL]

    public init(layouts: URL, templates: URL, files: [URL]) {
        self.layouts = layouts.standardizedFileURL
        self.templates = templates.standardizedFileURL
        self.files = files.map(\.standardizedFileURL)
    }

    /// Every input file, each once, sorted by path; a folder that is not there gives none (the
    /// render says so, or the check reports its files as removed).
    public func inputFiles() -> [URL] {
        let fileManager = FileManager.default
        let layoutFiles = ((try? fileManager.contentsOfDirectory(at: layouts, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "json" }
        let templateFiles =
            fileManager.enumerator(at: templates, includingPropertiesForKeys: [.isRegularFileKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } ?? []
        var seen: Set<String> = []
        return (layoutFiles + templateFiles + files)
            .map(\.standardizedFileURL)
            .filter { seen.insert($0.path).inserted }
            .sorted { $0.path < $1.path }
    }

    /// The folders whose listing decides the input files: the layouts folder, the templates folder
    /// and every folder below it. A build declares them as inputs too, so that an added or removed
    /// file runs the check again.
    public func folders() -> [URL] {
        let below =
            FileManager.default.enumerator(at: templates, includingPropertiesForKeys: [.isDirectoryKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true } ?? []
        return [layouts, templates] + below.map(\.standardizedFileURL).sorted { $0.path < $1.path }
    }

    /// Whether `file` is found in a folder rather than named one by one.
    func isInFolders(_ file: URL) -> Bool {
        let path = file.standardizedFileURL.path
        return file.deletingLastPathComponent().standardizedFileURL.path == layouts.path || path.hasPrefix(templates.path + "/")
    }
}
