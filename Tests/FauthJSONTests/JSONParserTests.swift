import Testing

@testable import FauthJSON

@Suite struct JSONParserTests {
    /// The parser reads the document in place, each read after a bounds check of its own: every proper prefix of
    /// these documents (cut anywhere, in a literal, a number, an escape, a surrogate pair or a long string's word
    /// scan) is refused, never read past its end (a debug build traps on such a read).
    @Test func everyTruncatedDocumentIsRefused() throws {
        let documents = [
            #"{"a":[1,-2.5e+3,0.5,true,false,null],"b":{"c":"d\n\u00e9\ud83d\ude00"},"long":"abcdefghijklmnopqrstuvwxyz0123456789"}"#,
            #"[{"k":"café abcdefghijk"},-0,123456789012345678901,"\/\b\f\r\t\"\\"]"#,
        ]
        for document in documents {
            let bytes = Array(document.utf8)
            _ = try JSONValue.parse(bytes)
            for length in 0..<bytes.count {
                #expect(throws: JSONParseError.self, "prefix of \(length) bytes") {
                    try JSONValue.parse(Array(bytes[..<length]))
                }
            }
        }
    }

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

    @Test func stringsWithoutEscapesAreReadWholeAndTheRestByTheGeneralLoop() throws {
        #expect(
            try JSONValue.parse(#"["plain","é ü 😀","",  "a\nb", "é\u0041é"]"#)
                == ["plain", "é ü 😀", "", "a\nb", "éAé"])
        // Where each failure is reported does not depend on how far the scan went first.
        #expect(throws: JSONParseError(message: "invalid UTF-8 in string", offset: 1)) {
            try JSONValue.parse([0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D])
        }
        #expect(throws: JSONParseError(message: "invalid UTF-8 in string", offset: 1)) {
            try JSONValue.parse([0x5B, 0x22, 0xC3, 0x5C, 0x6E, 0x22, 0x5D])
        }
        #expect(throws: JSONParseError(message: "control character in string", offset: 4)) {
            try JSONValue.parse([0x22, 0xC3, 0xA9, 0x61, 0x0A, 0x22])
        }
        #expect(throws: JSONParseError(message: "control character in string", offset: 5)) {
            try JSONValue.parse(#""a\nb"# + "\u{1}\"")
        }
        #expect(throws: JSONParseError(message: "unterminated string", offset: 4)) { try JSONValue.parse(#""abc"#) }
        #expect(throws: JSONParseError(message: "unterminated string", offset: 6)) { try JSONValue.parse(#""ab\"c"#) }
        #expect(throws: JSONParseError(message: "invalid escape", offset: 5)) { try JSONValue.parse(#""ab\x""#) }
    }

    @Test func integersAreReadExactlyAndLongerNumbersAsText() throws {
        #expect(
            try JSONValue.parse("[0, -0, 7, -42, 999999999999999, 1234567890123456, -9007199254740993, 12.5, 1e3]")
                == [
                    0, 0, 7, -42, 999_999_999_999_999, 1_234_567_890_123_456, .number(-9_007_199_254_740_992), 12.5,
                    1000,
                ])
        #expect(try JSONValue.parse("-0").number?.sign == .minus)
        #expect(try JSONValue.parse("0").number?.sign == .plus)
        #expect(throws: JSONParseError(message: "invalid number", offset: 1)) { try JSONValue.parse("-x") }
    }

    @Test func largeObjectsKeepOrderAndFindEveryMember() throws {
        let names = (0..<40).map { "k\($0)" }
        var object = JSONObject()
        for (index, name) in names.enumerated() { object[name] = .number(Double(index)) }
        #expect(object.keys == names)
        #expect(names.enumerated().allSatisfy { object[$0.element] == .number(Double($0.offset)) })
        object["k3"] = nil
        object["k30"] = "replaced"
        object["k3"] = true
        #expect(object.keys == names.filter { $0 != "k3" } + ["k3"])
        #expect(object["k30"] == "replaced" && object["k31"] == 31 && object["k3"] == true && object["k99"] == nil)
        let parsed = try JSONValue.parse(JSONValue.object(object).serialized())
        #expect(parsed.object == object && parsed.object?.keys == object.keys)
        for name in names { object[name] = nil }
        #expect(object.isEmpty && object["k0"] == nil)
    }

    /// The word-at-a-time scan stops at a control character or invalid UTF-8 wherever it is in a long string, and
    /// reports it where the byte-at-a-time reading did.
    @Test func longStringsReportFailuresAtTheSameOffsets() throws {
        for length in [9, 16, 23, 40] {
            for offset in 0..<length {
                var bytes = [0x22] + Array(repeating: UInt8(ascii: "x"), count: length) + [0x22]
                bytes[1 + offset] = 0x09
                #expect(throws: JSONParseError(message: "control character in string", offset: 1 + offset)) {
                    try JSONValue.parse(bytes)
                }
                bytes[1 + offset] = 0xFF
                #expect(throws: JSONParseError(message: "invalid UTF-8 in string", offset: 0)) {
                    try JSONValue.parse(bytes)
                }
                bytes[1 + offset] = 0xC3
                bytes.insert(0xA9, at: 2 + offset)
                #expect(
                    try JSONValue.parse(bytes)
                        == .string(
                            String(repeating: "x", count: offset) + "é"
                                + String(repeating: "x", count: length - offset - 1)))
            }
        }
    }
}
