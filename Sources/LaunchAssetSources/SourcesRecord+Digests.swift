import Crypto
import Foundation

extension SourcesRecord {
    /// The record of a render that read `sources` and wrote `swiftFile` and `outputs`, run in
    /// `workingDirectory` with `arguments` (the command line after the program's name). Throws
    /// when an input file cannot be read.
    public init(
        sources: RenderSources, swiftFile: URL, workingDirectory: URL, arguments: [String], outputs: [URL]
    ) throws {
        let folder = swiftFile.deletingLastPathComponent()
        let relative = { (url: URL) in Self.relativePath(of: url, from: folder) }
        self.init(
            workingDirectory: relative(workingDirectory),
            command: (["launch-assets"] + arguments).map(Self.shellQuoted).joined(separator: " "),
            layouts: relative(sources.layouts),
            templates: relative(sources.templates),
            sources: try sources.inputFiles().map { Source(path: relative($0), digest: try Self.digest(of: $0)) },
            outputs: outputs.map(relative).sorted()
        )
    }

    /// How the input files of the Swift file `swiftFile` differ from the record, by path; empty
    /// when every file has the bytes the render read.
    public func changes(besides swiftFile: URL) -> [SourceChange] {
        let recorded = Dictionary(sources.map { ($0.path, $0.digest) }) { first, _ in first }
        let folder = swiftFile.deletingLastPathComponent()
        let found = renderSources(besides: swiftFile).inputFiles().filter { FileManager.default.fileExists(atPath: $0.path) }
        var changes: [SourceChange] = []
        var seen: Set<String> = []
        for file in found {
            let path = Self.relativePath(of: file, from: folder)
            seen.insert(path)
            guard let digest = recorded[path] else {
                changes.append(.added(path: path))
                continue
            }
            if (try? Self.digest(of: file)) != digest { changes.append(.changed(path: path)) }
        }
        changes += sources.map(\.path).filter { !seen.contains($0) }.map { .removed(path: $0) }
        return changes.sorted { $0.path < $1.path }
    }

    /// The first 16 hex digits of the SHA-256 of the file's bytes.
    static func digest(of file: URL) throws -> String {
        SHA256.hash(data: try Data(contentsOf: file)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// `argument` as a shell reads it back: unchanged when it holds only safe characters, else
    /// in single quotes.
    public static func shellQuoted(_ argument: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
        if !argument.isEmpty, argument.allSatisfy(safe.contains) { return argument }
        return "'" + argument.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
