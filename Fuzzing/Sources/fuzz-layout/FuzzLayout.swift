import Foundation
import LaunchAssetCompiler

/// Fuzzes the layout decoder: `LayoutLoader.load` (JSON source map, decoding, field checks,
/// set checks, schedule coverage) on the fuzz input as the only `*.json` file of a layouts
/// folder. A layout that loads is then planned against the bundled templates for the smallest
/// phone screen (no rasterizing), so palette keys and strings reach template instantiation too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let file = Workspace.shared.layouts.appendingPathComponent("fuzz.json")
    do { try bytes.write(to: file) } catch { fatalError("cannot write \(file.path): \(error)") }
    var warnings: [Diagnostic] = []
    let layouts: [SeasonalLayout]
    do { layouts = try LayoutLoader(directory: Workspace.shared.layouts).load(warnings: &warnings) } catch {
        precondition(!error.diagnostics.isEmpty, "a load error without a diagnostic")
        _ = error.diagnostics.map(\.description)
        return 0
    }
    precondition(layouts.count == 1)
    _ = warnings.map(\.description)
    if let templates = Workspace.shared.templates {
        _ = try? VariantPlanner(layouts: layouts, screens: [Workspace.shared.screen], templates: templates).plan()
    }
    return 0
}

/// A per-process scratch folder (under $TMPDIR) and the fixed inputs.
final class Workspace: @unchecked Sendable {
    static let shared = Workspace()
    let layouts: URL
    let templates: TemplateLibrary?
    let screen: Screen

    private init() {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("fuzz-layout-\(ProcessInfo.processInfo.processIdentifier)")
        layouts = root.appendingPathComponent("Layouts")
        try? FileManager.default.removeItem(at: root)
        try! FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        // Fuzzing/Sources/fuzz-layout/FuzzLayout.swift → repository root.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        templates = try? TemplateLibrary(directory: repository.appendingPathComponent("Templates"))
        let screens = Screen.distinct(in: try! DeviceCatalog.builtIn())
        screen = screens.filter { $0.idiom == .phone }.min { $0.pixels.width * $0.pixels.height < $1.pixels.width * $1.pixels.height }!
        atexit { try? FileManager.default.removeItem(at: Workspace.shared.layouts.deletingLastPathComponent()) }
    }
}
