import FauthJSON
import Testing

@testable import FauthEmulator

/// The byte-wise decoders every request goes through (path segments, the member a stored-string bound names) give
/// what the Character-wise versions they replaced gave; query and form pairs and header names are FauthHTTPCodecTests'.
@Suite("request text decoding")
struct RequestTextDecodingTests {
    @Test func pathSegmentsAreSplitOnSlashesAndDecoded() {
        #expect(
            PathPattern.split("/identitytoolkit.googleapis.com/v1/accounts:lookup") == [
                "identitytoolkit.googleapis.com", "v1", "accounts:lookup",
            ])
        #expect(PathPattern.split("//a///b/") == ["a", "b"], "empty segments are dropped")
        #expect(PathPattern.split("/") == [] && PathPattern.split("") == [])
        #expect(PathPattern.split("noslash") == ["noslash"])
        #expect(PathPattern.split("/a%2Fb/c+d/%zz/caf%C3%A9") == ["a/b", "c d", "%zz", "café"])
        #expect(PathPattern.split("/caf\u{E9}/x") == ["caf\u{E9}", "x"], "non-ASCII text is kept as it is")
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
