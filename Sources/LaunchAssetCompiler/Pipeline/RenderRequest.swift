import Foundation
import LaunchAssetSources
import LaunchScreenRepair

/// One run of the generator as a command asks for it, every option resolved once: what the
/// command line gives, else what `launch-assets.json` (`--config`) says, else the default.
///
/// `render`, `validate`, `publish` and the build plugin (which runs `render --config`) all take
/// their inputs from here, so a key of the file means the same to each of them. A value the file
/// gives that cannot be used is an error at its line and column, never a silent default.
package struct RenderRequest: Sendable {
    /// What a command line gives; `nil` or empty where it gives nothing.
    package struct Options: Sendable {
        package var layouts: String?
        package var templates: String?
        package var devices: String?
        /// `--layout`: only these layouts.
        package var layoutIDs: [String] = []
        package var idioms: [Idiom] = []
        package var orientations: OrientationPolicy?
        package var multitasking: Bool?
        /// `--remote-layout`.
        package var remoteLayouts: [String] = []
        package var developmentLanguage: String?
        /// `--language`.
        package var languages: [String] = []
        /// `--strings`.
        package var stringTables: [String] = []
        /// `--config`: the `launch-assets.json` to read.
        package var configuration: String?

        package var compressionLevel: Int?
        package var jobs = ProcessInfo.processInfo.activeProcessorCount
        package var cacheDirectory: String?
        package var noCache = false
        /// `--remote-url`, `--remote-public-key` and `--prefetch-days`, checked by the command.
        package var remote: RemoteSourceSettings?

        package var typeName: String?
        package var bundle: SwiftSourceGenerator.ResourceBundle = .main
        /// `--output`, as given.
        package var output = RenderRequest.defaultOutput
        package var swift: String?
        package var pack: String?
        package var images = true
        package var gallery = false
        package var assetCatalog: String?
        package var preview = false
        package var shard: Shard?
        package var emitSVG: String?
        package var storyboard: String?
        package var check = false
        /// The command line after the program's name, as given: recorded in the generated Swift
        /// (``SourcesRecord``) as the command that renders again.
        package var arguments: [String] = []

        package init() {}
    }

    /// What the run does.
    package enum Work: Sendable {
        /// Plans, renders and writes the whole output.
        case render
        /// Plans only, and compares the committed outputs with what the inputs give (`--check`).
        case check
        /// Renders one part of the variants into a partial folder (`--shard K/N`).
        case shard(Shard)
    }

    /// The output folder where the command line names none.
    package static let defaultOutput = "LaunchAssets"

    package var work: Work
    /// Where the inputs are and what is drawn.
    package var inputs: LaunchAssetGenerator.Configuration
    /// The `--config` file, read and checked.
    package var configuration: TargetConfiguration?
    package var typeName: String
    package var bundle: SwiftSourceGenerator.ResourceBundle
    /// Where remotely delivered layouts are published.
    package var remote: RemoteLayoutSource?
    package var compressionLevel: Int
    package var jobs: Int
    /// The render cache, unless `--no-cache`.
    package var cache: RenderCache?
    /// Where the output goes.
    package var destination: RenderDestination
    /// The files the render reads, as `launch-assets-check` finds them again.
    package var sources: RenderSources
    /// The command line after the program's name, as given.
    package var arguments: [String]
    /// Findings about the settings that do not stop the run, such as a key that has nothing to
    /// apply to.
    package var warnings: [Diagnostic] = []

    /// A render, check or shard, with `options` from the command line.
    package init(_ options: Options) throws(CompilerError) {
        let configuration = try options.configuration.map { path throws(CompilerError) in
            try TargetConfiguration(contentsOf: URL(fileURLWithPath: path))
        }
        var errors: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        let resolved = Resolution(configuration: configuration)
        let layouts = resolved.folder(options.layouts, .layouts, default: TargetConfigurationFile.defaultLayouts, errors: &errors)
        let templates = resolved.folder(options.templates, .templates, default: TargetConfigurationFile.defaultTemplates, errors: &errors)
        let devices = resolved.file(options.devices, .devices, errors: &errors)
        let typeName = resolved.typeName(options.typeName, errors: &errors)
        let compressionLevel = resolved.compressionLevel(options.compressionLevel, errors: &errors)
        guard errors.isEmpty else { throw CompilerError(errors) }

        let output = URL(fileURLWithPath: options.output).standardizedFileURL
        let catalogDirectory = resolved.assetCatalog(
            options.assetCatalog, output: output, bundle: options.bundle, shard: options.shard, warnings: &warnings)
        if options.storyboard != nil, catalogDirectory == nil { throw CompilerError(.storyboardWithoutAssetCatalog) }
        self.work = options.check ? .check : options.shard.map(Work.shard) ?? .render
        self.configuration = configuration
        self.inputs = LaunchAssetGenerator.Configuration(
            layoutsDirectory: layouts,
            templatesDirectory: templates,
            devicesFile: devices,
            layoutIDs: options.layoutIDs,
            idioms: options.idioms.isEmpty ? configuration?.idioms ?? [] : options.idioms,
            orientations: options.orientations ?? configuration?.orientations,
            multitasking: options.multitasking ?? configuration?.multitasking,
            remoteLayouts: options.remoteLayouts.isEmpty
                ? configuration.flatMap(RemoteLayoutSelection.configuration) : .commandLine(options.remoteLayouts),
            localization: LocalizationSettings(
                developmentLanguage: options.developmentLanguage ?? configuration?.developmentLanguage
                    ?? LocalizationSettings.defaultDevelopmentLanguage,
                languages: options.languages.isEmpty ? configuration?.languages ?? [] : options.languages,
                stringTables: options.stringTables.isEmpty
                    ? configuration?.stringTableURLs ?? [] : options.stringTables.map { URL(fileURLWithPath: $0) })
        )
        self.typeName = typeName
        self.bundle = options.bundle
        self.remote = (try? options.remote?.source()) ?? configuration?.remoteSource
        self.compressionLevel = compressionLevel
        self.jobs = options.jobs
        self.cache =
            options.noCache
            ? nil
            : RenderCache(
                directory: options.cacheDirectory.map { URL(fileURLWithPath: $0) } ?? RenderCache.defaultDirectory,
                templatesDirectory: templates)
        self.destination = RenderDestination(options, output: output, typeName: typeName, assetCatalog: catalogDirectory)
        self.sources = RenderSources(
            layouts: layouts, templates: templates,
            files: [options.configuration.map { URL(fileURLWithPath: $0) }, devices].compactMap { $0 }
                + inputs.localization.stringTables.flatMap(Self.tableFiles))
        self.arguments = options.arguments
        self.warnings = warnings
    }

    /// The files a `stringTables` entry names: the table in every sibling language folder, or itself.
    private static func tableFiles(_ table: URL) -> [URL] {
        guard TargetConfigurationFile.namesSiblingTables(table) else { return [table] }
        return (try? TargetConfigurationFile.siblingTables(of: table)) ?? [table]
    }

    /// Whether the run writes the launch screen (`--storyboard`).
    var writesLaunchScreen: Bool { destination.storyboard != nil }

    /// The options the inputs stamp covers besides the inputs.
    var stampOptions: InputStamp.Options {
        InputStamp.Options(typeName: typeName, bundle: bundle, remote: remote, compressionLevel: compressionLevel)
    }
}

/// How each option is resolved: the command line's value, else the configuration's (placed at
/// its key when it cannot be used), else the default.
private struct Resolution {
    let configuration: TargetConfiguration?

    /// A folder: the command line's, else the configuration's (which must exist), else `name`.
    func folder(
        _ given: String?, _ key: TargetConfigurationFile.Key, default name: String, errors: inout [Diagnostic]
    ) -> URL {
        if let given { return URL(fileURLWithPath: given) }
        guard let configuration, let path = Self.path(key, in: configuration) else { return URL(fileURLWithPath: name) }
        let url = configuration.url(of: path)
        if !Self.exists(url, folder: true) {
            errors.append(configuration.diagnostic(at: key.rawValue, .configuredPathMissing(path, resolved: url, folder: true)))
        }
        return url
    }

    /// A file: the command line's, else the configuration's (which must exist), else none.
    func file(_ given: String?, _ key: TargetConfigurationFile.Key, errors: inout [Diagnostic]) -> URL? {
        if let given { return URL(fileURLWithPath: given) }
        guard let configuration, let path = Self.path(key, in: configuration) else { return nil }
        let url = configuration.url(of: path)
        if !Self.exists(url, folder: false) {
            errors.append(configuration.diagnostic(at: key.rawValue, .configuredPathMissing(path, resolved: url, folder: false)))
        }
        return url
    }

    /// The generated type's name; the command checks its own.
    func typeName(_ given: String?, errors: inout [Diagnostic]) -> String {
        if let given { return given }
        guard let configuration, let name = configuration.typeName else { return TargetConfigurationFile.defaultTypeName }
        if !SwiftSourceGenerator.isValidTypeName(name) {
            errors.append(configuration.diagnostic(at: TargetConfigurationFile.Key.typeName.rawValue, .invalidTypeName(name)))
        }
        return name
    }

    /// The PNG compression level; the command checks its own.
    func compressionLevel(_ given: Int?, errors: inout [Diagnostic]) -> Int {
        if let given { return given }
        guard let configuration, let level = configuration.compressionLevel else { return PNGEncoder.defaultLevel }
        if !PNGEncoder.levels.contains(level) {
            errors.append(
                configuration.diagnostic(
                    at: TargetConfigurationFile.Key.compressionLevel.rawValue, .compressionLevelOutOfRange(level, levels: PNGEncoder.levels)
                ))
        }
        return level
    }

    /// The folder that holds `<Type>.xcassets`: the command line's, else the output folder when
    /// the configuration asks for an asset catalog. A SwiftPM target (`--bundle module`) keeps its
    /// `.launchpack`, and a shard holds images only (`merge` writes the catalog): there the key
    /// is a warning.
    func assetCatalog(
        _ given: String?, output: URL, bundle: SwiftSourceGenerator.ResourceBundle, shard: Shard?, warnings: inout [Diagnostic]
    ) -> URL? {
        if let given { return URL(fileURLWithPath: given).standardizedFileURL }
        guard let configuration, configuration.assetCatalog == true else { return nil }
        guard bundle == .main, shard == nil else {
            let key = TargetConfigurationFile.Key.assetCatalog.rawValue
            warnings.append(configuration.diagnostic(at: key, shard == nil ? .assetCatalogInModule : .assetCatalogInShard))
            return nil
        }
        return output
    }

    /// The path the configuration gives at `key` (`layouts`, `templates` or `devices`).
    private static func path(_ key: TargetConfigurationFile.Key, in configuration: TargetConfiguration) -> String? {
        switch key {
        case .layouts: configuration.layouts
        case .templates: configuration.templates
        case .devices: configuration.devices
        default: nil
        }
    }

    private static func exists(_ url: URL, folder: Bool) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue == folder
    }
}
