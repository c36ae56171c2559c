import FauthJSON
import Testing

/// The Python clients people use for Firebase Auth's REST API, from PyPI (installed by scripts/bootstrap), against
/// fauth-emulator through one account's life: firebase-rest-api through a transport adapter mounted on its Session
/// (Firebase's emulator URL form, the v3 paths), pyrebase4 through a TLS-terminating CONNECT proxy (Google's
/// production paths by Host). See Tests/AdminSDK/python_clients.py. Each runs against an emulator minting unsigned
/// tokens (as Firebase's does) and against one signing them (`--sign-tokens`).
@Suite(.serialized) struct PythonClientsTests {
    @Test(arguments: ["pyrebase4", "firebase-rest-api"], [false, true])
    func anAccountsWholeLife(client: String, signed: Bool) throws {
        let emulator = try RunningEmulator()
        if signed { try emulator.emulator.signTokens() }
        let seen = try PythonVenv.run("python_clients.py", [client, emulator.projectId], emulator: emulator)
        let uid = try #require(seen["created"]?.string)
        #expect(seen["signedIn"]?.string == uid)
        #expect(seen["refreshed"]?.string == uid)
        #expect(seen["lookup"]?["email"]?.string == client + "@example.com")
        #expect(seen["profileWithNull"] == "Invalid JSON payload received. /deleteAttribute must be array")
        #expect(seen["profile"]?["displayName"] == "Ada Lovelace")
        #expect(
            seen["profile"]?["photoUrl"] == "https://example.com/ada.png",
            "photoURL, as the clients send it, sets the photo")
        #expect(seen["verifyLinkStatus"] == 200)
        #expect(seen["verified"]?["emailVerified"] == true)
        #expect(seen["emailChanged"]?["email"]?.string == client + ".new@example.com")
        #expect(seen["oldPassword"] == "INVALID_PASSWORD")
        #expect(seen["newPassword"]?.string == uid)
        #expect(seen["reset"]?.string == client + ".new@example.com")
        #expect(seen["resetPassword"]?.string == uid)
        #expect(seen["customToken"]?.string == uid)
        #expect(seen["customClaims"] == "tester")
        #expect(seen["afterDelete"] == "EMAIL_NOT_FOUND")
        #expect(
            emulator.call(
                "POST", "/identitytoolkit.googleapis.com/v1/projects/\(emulator.projectId)/accounts:query",
                body: [:], bearerOwner: true
            ).json["recordsCount"] == "0")
    }
}
