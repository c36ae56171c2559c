import Testing
@testable import FauthJSON

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONValue.parse(#" {"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d"}, "e": ""} "#)
        #expect(value["a"] == [1, -2.5, 300, true, false, .null])
        #expect(value["b"]?["c"] == "d")
        #expect(value["e"] == "")
        #expect(value.object?.keys == ["a", "b", "e"])
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONValue.parse(#""\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#)
        #expect(value == .string("\"\\/\u{8}\u{c}\n\r\té😀"))
    }

    @Test(arguments: [
        "", " ", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "-", "+1", "1e", "tru", "nul", "\"abc",
        "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "{\"a\" 1}", "{1:2}",
        "[1 2]", "1 2", "\"a\u{1}b\"", "NaN", "Infinity", "1e400", "[]]", "{}x",
    ])
    func rejectsInvalidDocuments(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONParseError.self) { try JSONValue.parse([0x22, 0xFF, 0x22]) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse([0x22, 0xED, 0xA0, 0x80, 0x22]) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse([0x22, 0xC3, 0x22]) }
    }

    @Test func boundsNestingDepth() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
        let allowed = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        #expect(throws: Never.self) { try JSONValue.parse(allowed, maxDepth: 10) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(allowed, maxDepth: 9) }
    }

    @Test func reportsWhereTheErrorIs() {
        #expect(throws: JSONParseError(message: "expected ',' or ']'", offset: 3)) { try JSONValue.parse("[1 2]") }
    }

    @Test func laterDuplicateMemberWins() throws {
        let value = try JSONValue.parse(#"{"a":1,"b":2,"a":3}"#)
        #expect(value["a"] == 3)
        #expect(value.object?.keys == ["a", "b"])
    }

    @Test func accessorsReturnNilForOtherKinds() {
        let value: JSONValue = "text"
        #expect(value.bool == nil && value.number == nil && value.array == nil && value.object == nil && !value.isNull)
        #expect(value["key"] == nil)
        #expect(JSONValue.number(2.5).int == nil)
        #expect(JSONValue.number(17009).int == 17009)
    }
}
