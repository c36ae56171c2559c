import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("accounts:sendVerificationCode and accounts:signInWithPhoneNumber over real sockets")
struct PhoneSignInTests {
    /// Sends a code to `phoneNumber`; returns the sessionInfo and the code the emulator "sent".
    private func sendCode(_ fixture: EmulatorFixture, _ phoneNumber: String) throws -> (
        sessionInfo: String, code: String
    ) {
        let sent = try fixture.call(
            "sendVerificationCode", ["phoneNumber": .string(phoneNumber), "recaptchaToken": "ignored"])
        let sessionInfo = try #require(sent.json["sessionInfo"]?.string)
        let codes = try fixture.control("GET", "verificationCodes").json["verificationCodes"]?.array ?? []
        let entry = try #require(codes.first { $0["sessionInfo"]?.string == sessionInfo })
        #expect(entry["phoneNumber"]?.string == phoneNumber)
        return (sessionInfo, try #require(entry["code"]?.string))
    }

    @Test func aVerifiedNumberCreatesThenSignsInAPhoneUser() throws {
        let fixture = try EmulatorFixture()
        let first = try sendCode(fixture, "+15555550100")
        let created = try fixture.call(
            "signInWithPhoneNumber", ["sessionInfo": .string(first.sessionInfo), "code": .string(first.code)])
        #expect(created.status == 200)
        #expect(created.json["isNewUser"]?.bool == true && created.json["phoneNumber"]?.string == "+15555550100")
        #expect(created.json["refreshToken"] != nil && created.json["expiresIn"]?.string == "3600")
        let claims = try #require(idTokenClaims(created.json["idToken"]?.string))
        #expect(claims["phone_number"]?.string == "+15555550100" && claims["provider_id"] == nil)
        #expect(claims["firebase"]?["sign_in_provider"]?.string == "phone")
        #expect(claims["firebase"]?["identities"] == ["phone": ["+15555550100"]])
        let again = try sendCode(fixture, "+15555550100")
        let signedIn = try fixture.call(
            "signInWithPhoneNumber", ["sessionInfo": .string(again.sessionInfo), "code": .string(again.code)])
        #expect(signedIn.json["isNewUser"]?.bool == false && signedIn.json["localId"] == created.json["localId"])
        #expect(
            errorMessage(
                try fixture.call(
                    "signInWithPhoneNumber",
                    [
                        "sessionInfo": .string(again.sessionInfo),
                        "code": .string(again.code),
                    ]
                ).json) == "INVALID_SESSION_INFO")
    }

    @Test func errorsInFirebaseOrder() throws {
        let fixture = try EmulatorFixture()
        #expect(
            errorMessage(try fixture.call("sendVerificationCode", [:]).json) == "INVALID_PHONE_NUMBER : Invalid format."
        )
        #expect(
            errorMessage(try fixture.call("sendVerificationCode", ["phoneNumber": "5555550100"]).json)
                == "INVALID_PHONE_NUMBER : Invalid format.")
        #expect(
            errorMessage(try fixture.call("signInWithPhoneNumber", ["code": "123456"]).json) == "MISSING_SESSION_INFO")
        #expect(errorMessage(try fixture.call("signInWithPhoneNumber", ["sessionInfo": "x"]).json) == "MISSING_CODE")
        let sent = try sendCode(fixture, "+15555550100")
        #expect(
            errorMessage(
                try fixture.call("signInWithPhoneNumber", ["sessionInfo": "nope", "code": .string(sent.code)]).json)
                == "INVALID_SESSION_INFO")
        #expect(
            errorMessage(
                try fixture.call(
                    "signInWithPhoneNumber",
                    [
                        "sessionInfo": .string(sent.sessionInfo),
                        "code": .string(sent.code + "1"),
                    ]
                ).json) == "INVALID_CODE")
        #expect(
            errorMessage(try fixture.call("signInWithPhoneNumber", ["temporaryProof": "p"]).json)
                == "MISSING_PHONE_NUMBER")
        #expect(
            errorMessage(try fixture.call("signInWithPhoneNumber", ["temporaryProof": "p", "phoneNumber": "+1"]).json)
                == "INVALID_TEMPORARY_PROOF")
        for route in ["sendVerificationCode", "signInWithPhoneNumber"] {
            #expect(
                errorMessage(try fixture.call(route, ["tenantId": "tenant-a"]).json) == "UNSUPPORTED_TENANT_OPERATION")
        }
    }

    @Test func linkingToAnotherOwnersNumberGivesATemporaryProofThenPhoneNumberExists() throws {
        let fixture = try EmulatorFixture()
        let owner = try sendCode(fixture, "+15555550100")
        try fixture.call(
            "signInWithPhoneNumber", ["sessionInfo": .string(owner.sessionInfo), "code": .string(owner.code)])
        let anonymous = try fixture.call("signUp", [:]).json
        let sent = try sendCode(fixture, "+15555550100")
        let clash = try fixture.call(
            "signInWithPhoneNumber",
            [
                "sessionInfo": .string(sent.sessionInfo), "code": .string(sent.code),
                "idToken": anonymous["idToken"]!,
            ])
        #expect(clash.status == 200 && clash.json["idToken"] == nil)
        #expect(
            clash.json["phoneNumber"]?.string == "+15555550100"
                && clash.json["temporaryProofExpiresIn"]?.string == "3600")
        let proof = try #require(clash.json["temporaryProof"])
        let retry = try fixture.call(
            "signInWithPhoneNumber",
            [
                "temporaryProof": proof, "phoneNumber": "+15555550100",
                "idToken": anonymous["idToken"]!,
            ])
        #expect(errorMessage(retry.json) == "PHONE_NUMBER_EXISTS")
        let own = try sendCode(fixture, "+15555550101")
        let linked = try fixture.call(
            "signInWithPhoneNumber",
            [
                "sessionInfo": .string(own.sessionInfo), "code": .string(own.code),
                "idToken": anonymous["idToken"]!,
            ])
        #expect(linked.json["localId"] == anonymous["localId"] && linked.json["isNewUser"]?.bool == false)
    }

    @Test func mfaUsersCannotUseTheirNumberAsAFirstFactor() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.call(
            "signUp",
            [
                "email": "m@example.com", "password": "secret123",
                "mfaInfo": [["phoneInfo": "+15555550199"]],
            ]
        ).json
        let sent = try sendCode(fixture, "+15555550100")
        let link = try fixture.call(
            "signInWithPhoneNumber",
            [
                "sessionInfo": .string(sent.sessionInfo), "code": .string(sent.code),
                "idToken": created["idToken"]!,
            ])
        let message =
            "UNSUPPORTED_FIRST_FACTOR : A phone number cannot be set as a first factor on an SMS based MFA user."
        #expect(errorMessage(link.json) == message)
        try fixture.admin("update", ["localId": created["localId"]!, "phoneNumber": "+15555550150"])
        #expect(errorMessage(try fixture.call("sendVerificationCode", ["phoneNumber": "+15555550150"]).json) == message)
    }
}
