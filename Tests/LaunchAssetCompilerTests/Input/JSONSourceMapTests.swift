import Foundation
import LaunchScreenRepair
import Testing

@testable import LaunchAssetCompiler

@Suite("Lines, columns and JSON paths of an input file")
struct JSONSourceMapTests {
    private func map(_ text: String) throws -> JSONSourceMap {
        try JSONSourceMap(Data(text.utf8))
    }

    /// The diagnostic the map throws for `data`.
    private func syntaxError(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws -> Diagnostic {
        try #require(throws: Diagnostic.self, sourceLocation: sourceLocation) { try JSONSourceMap(data) }
    }

    private func syntaxError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Diagnostic {
        try syntaxError(Data(text.utf8), sourceLocation: sourceLocation)
    }

    // MARK: Positions

    static let nested = """
        {
          "id": "winter",
          "schedule": [
            { "from": "12-01", "through": "02-28" },
            {
              "from": "2027-02-06",
              "through": "2027-02-12"
            }
          ],
          "appearances": { "light": { "ink": "#000" }, "dark": { "ink": "#FFF" } },
          "idioms": ["phone", "pad"]
        }
        """

    @Test func positionsOfNestedValues() throws {
        let map = try map(Self.nested)
        #expect(map.positions[""] == .init(line: 1, column: 1))
        #expect(map.positions["id"] == .init(line: 2, column: 9))
        #expect(map.positions["schedule"] == .init(line: 3, column: 15))
        #expect(map.positions["schedule[0]"] == .init(line: 4, column: 5))
        #expect(map.positions["schedule[0].from"] == .init(line: 4, column: 15))
        #expect(map.positions["schedule[0].through"] == .init(line: 4, column: 35))
        #expect(map.positions["schedule[1]"] == .init(line: 5, column: 5))
        #expect(map.positions["schedule[1].from"] == .init(line: 6, column: 15))
        #expect(map.positions["schedule[1].through"] == .init(line: 7, column: 18))
        #expect(map.positions["appearances.light.ink"] == .init(line: 10, column: 38))
        #expect(map.positions["appearances.dark.ink"] == .init(line: 10, column: 65))
        #expect(map.positions["idioms[1]"] == .init(line: 11, column: 23))
        // Every position agrees with where the text actually is.
        for (path, needle, occurrence) in [
            ("schedule[0].from", "\"12-01\"", 1), ("schedule[1].through", "\"2027-02-12\"", 1),
            ("appearances.dark.ink", "\"#FFF\"", 1), ("idioms[1]", "\"pad\"", 1),
        ] {
            let expected = place(of: needle, in: Self.nested, occurrence: occurrence)
            #expect(map.positions[path] == .init(line: expected.line, column: expected.column), "\(path)")
        }
    }

    @Test func keysAreRecordedInDocumentOrderPerObject() throws {
        let map = try map(Self.nested)
        #expect(map.keys[""] == ["id", "schedule", "appearances", "idioms"])
        #expect(map.keys["schedule[1]"] == ["from", "through"])
        #expect(map.keys["appearances"] == ["light", "dark"])
        #expect(map.keys["idioms"] == nil)
    }

    @Test func positionFallsBackToTheClosestEnclosingValue() throws {
        let map = try map(Self.nested)
        #expect(map.position(of: "schedule[1].from") == .init(line: 6, column: 15))
        #expect(map.position(of: "schedule[1].missing") == map.positions["schedule[1]"])
        #expect(map.position(of: "schedule[7].from") == map.positions["schedule"])
        #expect(map.position(of: "nothing.here") == .init(line: 1, column: 1))
    }

    @Test func codingPathsJoinLikeThePositionKeys() throws {
        struct Range: Decodable { var from: Int }
        struct Root: Decodable { var schedule: [Range] }
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Root.self, from: Data(#"{"schedule": [{"from": 1}, {"from": "x"}]}"#.utf8))
        }
        guard case .typeMismatch = error else {
            Issue.record("expected a type mismatch, got \(error)")
            return
        }
        #expect(error.jsonPath == "schedule[1].from")
    }

    @Test func carriageReturnLineFeedEndingsCountLinesOnce() throws {
        let map = try map("{\r\n  \"a\": 1,\r\n  \"b\": [\r\n    true\r\n  ]\r\n}\r\n")
        #expect(map.positions["a"] == .init(line: 2, column: 8))
        #expect(map.positions["b[0]"] == .init(line: 4, column: 5))
    }

    // MARK: Syntax errors

    @Test func missingCommaBetweenMembers() throws {
        let error = try syntaxError(
            """
            {
              "id": "a"
              "template": "b.svg"
            }
            """)
        #expect(error.line == 3)
        #expect(error.column == 3)
        #expect(error.message.contains("expected ',' or '}'"))
        #expect(error.severity == .error)
    }

    @Test func missingCommaBetweenArrayElements() throws {
        let error = try syntaxError("{\n  \"idioms\": [\"phone\" \"pad\"]\n}")
        #expect(error.line == 2)
        #expect(error.column == 22)
        #expect(error.message.contains("expected ',' or ']'"))
    }

    @Test func unclosedStringAtTheEndOfTheFile() throws {
        let error = try syntaxError("{\n  \"id\": \"winter")
        #expect(error.message.contains("never closed"))
        // Placed at the opening quote.
        #expect(error.line == 2)
        #expect(error.column == 9)
    }

    @Test func unclosedStringAtTheEndOfALine() throws {
        let error = try syntaxError("{\n  \"id\": \"winter,\n  \"template\": \"a.svg\"\n}")
        #expect(error.line == 2)
        #expect(error.column != nil)
    }

    @Test func trailingTextAfterTheValue() throws {
        let error = try syntaxError("{ \"id\": \"a\" }\n}\n")
        #expect(error.line == 2)
        #expect(error.column == 1)
        #expect(error.message.contains("unexpected text after the JSON value"))

        let sameLine = try syntaxError("[1, 2] x")
        #expect(sameLine.line == 1)
        #expect(sameLine.column == 8)
    }

    @Test func emptyInputIsAnError() throws {
        let error = try syntaxError("  \n")
        #expect(error.line == 2)
        #expect(error.column == 1)
        #expect(error.message.contains("expected a value"))
    }

    @Test func duplicateKeysAreErrorsAtTheSecondKey() throws {
        let error = try syntaxError(
            """
            {
              "id": "a",
              "template": "b.svg",
              "id": "c"
            }
            """)
        #expect(error.line == 4)
        #expect(error.column == 3)
        #expect(error.message.contains("duplicate key \"id\""))

        let nested = try syntaxError("{\"schedule\": [{\"from\": \"01-01\", \"from\": \"02-01\"}]}")
        #expect(nested.line == 1)
        #expect(nested.column == 33)
        #expect(nested.message.contains("duplicate key \"from\""))
    }

    @Test func sameKeyInDifferentObjectsIsFine() throws {
        let map = try map(##"{"light": {"ink": "#000"}, "dark": {"ink": "#FFF"}}"##)
        #expect(map.keys["light"] == ["ink"])
        #expect(map.keys["dark"] == ["ink"])
    }

    @Test func nonUTF8InputIsPlacedAtTheBadByte() throws {
        var data = Data("{\n  \"id\": \"caf".utf8)
        data.append(0xE9)  // Latin-1 "é"
        data.append(contentsOf: Data("\"\n}\n".utf8))
        let error = try syntaxError(data)
        #expect(error.message.contains("not UTF-8"))
        #expect(error.line == 2)
        #expect(error.column == 13)
    }

    @Test func nonUTF8AfterValidMultibyteText() throws {
        // "é" is two bytes; the stray 0xFF is byte offset 8 on line 1.
        var data = Data("{\"é\": \"".utf8)
        data.append(0xFF)
        data.append(contentsOf: Data("\"}".utf8))
        let error = try syntaxError(data)
        #expect(error.message.contains("not UTF-8"))
        #expect(error.message.contains("byte offset 8"))
        #expect(error.line == 1)
        #expect(error.column == 9)
    }

    @Test func truncatedMultibyteSequenceAtTheEnd() throws {
        var data = Data("{\"a\": 1}\n".utf8)
        data.append(0xC3)
        let error = try syntaxError(data)
        #expect(error.message.contains("not UTF-8"))
        #expect(error.line == 2)
        #expect(error.column == 1)
    }

    @Test func nestingUpTo64LevelsIsAccepted() throws {
        let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        let map = try map(text)
        #expect(map.positions[""] == .init(line: 1, column: 1))
    }

    @Test func nestingBeyond64LevelsIsAnError() throws {
        let arrays = try syntaxError(String(repeating: "[", count: 65) + String(repeating: "]", count: 65))
        #expect(arrays.message.contains("nested more than 64 levels"))
        #expect(arrays.line == 1)
        #expect(arrays.column == 65)

        // Objects count too, and the count is of open levels, not of all levels seen.
        let objects = String(repeating: "{\"a\":", count: 65) + "1" + String(repeating: "}", count: 65)
        let error = try syntaxError(objects)
        #expect(error.message.contains("nested more than 64 levels"))
        let siblings =
            "[" + Array(repeating: String(repeating: "[", count: 63) + String(repeating: "]", count: 63), count: 3).joined(separator: ",")
            + "]"
        #expect(throws: Never.self) { try JSONSourceMap(Data(siblings.utf8)) }
    }

    @Test func malformedLiteralsAndNumbers() throws {
        let literal = try syntaxError("{\"a\": tru}")
        #expect(literal.column == 7)
        #expect(literal.message.contains("expected a value"))

        let number = try syntaxError("[1, 2-3]")
        #expect(number.column == 6)
        #expect(number.message.contains("expected ',' or ']', found '-'"))

        for (text, column) in [("[007]", 2), ("[1.]", 2), ("[1e999]", 2), ("[-]", 2), ("[1e+]", 2)] {
            let error = try syntaxError(text)
            #expect(error.column == column, "\(text)")
            #expect(error.message.contains("malformed or out-of-range number"), "\(text): \(error.message)")
        }

        let plus = try syntaxError("[+1]")
        #expect(plus.column == 2)
    }

    @Test func badEscapesAreErrors() throws {
        let escape = try syntaxError(#"{"a": "x\qy"}"#)
        #expect(escape.message.contains("unknown escape"))
        let unicode = try syntaxError(#"{"a": "\u12G4"}"#)
        #expect(unicode.message.contains("four hex digits"))
    }

    @Test func foundTextStaysOnOneLine() throws {
        let control = try syntaxError("{\"a\": \u{01}}")
        #expect(control.message.hasSuffix("found control character U+0001"), "\(control.message)")
        let broken = try syntaxError("{\"a\": \"open\n\"}")
        #expect(broken.message == "string not closed before the end of the line", "\(broken.message)")
        let accent = try syntaxError("{\"a\": é}")
        #expect(accent.message.hasSuffix("found 'é'"), "\(accent.message)")
        #expect(!accent.message.contains("\u{FFFD}"))
    }
}
