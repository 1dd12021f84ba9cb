import Foundation

/// A JSON decoding error put into words once, for every reader of JSON in the package: the
/// runtime's reports (a remote manifest that does not decode), the CLI's (`repair --manifest`)
/// and the generator's diagnostics, which place it at its file, line and column.
extension DecodingError {
    /// Where in the document the error is, as a path from the root without it:
    /// `variants[2].md5`, `[0].id`; empty for the document itself.
    package var jsonPath: String {
        let codingPath: [any CodingKey]
        switch self {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            codingPath = context.codingPath
        @unknown default:
            codingPath = []
        }
        return codingPath.reduce(into: "") { path, key in
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
    }

    /// Where in the JSON, and what was wrong, as a report says it: `at $.variants[2].md5:
    /// missing field "md5"`.
    package var placeDescription: String {
        let place = "at $" + (jsonPath.isEmpty || jsonPath.hasPrefix("[") ? jsonPath : ".\(jsonPath)")
        switch self {
        case .dataCorrupted(let context): return "\(place): \(context.debugDescription)"
        case .keyNotFound(let key, _): return "\(place): missing field \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(place): \(context.debugDescription)"
        @unknown default: return "\(self)"
        }
    }

    /// What was expected, as a diagnostic placed at ``jsonPath`` says it: `expected an integer`,
    /// `missing required key "template"`.
    package var expectation: String {
        switch self {
        case .typeMismatch(let type, _):
            return "expected \(Self.describe(type))"
        case .valueNotFound(let type, _):
            return "expected \(Self.describe(type)), found null"
        case .keyNotFound(let key, _):
            return "missing required key \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            return context.debugDescription.contains("Cannot initialize")
                ? "unexpected value: \(context.debugDescription)" : context.debugDescription
        @unknown default:
            return "\(self)"
        }
    }

    /// A JSON type as a person names it.
    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [String: String].Type, is [String: Any].Type: "an object of strings"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : "a value of type \(type)"
        }
    }
}
