import Foundation
import Testing

@testable import LaunchAssetCompiler

@Suite("The XML prologue of a template")
struct XMLPrologueTests {
    @Test func theDeclarationAndDoctypeBecomeSpacesOnTheirOwnLines() throws {
        let text = """
            \u{FEFF}<?xml version="1.0" encoding="utf-8"?>
            <!-- Generator: Adobe Illustrator 25.2.3 -->
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
            \t<!ENTITY ns_ai "http://ns.adobe.com/AdobeIllustrator/10.0/">
            ]>
            <svg xmlns:i="&ns_ai;"><text>&amp; &#160; &lt;</text></svg>
            """
        let imported = try XMLPrologue.imported(text)
        let lines = imported.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 6)
        #expect(lines[0].allSatisfy { $0 == " " } && lines[0].count == 39)
        #expect(lines[1] == "<!-- Generator: Adobe Illustrator 25.2.3 -->")
        #expect(lines[2].allSatisfy { $0 == " " } && lines[3].allSatisfy { $0 == " " })
        #expect(lines[4] == "  ")
        #expect(lines[5] == "<svg xmlns:i=\"http://ns.adobe.com/AdobeIllustrator/10.0/\"><text>&amp; &#160; &lt;</text></svg>")
    }

    @Test func entitiesExpandInsideEntitiesAndQuotesAreEscaped() throws {
        let text = """
            <!DOCTYPE svg [<!ENTITY a "x&b;y"><!ENTITY b 'say "hi"'>]><svg a="&a;">&b;<!-- &c; --><![CDATA[&c;]]></svg>
            """
        let imported = try XMLPrologue.imported(text)
        #expect(imported.hasSuffix("<svg a=\"xsay &quot;hi&quot;y\">say &quot;hi&quot;<!-- &c; --><![CDATA[&c;]]></svg>"))
    }

    @Test func mustacheTagsWithAnAmpersandStayAsTheyAre() throws {
        #expect(try XMLPrologue.imported("<g>{{& title}}{{&title}}</g>") == "<g>{{& title}}{{&title}}</g>")
    }

    @Test(arguments: [
        (#"<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>"#, "entity \"x\" is external (SYSTEM or PUBLIC)", 15),
        (#"<!DOCTYPE svg [<!ENTITY % p "x">]><svg/>"#, "parameter entities (<!ENTITY %) are not allowed", 15),
        (#"<!DOCTYPE svg [<!ENTITY m "<g/>">]><svg>&m;</svg>"#, "entity \"m\" holds markup", 15),
        (#"<!DOCTYPE svg [<!ENTITY a "&a;">]><svg>&a;</svg>"#, "entity \"a\" refers to itself (a → a)", 15),
        (#"<svg>&nbsp;</svg>"#, "entity &nbsp; is not declared", 5),
        (#"<!DOCTYPE svg [<!ENTITY a "b">"#, "never closed", 0),
    ])
    func refused(text: String, message: String, offset: Int) {
        let error = #expect(throws: XMLPrologue.Problem.self) { _ = try XMLPrologue.imported(text) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        #expect(error?.offset == offset, "\(error?.message ?? "")")
    }

    @Test func aBillionLaughsStopsAtTheLimitQuickly() throws {
        var entities = ["<!ENTITY lol0 \"lollollollollollollollollollol\">"]
        for level in 1..<10 { entities.append("<!ENTITY lol\(level) \"\(String(repeating: "&lol\(level - 1);", count: 10))\">") }
        let text = "<!DOCTYPE svg [\(entities.joined())]><svg><text>&lol9;</text></svg>"
        let error = try #require(throws: XMLPrologue.Problem.self) { _ = try XMLPrologue.imported(text) }
        #expect(error.message.contains("past 1 MB") && error.message.contains("billion laughs"))
        #expect(text.utf8.dropFirst(error.offset).starts(with: "&lol9;".utf8), "placed at the reference")
    }

    @Test func manyUsesOfOneLargeEntityStopAtTheLimit() throws {
        let text =
            "<!DOCTYPE svg [<!ENTITY big \"\(String(repeating: "x", count: 50_000))\">]><svg><text>\(String(repeating: "&big;", count: 50_000))</text></svg>"
        let error = try #require(throws: XMLPrologue.Problem.self) { _ = try XMLPrologue.imported(text) }
        #expect(error.message.contains("&big;"))
        // Entity text up to the limit is fine: 20 uses of 50 000 characters.
        let fits =
            "<!DOCTYPE svg [<!ENTITY big \"\(String(repeating: "x", count: 50_000))\">]><svg><text>\(String(repeating: "&big;", count: 20))</text></svg>"
        #expect(try XMLPrologue.imported(fits).utf8.count > 1_000_000)
    }
}
