// What `diff` can be asked that its renders cannot answer. Each factory words one finding.
extension Diagnostic {
    /// `diff --language given` (`canonical` in canonical case) when neither render has a variant
    /// in it; `theirs` are the languages they have, empty when none is localized.
    static func languageInNeitherRender(_ given: String, canonical: String, theirs: [String]) -> Diagnostic {
        let found = theirs.isEmpty ? "none is localized" : "theirs: " + theirs.joined(separator: ", ")
        return Diagnostic(message: "--language \(given): neither render has a variant in \(canonical) (\(found))")
    }
}
