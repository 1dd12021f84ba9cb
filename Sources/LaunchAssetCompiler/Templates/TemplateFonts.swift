import CPangoFontconfig
import Foundation

/// The fonts a render draws text with: the font files of the templates folder's `Fonts/`
/// (`.ttf`, `.otf`, `.ttc`, `.otc`), ahead of the fonts installed on the machine.
///
/// A CI runner and a designer's Mac have different fonts installed, so text drawn with an
/// installed font differs between them; text drawn with a font shipped beside the templates
/// comes out the same on both. The shipped fonts belong to a fontconfig configuration of the
/// render's own, listed before the system's font folders: nothing is installed, no other process
/// sees them, and for a family both provide, the shipped file is preferred. librsvg draws text
/// with the calling thread's default Pango font map, so each render thread is given a font map
/// of this configuration before it draws (``useOnThisThread()``).
///
/// Design tools often name a font by its PostScript name (Illustrator: `font-family:
/// 'MyriadPro-Regular'`), which fontconfig does not match. A shipped font answers to its
/// PostScript name as well: the configuration rewrites that name to the font's family, weight
/// and slant.
public final class TemplateFonts: @unchecked Sendable {
    /// The folder of shipped fonts: `Fonts/` in the templates folder.
    public let directory: URL
    /// The shipped font files, sorted by name; empty when there is no `Fonts/` folder.
    public let files: [URL]
    /// `FcConfig *`, owned. Immutable once built, which fontconfig allows to be shared by threads.
    private let configuration: OpaquePointer
    /// Lower-cased PostScript name → family, of the shipped fonts.
    private let postScriptNames: [String: String]
    /// The key of this set of fonts' font map in each thread's dictionary: the same fonts give
    /// the same key, so a thread keeps one font map for them however many renders it runs.
    private let threadKey: String

    /// The folder of shipped fonts in a templates folder.
    static func folder(in templatesDirectory: URL) -> URL {
        templatesDirectory.appendingPathComponent("Fonts", isDirectory: true)
    }

    /// File extensions fontconfig reads as fonts.
    static let fileExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    /// The families CSS names instead of a font, and fontconfig's own aliases for them (`Sans`
    /// and `Mono`, which Inkscape writes), compared without case; fontconfig resolves each to
    /// an installed font.
    static let genericFamilies: Set<String> = [
        "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif", "ui-monospace",
        "ui-rounded", "emoji", "math", "fangsong", "sans", "mono",
    ]

    /// The fonts for the templates in `templatesDirectory`.
    public convenience init(templatesDirectory: URL) {
        let directory = Self.folder(in: templatesDirectory)
        let files = ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
            .filter { Self.fileExtensions.contains($0.pathExtension.lowercased()) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        self.init(directory: directory, files: files)
    }

    /// The machine's installed fonts alone, for drawing that is no template's (the preview's
    /// labels), so that every render sets its thread's font map and none inherits another's.
    public static let installed = TemplateFonts(directory: URL(fileURLWithPath: "/"), files: [])

    private init(directory: URL, files: [URL]) {
        self.directory = directory
        self.files = files
        if files.isEmpty {
            configuration = FcConfigReference(nil)
            postScriptNames = [:]
        } else {
            configuration = Self.configuration(shipping: directory)
            let faces = Self.faces(in: directory, configuration: configuration)
            Self.addPostScriptNames(of: faces, to: configuration)
            postScriptNames = Dictionary(faces.map { ($0.postScriptName.lowercased(), $0.family) }, uniquingKeysWith: { first, _ in first })
        }
        threadKey = "LaunchAssets.TemplateFonts " + files.map(\.path).joined(separator: "\n")
    }

    deinit {
        FcConfigDestroy(configuration)
    }

    /// A configuration that reads `directory` first, then everything the machine's own
    /// configuration (`fonts.conf`, or `FONTCONFIG_FILE`) names.
    private static func configuration(shipping directory: URL) -> OpaquePointer {
        let configuration = FcConfigCreate()!
        let system = FcConfigGetFilename(nil, nil).map { name in
            defer { FcStrFree(name) }
            return String(cString: name)
        }
        let include = system.map { "<include ignore_missing=\"yes\">\(xmlEscaped($0))</include>" } ?? ""
        let document = "<?xml version=\"1.0\"?><fontconfig><dir>\(xmlEscaped(directory.path))</dir>\(include)</fontconfig>"
        _ = FcConfigParseAndLoadFromMemory(configuration, document, FcFalse)
        _ = FcConfigBuildFonts(configuration)
        return configuration
    }

    /// Adds a rule per face that turns its PostScript name, where a template names a font by
    /// it, into its family, weight and slant.
    private static func addPostScriptNames(of faces: [ShippedFace], to configuration: OpaquePointer) {
        let rules = faces.filter { $0.postScriptName.lowercased() != $0.family.lowercased() }.map { face in
            let weight = face.weight.map { "<edit name=\"weight\" mode=\"assign\" binding=\"strong\"><int>\($0)</int></edit>" } ?? ""
            let slant = face.slant.map { "<edit name=\"slant\" mode=\"assign\" binding=\"strong\"><int>\($0)</int></edit>" } ?? ""
            return "<match target=\"pattern\"><test name=\"family\"><string>\(xmlEscaped(face.postScriptName))</string></test>"
                + "<edit name=\"family\" mode=\"assign\" binding=\"strong\"><string>\(xmlEscaped(face.family))</string></edit>\(weight)\(slant)</match>"
        }
        guard !rules.isEmpty else { return }
        _ = FcConfigParseAndLoadFromMemory(configuration, "<?xml version=\"1.0\"?><fontconfig>\(rules.joined())</fontconfig>", FcFalse)
    }

    /// A shipped font's names and style, as fontconfig reads the file.
    private struct ShippedFace {
        var postScriptName: String
        var family: String
        var weight: Int?
        var slant: Int?
    }

    /// Every face of `configuration` whose file is in `directory`.
    private static func faces(in directory: URL, configuration: OpaquePointer) -> [ShippedFace] {
        let folder = directory.standardizedFileURL.path + "/"
        guard let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return [] }
        defer {
            FcPatternDestroy(pattern)
            FcObjectSetDestroy(objects)
        }
        for object in [FC_FILE, FC_FAMILY, FC_POSTSCRIPT_NAME, FC_WEIGHT, FC_SLANT] { _ = FcObjectSetAdd(objects, object) }
        guard let set = FcFontList(configuration, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        return (0..<Int(set.pointee.nfont)).compactMap { index in
            var file: UnsafeMutablePointer<FcChar8>?
            guard let font = set.pointee.fonts[index], FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
                URL(fileURLWithPath: String(cString: file)).standardizedFileURL.path.hasPrefix(folder)
            else { return nil }
            var family: UnsafeMutablePointer<FcChar8>?
            var postScriptName: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch, let family,
                FcPatternGetString(font, FC_POSTSCRIPT_NAME, 0, &postScriptName) == FcResultMatch, let postScriptName
            else { return nil }
            // A variable font's weight is a range: it is left to the text's own font-weight.
            var weight: Int32 = 0
            var slant: Int32 = 0
            return ShippedFace(
                postScriptName: String(cString: postScriptName), family: String(cString: family),
                weight: FcPatternGetInteger(font, FC_WEIGHT, 0, &weight) == FcResultMatch ? Int(weight) : nil,
                slant: FcPatternGetInteger(font, FC_SLANT, 0, &slant) == FcResultMatch ? Int(slant) : nil)
        }
    }

    private static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    // MARK: - Drawing

    /// Whether this Pango can draw with a fontconfig font map, which the shipped fonts need: a
    /// Pango built with Core Text alone (on a Mac) cannot, and then draws installed fonts only.
    public static let canDrawShippedFonts: Bool = {
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else { return false }
        g_object_unref(UnsafeMutableRawPointer(map))
        return true
    }()

    /// Makes this configuration's font map the calling thread's default, which librsvg draws
    /// text with; without shipped fonts, a font map of the machine's fonts alone.
    func useOnThisThread() {
        let dictionary = Thread.current.threadDictionary
        if let map = dictionary[threadKey] as? ThreadFontMap {
            pango_cairo_font_map_set_default(map.pointer)
            return
        }
        // A font map serves one thread: Pango's are not thread-safe.
        guard let created = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else { return }
        // Before any thread draws with this configuration's fonts.
        OpenFontFaces.process.keepOpen(every: configuration)
        // A `PangoCairoFcFontMap`: a Pango font map, a fontconfig one and a cairo one at once.
        let map = OpaquePointer(created)
        pango_fc_font_map_set_config(map, configuration)
        dictionary[threadKey] = ThreadFontMap(pointer: map)
        pango_cairo_font_map_set_default(map)
    }

    // MARK: - Families

    /// The font a family name resolves to: for a named family, a font of exactly that family,
    /// or `nil` when neither the shipped nor the installed fonts have one; for a generic family,
    /// the installed font fontconfig picks.
    public func font(for family: String) -> ResolvedFont? {
        let generic = Self.genericFamilies.contains(family.lowercased())
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddString(pattern, FC_FAMILY, family)
        _ = FcConfigSubstitute(configuration, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(configuration, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        var matched: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file,
            FcPatternGetString(match, FC_FAMILY, 0, &matched) == FcResultMatch, let matched
        else { return nil }
        let font = ResolvedFont(
            family: String(cString: matched), file: URL(fileURLWithPath: String(cString: file)), isShipped: false)
        // A named family that fontconfig replaced with some other font is not there; a shipped
        // face's PostScript name is (the configuration rewrites it to the face).
        let named = postScriptNames[family.lowercased()].map { Self.sameFamily($0, font.family) } ?? false
        guard generic || named || Self.sameFamily(family, font.family) || providesExactly(family) else { return nil }
        return ResolvedFont(
            family: font.family, file: font.file,
            isShipped: font.file.standardizedFileURL.path.hasPrefix(directory.standardizedFileURL.path + "/"))
    }

    /// Whether some font's family list holds exactly `family` (fontconfig compares family names
    /// ignoring case and spaces).
    private func providesExactly(_ family: String) -> Bool {
        guard let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return false }
        defer {
            FcPatternDestroy(pattern)
            FcObjectSetDestroy(objects)
        }
        _ = FcPatternAddString(pattern, FC_FAMILY, family)
        _ = FcObjectSetAdd(objects, FC_FAMILY)
        guard let set = FcFontList(configuration, pattern, objects) else { return false }
        defer { FcFontSetDestroy(set) }
        return set.pointee.nfont > 0
    }

    private static func sameFamily(_ a: String, _ b: String) -> Bool {
        func folded(_ name: String) -> String { name.lowercased().filter { $0 != " " } }
        return folded(a) == folded(b)
    }
}

/// A font file a family name resolves to.
public struct ResolvedFont: Sendable, Hashable {
    /// The font's own family name.
    public var family: String
    public var file: URL
    /// Whether the file is one of the templates folder's `Fonts/`.
    public var isShipped: Bool
}

/// A thread's Pango font map of one ``TemplateFonts`` configuration, released with the thread.
private final class ThreadFontMap {
    /// `PangoCairoFontMap *`, owned.
    let pointer: OpaquePointer

    init(pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }
}
