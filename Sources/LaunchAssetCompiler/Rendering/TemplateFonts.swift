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
public final class TemplateFonts: @unchecked Sendable {
    /// The folder of shipped fonts: `Fonts/` in the templates folder.
    public let directory: URL
    /// The shipped font files, sorted by name; empty when there is no `Fonts/` folder.
    public let files: [URL]
    /// `FcConfig *`, owned. Immutable once built, which fontconfig allows to be shared by threads.
    private let configuration: OpaquePointer
    /// The key of this set of fonts' font map in each thread's dictionary: the same fonts give
    /// the same key, so a thread keeps one font map for them however many renders it runs.
    private let threadKey: String

    /// The folder of shipped fonts in a templates folder.
    static func folder(in templatesDirectory: URL) -> URL {
        templatesDirectory.appendingPathComponent("Fonts", isDirectory: true)
    }

    /// File extensions fontconfig reads as fonts.
    static let fileExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    /// The families CSS names instead of a font; fontconfig resolves each to an installed font.
    static let genericFamilies: Set<String> = [
        "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif", "ui-monospace",
        "ui-rounded", "emoji", "math", "fangsong",
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
        configuration = files.isEmpty ? FcConfigReference(nil) : Self.configuration(shipping: directory)
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

    private static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    // MARK: - Drawing

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
        // A named family that fontconfig replaced with some other font is not there.
        guard generic || Self.sameFamily(family, font.family) || providesExactly(family) else { return nil }
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
