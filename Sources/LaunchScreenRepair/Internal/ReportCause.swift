/// Why a report's line says what it says, as a value whose identity is its words: the report's
/// `reason` and `notes` text, in its JSON and the system log. A cause read back from a stored
/// report (`last-report.json`) is its words alone, ``recorded(_:)``, and equals the cause that
/// wrote them.
package protocol ReportCause: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A cause read back from a stored report: its words.
    static func recorded(_ text: String) -> Self
}

extension ReportCause {
    /// Causes are the same when their words are.
    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.description == rhs.description }

    /// Hashes the words, as ``==`` compares them.
    package func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// Reads the words of a stored report, as ``recorded(_:)``.
    package init(from decoder: any Decoder) throws {
        self = .recorded(try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the words, so a report's JSON says the reason as a sentence.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
