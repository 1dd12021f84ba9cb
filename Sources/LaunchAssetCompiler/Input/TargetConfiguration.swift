import Foundation
import LaunchScreenRepair

/// `launch-assets.json`, a target's settings for the build plugin, as `render --config` reads it.
///
/// Every key is optional. An unknown key or a bad value is an error at its line and column, so a
/// misspelt setting fails the build instead of being ignored.
public struct TargetConfiguration: Decodable, Sendable, Equatable {
    public var typeName: String?
    /// Folders and the devices file, relative to the configuration file's folder.
    public var layouts: String?
    public var templates: String?
    public var devices: String?
    public var idioms: [Idiom]?
    public var orientations: OrientationPolicy?
    /// PNG compression; the render checks its range.
    public var compressionLevel: Int?
    /// Whether iPads also get their Split View and Slide Over window sizes (every layout).
    public var multitasking: Bool?
    /// Layouts delivered remotely whatever their files say.
    public var remoteLayouts: [String]?
    /// Where remotely delivered layouts are published; checked, as ``remoteSource``.
    public var remote: RemoteSourceSettings?
    /// Whether the pack goes into `<Type>.xcassets`, one data set entry per idiom, besides the
    /// `.launchpack` file (an app's `Bundle.main`; a SwiftPM target keeps the file alone).
    public var assetCatalog: Bool?
    /// The language the layouts' `strings` are written in (default `en`).
    public var developmentLanguage: String?
    /// Only these languages are drawn, besides the development language.
    public var languages: [String]?
    /// The app's String Catalogs (`.xcstrings`) and `.strings` tables (`en.lproj/Launch.strings`
    /// names the table in every sibling `.lproj`), relative to the configuration file's folder.
    public var stringTables: [String]?

    /// ``remote``, checked.
    public private(set) var remoteSource: RemoteLayoutSource?
    /// ``stringTables``, resolved against the configuration file's folder.
    public private(set) var stringTableURLs: [URL] = []
    /// The folder the file is in: its paths are relative to it.
    public private(set) var folder = URL(fileURLWithPath: ".")
    /// The file as diagnostics name it, and where each value starts in it.
    private(set) var file = ""
    private var positions: [String: JSONSourceMap.Position] = [:]

    private typealias CodingKeys = TargetConfigurationFile.Key

    /// Reads and checks the file at `url`.
    public init(contentsOf url: URL) throws(CompilerError) {
        let input = try JSONInputFile(contentsOf: url, kind: "configuration")
        self = try input.decode(
            Self.self,
            allowedKeys: [
                "": Set(CodingKeys.allCases.map(\.rawValue)), "remote": Set(TargetConfigurationFile.RemoteKey.allCases.map(\.rawValue)),
            ]
        )
        file = input.file
        positions = input.map.positions
        folder = url.deletingLastPathComponent()
        stringTableURLs = (stringTables ?? []).map(self.url(of:))
        var errors: [Diagnostic] = []
        if let language = developmentLanguage, LanguageTag(language) == nil {
            errors.append(input.diagnostic(at: "developmentLanguage", .notALanguageTag(language, examples: #""en", "de""#)))
        }
        for (index, language) in (languages ?? []).enumerated() where LanguageTag(language) == nil {
            errors.append(input.diagnostic(at: "languages[\(index)]", .notALanguageTag(language, examples: #""zh-Hans", "ar", "pt-BR""#)))
        }
        if let remote {
            do { remoteSource = try remote.source() } catch {
                errors.append(input.diagnostic(at: "remote.\(error.key)", Diagnostic(message: error.message)))
            }
        }
        guard errors.isEmpty else { throw CompilerError(errors) }
    }

    /// A path the file gives (`"layouts": "Seasons"`), resolved against its ``folder``.
    func url(of path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
    }

    /// `finding`, placed at the value at `path` (`remoteLayouts[1]`) in the file.
    func diagnostic(at path: String, _ finding: Diagnostic) -> Diagnostic {
        let position = positions[path]
        return finding.placed(file: file, line: position?.line, column: position?.column, path: path)
    }
}
