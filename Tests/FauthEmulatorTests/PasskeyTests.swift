import FauthJSON
import Testing

@testable import FauthEmulator

/// Firebase's emulator's mock passkey routes over real sockets: enrollment and sign-in options, enrollment stored as
/// `passkeyInfo`, sign-in by credential id, `deletePasskey`, and their errors.
@Suite("mock passkeys over real sockets")
struct PasskeyTests {
    /// POSTs `body` to the v2 route `accounts/<name>`.
    private func passkey(_ fixture: EmulatorFixture, _ name: String, _ body: JSONValue) throws -> (
        status: Int, json: JSONValue
    ) {
        try fixture.client.json(path: "/identitytoolkit.googleapis.com/v2/accounts/\(name)?key=fake-key", body: body)
    }

    private func enroll(
        _ fixture: EmulatorFixture, _ idToken: JSONValue, _ credentialId: String, _ extra: JSONObject = [:]
    ) throws
        -> (status: Int, json: JSONValue)
    {
        var body: JSONObject = ["idToken": idToken, "authenticatorRegistrationResponse": ["id": .string(credentialId)]]
        for (key, value) in extra { body[key] = value }
        return try passkey(fixture, "passkeyEnrollment:finalize", .object(body))
    }

    @Test func enrollmentOptionsNameTheUserAndTheLocalRelyingParty() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("pk@example.com")
        let started = try passkey(fixture, "passkeyEnrollment:start", ["idToken": created["idToken"]!])
        #expect(started.status == 200)
        let options = try #require(started.json["credentialCreationOptions"])
        #expect(options["rp"]?["id"] == "localhost")
        #expect(options["user"]?["name"] == "pk@example.com")
        #expect(
            options["user"]?["id"]?.string.flatMap(Base64.decode).map { String(decoding: $0, as: UTF8.self) }
                == created["localId"]?.string)
        #expect((options["challenge"]?.string?.count ?? 0) > 20)
        #expect(options["pubKeyCredParams"]?.array?.count == 2)
        let signInOptions = try passkey(fixture, "passkeySignIn:start", [:])
        #expect(signInOptions.json["credentialRequestOptions"]?["rpId"] == "localhost")
        #expect(signInOptions.json["credentialRequestOptions"]?["challenge"]?.string != options["challenge"]?.string)
    }

    @Test func anEnrolledPasskeyShowsInLookupsAndSignsIn() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("pk2@example.com")
        #expect(
            try fixture.lookup(created["idToken"]!.string!)?["passkeyInfo"] == nil, "no key until a passkey is enrolled"
        )
        let enrolled = try enroll(fixture, created["idToken"]!, "cred-1", ["name": "My Security Key"])
        #expect(enrolled.status == 200)
        #expect(enrolled.json["localId"] == created["localId"])
        #expect(idTokenClaims(enrolled.json["idToken"]?.string)?["firebase"]?["sign_in_provider"] == "passkey")
        #expect(enrolled.json["refreshToken"]?.string != nil)
        let info = try fixture.lookup(created["idToken"]!.string!)?["passkeyInfo"]
        #expect(info == [["credentialId": "cred-1", "name": "My Security Key"]])

        let signedIn = try passkey(
            fixture, "passkeySignIn:finalize", ["authenticatorAuthenticationResponse": ["id": "cred-1"]])
        #expect(signedIn.status == 200)
        let claims = try #require(idTokenClaims(signedIn.json["idToken"]?.string))
        #expect(claims["user_id"] == created["localId"])
        #expect(claims["firebase"]?["sign_in_provider"] == "passkey")
        #expect(try fixture.refresh(try #require(signedIn.json["refreshToken"]?.string)).status == 200)

        let other = try fixture.signUp("pk3@example.com")
        #expect(errorMessage(try enroll(fixture, other["idToken"]!, "cred-1").json) == "CREDENTIAL_ALREADY_IN_USE")
        try fixture.admin("update", ["localId": created["localId"]!, "disableUser": true])
        #expect(
            errorMessage(
                try passkey(
                    fixture, "passkeySignIn:finalize", ["authenticatorAuthenticationResponse": ["id": "cred-1"]]
                ).json)
                == "USER_DISABLED")
    }

    @Test func theNameFallsBackToTheDisplayNameThenUnnamedPasskey() throws {
        let fixture = try EmulatorFixture()
        let first = try fixture.signUp("n1@example.com")
        _ = try enroll(fixture, first["idToken"]!, "cred-a", ["displayName": "Shown Name"])
        #expect(try fixture.lookup(first["idToken"]!.string!)?["passkeyInfo"]?.array?.first?["name"] == "Shown Name")
        let second = try fixture.signUp("n2@example.com")
        _ = try enroll(fixture, second["idToken"]!, "cred-b", ["name": ""])
        #expect(
            try fixture.lookup(second["idToken"]!.string!)?["passkeyInfo"]?.array?.first?["name"] == "Unnamed Passkey")
    }

    @Test func deletePasskeyRemovesOnlyTheNamedOnes() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("d@example.com")
        let idToken = created["idToken"]!
        #expect(try fixture.call("update", ["idToken": idToken, "deletePasskey": ["none-yet"]]).status == 200)
        _ = try enroll(fixture, idToken, "cred-A", ["name": "Key A"])
        _ = try enroll(fixture, idToken, "cred-B", ["name": "Key B"])
        #expect(try fixture.call("update", ["idToken": idToken, "deletePasskey": ["cred-A"]]).status == 200)
        #expect(try fixture.lookup(idToken.string!)?["passkeyInfo"] == [["credentialId": "cred-B", "name": "Key B"]])
        #expect(
            errorMessage(
                try passkey(
                    fixture, "passkeySignIn:finalize", ["authenticatorAuthenticationResponse": ["id": "cred-A"]]
                ).json)
                == "PASSKEY_CREDENTIAL_NOT_FOUND")
        let wrongType = try fixture.call("update", ["idToken": idToken, "deletePasskey": "cred-B"])
        #expect(errorMessage(wrongType.json) == "Invalid JSON payload received. /deletePasskey must be array")
    }

    @Test func missingFieldsGetTheirCodes() throws {
        let fixture = try EmulatorFixture()
        #expect(errorMessage(try passkey(fixture, "passkeyEnrollment:start", [:]).json) == "MISSING_ID_TOKEN")
        #expect(
            errorMessage(
                try passkey(fixture, "passkeyEnrollment:finalize", ["authenticatorRegistrationResponse": ["id": "x"]])
                    .json)
                == "MISSING_ID_TOKEN")
        #expect(
            errorMessage(try passkey(fixture, "passkeyEnrollment:finalize", ["idToken": "some_token"]).json)
                == "MISSING_AUTHENTICATOR_RESPONSE")
        #expect(
            errorMessage(try passkey(fixture, "passkeySignIn:finalize", [:]).json) == "MISSING_AUTHENTICATOR_RESPONSE")
        #expect(
            errorMessage(
                try passkey(fixture, "passkeySignIn:finalize", ["authenticatorAuthenticationResponse": ["id": ""]]).json
            )
                == "INVALID_CREDENTIAL_ID")
        #expect(
            errorMessage(
                try passkey(fixture, "passkeySignIn:finalize", ["authenticatorAuthenticationResponse": ["id": "nope"]])
                    .json)
                == "PASSKEY_CREDENTIAL_NOT_FOUND")
        let wrongType = try passkey(fixture, "passkeySignIn:finalize", ["authenticatorAuthenticationResponse": "x"])
        #expect(
            errorMessage(wrongType.json)
                == "Invalid JSON payload received. /authenticatorAuthenticationResponse must be object")
    }

    @Test func passkeysSurviveAnExportAndImport() throws {
        let user = try #require(
            UserRecord(accountInfo: ["localId": "u1", "passkeyInfo": [["credentialId": "c", "name": "K"]]]))
        #expect(user.passkeys == [PasskeyInfo(credentialId: "c", name: "K")])
        #expect(UserRecord(accountInfo: user.archivedAccountInfo)?.passkeys == user.passkeys)
    }
}
