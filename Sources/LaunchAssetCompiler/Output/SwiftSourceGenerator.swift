import LaunchAssetSources
import LaunchScreenRepair

/// Writes `<Type>.swift`: the manifest, where the pack is, and where remote layouts are published.
///
/// The variants are one ``VariantTable`` string literal per layout, a line each in id order,
/// which the compiler reads in time and memory that grow with the bytes, and a launch searches
/// by halves, a layout at a time; layouts and models are typed literals.
/// Deterministic: the same manifest and type name give the same text, and a changed layout
/// changes its own lines.
public struct SwiftSourceGenerator: Sendable {
    /// The bundle the pack is a resource of.
    public enum ResourceBundle: String, Sendable, CaseIterable, Codable {
        /// `Bundle.main`: the file and the pack are added to an app target.
        case main
        /// `Bundle.module`: a SwiftPM target (what the build plugin generates).
        case module
    }

    /// The name of the generated enum.
    public var typeName: String
    public var bundle: ResourceBundle
    /// Whether the pack is in the app's asset catalog (``AssetCatalog``) rather than a
    /// `.launchpack` file in `bundle`.
    public var assetCatalog: Bool
    /// Where remotely delivered layouts are published; `nil` leaves the protocol's default (none).
    public var remote: RemoteLayoutSource?
    /// The stamp of the inputs the manifest was rendered from, recorded in the header for
    /// `render --check`; `nil` records none.
    public var inputStamp: InputStamp?
    /// The bytes of the input files the render read, recorded in the header for
    /// `launch-assets-check`; `nil` records none.
    public var sourcesRecord: SourcesRecord?

    public init(
        typeName: String, bundle: ResourceBundle = .main, assetCatalog: Bool = false, remote: RemoteLayoutSource? = nil,
        inputStamp: InputStamp? = nil, sourcesRecord: SourcesRecord? = nil
    ) {
        self.typeName = typeName
        self.bundle = bundle
        self.assetCatalog = assetCatalog
        self.remote = remote
        self.inputStamp = inputStamp
        self.sourcesRecord = sourcesRecord
    }

    /// The header line that records the inputs' stamp: `// Inputs <stamp>: …`.
    public static let inputStampPrefix = "// Inputs "

    /// The header line that records the manifest's version: `// Manifest <version>: …`.
    public static let manifestVersionPrefix = GeneratedSwiftHeader.manifestVersionPrefix

    /// Whether `name` can name the generated type: an identifier that is not a Swift keyword
    /// and does not hide a type the generated file itself uses.
    public static func isValidTypeName(_ name: String) -> Bool {
        name.wholeMatch(of: /[A-Za-z_][A-Za-z0-9_]*/) != nil && name != "_"
            && !swiftKeywords.contains(name) && !namesUsedByGeneratedCode.contains(name)
    }

    private static let swiftKeywords: Set<String> = [
        "Any", "Protocol", "Self", "Type", "as", "associatedtype", "break", "case", "catch", "class", "continue",
        "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate",
        "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "open",
        "operator", "private", "protocol", "public", "repeat", "rethrows", "return", "self", "static", "struct",
        "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    ]

    private static let namesUsedByGeneratedCode: Set<String> = [
        "Bundle", "DateRange", "Foundation", "LaunchAssetCatalog", "LaunchManifest", "LaunchPackSource", "LaunchScreenColors",
        "LaunchScreenRepair", "RemoteLayoutSource", "SeasonDate", "String", "URL",
    ]

    public func source(for manifest: LaunchManifest) -> String {
        let packName = manifest.pack
        let resource = packName.hasSuffix(".launchpack") ? String(packName.dropLast(".launchpack".count)) : packName
        var lines: [String] = [
            "\(GeneratedSwiftHeader.generatorPrefix)\(manifest.generator). Do not edit: edit the layouts and templates, then render again.",
            "\(Self.manifestVersionPrefix)\(manifest.version): \(manifest.layouts.count) layouts, \(manifest.variants.count) variants in \(packName).",
        ]
        if let inputStamp {
            lines.append(
                "\(Self.inputStampPrefix)\(inputStamp): `launch-assets render --check` compares them with the layouts and templates.")
        }
        lines += sourcesRecord?.headerLines ?? []
        lines += [
            "",
            "import Foundation",
            "import LaunchScreenRepair",
            "",
            "/// The launch-screen variants rendered from `Layouts/` and `Templates/`.",
            "public enum \(typeName): LaunchAssetCatalog {",
            "    /// The version-stamped manifest: layouts with their schedules, and every variant's size and MD5",
            "    /// (`variantTables`, a layout's read when a lookup first needs it).",
            "    public static let manifest = LaunchManifest(",
            "        schemaVersion: \(manifest.schemaVersion),",
            "        version: \(literal(manifest.version)),",
            "        generator: \(literal(manifest.generator)),",
            "        pack: \(literal(packName)),",
            "        layouts: layouts,",
            "        variantTables: variantTables,",
        ]
        var trailing = ["        models: models"]
        if let colors = manifest.launchScreenColors {
            trailing.append("        launchScreenColors: LaunchScreenColors(light: \(color(colors.light)), dark: \(color(colors.dark)))")
        }
        if let language = manifest.developmentLanguage {
            trailing.append("        developmentLanguage: \(literal(language))")
        }
        lines += trailing.enumerated().map { $0.offset == trailing.count - 1 ? $0.element : $0.element + "," }
        lines += [
            "    )",
            "",
            "    /// The seasonal layouts, with the dates on which each is shown.",
            "    private static let layouts: [LaunchManifest.Layout] = [",
        ]
        for layout in manifest.layouts {
            let schedule = layout.schedule.map { range in
                "DateRange(from: \(date(range.from)), through: \(date(range.through)))"
            }
            lines.append("        LaunchManifest.Layout(")
            lines.append(
                "            id: \(literal(layout.id)), displayName: \(literal(layout.displayName)), priority: \(layout.priority),")
            let delivery = layout.delivery == .bundled ? "" : ", delivery: .\(layout.delivery.rawValue)"
            lines.append("            schedule: [\(schedule.joined(separator: ", "))]\(delivery)")
            lines.append("        ),")
        }
        lines += [
            "    ]",
            "",
            // One string literal per layout: the type checker's work grows with its bytes, not with an
            // expression (Docs/Performance.md), and a launch reads only its layout's.
            "    /// Each layout's variants, one a line in id order, in the columns of `VariantTable`:",
            "    /// \(VariantTable.columns.joined(separator: " ")).",
        ]
        let tables = VariantTable.tables(of: manifest.variants)
        let tabled = manifest.layouts.filter { tables[$0.id] != nil }
        if tabled.isEmpty {
            lines.append("    private static let variantTables: [String: String] = [:]")
        } else {
            lines.append("    private static let variantTables: [String: String] = [")
            for layout in tabled {
                lines.append("        \(literal(layout.id)): #\"\"\"")
                lines += tables[layout.id, default: []].map { "            " + $0 }
                lines.append("            \"\"\"#,")
            }
            lines.append("    ]")
        }
        lines.append("")
        lines.append("    /// Hardware model identifier → catalog device id, for the devices the variants name.")
        if manifest.models.isEmpty {
            lines.append("    private static let models: [String: String] = [:]")
        } else {
            lines.append("    private static let models: [String: String] = [")
            for (model, device) in manifest.models.sorted(by: { $0.key < $1.key }) {
                lines.append("        \(literal(model)): \(literal(device)),")
            }
            lines.append("    ]")
        }
        lines.append("")
        if assetCatalog {
            let catalog = AssetCatalog(typeName: typeName)
            lines += [
                "    /// Each idiom's share of the pack: the data set `\(catalog.dataSetName)` of `\(typeName).xcassets`.",
                "    public static var pack: LaunchPackSource {",
                "        .dataAsset(name: \(literal(catalog.dataSetName)))",
                "    }",
            ]
        } else {
            lines += [
                "    /// `\(packName)` in `Bundle.\(bundle.rawValue)`.",
                "    public static var pack: LaunchPackSource {",
                "        .file(Bundle.\(bundle.rawValue).url(forResource: \(literal(resource)), withExtension: \"launchpack\"))",
                "    }",
            ]
        }
        if let remote {
            lines += [
                "",
                "    /// Where the layouts delivered remotely are published, and the key that must have signed them.",
                "    public static let remote: RemoteLayoutSource? = RemoteLayoutSource(",
                // Checked when the configuration was read: an absolute https (or loopback http) URL.
                "        url: URL(string: \(literal(remote.url.absoluteString)))!,",
                "        publicKey: \(literal(remote.publicKey)),",
                "        prefetchDays: \(remote.prefetchDays)",
                "    )",
            ]
        }
        lines += ["}", ""]
        return lines.joined(separator: "\n")
    }

    private func date(_ date: SeasonDate) -> String {
        if let year = date.year {
            return "SeasonDate(year: \(year), month: \(date.month), day: \(date.day))"
        }
        return "SeasonDate(month: \(date.month), day: \(date.day))"
    }

    /// A launch-screen colour, as an argument whose type is known from its parameter.
    private func color(_ color: LaunchScreenColors.Color) -> String {
        ".init(red: \(color.red), green: \(color.green), blue: \(color.blue))"
    }

    /// A Swift string literal with everything that needs it escaped.
    private func literal(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"\(escaped)\""
    }
}
