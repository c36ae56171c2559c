import FauthJSON
import Testing

@testable import FauthEmulator

/// The account strings the emulator keeps are bounded (fauth-emulator(1), "Limits"): a value at its bound is
/// stored, one character more is a 400 `INVALID_ARGUMENT` naming the member, and nothing is stored. Over real sockets.
@Suite("stored account strings are bounded")
struct StoredStringBoundTests {
    /// An email of exactly `length` characters.
    private func email(_ length: Int) -> String {
        String(repeating: "a", count: length - "@example.com".count) + "@example.com"
    }

    private func expectRefused(
        _ result: (status: Int, json: JSONValue), _ member: String, _ limit: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == 400, "\(result.json)", sourceLocation: sourceLocation)
        #expect(result.json["error"]?["status"]?.string == "INVALID_ARGUMENT", sourceLocation: sourceLocation)
        #expect(
            errorMessage(result.json)?.hasSuffix("\(member) must be at most \(limit) characters") == true,
            "\(result.json)", sourceLocation: sourceLocation)
    }

    @Test func signUpTakesAPasswordAndEmailUpToTheirBoundsOnly() throws {
        let fixture = try EmulatorFixture()
        let longest = String(repeating: "p", count: 4096)
        #expect(try fixture.call("signUp", ["email": .string(email(256)), "password": .string(longest)]).status == 200)
        #expect(try fixture.signIn(email(256), longest)["idToken"] != nil)
        expectRefused(
            try fixture.call("signUp", ["email": "b@example.com", "password": .string(longest + "p")]), "/password",
            4096)
        expectRefused(
            try fixture.call("signUp", ["email": .string(email(257)), "password": "secret123"]), "/email", 256)
        #expect(
            try fixture.call("signInWithPassword", ["email": "b@example.com", "password": "secret123"]).status == 400)
    }

    @Test func updateKeepsTheProfileWithinItsBounds() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("c@example.com")
        let idToken = created["idToken"]!
        let name = String(repeating: "é", count: 256)
        let url = "https://p.example/" + String(repeating: "x", count: 2048 - 18)
        let kept = try fixture.call(
            "update", ["idToken": idToken, "displayName": .string(name), "photoUrl": .string(url)])
        #expect(kept.status == 200 && kept.json["displayName"]?.string == name && kept.json["photoUrl"]?.string == url)
        expectRefused(
            try fixture.call("update", ["idToken": idToken, "displayName": .string(name + "é")]), "/displayName", 256)
        expectRefused(
            try fixture.call("update", ["idToken": idToken, "photoUrl": .string(url + "x")]), "/photoUrl", 2048)
        expectRefused(
            try fixture.call("update", ["idToken": idToken, "password": .string(String(repeating: "p", count: 4097))]),
            "/password", 4096)
        let user = try #require(try fixture.lookup(idToken.string ?? ""))
        #expect(
            user["displayName"]?.string == name && user["photoUrl"]?.string == url, "the refused values were not stored"
        )
    }

    @Test func anImportedAccountOverABoundIsReportedAndNotStored() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.adminProject(
            "accounts:batchCreate",
            [
                "users": [
                    ["localId": "ok", "displayName": .string(String(repeating: "n", count: 256))],
                    ["localId": "long", "displayName": .string(String(repeating: "n", count: 257))],
                ]
            ])
        #expect(result.status == 200)
        let refused = result.json["error"]?.array?.first
        #expect(result.json["error"]?.array?.count == 1 && refused?["index"]?.int == 1, "\(result.json)")
        #expect(
            refused?["message"]?.string?.hasSuffix("displayName must be at most 256 characters") == true,
            "\(result.json)")
        #expect(try fixture.adminProject("accounts:lookup", ["localId": ["long"]]).json["users"] == nil)
        #expect(
            try fixture.adminProject("accounts:lookup", ["localId": ["ok"]]).json["users"]?.array?.first?["localId"]?
                .string == "ok")
    }
}
