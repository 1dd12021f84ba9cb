import Foundation
import LaunchScreenRepair
import TestSupport
import Testing

@testable import LaunchAssetCompiler

@Suite("The template library")
struct TemplateLibraryTests {
    /// Writes `files` into a templates folder, runs `body` with it, then removes it.
    private func withTemplates<T>(_ files: [String: String], _ body: (URL) throws -> T) throws -> T {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, text) in files { try folder.write("Templates/\(name)", text) }
        return try body(folder.path("Templates"))
    }

    private func errors(
        _ files: [String: String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (diagnostics: [Diagnostic], folder: URL) {
        try withTemplates(files) { folder in
            let error = try #require(throws: CompilerError.self, sourceLocation: sourceLocation) {
                _ = try TemplateLibrary(directory: folder)
            }
            return (error.diagnostics, folder)
        }
    }

    private var context: TemplateContext {
        TemplateContext(layout: TemplateContextTests.layout, canvas: fullScreen(TemplateContextTests.phone, .portrait), appearance: .light)
    }

    @Test func everySVGFileIsATemplateUnderItsName() throws {
        try withTemplates(["b.svg": "<svg/>", "a.svg": "<svg/>", "notes.txt": "{{#broken", "logo.svg.orig": "{{"]) { folder in
            let library = try TemplateLibrary(directory: folder)
            #expect(library.names == ["a", "b"])
            #expect(library.contains(fileName: "a.svg"))
            #expect(!library.contains(fileName: "a"))
            #expect(!library.contains(fileName: "c.svg"))
            #expect(!library.contains(fileName: "notes.txt"))
            #expect(library.url(ofTemplate: "a.svg") == folder.appendingPathComponent("a.svg"))
        }
    }

    @Test func instantiationSeesTheContext() throws {
        let template =
            "{{pointWidth}}x{{pointHeight}}@{{scale}} {{width}}x{{height}} safe={{safeArea.top}},{{safeArea.width}},{{safeArea.centerY}} "
            + "{{#isDark}}dark{{/isDark}}{{^isDark}}light{{/isDark}} {{#isPhone}}phone{{/isPhone}}{{#isPad}}pad{{/isPad}} {{title}} {{accent}} {{layout}}"
        try withTemplates(["t.svg": template]) { folder in
            let library = try TemplateLibrary(directory: folder)
            #expect(
                library.instantiate("t.svg", with: context)
                    == "393x852@3 1179x2556 safe=59,393,438.5 light phone Hello, Winter #7FB2E5 winter")
            let landscape = fullScreen(TemplateContextTests.phone, .landscape)
            let dark = TemplateContext(layout: TemplateContextTests.layout, canvas: landscape, appearance: .dark)
            #expect(
                library.instantiate("t.svg", with: dark) == "852x393@3 2556x1179 safe=0,734,186 dark phone Hello, Winter #4A7FB8 winter")
        }
    }

    @Test func textIsEscapedSoTheSVGStaysWellFormed() throws {
        var layout = TemplateContextTests.layout
        layout.strings["title"] = #"Tom & "Jerry" <3"#
        let context = TemplateContext(layout: layout, canvas: fullScreen(TemplateContextTests.phone, .portrait), appearance: .light)
        let template = #"<svg xmlns="http://www.w3.org/2000/svg"><text aria-label="{{title}}">{{title}}</text></svg>"#
        try withTemplates(["t.svg": template]) { folder in
            let svg = try #require(try TemplateLibrary(directory: folder).instantiate("t.svg", with: context))
            #expect(svg.contains("Tom &amp; &quot;Jerry&quot; &lt;3"))
            #expect(SVGReferencePolicy(templates: folder).violations(in: svg).isEmpty)
            #expect(throws: Never.self) { try SVGRenderer().parse(svg) }
        }
    }

    @Test func sectionClosedWithTheWrongName() throws {
        let text = "<svg>\n  <rect fill=\"{{#isDark}}x{{/isLight}}\"/>\n</svg>\n"
        let (diagnostics, folder) = try errors(["ok.svg": "<svg/>", "bad.svg": text])
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.file == displayed(folder.appendingPathComponent("bad.svg")))
        #expect(diagnostic.line == 2)
        let tag = place(of: "{{/isLight}}", in: text).column
        #expect(
            (tag..<tag + "{{/isLight}}".count).contains(diagnostic.column ?? 0), "column \(diagnostic.column ?? 0) is in the closing tag")
        #expect(diagnostic.message.contains("template syntax"))
        #expect(diagnostic.message.contains("closed with another name"))
    }

    @Test func tagNotClosed() throws {
        let text = "<svg>\n  <rect fill=\"{{accent\"/>\n</svg>\n"
        let (diagnostics, _) = try errors(["bad.svg": text])
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.line == 2)
        let tag = place(of: "{{accent", in: text).column
        #expect((tag...tag + "{{accent\"".count).contains(diagnostic.column ?? 0))
        #expect(diagnostic.message.contains("not closed with }}"))
    }

    @Test func sectionNeverClosed() throws {
        let (diagnostics, _) = try errors(["bad.svg": "<svg>\n  {{#isDark}}\n  <rect/>\n</svg>\n"])
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.line != nil && diagnostic.column != nil)
        #expect(diagnostic.message.contains("never closed"))
    }

    @Test func everyBrokenTemplateIsReported() throws {
        let (diagnostics, folder) = try errors([
            "a.svg": "{{#a}}{{/b}}", "b.svg": "<svg/>", "c.svg": "{{title", "d.svg": "{{> nowhere}}",
        ])
        #expect(
            Set(diagnostics.compactMap(\.file)) == Set(["a.svg", "c.svg", "d.svg"].map { displayed(folder.appendingPathComponent($0)) }))
    }

    @Test func nonUTF8TemplateIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Templates/latin1.svg", Data([0x3C, 0x73, 0x76, 0x67, 0x3E, 0xE9, 0x3C, 0x2F, 0x73, 0x76, 0x67, 0x3E]))
        let error = try #require(throws: CompilerError.self) { _ = try TemplateLibrary(directory: folder.path("Templates")) }
        #expect(error.diagnostics.first?.file == displayed(folder.path("Templates/latin1.svg")))
        #expect(error.diagnostics.first?.message.contains("UTF-8") == true)
    }

    @Test func missingFolderIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let error = try #require(throws: CompilerError.self) { _ = try TemplateLibrary(directory: folder.path("Nope")) }
        #expect(error.diagnostics.first?.file == displayed(folder.path("Nope")))
    }

    @Test func missingPartialIsNamedWithItsPlace() throws {
        let text = "<svg>\n  <g>\n    {{> logo}}\n  </g>\n</svg>\n"
        let (diagnostics, folder) = try errors(["card.svg": text])
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.file == displayed(folder.appendingPathComponent("card.svg")))
        #expect(diagnostic.line == 3)
        #expect(diagnostic.column == 5)
        #expect(diagnostic.message.contains("partial \"logo\" not found"))
        #expect(diagnostic.message.contains("logo.svg"))
    }

    @Test func partialUsedBySeveralTemplates() throws {
        let files = [
            "mark.svg": "<circle r=\"4\" fill=\"{{accent}}\"/>",
            "a.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\">A{{> mark}}</svg>",
            "b.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  {{#isPhone}}{{>mark}}{{/isPhone}}B\n</svg>",
        ]
        try withTemplates(files) { folder in
            let library = try TemplateLibrary(directory: folder)
            #expect(
                library.instantiate("a.svg", with: context)
                    == "<svg xmlns=\"http://www.w3.org/2000/svg\">A<circle r=\"4\" fill=\"#7FB2E5\"/></svg>")
            let b = try #require(library.instantiate("b.svg", with: context))
            #expect(b.contains("<circle r=\"4\" fill=\"#7FB2E5\"/>B"))
            for template in ["a.svg", "b.svg"] {
                let uses = library.variableNames(usedBy: template)
                let accent = try #require(uses.first { $0.name == "accent" }, "\(template) uses accent through the partial")
                #expect(accent.file == displayed(folder.appendingPathComponent("mark.svg")))
                #expect(accent.line == 1)
                #expect(accent.column == 21)
            }
        }
    }

    @Test func variableNamesWithTheirSections() throws {
        let text = """
            <svg width="{{width}}" fill="{{{ink}}}">
            {{! a comment }}
            {{#isDark}}<g fill="{{glow}}"/>{{/isDark}}
            {{^isPad}}{{& title}}{{/isPad}} {{safeArea.top}} {{ accent }}
            </svg>
            """
        try withTemplates(["t.svg": text]) { folder in
            let uses = try TemplateLibrary(directory: folder).variableNames(usedBy: "t.svg")
            #expect(uses.map(\.name) == ["width", "ink", "isDark", "glow", "isPad", "title", "safeArea.top", "accent"])
            #expect(uses.map(\.line) == [1, 1, 3, 3, 4, 4, 4, 4])
            #expect(uses.map(\.column) == [13, 30, 1, 21, 1, 11, 33, 50])
            #expect(uses.map(\.sections) == [[], [], [], ["isDark"], [], ["isPad"], [], []])
        }
    }

    @Test func unknownVariableIsPlacedAtTheTemplateLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let template =
            "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <rect fill=\"{{background}}\"/>\n  <circle fill=\"{{acent}}\"/>\n</svg>\n"
        try folder.write("Templates/card.svg", template)
        try folder.write(
            "Layouts/default.json",
            layoutJSON(
                id: "default", template: "card.svg", light: ["background": "#FFF", "accent": "#F00"],
                dark: ["background": "#000", "accent": "#0F0"]))
        var warnings: [Diagnostic] = []
        let layouts = try LayoutLoader(directory: folder.path("Layouts")).load(warnings: &warnings)
        let planner = VariantPlanner(
            layouts: layouts, screens: screens([device("p")]), templates: try TemplateLibrary(directory: folder.path("Templates")))
        let error = try #require(throws: CompilerError.self) { _ = try planner.plan() }
        #expect(error.diagnostics.count == 1, "\(error.diagnostics)")
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.file == displayed(folder.path("Templates/card.svg")))
        #expect(diagnostic.line == 3)
        #expect(diagnostic.column == 17)
        #expect(diagnostic.message.contains("{{acent}}"))
        #expect(diagnostic.message.contains("\"default\""))
        #expect(diagnostic.message.contains("default.json"))
    }

    @Test func unknownVariableInAPartialIsPlacedInThePartial() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Templates/card.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">\n{{> mark}}\n</svg>\n")
        try folder.write("Templates/mark.svg", "<g>\n  <circle fill=\"{{ink}}\" stroke=\"{{glow}}\"/>\n</g>\n")
        try folder.write("Layouts/default.json", layoutJSON(id: "default", template: "card.svg"))
        var warnings: [Diagnostic] = []
        let layouts = try LayoutLoader(directory: folder.path("Layouts")).load(warnings: &warnings)
        let planner = VariantPlanner(
            layouts: layouts, screens: screens([device("p")]), templates: try TemplateLibrary(directory: folder.path("Templates")))
        let error = try #require(throws: CompilerError.self) { _ = try planner.plan() }
        #expect(error.diagnostics.map(\.file) == [displayed(folder.path("Templates/mark.svg"))])
        #expect(error.diagnostics.first?.line == 2)
        #expect(error.diagnostics.first?.column == 34)
        #expect(error.diagnostics.first?.message.contains("{{glow}}") == true)
    }

    @Test func namesInsideSectionsAreCheckedToo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let template = """
            <svg xmlns="http://www.w3.org/2000/svg">
              {{#isDark}}<circle fill="{{glwo}}"/>{{/isDark}}
              {{#safeArea}}<rect x="{{left}}" y="{{top}}" width="{{width}}" height="{{hieght}}"/>{{/safeArea}}
              {{^isPad}}<text>{{title}}</text>{{/isPad}}
            </svg>
            """
        try folder.write("Templates/card.svg", template)
        try folder.write("Layouts/default.json", layoutJSON(id: "default", template: "card.svg", strings: ["title": "Hi"]))
        var warnings: [Diagnostic] = []
        let layouts = try LayoutLoader(directory: folder.path("Layouts")).load(warnings: &warnings)
        let planner = VariantPlanner(
            layouts: layouts, screens: screens([device("p")]), templates: try TemplateLibrary(directory: folder.path("Templates")))
        let error = try #require(throws: CompilerError.self) { _ = try planner.plan() }
        let found = error.diagnostics.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message.prefix(while: { $0 != " " }))" }
        #expect(found == ["2:28 {{glwo}}", "3:73 {{hieght}}"])
    }

    @Test func partialIncludingItselfIsAnError() throws {
        let (diagnostics, folder) = try errors(["loop.svg": "<g>\n  {{> loop}}\n</g>\n"])
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.file == displayed(folder.appendingPathComponent("loop.svg")))
        #expect(diagnostics.first?.line == 2)
        #expect(diagnostics.first?.message.contains("includes itself (loop → loop)") == true)
    }

    @Test func partialsIncludingEachOtherAreAnError() throws {
        let (diagnostics, _) = try errors([
            "card.svg": "<svg>{{> a}}</svg>", "a.svg": "<g>{{> b}}</g>", "b.svg": "<g>{{> a}}</g>",
        ])
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.message.contains("a → b → a") == true, "\(diagnostics)")
    }

    @Test func unknownSafeAreaMemberIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "Templates/card.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <rect y=\"{{safeArea.tpo}}\" height=\"{{safeArea.height}}\"/>\n</svg>\n")
        try folder.write("Layouts/default.json", layoutJSON(id: "default", template: "card.svg"))
        var warnings: [Diagnostic] = []
        let layouts = try LayoutLoader(directory: folder.path("Layouts")).load(warnings: &warnings)
        let planner = VariantPlanner(
            layouts: layouts, screens: screens([device("p")]), templates: try TemplateLibrary(directory: folder.path("Templates")))
        let error = try #require(throws: CompilerError.self) { _ = try planner.plan() }
        #expect(error.diagnostics.map { $0.message.prefix(while: { $0 != " " }) } == ["{{safeArea.tpo}}"])
    }
}
