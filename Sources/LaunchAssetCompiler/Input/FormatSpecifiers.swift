/// The printf-style specifiers of Apple's format strings (`%@`, `%lld`, `%1$@`, `%.2f`) and a
/// String Catalog's substitution references (`%#@count@`): text the app fills in at run time,
/// which a launch screen, drawn before the app runs, never can. `%%` is a literal percent sign.
enum FormatSpecifiers {
    /// The first specifier in `text`, as written there, or `nil`.
    static func first(in text: String) -> String? {
        text.firstMatch(of: specifier).map { String($0.output) }
    }

    /// A position (`1$`), flags (no space: "50% off" is text), a width and a precision, a length
    /// modifier and a conversion; or a substitution reference.
    nonisolated(unsafe) private static let specifier =
        /%(?:#@[A-Za-z0-9_]+@|(?:[0-9]+\$)?[-+0#']*(?:[0-9]+|\*)?(?:\.(?:[0-9]+|\*))?(?:hh|h|ll|l|q|L|z|t|j)?[@dDiuUxXoOfFeEgGcCsSpaA])/
}
