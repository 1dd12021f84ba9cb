/// One finding about the generator's input, placed as precisely as the input allows.
///
/// Printed in the `file:line:column: severity: message` form compilers use, so that Xcode and
/// `swift build` show it against the right line.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    public var severity: Severity
    /// The file the finding is about, as given on the command line or found in a folder.
    public var file: String?
    /// 1-based line and column in `file`, when known.
    public var line: Int?
    public var column: Int?
    /// Where in the document: a JSON path such as `schedule[0].from`, or a variant id.
    public var path: String?
    public var message: String

    public init(
        _ severity: Severity = .error,
        file: String? = nil,
        line: Int? = nil,
        column: Int? = nil,
        path: String? = nil,
        message: String
    ) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// The finding placed at `path` of `file`, at `line` and `column` when known.
    func placed(file: String?, line: Int? = nil, column: Int? = nil, path: String?) -> Diagnostic {
        var placed = self
        placed.file = file
        placed.line = line
        placed.column = column
        placed.path = path
        return placed
    }

    public var description: String {
        var place = file ?? "launch-assets"
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        let subject = path.map { "\($0): " } ?? ""
        return "\(place): \(severity.rawValue): \(subject)\(message)"
    }
}

/// The generator stopped: its input has at least one error. Carries every error found, and
/// the warnings found along the way.
public struct CompilerError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public init(_ diagnostic: Diagnostic) {
        self.diagnostics = [diagnostic]
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
