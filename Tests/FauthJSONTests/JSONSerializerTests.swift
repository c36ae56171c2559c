import Testing

@testable import FauthJSON

@Suite struct JSONSerializerTests {
    @Test func writesCompactTextInInsertionOrder() {
        let value: JSONValue = ["z": 1, "a": [true, .null, 2.5], "m": "x/y"]
        #expect(value.serialized() == #"{"z":1,"a":[true,null,2.5],"m":"x/y"}"#)
    }

    @Test func escapesOnlyWhatJSONRequires() {
        let value = JSONValue.string("q\"b\\n\n\t\u{1}é😀\u{7f}")
        #expect(value.serialized() == #""q\"b\\n\n\t\u0001é😀\u007f""#)
    }

    @Test func writesIntegralNumbersWithoutFraction() {
        #expect(JSONValue.number(17009).serialized() == "17009")
        #expect(JSONValue.number(-0.5).serialized() == "-0.5")
        #expect(JSONValue.number(1e20).serialized() == "1e+20")
    }

    @Test func prettyPrintsWithTwoSpaces() {
        let value: JSONValue = ["a": [1], "b": [:], "c": []]
        #expect(value.serialized(pretty: true) == "{\n  \"a\": [\n    1\n  ],\n  \"b\": {},\n  \"c\": []\n}")
    }

    @Test(arguments: [
        #"{"a":[1,2,{"b":null}],"c":"\u0000 é","d":-1.25e-7,"e":false}"#,
        #"[]"#, #""""#, #"0"#, #"{"":{"":[]}}"#,
    ])
    func roundTrips(text: String) throws {
        let value = try JSONValue.parse(text)
        #expect(try JSONValue.parse(value.serialized()) == value)
        #expect(try JSONValue.parse(value.serialized(pretty: true)) == value)
    }

    @Test func objectEditingKeepsPositions() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = 20
        object["a"] = nil
        object["d"] = 4
        #expect(object.keys == ["b", "c", "d"])
        #expect(object["b"] == 20)
        #expect(JSONValue.object(object).serialized() == #"{"b":20,"c":3,"d":4}"#)
        #expect(object == ["d": 4, "c": 3, "b": 20])
    }

    @Test func escapesAtEitherEndAndSideBySide() {
        #expect(JSONValue.string("\"").serialized() == #""\"""#)
        #expect(JSONValue.string("\n\"x\\\u{1f}").serialized() == #""\n\"x\\\u001f""#)
        #expect(JSONValue.string("é\u{0}é").serialized() == #""é\u0000é""#)
        #expect(JSONValue.string("").serialized() == #""""#)
        let key: JSONValue = ["a\"b": "\u{7f}"]
        #expect(key.serialized() == #"{"a\"b":"\u007f"}"#)
    }

    /// Long strings are passed over eight bytes at a time: a character to escape (or a non-ASCII one) at every offset
    /// of a 24-byte string is still found, and the text round-trips.
    @Test func everyOffsetOfALongStringIsLookedAt() throws {
        let escapes: [(Character, String)] = [
            ("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{1}", #"\u0001"#),
            ("\u{7f}", #"\u007f"#), ("\u{1f}", #"\u001f"#), ("é", "é"), ("😀", "😀"),
        ]
        for length in [8, 15, 16, 24, 33] {
            for offset in 0..<length {
                for (character, escaped) in escapes {
                    var plain = Array(repeating: Character("a"), count: length)
                    plain[offset] = character
                    let text = String(plain)
                    let expected =
                        "\"" + String(repeating: "a", count: offset) + escaped
                        + String(repeating: "a", count: length - offset - 1) + "\""
                    #expect(JSONValue.string(text).serialized() == expected)
                    #expect(try JSONValue.parse(expected) == .string(text))
                }
            }
        }
    }
}
