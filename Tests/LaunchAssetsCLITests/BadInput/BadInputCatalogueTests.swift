import Foundation
import Testing

/// The catalogue of bad generator input (`Docs/bad-input.md`): each case runs the real
/// `launch-assets render` on a copy of the bundled layouts and templates and expects exit 1, a
/// message naming the file and the place, the previous output folder (and any file outside it
/// the case names) byte for byte as it was, and no staging file left behind.
///
/// Set `LAUNCH_ASSETS_BAD_INPUT_TABLE` to a folder to have every case write its row of the
/// table in `Docs/bad-input.md` there, from the message the CLI really printed.
@Suite("Bad-input catalogue, end to end")
struct BadInputCatalogueTests {
    @Test(arguments: BadInputCase.all)
    func refused(_ badInput: BadInputCase) throws {
        let workspace = try BadInputTests.Workspace()
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        try badInput.setup(workspace)
        let watched = try badInput.watched.map { path in (path, try Data(contentsOf: workspace.root.appendingPathComponent(path))) }
        let started = Date()
        let message = try workspace.renderFails(badInput.arguments)
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < badInput.secondsLimit, "took \(seconds) s")
        for expected in badInput.expected {
            #expect(message.contains(expected), "expected \"\(expected)\" in:\n\(message)")
        }
        #expect(message.contains(": error: "), "\(message)")
        for (path, bytes) in watched {
            #expect(try Data(contentsOf: workspace.root.appendingPathComponent(path)) == bytes, "\(path) changed")
            let folder = workspace.root.appendingPathComponent(path).deletingLastPathComponent()
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.contains(".staging-") || $0.contains(".rendering-")
            }
            #expect(leftovers.isEmpty, "staging left beside \(path): \(leftovers)")
        }
        try badInput.record(message: message, seconds: seconds)
    }
}

/// One row of the catalogue.
struct BadInputCase: Sendable, CustomTestStringConvertible {
    var number = 0
    /// Short name, e.g. "empty layout file".
    var name: String
    /// What the input is, for the table.
    var input: String
    /// Extra `render` arguments (after `render --quiet`).
    var arguments: [String] = []
    /// Substrings the message must contain: the file, the place, the reason.
    var expected: [String]
    /// Files (relative to the workspace) that must keep their bytes, besides the output folder.
    var watched: [String] = []
    /// What stays untouched, for the table.
    var untouched = "`LaunchAssets/`"
    /// The run must end sooner than this (entity bombs must fail fast).
    var secondsLimit: TimeInterval = 60
    var setup: @Sendable (BadInputTests.Workspace) throws -> Void

    var testDescription: String { "\(number). \(name)" }

    /// Writes this case's table row when `LAUNCH_ASSETS_BAD_INPUT_TABLE` names a folder.
    func record(message: String, seconds: TimeInterval) throws {
        guard let folder = ProcessInfo.processInfo.environment["LAUNCH_ASSETS_BAD_INPUT_TABLE"] else { return }
        // The first error in full; the rest (the same finding in other variants, or other files) counted.
        let lines = message.split(separator: "\n")
        let more = lines.count > 1 ? " (+\(lines.count - 1) more)" : ""
        let text = String(lines.first ?? "")
            .replacingOccurrences(of: FileManager.default.temporaryDirectory.standardizedFileURL.path, with: "$TMP")
            .replacing(/launch-assets-bad-[0-9A-F-]+/, with: "…")
            .replacingOccurrences(of: "|", with: "\\|")
        let row = "| \(number) | \(name) | \(input) | 1 | `\(text)`\(more) | \(untouched) | <!-- \(String(format: "%.2f", seconds)) s -->\n"
        try row.write(
            to: URL(fileURLWithPath: folder).appendingPathComponent(String(format: "%02d.md", number)), atomically: true, encoding: .utf8)
    }
}

// MARK: - The cases

extension BadInputCase {
    static let all: [BadInputCase] = cases.enumerated().map { index, badInput in
        var numbered = badInput
        numbered.number = index + 1
        return numbered
    }

    /// `render` options that draw a tiny fallback layout (a flat colour, phones only) from
    /// `Mini/`: fast enough to reach the writing stage in a test.
    static let mini = ["--layouts", "Mini/Layouts", "--templates", "Mini/Templates", "--no-images"]

    private static let cases: [BadInputCase] = [
        // JSON
        BadInputCase(
            name: "empty layout file", input: "`Layouts/winter.json` is 0 bytes",
            expected: ["Layouts/winter.json:1:1: error:", "expected a value, found the end of the file"]
        ) { try $0.write("Layouts/winter.json", "") },
        BadInputCase(
            name: "non-UTF-8 JSON", input: "a Latin-1 `é` (byte E9) in a string of `Layouts/summer.json`",
            expected: ["Layouts/summer.json:3:", "not UTF-8 text"]
        ) { workspace in
            try workspace.writeData(
                "Layouts/summer.json", Data("{\n  \"id\": \"summer\",\n  \"displayName\": \"Et".utf8) + Data([0xE9]) + Data("\"\n}\n".utf8))
        },
        BadInputCase(
            name: "text after the JSON value", input: "`{…}}` in `Layouts/spring.json`",
            expected: ["Layouts/spring.json:", "unexpected text after the JSON value"]
        ) { try $0.edit("Layouts/spring.json") { $0 + "}\n" } },
        BadInputCase(
            name: "duplicate JSON key", input: "`\"priority\"` twice in one object",
            expected: ["Layouts/autumn.json:", "priority"]
        ) {
            try $0.edit("Layouts/autumn.json") { $0.replacingOccurrences(of: "\"priority\": 0", with: "\"priority\": 0, \"priority\": 1") }
        },
        BadInputCase(
            name: "wrong type", input: "`\"priority\": \"high\"`",
            expected: ["Layouts/winter.json:", "priority: expected an integer"]
        ) { try $0.edit("Layouts/winter.json") { $0.replacingOccurrences(of: "\"priority\": 0", with: "\"priority\": \"high\"") } },
        BadInputCase(
            name: "wrong type in a palette", input: "`\"background\": 12` in `appearances.dark`",
            expected: ["Layouts/default.json:", "appearances.dark.background"]
        ) {
            try $0.edit("Layouts/default.json") { $0.replacingOccurrences(of: "\"background\": \"#0D0F16\"", with: "\"background\": 12") }
        },
        BadInputCase(
            name: "missing required key", input: "no `\"template\"` in `Layouts/summer.json`",
            expected: ["Layouts/summer.json:", "missing required key \"template\""]
        ) { try $0.edit("Layouts/summer.json") { $0.replacing(/"template"\s*:\s*"[^"]*",/, with: "") } },
        BadInputCase(
            name: "unknown nested key", input: "`\"form\"` for `\"from\"` in `schedule[0]`",
            expected: ["Layouts/spring.json:", "schedule[0].form: unknown key \"form\""]
        ) { try $0.edit("Layouts/spring.json") { $0.replacingOccurrences(of: "\"from\"", with: "\"form\"") } },
        // Dates and the set of layouts
        BadInputCase(
            name: "date in another format", input: "`\"from\": \"Dec 1\"`",
            expected: ["Layouts/winter.json:", "schedule[0].from"]
        ) { try $0.edit("Layouts/winter.json") { $0.replacingOccurrences(of: "\"12-01\"", with: "\"Dec 1\"") } },
        BadInputCase(
            name: "absolute range that ends before it starts", input: "`2027-02-12` … `2027-02-06`",
            expected: ["Layouts/lunar-new-year.json:", "schedule[0].through", "before it starts"]
        ) { workspace in
            try workspace.edit("Layouts/lunar-new-year.json") { text in
                text.replacingOccurrences(of: "\"2027-02-06\"", with: "\"X\"").replacingOccurrences(
                    of: "\"2027-02-12\"", with: "\"2027-02-06\""
                )
                .replacingOccurrences(of: "\"X\"", with: "\"2027-02-12\"")
            }
        },
        BadInputCase(
            name: "yearly and absolute dates mixed", input: "`\"from\": \"2027-12-01\"`, `\"through\": \"02-29\"`",
            expected: ["Layouts/winter.json:", "schedule[0]", "both be MM-DD or both be YYYY-MM-DD"]
        ) { try $0.edit("Layouts/winter.json") { $0.replacingOccurrences(of: "\"12-01\"", with: "\"2027-12-01\"") } },
        BadInputCase(
            name: "no fallback", input: "`Layouts/default.json` given a schedule",
            expected: ["Layouts: error: no fallback layout"]
        ) { workspace in
            try workspace.edit("Layouts/default.json") {
                $0.replacingOccurrences(
                    of: "\"priority\": 0", with: "\"schedule\": [{ \"from\": \"01-01\", \"through\": \"01-02\" }], \"priority\": 0")
            }
        },
        BadInputCase(
            name: "duplicate layout id", input: "`Layouts/winter-copy.json`, a copy of `winter.json`",
            expected: ["Layouts/winter.json:", "duplicate layout id \"winter\" (also in Layouts/winter-copy.json)"]
        ) { workspace in
            try FileManager.default.copyItem(
                at: workspace.root.appendingPathComponent("Layouts/winter.json"),
                to: workspace.root.appendingPathComponent("Layouts/winter-copy.json"))
        },
        BadInputCase(
            name: "no layout files", input: "`Layouts/` holds no `*.json`",
            expected: ["Layouts: error: no layout files (*.json) in this folder"]
        ) { workspace in
            for file in try FileManager.default.contentsOfDirectory(atPath: workspace.root.appendingPathComponent("Layouts").path) {
                try FileManager.default.removeItem(at: workspace.root.appendingPathComponent("Layouts/\(file)"))
            }
        },
        // Templates
        BadInputCase(
            name: "unclosed Mustache tag", input: "`{{title` in `Templates/logo.svg`",
            expected: ["Templates/logo.svg:", "template syntax"]
        ) { try $0.edit("Templates/logo.svg") { $0.replacingOccurrences(of: "{{title}}", with: "{{title") } },
        BadInputCase(
            name: "section closed with another name", input: "`{{#isDark}}…{{/isLight}}`",
            expected: ["Templates/logo.svg:", "closed with another name"]
        ) { try $0.write("Templates/logo.svg", "<g>\n{{#isDark}}<rect/>{{/isLight}}\n</g>\n") },
        BadInputCase(
            name: "unknown template key", input: "`{{titel}}` in `Templates/logo.svg`",
            expected: ["Templates/logo.svg:", "{{titel}} is not defined for layout"]
        ) { try $0.edit("Templates/logo.svg") { $0.replacingOccurrences(of: "{{title}}", with: "{{titel}}") } },
        BadInputCase(
            name: "unknown partial", input: "`{{> badge}}` with no `badge.svg`",
            expected: ["Templates/logo.svg:1:4: error:", "partial \"badge\" not found"]
        ) { try $0.write("Templates/logo.svg", "<g>{{> badge}}</g>\n") },
        BadInputCase(
            name: "partial cycle", input: "`logo.svg` includes `mark.svg`, which includes `logo.svg`",
            expected: ["Templates/", "includes itself", "logo → mark → logo"]
        ) { workspace in
            try workspace.write("Templates/logo.svg", "<g>{{> mark}}</g>\n")
            try workspace.write("Templates/mark.svg", "<g>{{> logo}}</g>\n")
        },
        BadInputCase(
            name: "template not UTF-8", input: "byte FF in `Templates/logo.svg`",
            expected: ["Templates/logo.svg: error: not UTF-8 text"]
        ) { try $0.writeData("Templates/logo.svg", Data([0x3C, 0x67, 0x3E, 0xFF, 0x3C, 0x2F, 0x67, 0x3E])) },
        // SVG
        BadInputCase(
            name: "SVG syntax error", input: "an attribute value without its closing quote",
            expected: ["Templates/logo.svg:1:", "SVG syntax: an element is never closed"]
        ) { try $0.write("Templates/logo.svg", "<g><rect width=\"10/></g>\n") },
        BadInputCase(
            name: "absolute path", input: "`<image href=\"/etc/passwd\">`",
            expected: ["Templates/logo.svg:1:17: error:", "reference \"/etc/passwd\" is an absolute path"]
        ) { try $0.write("Templates/logo.svg", "<g><image href=\"/etc/passwd\" width=\"1\" height=\"1\"/></g>\n") },
        BadInputCase(
            name: "file: URL", input: "`<use xlink:href=\"file:///etc/hosts#a\">`",
            expected: ["Templates/", "uses the file: scheme"]
        ) {
            try $0.write(
                "Templates/logo.svg", "<g xmlns:xlink=\"http://www.w3.org/1999/xlink\"><use xlink:href=\"file:///etc/hosts#a\"/></g>\n")
        },
        BadInputCase(
            name: "CSS url() leaving the folder", input: "`<style>rect { fill: url(../Layouts/x.svg#p) }</style>`",
            expected: ["Templates/", "points outside the templates folder"]
        ) { try $0.write("Templates/logo.svg", "<g><style>rect { fill: url(../Layouts/x.svg#p) }</style></g>\n") },
        BadInputCase(
            name: "CSS @import from the network", input: "`<style>@import \"http://example.com/a.css\";</style>`",
            expected: ["Templates/", "uses the http: scheme"]
        ) { try $0.write("Templates/logo.svg", "<g><style>@import \"http://example.com/a.css\";</style></g>\n") },
        BadInputCase(
            name: "xml-stylesheet from the network", input: "`<?xml-stylesheet href=\"https://example.com/a.css\"?>`",
            expected: ["Templates/", "uses the https: scheme"]
        ) { try $0.write("Templates/logo.svg", "<?xml-stylesheet href=\"https://example.com/a.css\"?>\n<g/>\n") },
        BadInputCase(
            name: "billion laughs", input: "10 nested entities, 880 bytes, 3·10⁹ characters expanded",
            expected: ["Templates/calm.svg:12:85: error:", "takes the template's entity text past 1 MB", "billion laughs"],
            secondsLimit: 15
        ) { try $0.write("Templates/calm.svg", BadInputCase.billionLaughs) },
        BadInputCase(
            name: "quadratic entity blow-up",
            input: "a 50 000-character entity used 50 000 times (300 KB; librsvg alone: 12 GB, then abort)",
            expected: ["Templates/calm.svg:3:", "entity &big; takes the template's entity text past 1 MB"],
            secondsLimit: 15
        ) { try $0.write("Templates/calm.svg", BadInputCase.quadraticBlowUp) },
        BadInputCase(
            name: "entity hidden by UTF-7", input: "`encoding=\"UTF-7\"` and `+ADw-!ENTITY`",
            expected: ["Templates/calm.svg:1:1: error:", "encoding \"UTF-7\" is not allowed"]
        ) { workspace in
            try workspace.write(
                "Templates/calm.svg",
                "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<!DOCTYPE svg [+ADw-!ENTITY a \"b\">]>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{{width}}\" height=\"{{height}}\">&a;</svg>\n"
            )
        },
        BadInputCase(
            name: "NUL character", input: "U+0000 in `Templates/logo.svg` (libxml2 would read UTF-16)",
            expected: ["Templates/logo.svg:1:4: error:", "NUL character"]
        ) { try $0.write("Templates/logo.svg", "<g>\u{0}</g>\n") },
        BadInputCase(
            name: "entity from a layout string", input: "`{{{title}}}` with a title holding `<!ENTITY`",
            expected: ["Templates/calm.svg: error: variant default-phone-", "instantiated line 1:", "<!ENTITY"]
        ) { workspace in
            try workspace.write(
                "Templates/calm.svg", "{{{title}}}<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{{width}}\" height=\"{{height}}\"/>\n")
            try workspace.edit("Layouts/default.json") {
                $0.replacingOccurrences(
                    of: "\"priority\": 0,", with: "\"priority\": 0, \"strings\": { \"title\": \"<!DOCTYPE svg [<!ENTITY a 'b'>]>\" },")
            }
        },
        BadInputCase(
            name: "embedded image over 8192 pixels",
            input: "a 40000×40000 PNG as a `data:` URI (librsvg decodes such a 200 KB file into 4.7 GB)",
            expected: ["Templates/", "data: URI: an image of 40000x40000 pixels; images may be at most 8192 pixels a side"]
        ) {
            try $0.write(
                "Templates/logo.svg", "<g><image href=\"data:image/png;base64,\(BadInputCase.hugePNG)\" width=\"1\" height=\"1\"/></g>\n")
        },
        BadInputCase(
            name: "entity in an embedded SVG", input: "`<image href=\"data:image/svg+xml;base64,…\">` declaring an entity",
            expected: ["Templates/", "data: URI: XML entity declarations (<!ENTITY) are not allowed"]
        ) {
            try $0.write(
                "Templates/logo.svg",
                "<g><image href=\"data:image/svg+xml;base64,\(BadInputCase.entitySVG)\" width=\"1\" height=\"1\"/></g>\n")
        },
        BadInputCase(
            name: "symbolic link out of the templates folder",
            input: "`Templates/photo.png` → `/etc/hostname`, used by `<image href=\"photo.png\">`",
            expected: ["Templates/", "reference \"photo.png\" points outside the templates folder through a symbolic link"]
        ) { workspace in
            try FileManager.default.createSymbolicLink(
                atPath: workspace.root.appendingPathComponent("Templates/photo.png").path, withDestinationPath: "/etc/hostname")
            try workspace.write("Templates/logo.svg", "<g><image href=\"photo.png\" width=\"1\" height=\"1\"/></g>\n")
        },
        // Devices
        BadInputCase(
            name: "zero size in a devices file", input: "`\"points\": { \"width\": 0, … }`", arguments: ["--devices", "devices.json"],
            expected: ["devices.json:1:", "devices[0]: points and scale must be greater than zero"]
        ) { try $0.write("devices.json", BadInputCase.device(points: "0, \"height\": 800", scale: "2")) },
        BadInputCase(
            name: "huge native size in a devices file", input: "`\"nativePixels\": { \"width\": 100000, … }`",
            arguments: ["--devices", "devices.json"],
            expected: [
                "devices.json:1:",
                "devices[0].nativePixels: screen of 100000x200000 pixels is out of range: each side must be 1 to 8192 pixels",
            ]
        ) {
            try $0.write(
                "devices.json",
                BadInputCase.device(
                    points: "400, \"height\": 800", scale: "2", extra: ", \"nativePixels\": {\"width\": 100000, \"height\": 200000}"))
        },
        BadInputCase(
            name: "scale as a string", input: "`\"scale\": \"3x\"`", arguments: ["--devices", "devices.json"],
            expected: ["devices.json:1:", "devices[0].scale: expected a number"]
        ) { try $0.write("devices.json", BadInputCase.device(points: "400, \"height\": 800", scale: "\"3x\"")) },
        // A folder where a file belongs, and missing inputs
        BadInputCase(
            name: "layout file that is a folder", input: "`Layouts/extra.json/` is a directory",
            expected: ["Layouts/extra.json: error: cannot read the file (a folder, not a file)"]
        ) {
            try FileManager.default.createDirectory(
                at: $0.root.appendingPathComponent("Layouts/extra.json"), withIntermediateDirectories: true)
        },
        BadInputCase(
            name: "template that is a folder", input: "`Templates/extra.svg/` is a directory",
            expected: ["Templates/extra.svg: error: cannot read the template (a folder, not a file)"]
        ) {
            try FileManager.default.createDirectory(
                at: $0.root.appendingPathComponent("Templates/extra.svg"), withIntermediateDirectories: true)
        },
        BadInputCase(
            name: "devices file that is a folder", input: "`--devices Templates`", arguments: ["--devices", "Templates"],
            expected: ["Templates: error: cannot read the devices file (a folder, not a file)"]
        ) { _ in },
        BadInputCase(
            name: "missing devices file", input: "`--devices nowhere.json`", arguments: ["--devices", "nowhere.json"],
            expected: ["nowhere.json: error: cannot read the devices file"]
        ) { _ in },
        BadInputCase(
            name: "missing layouts folder", input: "`--layouts Nowhere`", arguments: ["--layouts", "Nowhere"],
            expected: ["Nowhere: error: cannot read the layouts folder"]
        ) { _ in },
        // Output: a file in the way, unwritable places, a full disk
        BadInputCase(
            name: "output path that is a file", input: "`--output notes.txt`, a regular file", arguments: mini + ["--output", "notes.txt"],
            expected: ["notes.txt: error: the output path exists and is not a folder"], watched: ["notes.txt"],
            untouched: "`LaunchAssets/`, `notes.txt`"
        ) { workspace in
            try workspace.writeMini()
            try workspace.write("notes.txt", "not a folder")
        },
        BadInputCase(
            name: "output below a regular file", input: "`--output notes.txt/LaunchAssets`",
            arguments: mini + ["--output", "notes.txt/LaunchAssets"],
            expected: ["notes.txt/LaunchAssets: error: cannot write the output", "the previous output is untouched"],
            watched: ["notes.txt"],
            untouched: "`LaunchAssets/`, `notes.txt`"
        ) { workspace in
            try workspace.writeMini()
            try workspace.write("notes.txt", "not a folder")
        },
        BadInputCase(
            name: "output in a read-only file system", input: "`--output /proc/launch-assets/out`",
            arguments: mini + ["--output", "/proc/launch-assets/out"],
            expected: ["/proc/launch-assets/out: error: cannot write the output", "the previous output is untouched"]
        ) { try $0.writeMini() },
        BadInputCase(
            name: "Swift file that is a folder", input: "`--swift Generated/LaunchAssets.swift/`, a directory",
            arguments: mini + ["--swift", "Generated/LaunchAssets.swift"],
            expected: ["Generated/LaunchAssets.swift: error: a folder is in the way: expected a file; the previous output is untouched"]
        ) { workspace in
            try workspace.writeMini()
            try FileManager.default.createDirectory(
                at: workspace.root.appendingPathComponent("Generated/LaunchAssets.swift"), withIntermediateDirectories: true)
        },
        BadInputCase(
            name: "pack below a regular file", input: "`--swift Generated/LaunchAssets.swift --pack notes.txt/LaunchAssets.launchpack`",
            arguments: mini + ["--swift", "Generated/LaunchAssets.swift", "--pack", "notes.txt/LaunchAssets.launchpack"],
            expected: ["notes.txt/LaunchAssets.launchpack: error: cannot write the file", "the previous output is untouched"],
            watched: ["Generated/LaunchAssets.swift", "notes.txt"],
            untouched: "`LaunchAssets/`, the previous `Generated/LaunchAssets.swift` (staged before the pack failed, then discarded)"
        ) { workspace in
            try workspace.writeMini()
            try workspace.write("notes.txt", "not a folder")
            try FileManager.default.createDirectory(
                at: workspace.root.appendingPathComponent("Generated"), withIntermediateDirectories: true)
            try workspace.write("Generated/LaunchAssets.swift", "// previous Swift\n")
        },
        BadInputCase(
            name: "emitted SVG below a regular file", input: "`--emit-svg notes.txt/svg`",
            arguments: mini + ["--emit-svg", "notes.txt/svg"],
            expected: ["notes.txt/svg/default-phone-", "error: cannot write the file", "the previous output is untouched"],
            watched: ["notes.txt"], untouched: "`LaunchAssets/`, `notes.txt`"
        ) { workspace in
            try workspace.writeMini()
            try workspace.write("notes.txt", "not a folder")
        },
        BadInputCase(
            name: "full disk (pack)", input: "`--pack /dev/full` (ENOSPC)", arguments: mini + ["--pack", "/dev/full"],
            expected: ["/dev/full: error: cannot write the file", "No space left on device", "the previous output is untouched"]
        ) { try $0.writeMini() },
        BadInputCase(
            name: "full disk (Swift)", input: "`--swift /dev/full` (ENOSPC) with an existing `--pack` file",
            arguments: mini + ["--swift", "/dev/full", "--pack", "Generated/LaunchAssets.launchpack"],
            expected: ["/dev/full: error: cannot write the file", "No space left on device", "the previous output is untouched"],
            watched: ["Generated/LaunchAssets.launchpack"], untouched: "`LaunchAssets/`, `Generated/LaunchAssets.launchpack`"
        ) { workspace in
            try workspace.writeMini()
            try FileManager.default.createDirectory(
                at: workspace.root.appendingPathComponent("Generated"), withIntermediateDirectories: true)
            try workspace.write("Generated/LaunchAssets.launchpack", "previous pack")
        },
        // The build plugin's settings (`--config`)
        BadInputCase(
            name: "compression level out of range", input: "`\"compressionLevel\": 13` in `launch-assets.json`",
            arguments: ["--config", "launch-assets.json"],
            expected: ["launch-assets.json:2:23: error: compressionLevel: must be 1 (fastest) to 12 (smallest), found 13"]
        ) { try $0.write("launch-assets.json", "{\n  \"compressionLevel\": 13\n}\n") },
        BadInputCase(
            name: "misspelt setting", input: "`\"compresionLevel\"` in `launch-assets.json`",
            arguments: ["--config", "launch-assets.json"],
            expected: [
                "launch-assets.json:2:3: error: compresionLevel: unknown key \"compresionLevel\"; expected one of assetCatalog, compressionLevel,"
            ]
        ) { try $0.write("launch-assets.json", "{\n  \"compresionLevel\": 11\n}\n") },
        BadInputCase(
            name: "unknown idiom in the settings", input: "`\"idioms\": [\"watch\"]` in `launch-assets.json`",
            arguments: ["--config", "launch-assets.json"],
            expected: ["launch-assets.json:2:", "idioms[0]"]
        ) { try $0.write("launch-assets.json", "{\n  \"idioms\": [\"watch\"]\n}\n") },
        BadInputCase(
            name: "multitasking that is not a boolean", input: "`\"multitasking\": \"yes\"` in `launch-assets.json`",
            arguments: ["--config", "launch-assets.json"],
            expected: ["launch-assets.json:2:19: error: multitasking: expected true or false"]
        ) { try $0.write("launch-assets.json", "{\n  \"multitasking\": \"yes\"\n}\n") },
        // Remote delivery
        BadInputCase(
            name: "remote fallback", input: "`\"delivery\": \"remote\"` in `Layouts/default.json`, the layout without a schedule",
            expected: ["Layouts/default.json:", "error: delivery: the fallback layout (no \"schedule\") must be bundled"]
        ) { workspace in
            try workspace.edit("Layouts/default.json") {
                $0.replacingOccurrences(of: "\"priority\": 0,", with: "\"priority\": 0, \"delivery\": \"remote\",")
            }
        },
        BadInputCase(
            name: "fallback chosen for remote delivery", input: "`--remote-layout default`",
            arguments: ["--remote-layout", "default"],
            expected: ["error: --remote-layout default: \"default\" is the fallback layout", "it must be bundled"]
        ) { _ in },
        BadInputCase(
            name: "unknown remote layout", input: "`\"remoteLayouts\": [\"autum\"]` in `launch-assets.json`",
            arguments: ["--config", "launch-assets.json"],
            expected: ["launch-assets.json:2:21: error: remoteLayouts[0]: no layout with id \"autum\""]
        ) { try $0.write("launch-assets.json", "{\n  \"remoteLayouts\": [\"autum\"]\n}\n") },
        BadInputCase(
            name: "remote layouts without a source", input: "`--remote-layout spring`, no `remote` settings",
            arguments: ["--remote-layout", "spring"],
            expected: ["layout \"spring\" is delivered remotely, but no remote source is configured", "launch-assets keygen"]
        ) { _ in },
        BadInputCase(
            name: "remote source over plain http", input: "`\"url\": \"http://cdn.example.com/launch\"` in `launch-assets.json`",
            arguments: ["--config", "launch-assets.json"],
            expected: ["launch-assets.json:2:22: error: remote.url: expected https (plain http only for a loopback host"]
        ) {
            try $0.write(
                "launch-assets.json",
                "{\n  \"remote\": { \"url\": \"http://cdn.example.com/launch\", \"publicKey\": \"\(Self.publicKey)\" }\n}\n")
        },
        BadInputCase(
            name: "public key of the wrong length", input: "a 16-byte `publicKey` in `launch-assets.json`",
            arguments: ["--config", "launch-assets.json"],
            expected: ["launch-assets.json:2:62: error: remote.publicKey: expected base64 of a 32-byte Ed25519 public key"]
        ) {
            try $0.write(
                "launch-assets.json",
                "{\n  \"remote\": { \"url\": \"https://cdn.example.com\", \"publicKey\": \"AAAAAAAAAAAAAAAAAAAAAA==\" }\n}\n")
        },
        BadInputCase(
            name: "year before 1000", input: "`\"from\": \"0027-02-06\"`",
            expected: ["Layouts/lunar-new-year.json:", "schedule[0].from", "(year 1000 to 9999), found \"0027-02-06\""]
        ) { try $0.edit("Layouts/lunar-new-year.json") { $0.replacingOccurrences(of: "\"2027-02-06\"", with: "\"0027-02-06\"") } },
        // Design-tool exports (issue 24): what an export can get wrong
        BadInputCase(
            name: "referenced image missing", input: "`<image href=\"art/photo.png\">` with no such file",
            expected: [
                "Templates/logo.svg:1:", "reference \"art/photo.png\" names a file that does not exist (Templates/art/photo.png)",
                "add it to the templates folder, or fix the name",
            ]
        ) { try $0.write("Templates/logo.svg", "<g><image href=\"art/photo.png\" width=\"1\" height=\"1\"/></g>\n") },
        BadInputCase(
            name: "font family not shipped or installed", input: "`font-family=\"'MyriadPro-Regular'\"`, as Illustrator exports",
            expected: [
                "Templates/logo.svg:2:22: error: font family \"MyriadPro-Regular\" is neither in Templates/Fonts nor installed",
                "add the font file (.ttf, .otf or .ttc) to Templates/Fonts, or end the family list with a generic family such as sans-serif",
            ]
        ) { try $0.write("Templates/logo.svg", "<g>\n  <text font-family=\"'MyriadPro-Regular'\">Hi</text>\n</g>\n") },
        BadInputCase(
            name: "external entity in an export", input: "Illustrator-style DOCTYPE with `<!ENTITY ns SYSTEM \"…\">`",
            expected: [
                "Templates/logo.svg:1:16: error:", "entity \"ns\" is external (SYSTEM or PUBLIC)",
                "Preserve Illustrator Editing Capabilities",
            ]
        ) {
            try $0.write("Templates/logo.svg", "<!DOCTYPE svg [<!ENTITY ns SYSTEM \"http://example.com/ns\">]>\n<g xmlns:x=\"&ns;\"/>\n")
        },
    ]

    /// A valid Ed25519 public key (base64 of 32 bytes).
    static let publicKey = "tLguOVKA3TA3zBM38iq4oWYyMHsD8+vic5ibUFJOmaE="

    /// A PNG signature and IHDR chunk declaring 40000 × 40000 pixels.
    static let hugePNG = "iVBORw0KGgoAAAANSUhEUgAAnEAAAJxAAQAAAAB5dzOo"

    /// `<!DOCTYPE svg [<!ENTITY a "b">]><svg …>&a;</svg>`, base64.
    static let entitySVG = "PCFET0NUWVBFIHN2ZyBbPCFFTlRJVFkgYSAiYiI+XT48c3ZnIHhtbG5zPSJodHRwOi8vd3d3LnczLm9yZy8yMDAwL3N2ZyI+JmE7PC9zdmc+"

    /// A devices file with one device, on one line.
    static func device(points: String, scale: String, extra: String = "") -> String {
        """
        {"devices": [{"id": "odd", "name": "Odd", "idiom": "phone", "points": {"width": \(points)}, "scale": \(scale)\(extra), \
        "safeArea": {"portrait": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "landscape": {"top": 0, "left": 0, "bottom": 0, "right": 0}}}]}
        """
    }

    /// Ten levels of ten references: 3·10⁹ characters from 880 bytes.
    static let billionLaughs: String = {
        var entities = ["<!ENTITY lol0 \"lollollollollollollollollollol\">"]
        for level in 1..<10 {
            entities.append("<!ENTITY lol\(level) \"\(String(repeating: "&lol\(level - 1);", count: 10))\">")
        }
        return """
            <?xml version="1.0"?>
            <!DOCTYPE svg [\(entities.joined(separator: "\n"))]>
            <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}"><text>&lol9;</text></svg>

            """
    }()

    /// One 50 000-character entity referenced 50 000 times: no nesting for libxml2's loop check to see.
    static let quadraticBlowUp: String = """
        <?xml version="1.0"?>
        <!DOCTYPE svg [<!ENTITY big "\(String(repeating: "x", count: 50_000))">]>
        <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}"><text>\(String(repeating: "&big;", count: 50_000))</text></svg>

        """
}

extension BadInputTests.Workspace {
    func writeData(_ path: String, _ data: Data) throws {
        try data.write(to: root.appendingPathComponent(path))
    }

    /// `Mini/Layouts/default.json` and `Mini/Templates/flat.svg`: one fallback layout, phones
    /// only, one flat rectangle; renders in a moment so a case can reach the writing stage.
    func writeMini() throws {
        for folder in ["Mini/Layouts", "Mini/Templates"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try write(
            "Mini/Layouts/default.json",
            """
            {"id": "default", "template": "flat.svg", "idioms": ["phone"],
             "appearances": {"light": {"background": "#FFFFFF"}, "dark": {"background": "#000000"}}}
            """)
        try write(
            "Mini/Templates/flat.svg",
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}" viewBox="0 0 {{pointWidth}} {{pointHeight}}">
              <rect width="100%" height="100%" fill="{{background}}"/>
            </svg>
            """)
    }
}
