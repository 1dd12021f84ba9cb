// What the templates can get wrong: reading them, their Mustache tags and partials, their XML.
// Each factory words one finding; the caller places it.
extension Diagnostic {
    /// A template that is not UTF-8 text.
    static var templateNotUTF8: Diagnostic {
        Diagnostic(message: "not UTF-8 text")
    }

    /// Mustache syntax the template library cannot parse: `reason` says what.
    static func templateSyntax(_ reason: String) -> Diagnostic {
        Diagnostic(message: "template syntax: \(reason)")
    }

    /// Characters the generator marks inclusions with, found in a template.
    static var reservedCharacters: Diagnostic {
        Diagnostic(message: "characters U+F0001…U+F0004 are reserved for the generator's own use")
    }

    /// An XML error in a template or partial: `reason` is the parser's.
    static func svgSyntax(_ reason: String) -> Diagnostic {
        Diagnostic(message: "SVG syntax: \(reason)")
    }

    /// `{{> name}}` with no `name.svg`.
    static func partialNotFound(_ name: String) -> Diagnostic {
        Diagnostic(message: "partial \"\(name)\" not found: add \(name).svg to the templates folder")
    }

    /// A partial that includes itself through `loop`.
    static func partialCycle(_ partial: String, loop: [String]) -> Diagnostic {
        Diagnostic(message: "partial \"\(partial)\" includes itself (\(loop.joined(separator: " → ")))")
    }

    /// Markup a template may not hold, or a reference it may not make: `reason` is the policy's
    /// (``SVGReferencePolicy``, ``XMLPrologue``), which words each rule once.
    static func refusedMarkup(_ reason: String) -> Diagnostic {
        Diagnostic(message: reason)
    }
}
