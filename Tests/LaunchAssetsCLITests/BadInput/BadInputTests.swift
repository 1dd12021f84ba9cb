import Foundation
import TestSupport
import Testing

/// Bad layouts, templates and arguments: exit 1 (or 2 for usage), a message naming the file and
/// the place, and the previous output left exactly as it was.
@Suite("Bad input, end to end")
struct BadInputTests {
    /// A copy of the bundled layouts and templates with a previous output folder beside them.
    struct Workspace {
        let root: URL
        var output: URL { root.appendingPathComponent("LaunchAssets") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("launch-assets-bad-\(UUID().uuidString)")
            let fileManager = FileManager.default
            try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
            for folder in ["Layouts", "Templates"] {
                try fileManager.copyItem(at: PackageRoot.url.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
            }
            try fileManager.createDirectory(at: output.appendingPathComponent("images"), withIntermediateDirectories: true)
            try Data("previous manifest".utf8).write(to: output.appendingPathComponent("manifest.json"))
            try Data("previous image".utf8).write(to: output.appendingPathComponent("images/old.png"))
        }

        func edit(_ path: String, _ change: (String) -> String) throws {
            let url = root.appendingPathComponent(path)
            let text = try String(contentsOf: url, encoding: .utf8)
            let changed = change(text)
            #expect(changed != text, "the edit to \(path) changed nothing")
            try changed.write(to: url, atomically: true, encoding: .utf8)
        }

        func write(_ path: String, _ text: String) throws {
            try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }

        /// Runs `render`, expects `status`, the output untouched and no staging folder left.
        func renderFails(_ extra: [String] = [], status: Int32 = 1) throws -> String {
            let before = try FileTree.contents(of: output)
            let result = try CLIRunner.run(["render", "--quiet"] + extra, in: root)
            #expect(result.status == status, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
            #expect(try FileTree.contents(of: output) == before, "the previous output changed")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.path).filter {
                $0.contains(".staging-") || $0.contains(".rendering-")
            }
            #expect(leftovers.isEmpty, "staging left behind: \(leftovers)")
            return result.stderr
        }
    }

    @Test func malformedJSONNamesFileLineAndColumn() throws {
        let workspace = try Workspace()
        try workspace.write("Layouts/winter.json", "{\n  \"id\": \"winter\"\n  \"template\": \"x.svg\"\n}\n")
        let message = try workspace.renderFails()
        #expect(message.contains("Layouts/winter.json:3:3: error:"), "\(message)")
        #expect(message.contains("expected ',' or '}'"), "\(message)")
    }

    @Test func unknownKeyNamesTheJSONPath() throws {
        let workspace = try Workspace()
        try workspace.edit("Layouts/summer.json") { $0.replacingOccurrences(of: "\"schedule\"", with: "\"shedule\"") }
        let message = try workspace.renderFails()
        #expect(message.contains("Layouts/summer.json:"), "\(message)")
        #expect(message.contains("shedule: unknown key \"shedule\""), "\(message)")
    }

    @Test func impossibleDateIsRefused() throws {
        let workspace = try Workspace()
        try workspace.edit("Layouts/spring.json") { $0.replacingOccurrences(of: "\"05-31\"", with: "\"05-32\"") }
        let message = try workspace.renderFails()
        #expect(message.contains("Layouts/spring.json:"), "\(message)")
        #expect(message.contains("schedule[0].through"), "\(message)")
        #expect(message.contains("05-32"), "\(message)")
    }

    @Test func secondFallbackIsRefused() throws {
        let workspace = try Workspace()
        let fallback = try String(contentsOf: workspace.root.appendingPathComponent("Layouts/default.json"), encoding: .utf8)
        try workspace.write("Layouts/plain.json", fallback.replacingOccurrences(of: "\"default\"", with: "\"plain\""))
        let message = try workspace.renderFails()
        #expect(message.contains("second fallback"), "\(message)")
    }

    @Test func missingTemplateNamesTheLayout() throws {
        let workspace = try Workspace()
        try workspace.edit("Layouts/autumn.json") { text in
            text.replacing(/"template"\s*:\s*"[^"]*"/, with: "\"template\": \"nowhere.svg\"")
        }
        let message = try workspace.renderFails()
        #expect(message.contains("Layouts/autumn.json:"), "\(message)")
        #expect(message.contains("template \"nowhere.svg\" not found"), "\(message)")
    }

    @Test func templateSyntaxErrorNamesTheTemplateLine() throws {
        let workspace = try Workspace()
        try workspace.write("Templates/logo.svg", "<g>\n  {{#isDark}}\n  <rect/>\n</g>\n")
        let message = try workspace.renderFails()
        #expect(message.contains("Templates/logo.svg:"), "\(message)")
        #expect(message.contains("never closed"), "\(message)")
    }

    @Test func referenceOutsideTemplatesIsRefused() throws {
        let workspace = try Workspace()
        try workspace.write("Templates/logo.svg", "<g><image href=\"../Layouts/winter.json\" width=\"1\" height=\"1\"/></g>\n")
        let message = try workspace.renderFails()
        #expect(message.contains("points outside the templates folder"), "\(message)")
    }

    @Test func networkReferenceIsRefused() throws {
        let workspace = try Workspace()
        try workspace.write("Templates/logo.svg", "<g style=\"fill: url(https://example.com/p.svg#a)\"/>\n")
        let message = try workspace.renderFails()
        #expect(message.contains("https: scheme"), "\(message)")
    }

    @Test func malformedSVGNamesThePartialsOwnLineOnce() throws {
        let workspace = try Workspace()
        try workspace.write("Templates/logo.svg", "<g><rect></g>\n")
        let message = try workspace.renderFails()
        #expect(message.hasPrefix("Templates/logo.svg:1:"), "\(message)")
        #expect(message.contains("SVG syntax: "), "\(message)")
        #expect(message.components(separatedBy: "SVG syntax").count == 2, "once for every layout and variant: \(message)")
    }

    @Test func emitSVGWritesTheInstancesOfAFailedRender() throws {
        let workspace = try Workspace()
        try workspace.write("Templates/mark.svg", "<g><rect></g>\n")
        let emitted = workspace.root.appendingPathComponent("instances")
        let message = try workspace.renderFails(["--layout", "default", "--idiom", "phone", "--emit-svg", emitted.path])
        #expect(message.contains("SVG syntax: "), "\(message)")
        let files = try FileManager.default.contentsOfDirectory(atPath: emitted.path)
        #expect(files.contains { $0.hasPrefix("default-phone-") && $0.hasSuffix(".svg") }, "\(files)")
        let instance = try String(contentsOf: emitted.appendingPathComponent(files.sorted()[0]), encoding: .utf8)
        #expect(instance.contains("<g><rect></g>"), "the faulty partial, as included")
    }

    @Test func oversizedScreenIsRefused() throws {
        let workspace = try Workspace()
        try workspace.write(
            "huge.json",
            """
            {"devices": [{"id": "wall", "name": "Wall", "idiom": "pad", "points": {"width": 4000, "height": 5000}, "scale": 2,
              "safeArea": {"portrait": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "landscape": {"top": 0, "left": 0, "bottom": 0, "right": 0}}}]}
            """)
        let message = try workspace.renderFails(["--devices", "huge.json"])
        #expect(message.contains("huge.json:1:"), "\(message)")
        #expect(message.contains("8192"), "\(message)")
    }

    @Test func unknownLayoutIDIsRefused() throws {
        let workspace = try Workspace()
        let message = try workspace.renderFails(["--layout", "midsummer"])
        #expect(message.contains("no layout with id \"midsummer\""), "\(message)")
    }

    @Test func usageErrorsExitTwo() throws {
        let workspace = try Workspace()
        _ = try workspace.renderFails(["--jobs", "0"], status: 2)
        _ = try workspace.renderFails(["--type-name", "not a type"], status: 2)
        _ = try workspace.renderFails(["--no-such-option"], status: 2)
    }
}
