import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("request keys normalised by lodash camelCase, as Firebase's emulator does")
struct RequestKeyCaseTests {
    @Test(arguments: [
        ("photoURL", "photoUrl"), ("grant_type", "grantType"), ("refresh_token", "refreshToken"),
        ("localId", "localId"),
        ("ID_TOKEN", "idToken"), ("URLToken", "urlToken"), ("sha256Hash", "sha256Hash"), ("PhotoUrl", "photoUrl"),
        ("display name", "displayName"), ("__proto-key__", "protoKey"), ("mfaEnrollmentId", "mfaEnrollmentId"),
        ("ABc", "aBc"),
    ])
    func keysBecomeLodashCamelCase(key: String, expected: String) {
        #expect(CamelCaseKeys.camelCase(key) == expected)
    }

    /// Every key of up to four characters over letters of both cases, digits, a separator and a Latin-1 letter:
    /// the shortcut that leaves a key alone only does so for keys `camelCase` would not change, and it does take
    /// ordinary camelCase keys.
    @Test func theUnchangedKeyShortcutAgreesWithTheFullConversion() {
        let alphabet = ["a", "b", "B", "C", "1", "_", "é", "É"]
        var keys = [""]
        var shortcuts = 0
        for _ in 1...4 { keys = keys.flatMap { key in alphabet.map { key + $0 } } + keys }
        for key in Set(keys) where CamelCaseKeys.isCamelCase(key) {
            shortcuts += 1
            #expect(CamelCaseKeys.camelCase(key) == key, "\(key)")
        }
        #expect(shortcuts > 100)
        for key in ["idToken", "returnSecureToken", "sha256Hash", "a1B2", "mfaEnrollmentId", "x"] {
            #expect(CamelCaseKeys.isCamelCase(key), "\(key)")
        }
        for key in ["photoURL", "ab1c", "Token", "1a", "id_token", "", "é"] {
            #expect(!CamelCaseKeys.isCamelCase(key), "\(key)")
        }
        let body: JSONValue = ["idToken": "t", "mfa": [["phoneInfo": "+1"], ["PHONE_INFO": "+2"]]]
        #expect(CamelCaseKeys.converting(body) == ["idToken": "t", "mfa": [["phoneInfo": "+1"], ["phoneInfo": "+2"]]])
    }

    @Test func photoURLSetsThePhotoOnUpdateAndLegacySetAccountInfo() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let idToken = try #require(created["idToken"])
        let updated = try fixture.call(
            "update", ["idToken": idToken, "photoURL": "https://p/one.png", "returnSecureToken": true])
        #expect(updated.json["photoUrl"]?.string == "https://p/one.png")
        #expect(try fixture.lookup(idToken.string!)?["photoUrl"]?.string == "https://p/one.png")
        let legacy = try fixture.client.json(
            path: "/www.googleapis.com/identitytoolkit/v3/relyingparty/setAccountInfo?key=k",
            body: ["idToken": idToken, "photoURL": "https://p/two.png", "displayName": "Ann"])
        #expect(legacy.status == 200 && legacy.json["photoUrl"]?.string == "https://p/two.png")
        #expect(try fixture.lookup(idToken.string!)?["photoUrl"]?.string == "https://p/two.png")
    }

    @Test func nestedKeysAreNormalisedToo() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.admin("signUp", ["email": "b@example.com", "password": "secret123"])
        let localId = try #require(created.json["localId"])
        let linked = try fixture.admin(
            "update",
            [
                "local_id": localId,
                "link_provider_user_info": [
                    "provider_id": "google.com", "raw_id": "g-1", "photoURL": "https://p/g.png",
                ],
            ])
        #expect(linked.status == 200)
        let user = try fixture.admin("lookup", ["localId": [localId]]).json["users"]?.array?.first
        let google = user?["providerUserInfo"]?.array?.first { $0["providerId"]?.string == "google.com" }
        #expect(google?["photoUrl"]?.string == "https://p/g.png")
    }
}
