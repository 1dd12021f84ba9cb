import Foundation
import Mustache

/// The SVG templates of a templates folder, ready to instantiate.
///
/// Every `*.svg` file is registered under its name without the extension, so any template can
/// include another as a partial (`{{> logo}}`).
public struct TemplateLibrary: Sendable {
    /// The templates folder; SVG references must stay inside it.
    public let directory: URL
    /// Template names (file names without `.svg`), sorted.
    public let names: [String]
    /// The fonts the templates' text is drawn with: `Fonts/` beside them, then the installed ones.
    public let fonts: TemplateFonts
    private let library: MustacheLibrary
    /// Each template's text as registered (imported, before marking), by name.
    let sources: [String: String]

    /// Loads and parses every template; reports each syntax error with its file, line and column.
    public init(directory: URL) throws(CompilerError) {
        self.directory = directory
        fonts = TemplateFonts(templatesDirectory: directory)
        let folder = directory.relativePathForDisplay
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "svg" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        } catch {
            throw CompilerError(
                Diagnostic.unreadable("templates folder", reason: error.localizedDescription).placed(file: folder, path: nil))
        }
        var library = MustacheLibrary()
        var sources: [String: String] = [:]
        var errors: [Diagnostic] = []
        for file in files {
            let name = file.deletingPathExtension().lastPathComponent
            let display = file.relativePathForDisplay
            let data: Data
            do { data = try Data(contentsOf: file) } catch {
                errors.append(Diagnostic.unreadable("template", reason: file.readFailure(error)).placed(file: display, path: nil))
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                errors.append(Diagnostic.templateNotUTF8.placed(file: display, path: nil))
                continue
            }
            do throws(CompilerError) {
                sources[name] = try Self.imported(text, file: display)
            } catch {
                errors += error.diagnostics
            }
        }
        // An <image> of a template file becomes an inclusion of it, checked below like any other.
        let byFileName = Dictionary(uniqueKeysWithValues: sources.map { ("\($0.key).svg", $0.value) })
        for (name, text) in sources { sources[name] = VectorImages.inlined(text, partials: byFileName) }
        let names = sources.mapValues(InclusionScope.names)
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            let display = directory.appendingPathComponent("\(name).svg").relativePathForDisplay
            // An ID another template refers to without defining it is shared; every other ID and
            // style class is this template's own (two Figma exports both define and use `pattern0`).
            let shared = names.filter { $0.key != name }.values.reduce(into: Set<String>()) {
                $0.formUnion($1.references.subtracting($1.ids))
            }
            let own = names[name]!
            do {
                _ = try MustacheTemplate(string: text)
                let marked = InclusionScope.marked(text, name: name, ids: own.ids.subtracting(shared), classes: own.styleClasses)
                library.register(try MustacheTemplate(string: marked), named: name)
            } catch let error as MustacheTemplate.ParserError {
                sources[name] = nil
                errors.append(
                    Diagnostic.templateSyntax(Self.describe(error.error)).placed(
                        file: display, line: error.context.lineNumber, column: error.context.columnNumber, path: nil))
            } catch {
                sources[name] = nil
                errors.append(Diagnostic.templateSyntax("\(error)").placed(file: display, path: nil))
            }
        }
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            // Every .svg file counts as a partial, even one that failed above: no cascade of "not found".
            errors += Self.tagErrors(
                in: text, file: directory.appendingPathComponent("\(name).svg").relativePathForDisplay,
                partials: Set(files.map { $0.deletingPathExtension().lastPathComponent }))
        }
        errors += Self.cycleErrors(in: sources, directory: directory)
        guard errors.isEmpty else { throw CompilerError(errors) }
        self.library = library
        self.sources = sources
        self.names = sources.keys.sorted()
    }

    /// Whether a template of that file name (`snowfall.svg`) exists.
    public func contains(fileName: String) -> Bool {
        fileName.hasSuffix(".svg") && sources[String(fileName.dropLast(4))] != nil
    }

    /// The file a template name was loaded from.
    func url(ofTemplate fileName: String) -> URL {
        directory.appendingPathComponent(fileName)
    }

    /// Instantiates the template named by `fileName` (`snowfall.svg`) with `values`, the
    /// dictionary handed to Mustache.
    func instantiate(_ fileName: String, values: [String: Any]) -> String? {
        library.render(values, withTemplate: String(fileName.dropLast(4))).map(InclusionScope.resolve)
    }

    /// A template file's text as a design tool saved it, made ready to register: markup a
    /// template may not hold is refused, the XML prologue blanked and entities written out.
    private static func imported(_ text: String, file: String) throws(CompilerError) -> String {
        func failure(at index: String.Index, _ finding: Diagnostic, in source: String? = nil) -> CompilerError {
            let (line, column) = lineAndColumn(of: index, in: source ?? text)
            return CompilerError(finding.placed(file: file, line: line, column: column, path: nil))
        }
        if let (index, message) = SVGReferencePolicy.forbiddenEncoding(in: text) { throw failure(at: index, .refusedMarkup(message)) }
        if let index = InclusionScope.firstMark(in: text) { throw failure(at: index, .reservedCharacters) }
        let imported: String
        do { imported = try XMLPrologue.imported(text) } catch {
            throw failure(at: text.utf8.index(text.utf8.startIndex, offsetBy: error.offset), .refusedMarkup(error.message))
        }
        if let (index, message) = SVGReferencePolicy.forbiddenMarkup(in: imported) {
            // The prologue keeps its place, so lines and columns before any expanded entity are the file's.
            throw failure(at: index, .refusedMarkup(message), in: imported)
        }
        return imported
    }

    /// Where in the template files `violation`, found in an instance of `fileName`, comes from:
    /// for an XML error, each error in the text of the template and the partials it includes;
    /// for a reference, the first place one of them writes it. Empty when the instance's values
    /// brought it.
    func sources(of violation: SVGReferencePolicy.Violation, usedBy fileName: String) -> [Diagnostic] {
        let used = templates(usedBy: String(fileName.dropLast(4)))
        func file(_ name: String) -> String { directory.appendingPathComponent("\(name).svg").relativePathForDisplay }
        guard let reference = violation.reference else {
            return used.compactMap { name in
                TemplateSyntax.firstError(in: sources[name]!).map {
                    Diagnostic.svgSyntax($0.message).placed(file: file(name), line: $0.line, column: $0.column, path: nil)
                }
            }
        }
        guard let place = place(of: reference, usedBy: fileName) else { return [] }
        return [Diagnostic.refusedMarkup(violation.message).placed(file: place.file, line: place.line, column: place.column, path: nil)]
    }

    /// The first place the template named by `fileName`, or a partial it includes, writes
    /// `text`: the file and the 1-based line and column; `nil` when none does (the instance's
    /// values wrote it).
    func place(of text: String, usedBy fileName: String) -> (file: String, line: Int, column: Int)? {
        for name in templates(usedBy: String(fileName.dropLast(4))) {
            let source = sources[name]!
            guard let range = source.range(of: text) else { continue }
            let (line, column) = Self.lineAndColumn(of: range.lowerBound, in: source)
            return (directory.appendingPathComponent("\(name).svg").relativePathForDisplay, line, column)
        }
        return nil
    }

    /// `name` and every template it includes, in the order they are first included.
    func templates(usedBy name: String) -> [String] {
        var order: [String] = []
        func visit(_ name: String) {
            guard !order.contains(name), let text = sources[name] else { return }
            order.append(name)
            for match in text.matches(of: Self.tagPattern) where match.output.2 == ">" { visit(String(match.output.3)) }
        }
        visit(name)
        return order
    }

    // MARK: - Checks that Mustache leaves to render time

    /// Partial tags that name no template in the folder.
    static func tagErrors(in text: String, file: String, partials: Set<String>) -> [Diagnostic] {
        text.matches(of: tagPattern).compactMap { match in
            let name = String(match.output.3)
            guard match.output.2 == ">", !partials.contains(name) else { return nil }
            let (line, column) = lineAndColumn(of: match.range.lowerBound, in: text)
            return Diagnostic.partialNotFound(name).placed(file: file, line: line, column: column, path: nil)
        }
    }

    /// Partials that include themselves, directly or through others: Mustache would recurse
    /// forever. Reported at the tag that closes the loop.
    static func cycleErrors(in sources: [String: String], directory: URL) -> [Diagnostic] {
        var errors: [Diagnostic] = []
        var finished: Set<String> = []
        func visit(_ name: String, path: [String]) {
            guard !finished.contains(name), let text = sources[name] else { return }
            for match in text.matches(of: tagPattern) where match.output.2 == ">" {
                let partial = String(match.output.3)
                if let start = path.firstIndex(of: partial) ?? (partial == name ? path.count : nil) {
                    let (line, column) = lineAndColumn(of: match.range.lowerBound, in: text)
                    errors.append(
                        Diagnostic.partialCycle(partial, loop: Array(path[start...]) + [name, partial]).placed(
                            file: directory.appendingPathComponent("\(name).svg").relativePathForDisplay, line: line, column: column,
                            path: nil))
                } else {
                    visit(partial, path: path + [name])
                }
            }
            finished.insert(name)
        }
        for name in sources.keys.sorted() { visit(name, path: []) }
        return errors
    }

    /// A variable or section name a template (or a partial it includes) uses.
    struct KeyUse {
        var name: String
        /// The enclosing sections, outermost first; inside `{{#safeArea}}` its keys are in scope.
        var sections: [String]
        var file: String
        var line: Int
        var column: Int
    }

    /// Every name a template and its partials use: what a layout's context must provide.
    func variableNames(usedBy fileName: String) -> [KeyUse] {
        var visited: Set<String> = []
        return variableNames(in: String(fileName.dropLast(4)), sections: [], visited: &visited)
    }

    private func variableNames(in name: String, sections outer: [String], visited: inout Set<String>) -> [KeyUse] {
        guard visited.insert(name).inserted, let text = sources[name] else { return [] }
        let file = directory.appendingPathComponent("\(name).svg").relativePathForDisplay
        var uses: [KeyUse] = []
        var sections = outer
        // Lines are counted from one tag to the next, not from the top for every tag.
        var line = 1
        var lineStart = text.startIndex
        var scanned = text.startIndex
        for match in text.matches(of: Self.tagPattern) {
            let sigil = match.output.2
            let tag = String(match.output.3)
            let between = text[scanned..<match.range.lowerBound]
            line += between.count(where: \.isNewline)
            if let newline = between.lastIndex(where: \.isNewline) { lineStart = text.index(after: newline) }
            scanned = match.range.lowerBound
            let column = text.distance(from: lineStart, to: match.range.lowerBound) + 1
            switch sigil {
            case "#", "^":
                uses.append(KeyUse(name: tag, sections: sections, file: file, line: line, column: column))
                sections.append(tag)
            case "/":
                if sections.count > outer.count { sections.removeLast() }
            case ">":
                uses += variableNames(in: tag, sections: sections, visited: &visited)
            case "!", "=":
                break
            default:
                uses.append(KeyUse(name: tag, sections: sections, file: file, line: line, column: column))
            }
        }
        return uses
    }

    /// A Mustache tag: optional third brace, sigil, name.
    nonisolated(unsafe) static let tagPattern = /\{\{(\{?)\s*([#^\/>&!{=]?)\s*([^}\s]*)\s*\}?\}\}/

    static func lineAndColumn(of index: String.Index, in text: String) -> (Int, Int) {
        let before = text[..<index]
        let line = before.count(where: \.isNewline) + 1
        let lineStart = before.lastIndex(where: \.isNewline).map { text.index(after: $0) } ?? text.startIndex
        return (line, text.distance(from: lineStart, to: index) + 1)
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect: "a section is closed with another name than it was opened with"
        case .unfinishedName: "a tag is not closed with }}"
        case .expectedSectionEnd: "a section is never closed ({{/name}} missing)"
        case .invalidSetDelimiter: "malformed set-delimiter tag"
        default: "\(error)"
        }
    }
}
