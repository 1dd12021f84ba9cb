extension Plan {
    /// What `validate` prints of a valid plan: the languages of each localized layout, the font
    /// each family of each layout resolves to, and the counts.
    package var validationListing: [String] {
        var lines = layouts.filter { !$0.localizations.isEmpty }.map { layout in
            "languages: \(layout.id): \(layout.developmentLanguage) (development), \(layout.localizations.keys.sorted().joined(separator: ", "))"
        }
        lines += (fonts?.listing ?? []).map { "fonts: \($0)" }
        lines.append("\(layouts.count) layouts, \(screens.count) screens, \(variants.count) variants: valid")
        return lines
    }
}
