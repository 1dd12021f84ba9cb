import Foundation

/// `launch-assets.json`, a target's settings, as both of its readers know it: the build plugin,
/// which reads the keys that decide a build's files while SwiftPM plans the build, and the tool
/// (``TargetConfiguration``), which reads and checks every key each time it runs.
///
/// A plugin cannot import the compiler, so `Plugins/LaunchAssetsPlugin` compiles this very file
/// through a symbolic link: it may use Foundation and nothing else.
enum TargetConfigurationFile {
    /// The file's name, next to a target's sources.
    static let name = "launch-assets.json"

    /// Every key the file may have; any other is an error at its line and column.
    enum Key: String, CodingKey, CaseIterable {
        case typeName, layouts, templates, devices, idioms, orientations, compressionLevel, multitasking
        case remoteLayouts, remote, assetCatalog, developmentLanguage, languages, stringTables
    }

    /// The keys of the `remote` object.
    enum RemoteKey: String, CodingKey, CaseIterable {
        case url, publicKey, prefetchDays
    }

    /// The generated type's name where neither the command line nor the file gives one.
    static let defaultTypeName = "LaunchAssets"
    /// The layouts folder where neither the command line nor the file names one.
    static let defaultLayouts = "Layouts"
    /// The templates folder where neither the command line nor the file names one.
    static let defaultTemplates = "Templates"

    /// Whether `table` (a `stringTables` entry) is a `.strings` table inside a language folder
    /// (`Resources/en.lproj/Launch.strings`), which names that table in every sibling `.lproj`
    /// folder; a String Catalog (`.xcstrings`) names itself alone.
    static func namesSiblingTables(_ table: URL) -> Bool {
        table.pathExtension.lowercased() == "strings" && table.deletingLastPathComponent().pathExtension.lowercased() == "lproj"
    }

    /// The files of the table `table` names (``namesSiblingTables(_:)``): the table in every
    /// `*.lproj` folder beside its own that has it, its own included, language folders by name
    /// and `Base.lproj` last. Throws when the folder of the language folders cannot be listed.
    static func siblingTables(of table: URL) throws -> [URL] {
        let resources = table.deletingLastPathComponent().deletingLastPathComponent()
        let folders = try FileManager.default.contentsOfDirectory(at: resources, includingPropertiesForKeys: [.isDirectoryKey])
            .filter {
                $0.pathExtension.lowercased() == "lproj" && (try? $0.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true
            }
            .sorted { (isBase($0) ? 1 : 0, $0.lastPathComponent) < (isBase($1) ? 1 : 0, $1.lastPathComponent) }
        return folders.map { $0.appendingPathComponent(table.lastPathComponent) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// `Base.lproj`: the development language's folder, read after the languages' own.
    private static func isBase(_ folder: URL) -> Bool {
        folder.deletingPathExtension().lastPathComponent == "Base"
    }
}
