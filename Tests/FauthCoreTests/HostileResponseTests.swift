import FauthJSON
import Foundation
import Testing

@testable import FauthCore

/// What a hostile or broken server answer must never do: trap, or make fauth write a session it cannot read back.
@Suite struct HostileResponseTests {
    @Test(arguments: [1e300, -1e300, Double.infinity, -Double.infinity, Double.nan, 9.3e18])
    func formattingAnyDateNeverTraps(seconds: Double) {
        let text = ISO8601.format(UnixTime(seconds: seconds))
        #expect(ISO8601.parse(text) != nil, "\(text) must read back")
    }

    @Test func outOfRangeDatesAreWrittenAsTheNearestEnd() {
        #expect(ISO8601.format(UnixTime(seconds: 1e300)) == "9999-12-31T23:59:59Z")
        #expect(ISO8601.format(UnixTime(seconds: -1e300)) == "0000-01-01T00:00:00Z")
    }

    @Test(arguments: [
        #"{"users":[{"localId":"A","createdAt":"9223372036854775807"}]}"#,
        #"{"users":[{"localId":"A","lastLoginAt":"253402300800000"}]}"#,
        #"{"users":[{"localId":""}]}"#,
        #"{"users":[{"localId":"A","providerUserInfo":[{"providerId":""}]}]}"#,
    ])
    func lookupAnswersASessionCouldNotStoreAreUnexpected(body: String) throws {
        #expect(throws: FauthError.self) { try LookupEndpoint.decode(JSONValue.parse(body)) }
    }

    @Test(arguments: [#""-1""#, #""315576001""#, #""9223372036854775807""#])
    func tokenLifetimesOutOfRangeAreUnexpected(expiresIn: String) throws {
        let refresh = #"{"id_token":"i","refresh_token":"r","expires_in":\#(expiresIn)}"#
        #expect(throws: FauthError.self) { try RefreshTokenEndpoint.decode(JSONValue.parse(refresh)) }
        let signUp = #"{"idToken":"i","refreshToken":"r","expiresIn":\#(expiresIn),"localId":"A"}"#
        #expect(throws: FauthError.self) { try SignUpEndpoint.decode(JSONValue.parse(signUp)) }
    }

    @Test func anAuthTimeOutOfRangeIsIgnored() {
        let payload = Data(#"{"auth_time":1e300}"#.utf8).base64EncodedString()
        #expect(IDTokenClaims(token: "e30.\(payload).").authTime == nil)
    }

    @Test func aSessionThatCouldNotBeReadBackIsNotWritten() throws {
        let folder = TemporaryFolder()
        let store = SessionStore(path: folder.file("s.json"))
        try store.withLock { try $0.write(sampleSession()) }
        let before = FileManager.default.contents(atPath: store.path)
        var broken = sampleSession()
        broken.user.providers[0].providerId = ""
        #expect(throws: FauthError.self) { try store.withLock { try $0.write(broken) } }
        #expect(FileManager.default.contents(atPath: store.path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["s.json", "s.json.lock"])
    }

    @Test func theLockRemovesTemporaryFilesAKilledWriterLeft() throws {
        let folder = TemporaryFolder()
        let store = SessionStore(path: folder.file("s.json"))
        try store.withLock { try $0.write(sampleSession()) }
        _ = FileManager.default.createFile(atPath: folder.file(".s.json~tmp-dead"), contents: Data("{".utf8))
        _ = FileManager.default.createFile(atPath: folder.file(".other.json~tmp-1"), contents: Data())
        try store.withLock { _ in }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                ".other.json~tmp-1", "s.json", "s.json.lock",
            ])
    }
}
