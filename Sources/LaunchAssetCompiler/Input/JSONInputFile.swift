import Foundation
import LaunchScreenRepair

/// A JSON input file (a layout, a devices file) read so that every problem in it is placed at
/// its file, line, column and JSON path.
struct JSONInputFile {
    /// The file as a diagnostic shows it.
    let file: String
    let data: Data
    let map: JSONSourceMap

    /// Reads `url` and checks its syntax; `kind` names the file in a read error ("devices file").
    init(contentsOf url: URL, kind: String) throws(CompilerError) {
        file = url.relativePathForDisplay
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CompilerError(Diagnostic.unreadable(kind, reason: url.readFailure(error)).placed(file: file, path: nil))
        }
        do {
            map = try JSONSourceMap(data)
        } catch {
            var diagnostic = error
            diagnostic.file = file
            throw CompilerError(diagnostic)
        }
    }

    /// `finding`, placed at the value at `path` (`""` for the whole document).
    func diagnostic(at path: String, _ finding: Diagnostic) -> Diagnostic {
        let position = map.position(of: path)
        return finding.placed(file: file, line: position?.line, column: position?.column, path: path.isEmpty ? nil : path)
    }

    /// Keys that `allowed` does not list for their object, placed at the key. `allowed` is keyed
    /// by object path, with `[]` standing for any array index (`devices[].points`).
    func unknownKeyErrors(allowed: [String: Set<String>]) -> [Diagnostic] {
        var errors: [Diagnostic] = []
        for (path, keys) in map.keys.sorted(by: { $0.key < $1.key }) {
            guard let expected = allowed[path.replacing(/\[\d+\]/, with: "[]")] else { continue }
            for key in keys where !expected.contains(key) {
                let keyPath = path.isEmpty ? key : "\(path).\(key)"
                let position = map.keyPositions[keyPath]
                errors.append(
                    Diagnostic.unknownKey(key, expected: expected).placed(
                        file: file, line: position?.line, column: position?.column, path: keyPath))
            }
        }
        return errors
    }

    /// Decodes the document, after refusing unknown keys; a type error names its place.
    func decode<Value: Decodable>(_ type: Value.Type, allowedKeys: [String: Set<String>]) throws(CompilerError) -> Value {
        let unknown = unknownKeyErrors(allowed: allowedKeys)
        guard unknown.isEmpty else { throw CompilerError(unknown) }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw CompilerError(diagnostic(at: error.jsonPath, Diagnostic(message: error.expectation)))
        } catch {
            throw CompilerError(diagnostic(at: "", Diagnostic(message: "\(error)")))
        }
    }
}
