/// Why a ``VariantTable`` line could not be read; lines count from 1.
package enum VariantTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line does not have one field per column.
    case fieldCount(line: Int, found: Int)
    /// A field's value is not one its column takes.
    case invalid(line: Int, column: String, value: String)

    /// The same error on another line.
    func on(line: Int) -> Self {
        switch self {
        case .fieldCount(_, let found): .fieldCount(line: line, found: found)
        case .invalid(_, let column, let value): .invalid(line: line, column: column, value: value)
        }
    }

    package var description: String {
        switch self {
        case .fieldCount(let line, let found):
            "variant table line \(line): expected \(VariantTable.columns.count) fields separated by spaces, found \(found)"
        case .invalid(let line, let column, let value): "variant table line \(line): \(column): \"\(value)\" is not valid"
        }
    }
}
