import Foundation
import Testing

@testable import LaunchAssetCompiler

@Suite("What a template may reference")
struct SVGReferencePolicyTests {
    static let templates = FileManager.default.temporaryDirectory.appendingPathComponent("policy/Templates", isDirectory: true)
    let policy = SVGReferencePolicy(templates: Self.templates)

    /// The files the allowed references name.
    init() throws {
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!
        try FileManager.default.createDirectory(at: Self.templates.appendingPathComponent("images"), withIntermediateDirectories: true)
        try png.write(to: Self.templates.appendingPathComponent("logo.png"))
        try png.write(to: Self.templates.appendingPathComponent("images/logo.png"))
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: Self.templates.appendingPathComponent("logo.svg"))
        try Data("rect { fill: #fff }".utf8).write(to: Self.templates.appendingPathComponent("theme.css"))
    }

    private func svg(_ body: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">
        \(body)
        </svg>
        """
    }

    // MARK: Allowed

    @Test(arguments: [
        "#logo", "  #logo  ", "",
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "DATA:image/svg+xml,%3Csvg%2F%3E",
        "logo.png", "images/logo.png", "./logo.png", "images/../logo.png", "logo.svg#mark",
    ])
    func allowedReferences(reference: String) {
        #expect(policy.problem(with: reference) == nil)
    }

    @Test func allowedReferencesInADocument() {
        let document = svg(
            """
            <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
            <style>.a { fill: url(#g); } .b { fill: url('#g') }</style>
            <rect width="10" height="10" fill="url(#g)" style="stroke: url( '#g' )"/>
            <use href="#g"/>
            <use xlink:href="#g"/>
            <image href="logo.png" width="1" height="1"/>
            <image xlink:href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
            """)
        #expect(policy.violations(in: document) == [])
    }

    // MARK: Refused

    @Test func aFileThatIsNotThereIsNamed() {
        #expect(
            policy.problem(with: "images/photo.png")
                == "reference \"images/photo.png\" names a file that does not exist (\(displayed(Self.templates.appendingPathComponent("images/photo.png")))): add it to the templates folder, or fix the name"
        )
    }

    @Test(arguments: [
        ("http://example.com/a.png", "uses the http: scheme"),
        ("https://example.com/a.png", "uses the https: scheme"),
        ("HTTPS://example.com/a.png", "uses the https: scheme"),
        ("file:///etc/passwd", "uses the file: scheme"),
        ("ftp://example.com/a.png", "uses the ftp: scheme"),
        ("/etc/passwd", "is an absolute path"),
        ("//example.com/a.png", "is an absolute path"),
        ("../secret.png", "points outside the templates folder"),
        ("images/../../secret.png", "points outside the templates folder"),
        ("../Templates-other/a.png", "points outside the templates folder"),
        ("..", "points outside the templates folder"),
        ("%2e%2e/secret.png", "points outside the templates folder"),
        ("\\68ttp://example.com/a.png", "uses the http: scheme"),
        ("\\2e\\2e/secret.png", "points outside the templates folder"),
    ])
    func refusedReferences(reference: String, reason: String) throws {
        let message = try #require(policy.problem(with: reference))
        #expect(message.contains(reason))
        #expect(message.contains("\"\(reference)\""), "the message quotes the reference")
    }

    @Test func refusedHrefAttributesArePlacedAtTheirElement() throws {
        let document = svg(
            """
            <rect width="10" height="10"/>
            <image href="https://example.com/tracker.png" width="1" height="1"/>
            <use xlink:href="file:///etc/passwd#x"/>
            <image src="/etc/passwd"/>
            <image href="../secret.png"/>
            """)
        let violations = policy.violations(in: document)
        #expect(violations.map(\.line) == [3, 4, 5, 6])
        #expect(violations.allSatisfy { $0.column > 1 })
        #expect(violations.count == 4)
        guard violations.count == 4 else { return }
        #expect(violations[0].message.contains("\"https://example.com/tracker.png\" uses the https: scheme"))
        #expect(violations[1].message.contains("file: scheme"))
        #expect(violations[2].message.contains("absolute path"))
        #expect(violations[3].message.contains("outside the templates folder"))
    }

    @Test func urlInAStyleAttributeIsChecked() throws {
        let violations = policy.violations(in: svg(#"<rect width="10" height="10" style="fill: url(http://example.com/paint.svg#p)"/>"#))
        let violation = try #require(violations.first)
        #expect(violations.count == 1)
        #expect(violation.line == 2)
        #expect(violation.message.contains("http://example.com/paint.svg#p"))
        #expect(violation.message.contains("http: scheme"))
    }

    @Test func urlInAPresentationAttributeIsChecked() throws {
        let violations = policy.violations(in: svg(#"<rect width="10" height="10" filter="url('../filters.svg#blur')"/>"#))
        #expect(violations.count == 1)
        #expect(violations.first?.message.contains("outside the templates folder") == true)
    }

    @Test func urlInAStyleElementIsChecked() throws {
        let violations = policy.violations(
            in: svg(
                """
                <style>
                  .a { fill: url(#ok); }
                  .b { fill: url("https://example.com/paint.svg#p"); }
                </style>
                """))
        #expect(violations.count == 1)
        #expect(violations.first?.message.contains("https: scheme") == true)
        #expect((2...5).contains(violations.first?.line ?? 0))
    }

    @Test func urlInACDATAStyleIsChecked() throws {
        let violations = policy.violations(in: svg("<style><![CDATA[ .b { fill: url(/etc/passwd) } ]]></style>"))
        #expect(violations.count == 1)
        #expect(violations.first?.message.contains("absolute path") == true)
    }

    @Test func importInAStyleElementIsChecked() throws {
        for style in [
            #"@import "https://example.com/theme.css";"#, "@import url(http://example.com/theme.css);", "@import '../theme.css';",
        ] {
            let violations = policy.violations(in: svg("<style>\(style)</style>"))
            #expect(violations.count == 1, "\(style)")
        }
        #expect(policy.violations(in: svg("<style>@import 'theme.css';</style>")) == [])
    }

    @Test func internalEntitiesAreExpandedBeforeTheCheck() throws {
        let document = """
            <!DOCTYPE svg [<!ENTITY tracker "https://example.com/t.png">]>
            <svg xmlns="http://www.w3.org/2000/svg"><image href="&tracker;"/></svg>
            """
        let violations = policy.violations(in: document)
        #expect(violations.count == 1)
        #expect(violations.first?.message.contains("https: scheme") == true)
    }

    // MARK: Malformed XML

    @Test func mismatchedTagIsReportedWithLineAndColumn() throws {
        let violations = policy.violations(in: "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <g>\n    <rect/>\n  </svg>\n")
        #expect(violations.count == 1)
        let violation = try #require(violations.first)
        #expect(violation.line == 4)
        #expect(violation.column > 1)
        #expect(violation.message.hasPrefix("SVG syntax"))
    }

    @Test func unclosedElementIsReported() throws {
        let violations = policy.violations(in: "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <rect width=\"1\">\n</svg>\n")
        #expect(violations.count == 1)
        #expect(violations.first?.line == 3)
        #expect(violations.first?.message.hasPrefix("SVG syntax") == true)
    }

    @Test func undefinedEntityIsReported() throws {
        let violations = policy.violations(in: "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <text>&nbsp;</text>\n</svg>")
        #expect(violations.count == 1)
        #expect(violations.first?.message.hasPrefix("SVG syntax") == true)
        #expect((violations.first?.line ?? 0) >= 2)
    }

    @Test func syntaxErrorIsReportedAlone() throws {
        let violations = policy.violations(
            in: "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<image href=\"http://example.com/a.png\"/>\n<g></svg>")
        #expect(violations.count == 1)
        #expect(violations.first?.message.hasPrefix("SVG syntax") == true)
    }

    // MARK: Ways around a naive scan

    @Test func styleTextSplitByEntitiesIsCheckedWhole() throws {
        let document = svg("<style>rect { fill: url(&#104;ttp://example.com/p.svg#a) }</style>")
        let violations = policy.violations(in: document)
        #expect(violations.count == 1, "\(violations)")
        #expect(violations.first?.message.contains("http: scheme") == true)
    }

    @Test func upperCaseURLFunctionIsChecked() throws {
        let violations = policy.violations(in: svg("<rect style=\"fill: URL(https://example.com/p.svg#a)\"/>"))
        #expect(violations.map(\.message).contains { $0.contains("https: scheme") }, "\(violations)")
    }

    @Test func cssEscapesAreResolvedBeforeTheCheck() throws {
        let violations = policy.violations(in: svg("<style>rect { fill: url(\\68ttp://example.com/p.svg#a) }</style>"))
        #expect(violations.map(\.message).contains { $0.contains("http: scheme") }, "\(violations)")
    }

    @Test func styleSheetProcessingInstructionIsChecked() throws {
        let document = "<?xml-stylesheet type=\"text/css\" href=\"http://example.com/s.css\"?>\n" + svg("<rect/>")
        let violations = policy.violations(in: document)
        #expect(violations.map(\.message).contains { $0.contains("http: scheme") }, "\(violations)")
    }
}
