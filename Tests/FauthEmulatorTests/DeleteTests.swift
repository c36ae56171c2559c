import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("accounts:delete over real sockets")
struct DeleteTests {
    @Test func deletesTheTokensUser() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let result = try fixture.call("delete", ["idToken": created["idToken"]!])
        #expect(result.status == 200 && result.json == ["kind": "identitytoolkit#DeleteAccountResponse"])
        #expect(errorMessage(try fixture.call("lookup", ["idToken": created["idToken"]!]).json) == "USER_NOT_FOUND")
        #expect(errorMessage(try fixture.refresh(created["refreshToken"]!.string!).json) == "INVALID_REFRESH_TOKEN")
    }

    @Test func unprivilegedNeedsAnIdTokenAndAdminsALocalId() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        #expect(errorMessage(try fixture.call("delete", ["localId": created["localId"]!]).json) == "MISSING_ID_TOKEN")
        #expect(errorMessage(try fixture.admin("delete", [:]).json) == "MISSING_LOCAL_ID")
        #expect(errorMessage(try fixture.admin("delete", ["localId": "nobody"]).json) == "USER_NOT_FOUND")
        #expect(try fixture.admin("delete", ["localId": created["localId"]!]).status == 200)
    }

    @Test func recentLoginSecondsRejectsAnOldSignIn() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let localId = try #require(created["localId"]?.string)
        try fixture.configure(["fauth": ["recentLoginSeconds": 300]])
        let now = Timestamp.nowMillis() / 1000
        let stale = craftIdToken([
            "user_id": .string(localId), "iat": .number(Double(now)), "auth_time": .number(Double(now - 301)),
            "firebase": ["sign_in_provider": "password"],
        ])
        #expect(
            errorMessage(try fixture.call("delete", ["idToken": .string(stale)]).json)
                == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
        #expect(try fixture.call("delete", ["idToken": created["idToken"]!]).status == 200)
    }
}
