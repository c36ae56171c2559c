import FauthJSON
import Testing
@testable import FauthEmulator

@Suite("request keys normalised by lodash camelCase, as Firebase's emulator does")
struct RequestKeyCaseTests {
    @Test(arguments: [
        ("photoURL", "photoUrl"), ("grant_type", "grantType"), ("refresh_token", "refreshToken"), ("localId", "localId"),
        ("ID_TOKEN", "idToken"), ("URLToken", "urlToken"), ("sha256Hash", "sha256Hash"), ("PhotoUrl", "photoUrl"),
        ("display name", "displayName"), ("__proto-key__", "protoKey"), ("mfaEnrollmentId", "mfaEnrollmentId"), ("ABc", "aBc"),
    ])
    func keysBecomeLodashCamelCase(key: String, expected: String) {
        #expect(CamelCaseKeys.camelCase(key) == expected)
    }

    @Test func photoURLSetsThePhotoOnUpdateAndLegacySetAccountInfo() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let idToken = try #require(created["idToken"])
        let updated = try fixture.call("update", ["idToken": idToken, "photoURL": "https://p/one.png", "returnSecureToken": true])
        #expect(updated.json["photoUrl"]?.string == "https://p/one.png")
        #expect(try fixture.lookup(idToken.string!)?["photoUrl"]?.string == "https://p/one.png")
        let legacy = try fixture.client.json(path: "/www.googleapis.com/identitytoolkit/v3/relyingparty/setAccountInfo?key=k",
                                             body: ["idToken": idToken, "photoURL": "https://p/two.png", "displayName": "Ann"])
        #expect(legacy.status == 200 && legacy.json["photoUrl"]?.string == "https://p/two.png")
        #expect(try fixture.lookup(idToken.string!)?["photoUrl"]?.string == "https://p/two.png")
    }

    @Test func nestedKeysAreNormalisedToo() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.admin("signUp", ["email": "b@example.com", "password": "secret123"])
        let localId = try #require(created.json["localId"])
        let linked = try fixture.admin("update", ["local_id": localId, "link_provider_user_info": [
            "provider_id": "google.com", "raw_id": "g-1", "photoURL": "https://p/g.png"]])
        #expect(linked.status == 200)
        let user = try fixture.admin("lookup", ["localId": [localId]]).json["users"]?.array?.first
        let google = user?["providerUserInfo"]?.array?.first { $0["providerId"]?.string == "google.com" }
        #expect(google?["photoUrl"]?.string == "https://p/g.png")
    }
}
