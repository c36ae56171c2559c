import FauthJSON
import Foundation
import Testing

/// Custom claims an admin set (`accounts:update` with `customAttributes`, as the Admin SDKs'
/// `set_custom_user_claims` sends it), seen through `fauth token --claims` and `status --json`.
@Suite struct CustomClaimsTests {
    @Test func claimsSetByAnAdminShowAfterAForcedRefresh() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let uid = try #require(try sandbox.signUp("claims@example.com").json["user"]?["uid"]?.string)

        let before = try sandbox.run(["token", "--claims"])
        #expect(before.status == 0, "\(before.stderr)")
        let payload = try JSONValue.parse(Array(before.stdout.utf8))
        #expect(payload["user_id"]?.string == uid && payload["email"] == "claims@example.com")
        #expect(payload["firebase"]?["sign_in_provider"] == "password" && payload["admin"] == nil)
        #expect(before.stdout.contains("\n  "), "indented for people in text mode")
        #expect(try sandbox.run(["status", "--json"]).json["claims"] == [:])

        let set = emulator.call(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/\(emulator.projectId)/accounts:update",
            body: ["localId": .string(uid), "customAttributes": #"{"admin": true, "tier": 3}"#], bearerOwner: true)
        #expect(set.status == 200, "\(set.json)")
        let cached = try sandbox.run(["token", "--claims", "--json"])
        #expect(cached.json["admin"] == nil, "the cached token was issued before the claims were set")

        let refreshed = try sandbox.run(["token", "--claims", "--force-refresh", "--json"])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(
            refreshed.json["admin"] == true && refreshed.json["tier"] == 3 && refreshed.json["user_id"]?.string == uid)
        #expect(
            !refreshed.stdout.contains(sandbox.session()?["idToken"]?.string ?? "-"), "the token itself is not printed")

        let status = try sandbox.run(["status", "--json"])
        #expect(status.json["claims"] == ["admin": true, "tier": 3], "custom claims only: \(status.stdout)")
        let text = try sandbox.run(["status"])
        #expect(text.stdout.contains(#"custom claims: {"admin":true,"tier":3}"#), "\(text.stdout)")
    }

    @Test func claimsNeedASession() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        expectFailure(try sandbox.run(["token", "--claims", "--json"]), status: 4, code: "not-signed-in")
    }
}
