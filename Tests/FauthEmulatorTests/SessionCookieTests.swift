import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("projects:createSessionCookie over real sockets")
struct SessionCookieTests {
    private let path = "/identitytoolkit.googleapis.com/v1/projects/\(EmulatorFixture.projectId):createSessionCookie"
    private let owner = [("Authorization", "Bearer owner")]

    @Test func aCookieIsTheIdTokensClaimsWithTheSessionIssuerAndLifetime() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let idToken = try #require(created["idToken"])
        let result = try fixture.client.json(
            path: path, body: ["idToken": idToken, "validDuration": "7777"], headers: owner)
        #expect(result.status == 200)
        let cookie = try #require(result.json["sessionCookie"]?.string)
        #expect(cookie.hasSuffix("."), "an unsigned JWT")
        let claims = try #require(idTokenClaims(cookie))
        let original = try #require(idTokenClaims(idToken.string))
        #expect(claims["iss"]?.string == "https://session.firebase.google.com/\(EmulatorFixture.projectId)")
        let iat = try #require(claims["iat"]?.int)
        #expect(claims["exp"]?.int == iat + 7777)
        for key in ["user_id", "email", "auth_time", "firebase", "aud", "sub"] {
            #expect(claims[key] == original[key], "\(key)")
        }
        let defaulted = try fixture.client.json(path: path, body: ["idToken": idToken], headers: owner)
        let defaultClaims = try #require(idTokenClaims(defaulted.json["sessionCookie"]?.string))
        #expect(defaultClaims["exp"]?.int == (defaultClaims["iat"]?.int ?? 0) + 14 * 24 * 3600)
    }

    @Test func errorsInFirebaseOrder() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        func message(_ body: JSONValue) throws -> String? {
            errorMessage(try fixture.client.json(path: path, body: body, headers: owner).json)
        }
        #expect(try message(["validDuration": "7777"]) == "MISSING_ID_TOKEN")
        #expect(try message(["idToken": created["idToken"]!, "validDuration": "1"]) == "INVALID_DURATION")
        #expect(try message(["idToken": created["idToken"]!, "validDuration": "999999999999"]) == "INVALID_DURATION")
        #expect(try message(["idToken": "invalid", "validDuration": "7777"]) == "INVALID_ID_TOKEN")
        #expect(
            try fixture.client.json(path: path + "?key=k", body: ["idToken": created["idToken"]!]).status == 400,
            "an API key is not enough")
    }
}
