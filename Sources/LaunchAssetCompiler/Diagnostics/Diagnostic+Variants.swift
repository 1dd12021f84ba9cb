// What expanding layouts into variants can find: a missing template, an instance that does not
// instantiate or that holds refused markup, an unknown key, a font no machine has, a layout that
// costs far more than the others. Each factory words one finding; the caller places it.
extension Diagnostic {
    /// A template the layout names that is not in `folder`; `found` are the templates there.
    static func templateNotFound(_ name: String, in folder: String, found: [String]) -> Diagnostic {
        Diagnostic(message: "template \"\(name)\" not found in \(folder) (found: \(found.joined(separator: ", ")))")
    }

    /// A template Mustache could not instantiate.
    static func notInstantiated(_ template: String) -> Diagnostic {
        Diagnostic(message: "template \"\(template)\" did not instantiate")
    }

    /// Where in the instance of variant `id` a finding is: the instantiated line and column.
    static func instancePlace(variant id: String, line: Int, column: Int) -> String {
        "variant \(id), instantiated line \(line):\(column)"
    }

    /// A `{{name}}` the layout's context does not define; `remedy` says what to do.
    static func undefinedKey(_ name: String, layout: String, file: String, remedy: String) -> Diagnostic {
        Diagnostic(message: "{{\(name)}} is not defined for layout \"\(layout)\" (\(file)); \(remedy)")
    }

    /// Shipped fonts this machine's Pango cannot draw with.
    static var shippedFontsUnusable: Diagnostic {
        Diagnostic(
            .warning,
            message:
                "this machine's Pango has no fontconfig font map (it draws with Core Text alone), so the fonts here are not used and text is drawn with installed fonts: install a Pango built with fontconfig and FreeType"
        )
    }

    /// Families (`subject`) neither shipped in `fonts` nor installed, where the list falls back on
    /// `drawnFamily` (drawn with `font`): a warning, since the text still draws, differently elsewhere.
    static func fontFamiliesFallBack(_ subject: String, fonts: String, font: String, drawnFamily: String, several: Bool) -> Diagnostic {
        Diagnostic(
            .warning,
            message:
                "\(subject) neither in \(fonts) nor installed: this text is drawn with \(font) here (\"\(drawnFamily)\" in the list), and differently on a machine that has \(several ? "one of them" : "it"); add the font file (.ttf, .otf or .ttc) to \(fonts) for the same text everywhere"
        )
    }

    /// Families (`subject`) neither shipped in `fonts` nor installed, with no generic family to fall back on.
    static func fontFamiliesMissing(_ subject: String, fonts: String) -> Diagnostic {
        Diagnostic(
            message:
                "\(subject) neither in \(fonts) nor installed: add the font file (.ttf, .otf or .ttc) to \(fonts), or end the family list with a generic family such as sans-serif"
        )
    }

    /// A layout that costs far more than the others: `excesses` say how, `elements` what it draws that costs.
    static func costlyLayout(_ layout: String, excesses: [String], elements: [String], more: Int) -> Diagnostic {
        var message = "layout \"\(layout)\" " + excesses.joined(separator: " and ")
        if elements.isEmpty {
            message += "; it draws no filter and no embedded image: look at its gradients, masks and paths"
        } else {
            message += "; it draws " + elements.joined(separator: ", ") + (more > 0 ? ", and \(more) more" : "")
        }
        return Diagnostic(.warning, message: message)
    }
}
