import Foundation
import LaunchScreenRepair

/// Expands layouts × screens × orientations (× multitasking windows, for layouts that ask) ×
/// appearances × languages into the variants to render, merging screens whose instantiated SVG
/// is identical.
///
/// Languages add variants only where they change the picture: when every language a layout is
/// drawn in gives one SVG for a screen, that screen gets one language-neutral variant; when they
/// differ, the development language's variant and one for each language whose SVG differs from it.
public struct VariantPlanner: Sendable {
    public var layouts: [SeasonalLayout]
    public var screens: [Screen]
    public var templates: TemplateLibrary

    public init(layouts: [SeasonalLayout], screens: [Screen], templates: TemplateLibrary) {
        self.layouts = layouts
        self.screens = screens
        self.templates = templates
    }

    /// Every variant, ordered by layout, idiom, screen pixel size, orientation (the full screen,
    /// then its windows), appearance and language (the development language first).
    /// Throws with every template problem found: a missing template, an unknown key, a
    /// reference outside the templates folder, malformed SVG. Without `checkingInstances`, each
    /// instance's markup is left unparsed (`render --check`, which renders nothing).
    public func plan(checkingInstances: Bool = true) throws(CompilerError) -> [PlannedVariant] {
        // Layouts are planned side by side (instantiating and checking every instance is most
        // of a re-render with nothing to rasterize); results keep the layouts' order.
        let results = LayoutResults(count: layouts.count)
        DispatchQueue.concurrentPerform(iterations: layouts.count) { index in
            do throws(CompilerError) {
                results.set(index, .success(try plan(layouts[index], checkingInstances: checkingInstances)))
            } catch {
                results.set(index, .failure(error))
            }
        }
        var errors: [Diagnostic] = []
        var variants: [PlannedVariant] = []
        for result in results.all {
            switch result {
            case .success(let planned): variants += planned
            // Layouts sharing a faulty partial find the same fault.
            case .failure(let error): errors += error.diagnostics.filter { !errors.contains($0) }
            }
        }
        guard errors.isEmpty else { throw CompilerError(errors) }
        return variants
    }

    /// One instance per layout, for checks that need no rasterizing (`validate`).
    public func firstInstances() throws(CompilerError) -> [PlannedVariant] {
        let all = try plan()
        return layouts.compactMap { layout in all.first { $0.layout == layout.id } }
    }

    private func plan(_ layout: SeasonalLayout, checkingInstances: Bool) throws(CompilerError) -> [PlannedVariant] {
        guard templates.contains(fileName: layout.template) else {
            throw CompilerError(
                layout.diagnostic(
                    at: "template",
                    .templateNotFound(
                        layout.template, in: templates.directory.relativePathForDisplay, found: templates.names.map { "\($0).svg" })))
        }
        if let logo = layout.launchScreen?.logo, !templates.contains(fileName: logo) {
            throw CompilerError(
                layout.diagnostic(
                    at: "launchScreen.logo",
                    .templateNotFound(logo, in: templates.directory.relativePathForDisplay, found: templates.names.map { "\($0).svg" })))
        }
        try checkKeys(of: layout)
        let templateFile = templates.url(ofTemplate: layout.template)
        let policy = SVGReferencePolicy(templates: templates.directory)

        /// One variant to be: screens with equal keys share it. The SVG is compared and hashed
        /// by its bytes; `String` hashing normalizes every character of tens of kilobytes.
        struct Key: Hashable {
            var idiom: Idiom, pixels: PixelSize, orientation: Orientation, window: MultitaskingWindow?, appearance: Appearance
            var locale: String?, svg: String

            static func == (a: Key, b: Key) -> Bool {
                (a.idiom, a.pixels, a.orientation, a.window, a.appearance, a.locale)
                    == (b.idiom, b.pixels, b.orientation, b.window, b.appearance, b.locale) && sameBytes(a.svg, b.svg)
            }

            static func sameBytes(_ a: String, _ b: String) -> Bool {
                var (a, b) = (a, b)
                return a.withUTF8 { x in
                    b.withUTF8 { y in x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) }
                }
            }

            func hash(into hasher: inout Hasher) {
                hasher.combine(idiom)
                hasher.combine(pixels)
                hasher.combine(orientation)
                hasher.combine(window)
                hasher.combine(appearance)
                hasher.combine(locale)
                var svg = svg
                svg.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            }
        }
        /// An instance alone, compared and hashed by its bytes as `Key` does.
        struct Instance: Hashable {
            var svg: String

            static func == (a: Instance, b: Instance) -> Bool { Key.sameBytes(a.svg, b.svg) }

            func hash(into hasher: inout Hasher) {
                var svg = svg
                svg.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            }
        }
        var order: [Key] = []
        var devices: [Key: [String]] = [:]
        let languages = layout.languages
        let ordered =
            screens
            .filter { layout.idioms.contains($0.idiom) }
            .sorted {
                ($0.idiom == .phone ? 0 : 1, $0.pixels.width, $0.pixels.height) < (
                    $1.idiom == .phone ? 0 : 1, $1.pixels.width, $1.pixels.height
                )
            }
        for screen in ordered {
            for orientation in layout.orientations.orientations(for: screen.idiom) {
                for canvas in screen.canvases(in: orientation, multitasking: layout.multitasking) {
                    for appearance in Appearance.allCases {
                        var instances: [(language: String, svg: String)] = []
                        for language in languages {
                            let context = TemplateContext(layout: layout, canvas: canvas, appearance: appearance, language: language)
                            guard let svg = templates.instantiate(layout.template, with: context) else {
                                throw CompilerError(
                                    layout.diagnostic(at: "template", .notInstantiated(layout.template)))
                            }
                            instances.append((language, svg))
                        }
                        let development = instances[0].svg
                        let localized = instances.dropFirst().contains { !Key.sameBytes($0.svg, development) }
                        for (index, instance) in instances.enumerated() where index == 0 || !Key.sameBytes(instance.svg, development) {
                            let key = Key(
                                idiom: canvas.idiom, pixels: canvas.pixels, orientation: canvas.orientation, window: canvas.window,
                                appearance: appearance, locale: localized ? instance.language : nil, svg: instance.svg
                            )
                            if devices[key] == nil { order.append(key) }
                            devices[key, default: []] += screen.devices
                        }
                    }
                }
            }
        }

        var variants: [PlannedVariant] = []
        var used: [String: Int] = [:]
        var errors: [Diagnostic] = []
        var checked: Set<Instance> = []
        // Each cause once: a fault in a template shows in every variant's instance.
        var reported: Set<String> = []
        func report(_ diagnostic: Diagnostic, cause: String) {
            if reported.insert(cause).inserted { errors.append(diagnostic) }
        }
        let templatePath = templateFile.relativePathForDisplay
        for key in order {
            // A window's id names it, so full-screen ids (and their -2, -3…) stay as they are.
            let window = key.window.map { "\($0.idComponent)-" } ?? ""
            let locale = key.locale.map { "-\($0)" } ?? ""
            let base = "\(layout.id)-\(key.idiom.rawValue)-\(window)\(key.pixels)-\(key.appearance.rawValue)\(locale)"
            used[base, default: 0] += 1
            let id = used[base]! == 1 ? base : "\(base)-\(used[base]!)"
            if checkingInstances, checked.insert(Instance(svg: key.svg)).inserted {
                // A key or string inserted with {{{ }}} may bring what the template could not.
                if let (index, message) = SVGReferencePolicy.forbiddenMarkup(in: key.svg) {
                    let (line, column) = TemplateLibrary.lineAndColumn(of: index, in: key.svg)
                    let place = Diagnostic.instancePlace(variant: id, line: line, column: column)
                    report(Diagnostic.refusedMarkup(message).placed(file: templatePath, path: place), cause: "\(line):\(column) \(message)")
                    continue
                }
                for violation in policy.violations(in: key.svg) {
                    let located = templates.sources(of: violation, usedBy: layout.template)
                    for diagnostic in located { report(diagnostic, cause: diagnostic.description) }
                    if located.isEmpty {
                        let place = Diagnostic.instancePlace(variant: id, line: violation.line, column: violation.column)
                        report(
                            Diagnostic.refusedMarkup(violation.message).placed(file: templatePath, path: place),
                            cause: "\(violation.line):\(violation.column) \(violation.message)")
                    }
                }
            }
            variants.append(
                PlannedVariant(
                    id: id, layout: layout.id, pixels: key.pixels, orientation: key.orientation,
                    appearance: key.appearance, idiom: key.idiom, window: key.window, locale: key.locale, devices: devices[key]!,
                    svg: key.svg,
                    templateFile: templateFile
                ))
        }
        guard errors.isEmpty else { throw CompilerError(Array(errors.prefix(20))) }
        return variants
    }

    /// Every name the template uses must be a key of this layout's context (or, inside
    /// `{{#safeArea}}`, one of its keys): a typo would otherwise render as nothing.
    private func checkKeys(of layout: SeasonalLayout) throws(CompilerError) {
        let palette = layout.palettes[.light] ?? [:]
        var known = TemplateKeys.builtIn.union(palette.keys).union(layout.strings.keys)
        var objects = TemplateKeys.objects
        if layout.launchScreen == nil {
            known.remove("launchLogo")
            objects["launchLogo"] = nil
        }
        var errors: [Diagnostic] = []
        for use in templates.variableNames(usedBy: layout.template) {
            let parts = use.name.split(separator: ".").map(String.init)
            let root = parts.first ?? ""
            let nested = use.sections.contains { objects[$0]?.contains(root) == true }
            let validMember = objects[root].map { parts.count < 2 || (parts.count == 2 && $0.contains(parts[1])) } ?? true
            guard use.name != "." else { continue }
            guard !(known.contains(root) && validMember), !nested else { continue }
            let remedy =
                root == "launchLogo" && layout.launchScreen == nil
                ? "only a layout with a \"launchScreen\" has it" : "add it to its appearances or strings"
            errors.append(
                Diagnostic.undefinedKey(use.name, layout: layout.id, file: layout.file, remedy: remedy).placed(
                    file: use.file, line: use.line, column: use.column, path: nil))
        }
        guard errors.isEmpty else { throw CompilerError(errors) }
    }
}

extension MultitaskingWindow {
    /// The part of a variant id that names the window, e.g. `split-1-3`.
    var idComponent: String {
        switch self {
        case .splitViewOneThird: "split-1-3"
        case .splitViewHalf: "split-1-2"
        case .splitViewTwoThirds: "split-2-3"
        case .slideOver: "slide-over"
        }
    }
}

/// Each layout's plan, filled in by concurrent workers.
private final class LayoutResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<[PlannedVariant], CompilerError>?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<[PlannedVariant], CompilerError>) {
        lock.withLock { results[index] = result }
    }

    var all: [Result<[PlannedVariant], CompilerError>] {
        lock.withLock { results.map { $0! } }
    }
}
