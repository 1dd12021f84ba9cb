import Foundation
import LaunchAssetCompiler

/// Fuzzes template instantiation: the fuzz input is the text of `fuzz.svg` in a templates folder
/// that also holds a small fixed partial (`mark.svg`). It goes through `TemplateLibrary.init`
/// (UTF-8 and forbidden-markup checks, Mustache parsing, tag and partial-cycle checks), then a
/// fixed layout using `fuzz.svg` is planned for one small phone screen: key checks, Mustache
/// rendering in both orientations and appearances, and the SVG reference policy (XML parsing)
/// on every distinct instance. Nothing is rasterized.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let workspace = Workspace.shared
    let file = workspace.templates.appendingPathComponent("fuzz.svg")
    do { try Data(bytes: data, count: size).write(to: file) } catch { fatalError("cannot write \(file.path): \(error)") }
    let library: TemplateLibrary
    do { library = try TemplateLibrary(directory: workspace.templates) } catch {
        precondition(!error.diagnostics.isEmpty, "a template error without a diagnostic")
        _ = error.diagnostics.map(\.description)
        return 0
    }
    do {
        let variants = try VariantPlanner(layouts: [workspace.layout], screens: [workspace.screen], templates: library).plan()
        precondition(!variants.isEmpty)
    } catch {
        precondition(!error.diagnostics.isEmpty, "a planning error without a diagnostic")
        _ = error.diagnostics.map(\.description)
    }
    return 0
}

/// A per-process scratch folder (under $TMPDIR) with the fixed partial, layout and screen.
final class Workspace: @unchecked Sendable {
    static let shared = Workspace()
    let templates: URL
    let layout: SeasonalLayout
    let screen: Screen

    static let partial = """
        <g id="mark" fill="{{accent}}"><circle cx="{{width}}" cy="{{height}}" r="4"/></g>
        """

    static let layoutJSON = """
        {
          "id": "fuzz",
          "displayName": "Fuzz",
          "template": "fuzz.svg",
          "priority": 0,
          "appearances": {
            "light": { "background": "#F7F6F3", "ink": "#1D2230", "accent": "#5A67E8" },
            "dark":  { "background": "#0D0F16", "ink": "#ECEEF5", "accent": "#7480FF" }
          },
          "strings": { "title": "Welcome <&> \\"quoted\\"", "subtitle": "GOOD TO SEE YOU" },
          "orientations": "automatic",
          "idioms": ["phone"]
        }
        """

    private init() {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("fuzz-template-\(ProcessInfo.processInfo.processIdentifier)")
        templates = root.appendingPathComponent("Templates")
        let layouts = root.appendingPathComponent("Layouts")
        try? FileManager.default.removeItem(at: root)
        try! FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try! FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        try! Data(Self.partial.utf8).write(to: templates.appendingPathComponent("mark.svg"))
        try! Data(Self.layoutJSON.utf8).write(to: layouts.appendingPathComponent("fuzz.json"))
        var warnings: [Diagnostic] = []
        layout = try! LayoutLoader(directory: layouts).load(warnings: &warnings)[0]
        let screens = Screen.distinct(in: try! DeviceCatalog.builtIn())
        screen = screens.filter { $0.idiom == .phone }.min { $0.pixels.width * $0.pixels.height < $1.pixels.width * $1.pixels.height }!
        atexit { try? FileManager.default.removeItem(at: Workspace.shared.templates.deletingLastPathComponent()) }
    }
}
