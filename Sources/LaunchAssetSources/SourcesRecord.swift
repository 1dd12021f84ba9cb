import Foundation

/// What a render records, in the header of the generated Swift file, about the files it read:
/// the folder it ran in and its command line, the layouts and templates folders, each input
/// file with the digest of its bytes, and the other files it wrote that an app commits.
///
/// `launch-assets-check` reads it back and compares the bytes, with no plan and no system
/// library; every path is relative to the Swift file's folder, so the record holds for any
/// clone. `Plugins/LaunchAssetsCheck` compiles this very file through a symbolic link, to
/// declare the check's inputs: it may use Foundation and nothing else.
public struct SourcesRecord: Sendable, Hashable {
    /// One input file and the first 16 hex digits of the SHA-256 of its bytes.
    public struct Source: Sendable, Hashable {
        /// Relative to the Swift file's folder.
        public var path: String
        public var digest: String

        public init(path: String, digest: String) {
            self.path = path
            self.digest = digest
        }
    }

    /// Why a header's record cannot be read.
    public enum ReadError: Error, Hashable, CustomStringConvertible {
        /// The header has none of the record's lines: an older launch-assets, `merge`, or no
        /// generated file.
        case noRecord
        /// A record line is not in the record's form.
        case malformedLine(String)
        /// The record lacks one of its lines, named by its prefix.
        case missingLine(String)

        public var description: String {
            switch self {
            case .noRecord:
                "records no sources (written by an older launch-assets, by `launch-assets merge`, or by hand): render it again with launch-assets render"
            case .malformedLine(let line):
                "has a sources record line it cannot read: \(line)"
            case .missingLine(let prefix):
                "has a sources record without its \"\(prefix)\" line"
            }
        }
    }

    /// The folder the render ran in, relative to the Swift file's folder.
    public var workingDirectory: String
    /// The render's command line as it was given, shell-quoted: `launch-assets render …`.
    public var command: String
    /// The layouts folder, relative to the Swift file's folder.
    public var layouts: String
    /// The templates folder, relative to the Swift file's folder.
    public var templates: String
    /// Every input file, sorted by path.
    public var sources: [Source]
    /// The other files the render wrote that an app commits (the packs, the storyboard).
    public var outputs: [String]

    public init(workingDirectory: String, command: String, layouts: String, templates: String, sources: [Source], outputs: [String]) {
        self.workingDirectory = workingDirectory
        self.command = command
        self.layouts = layouts
        self.templates = templates
        self.sources = sources
        self.outputs = outputs
    }

    static let renderPrefix = "// Render in "
    static let layoutsPrefix = "// Layouts folder "
    static let templatesPrefix = "// Templates folder "
    static let sourcePrefix = "// Source "
    static let outputPrefix = "// Output "

    /// Whether `line` is one of a record's header lines.
    static func isRecordLine(_ line: some StringProtocol) -> Bool {
        [renderPrefix, layoutsPrefix, templatesPrefix, sourcePrefix, outputPrefix].contains { line.hasPrefix($0) }
    }

    /// The header lines, in the order a read expects.
    public var headerLines: [String] {
        ["\(Self.renderPrefix)\(workingDirectory): \(command)", Self.layoutsPrefix + layouts, Self.templatesPrefix + templates]
            + sources.map { "\(Self.sourcePrefix)\($0.digest) \($0.path)" }
            + outputs.map { Self.outputPrefix + $0 }
    }

    /// The record in the comment lines at the top of `text`, a generated Swift file.
    public init(header text: String) throws(ReadError) {
        var render: (String, String)?
        var layouts: String?
        var templates: String?
        var sources: [Source] = []
        var outputs: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("//") else { break }
            let line = String(line)
            if let rest = line.dropping(Self.renderPrefix) {
                guard let colon = rest.range(of: ": ") else { throw .malformedLine(line) }
                render = (String(rest[..<colon.lowerBound]), String(rest[colon.upperBound...]))
            } else if let rest = line.dropping(Self.layoutsPrefix) {
                layouts = rest
            } else if let rest = line.dropping(Self.templatesPrefix) {
                templates = rest
            } else if let rest = line.dropping(Self.sourcePrefix) {
                let parts = rest.split(separator: " ", maxSplits: 1)
                guard parts.count == 2, parts[0].count == 16 else { throw .malformedLine(line) }
                sources.append(Source(path: String(parts[1]), digest: String(parts[0])))
            } else if let rest = line.dropping(Self.outputPrefix) {
                outputs.append(rest)
            }
        }
        guard let render else {
            if layouts == nil, templates == nil, sources.isEmpty { throw .noRecord }
            throw .missingLine(Self.renderPrefix)
        }
        guard let layouts else { throw .missingLine(Self.layoutsPrefix) }
        guard let templates else { throw .missingLine(Self.templatesPrefix) }
        self.init(
            workingDirectory: render.0, command: render.1, layouts: layouts, templates: templates, sources: sources, outputs: outputs)
    }

    /// Where `path`, a path of the record, is for the Swift file `swiftFile`.
    public static func url(of path: String, besides swiftFile: URL) -> URL {
        URL(fileURLWithPath: path, relativeTo: swiftFile.deletingLastPathComponent()).standardizedFileURL
    }

    /// The folders and files to look in again, for the Swift file `swiftFile`: the recorded
    /// folders, and the recorded files outside them.
    public func renderSources(besides swiftFile: URL) -> RenderSources {
        let folders = RenderSources(
            layouts: Self.url(of: layouts, besides: swiftFile), templates: Self.url(of: templates, besides: swiftFile), files: [])
        let named = sources.map { Self.url(of: $0.path, besides: swiftFile) }.filter { !folders.isInFolders($0) }
        return RenderSources(layouts: folders.layouts, templates: folders.templates, files: named)
    }

    /// `url` as a path relative to `folder` (both absolute): `../Templates/logo.svg`.
    public static func relativePath(of url: URL, from folder: URL) -> String {
        let target = url.standardizedFileURL.pathComponents
        let base = folder.standardizedFileURL.pathComponents
        let common = zip(target, base).prefix { $0 == $1 }.count
        let path = Array(repeating: "..", count: base.count - common) + target.dropFirst(common)
        return path.isEmpty ? "." : path.joined(separator: "/")
    }
}

extension String {
    /// The rest of the string after `prefix`, if it starts with it.
    fileprivate func dropping(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
