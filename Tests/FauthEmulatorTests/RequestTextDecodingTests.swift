import FauthJSON
import Testing
@testable import FauthEmulator

/// The byte-wise decoders every request goes through (path segments, query and form pairs, header names, the
/// member a stored-string bound names) give what the Character-wise versions they replaced gave.
@Suite("request text decoding")
struct RequestTextDecodingTests {
    @Test func pathSegmentsAreSplitOnSlashesAndDecoded() {
        #expect(PathPattern.split("/identitytoolkit.googleapis.com/v1/accounts:lookup") == ["identitytoolkit.googleapis.com", "v1", "accounts:lookup"])
        #expect(PathPattern.split("//a///b/") == ["a", "b"], "empty segments are dropped")
        #expect(PathPattern.split("/") == [] && PathPattern.split("") == [])
        #expect(PathPattern.split("noslash") == ["noslash"])
        #expect(PathPattern.split("/a%2Fb/c+d/%zz/caf%C3%A9") == ["a/b", "c d", "%zz", "café"])
        #expect(PathPattern.split("/caf\u{E9}/x") == ["caf\u{E9}", "x"], "non-ASCII text is kept as it is")
    }

    @Test func formPairsAreSplitAndDecoded() {
        let pairs = FormURLEncoding.decode("key=k&&flag&=v&a=b=c&sp=x+y%21&bad=%4&e%3D=1")
        #expect(pairs.map(\.name) == ["key", "flag", "", "a", "sp", "bad", "e="])
        #expect(pairs.map(\.value) == ["k", "", "v", "b=c", "x y!", "%4", "1"])
        #expect(FormURLEncoding.decode("").isEmpty && FormURLEncoding.decode("&&").isEmpty)
        #expect(FormURLEncoding.decode("n=caf%C3%A9&m=%FF").map(\.value) == ["café", "\u{FFFD}"], "invalid UTF-8 is repaired")
        #expect(FormURLEncoding.percentDecode("plain") == "plain" && FormURLEncoding.percentDecode("a+b") == "a b")
    }

    @Test func headerNamesCompareWithoutASCIICase() {
        #expect("Content-Length".equalsIgnoringASCIICase("content-length"))
        #expect(!"Content-Length".equalsIgnoringASCIICase("content-lengtx"))
        #expect(!"Host".equalsIgnoringASCIICase("Hos"))
        #expect("X".equalsIgnoringASCIICase("x") && "".equalsIgnoringASCIICase(""))
        #expect(!"É".equalsIgnoringASCIICase("é"), "only ASCII letters fold")
        #expect("Authorization: x".prefix(13).equalsIgnoringASCIICase("AUTHORIZATION"), "a Substring compares too")
        let long = String(repeating: "Ab", count: 40)
        #expect(long.equalsIgnoringASCIICase(long.lowercased()) && !long.equalsIgnoringASCIICase(long.lowercased() + "b"))
    }

    @Test func aStringBoundIsFoundFromThePointersLastMember() throws {
        let long = String(repeating: "a", count: 300)
        #expect(throws: APIError.self) { try StoredStringBounds.check(long, pointer: "/email") }
        #expect(throws: APIError.self) { try StoredStringBounds.check(long, pointer: "/users/12/email") }
        #expect(throws: APIError.self) { try StoredStringBounds.check(long, pointer: "/email//") }
        #expect(throws: APIError.self) { try StoredStringBounds.check(long, pointer: "email") }
        #expect(try StoredStringBounds.check(long, pointer: "/idToken") == long)
        #expect(try StoredStringBounds.check(long, pointer: "/email/x") == long)
        #expect(try StoredStringBounds.check(long, pointer: "/") == long)
        #expect(try StoredStringBounds.check(long, pointer: "") == long)
    }
}
