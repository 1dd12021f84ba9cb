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
    /// PNG compression, within ``PNGEncoder/levels``.
    public var compressionLevel: Int?
    /// Whether iPads also get their Split View and Slide Over window sizes (every layout).
    public var multitasking: Bool?

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case typeName, layouts, templates, devices, idioms, orientations, compressionLevel, multitasking
    }

    /// Reads and checks the file at `url`.
    public init(contentsOf url: URL) throws(CompilerError) {
        let input = try JSONInputFile(contentsOf: url, kind: "configuration")
        self = try input.decode(Self.self, allowedKeys: ["": Set(CodingKeys.allCases.map(\.rawValue))])
        if let level = compressionLevel, !PNGEncoder.levels.contains(level) {
            throw CompilerError(
                input.diagnostic(
                    at: "compressionLevel",
                    "must be \(PNGEncoder.levels.lowerBound) (fastest) to \(PNGEncoder.levels.upperBound) (smallest), found \(level)"
                ))
        }
    }
}
