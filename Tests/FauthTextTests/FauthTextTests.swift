import FauthText
import Testing

@Suite struct FauthTextTests {
    @Test func htmlEscapingReplacesEveryCharacterWithAMeaning() {
        #expect(
            HTMLText.escaped(#"<a href="x">Tom & 'Jerry'</a>"#)
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
        #expect(HTMLText.escaped("plain ü") == "plain ü")
    }

    @Test func aPhoneNumberKeepsOnlyItsLastFourDigits() {
        #expect(PhoneNumberMask.masked("+15555550100") == "+*******0100")
        #expect(PhoneNumberMask.masked("+1 555-555-0100") == "+* ***-***-0100")
        #expect(PhoneNumberMask.masked("012") == "012")
        #expect(PhoneNumberMask.masked("+٣٣55550100") == "+٣٣****0100", "only ASCII digits are counted")
    }
}

/// Finding and replacing text by its UTF-8 bytes (TextSearch.swift).
@Suite struct TextSearchTests {
    @Test func findsTheFirstOccurrence() throws {
        let text = "ab-ab-abc"
        let range = try #require(text.firstRange(ofText: "abc"))
        #expect(text[range] == "abc")
        #expect(text[try #require(text.firstRange(ofText: "b-a"))] == "b-a")
        #expect(text.firstRange(ofText: "abd") == nil)
        #expect(text.firstRange(ofText: "ab-ab-abcd") == nil, "a pattern longer than what is left")
        #expect(text.firstRange(ofText: "") == text.startIndex..<text.startIndex)
        #expect(text.dropFirst(2).firstRange(ofText: "ab").map { text[$0] } == "ab")
    }

    @Test func comparesBytesNotCharacters() {
        #expect("née".contains(text: "e\u{301}") == false, "é written as one scalar is not e + a combining accent")
        #expect("crème brûlée".contains(text: "brû"))
        #expect(!"abc".contains(text: "abcd"))
    }

    @Test func replacesEveryOccurrenceLeftToRight() {
        #expect("key=K&k=K".replacingAll("K", with: "REDACTED") == "key=REDACTED&k=REDACTED")
        #expect("aaa".replacingAll("aa", with: "b") == "ba")
        #expect("it's".replacingAll("'", with: "'\\''") == "it'\\''s")
        #expect("abc".replacingAll("", with: "x") == "abc")
        #expect("".replacingAll("a", with: "b") == "")
    }

    @Test func findsBytes() throws {
        let bytes: [UInt8] = Array("GET / HTTP/1.1\r\nHost: x\r\n\r\nbody".utf8)
        let end = try #require(bytes.firstRange(ofBytes: [13, 10, 13, 10]))
        #expect(String(decoding: bytes[end.upperBound...], as: UTF8.self) == "body")
        #expect(bytes.firstRange(ofBytes: [13, 10, 13, 10, 13]) == nil)
    }
}

/// Joining strings without the standard library's generic code (TextJoining.swift).
@Suite struct TextJoiningTests {
    @Test(arguments: [
        [], [""], ["a"], ["", ""], ["a", ""], ["", "b", ""], ["password", "google.com", "phone"], ["é", "✓"],
    ])
    func joinsAsTheStandardLibraryDoes(parts: [String]) {
        #expect(parts.joinedText(separator: ", ") == parts.joined(separator: ", "))
        #expect(parts.joinedText() == parts.joined())
    }
}
