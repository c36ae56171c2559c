import FauthJSON
import Foundation
import Testing

@testable import FauthEmulator

@Suite("MFA v2 routes (SMS and TOTP) over real sockets")
struct MFATests {
    /// A password user with a verified email, signed in; returns its sign-in response.
    private func verifiedUser(_ fixture: EmulatorFixture, _ email: String = "mfa@example.com") throws -> JSONValue {
        let created = try fixture.adminProject(
            "accounts", ["email": .string(email), "password": "secret123", "emailVerified": true])
        #expect(created.status == 200)
        return try fixture.signIn(email)
    }

    /// The SMS code the emulator "sent" for `sessionInfo`.
    private func smsCode(_ fixture: EmulatorFixture, _ sessionInfo: String) throws -> String? {
        let codes = try fixture.control("GET", "verificationCodes").json["verificationCodes"]?.array ?? []
        return codes.first { $0["sessionInfo"]?.string == sessionInfo }?["code"]?.string
    }

    /// The TOTP code for a base32 key now.
    private func totpCode(_ key: String, offsetSeconds: Int64 = 0) throws -> String {
        let secret = try #require(Base32.decode(key))
        return TOTP.code(secret: secret, at: Int64(Timestamp.nowMillis() / 1000) + offsetSeconds)
    }

    /// Enrolls SMS MFA on `+15555550100` for a signed-in user; returns the finalize response.
    private func enrollPhone(_ fixture: EmulatorFixture, idToken: JSONValue) throws -> JSONValue {
        let started = try fixture.mfa(
            "mfaEnrollment:start", ["idToken": idToken, "phoneEnrollmentInfo": ["phoneNumber": "+15555550100"]])
        #expect(started.status == 200)
        let sessionInfo = try #require(started.json["phoneSessionInfo"]?["sessionInfo"]?.string)
        let code = try #require(try smsCode(fixture, sessionInfo))
        let finalized = try fixture.mfa(
            "mfaEnrollment:finalize",
            [
                "idToken": idToken, "displayName": "work phone",
                "phoneVerificationInfo": ["sessionInfo": .string(sessionInfo), "code": .string(code)],
            ])
        #expect(finalized.status == 200)
        return finalized.json
    }

    @Test func smsEnrollmentThenSignInWithTheSecondFactor() throws {
        let fixture = try EmulatorFixture()
        let user = try verifiedUser(fixture)
        let enrolled = try enrollPhone(fixture, idToken: user["idToken"]!)
        let enrolledClaims = try #require(idTokenClaims(enrolled["idToken"]?.string))
        #expect(enrolledClaims["firebase"]?["sign_in_second_factor"]?.string == "phone")
        #expect(enrolledClaims["firebase"]?["sign_in_provider"]?.string == "password")
        let enrollmentId = try #require(enrolledClaims["firebase"]?["second_factor_identifier"]?.string)

        let first = try fixture.call("signInWithPassword", ["email": "mfa@example.com", "password": "secret123"])
        #expect(first.status == 200)
        #expect(first.json["idToken"] == nil && first.json["refreshToken"] == nil)
        let pending = try #require(first.json["mfaPendingCredential"]?.string)
        let info = try #require(first.json["mfaInfo"]?.array?.first)
        #expect(info["phoneInfo"]?.string == "+*******0100")
        #expect(info["mfaEnrollmentId"]?.string == enrollmentId)
        #expect(info["displayName"]?.string == "work phone")

        let started = try fixture.mfa(
            "mfaSignIn:start", ["mfaPendingCredential": .string(pending), "mfaEnrollmentId": .string(enrollmentId)])
        let sessionInfo = try #require(started.json["phoneResponseInfo"]?["sessionInfo"]?.string)
        let code = try #require(try smsCode(fixture, sessionInfo))
        let wrongCode = code == "000000" ? "111111" : "000000"
        let wrong = try fixture.mfa(
            "mfaSignIn:finalize",
            [
                "mfaPendingCredential": .string(pending),
                "phoneVerificationInfo": ["sessionInfo": .string(sessionInfo), "code": .string(wrongCode)],
            ])
        #expect(errorMessage(wrong.json) == "INVALID_CODE")
        let done = try fixture.mfa(
            "mfaSignIn:finalize",
            [
                "mfaPendingCredential": .string(pending),
                "phoneVerificationInfo": ["sessionInfo": .string(sessionInfo), "code": .string(code)],
            ])
        #expect(done.status == 200)
        let claims = try #require(idTokenClaims(done.json["idToken"]?.string))
        #expect(claims["firebase"]?["sign_in_second_factor"]?.string == "phone")
        #expect(claims["firebase"]?["second_factor_identifier"]?.string == enrollmentId)
        let reused = try fixture.mfa(
            "mfaSignIn:finalize",
            [
                "mfaPendingCredential": .string(pending),
                "phoneVerificationInfo": ["sessionInfo": .string(sessionInfo), "code": .string(code)],
            ])
        #expect(errorMessage(reused.json) == "INVALID_SESSION_INFO", "an SMS code is used once")
        let refreshed = try fixture.refresh(try #require(done.json["refreshToken"]?.string))
        #expect(
            idTokenClaims(refreshed.json["id_token"]?.string)?["firebase"]?["sign_in_second_factor"]?.string == "phone")
    }

    @Test func enrollmentStartErrors() throws {
        let fixture = try EmulatorFixture()
        func start(_ body: JSONValue) throws -> String? {
            errorMessage(try fixture.mfa("mfaEnrollment:start", body).json)
        }
        #expect(try start(["phoneEnrollmentInfo": ["phoneNumber": "+15555550100"]]) == "MISSING_ID_TOKEN")
        #expect(try start(["idToken": "garbage"]) == "INVALID_ID_TOKEN")
        let unverified = try fixture.signUp("unverified@example.com")
        #expect(
            try start(["idToken": unverified["idToken"]!, "phoneEnrollmentInfo": ["phoneNumber": "+15555550100"]])
                == "UNVERIFIED_EMAIL : Need to verify email first before enrolling second factors.")
        let anonymous = try fixture.call("signUp", [:]).json
        #expect(
            try start(["idToken": anonymous["idToken"]!])
                == "UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor.")
        let custom = try fixture.call("signInWithCustomToken", ["token": #"{"uid":"c1"}"#]).json
        #expect(
            try start(["idToken": custom["idToken"]!])
                == "UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor.")
        let user = try verifiedUser(fixture)
        #expect(try start(["idToken": user["idToken"]!]) == "INVALID_ARGUMENT : ((Missing phoneEnrollmentInfo.))")
        #expect(
            try start(["idToken": user["idToken"]!, "phoneEnrollmentInfo": ["phoneNumber": "5555550100"]])
                == "INVALID_PHONE_NUMBER : Invalid format.")
        _ = try enrollPhone(fixture, idToken: user["idToken"]!)
        #expect(
            try start(["idToken": user["idToken"]!, "phoneEnrollmentInfo": ["phoneNumber": "+15555550100"]])
                == "SECOND_FACTOR_EXISTS : Phone number already enrolled as second factor for this account.")
        let finalize = try fixture.mfa("mfaEnrollment:finalize", ["idToken": user["idToken"]!])
        #expect(errorMessage(finalize.json) == "INVALID_ARGUMENT : ((Missing phoneVerificationInfo.))")
        let badSession = try fixture.mfa(
            "mfaEnrollment:finalize",
            [
                "idToken": user["idToken"]!,
                "phoneVerificationInfo": ["sessionInfo": "nope", "code": "123456"],
            ])
        #expect(errorMessage(badSession.json) == "INVALID_SESSION_INFO")
    }

    @Test func totpEnrollmentAndSignIn() throws {
        let fixture = try EmulatorFixture()
        let user = try verifiedUser(fixture, "totp@example.com")
        let started = try fixture.mfa("mfaEnrollment:start", ["idToken": user["idToken"]!, "totpEnrollmentInfo": [:]])
        #expect(started.status == 200)
        let session = try #require(started.json["totpSessionInfo"]?.object)
        #expect(session["verificationCodeLength"]?.int == 6)
        #expect(session["hashingAlgorithm"]?.string == "SHA1")
        #expect(session["periodSec"]?.int == 30)
        #expect(session["finalizeEnrollmentTime"]?.string?.hasSuffix("Z") == true)
        let key = try #require(session["sharedSecretKey"]?.string)
        #expect(key.count == 32 && Base32.decode(key)?.count == 20)
        let sessionInfo = try #require(session["sessionInfo"]?.string)

        let far = try fixture.mfa(
            "mfaEnrollment:finalize",
            [
                "idToken": user["idToken"]!,
                "totpVerificationInfo": [
                    "sessionInfo": .string(sessionInfo),
                    "verificationCode": .string(try totpCode(key, offsetSeconds: 150)),
                ],
            ])
        #expect(errorMessage(far.json) == "INVALID_CODE", "codes five steps away are refused")
        let missing = try fixture.mfa(
            "mfaEnrollment:finalize",
            ["idToken": user["idToken"]!, "totpVerificationInfo": ["sessionInfo": .string(sessionInfo)]])
        #expect(errorMessage(missing.json) == "MISSING_CODE")
        let other = try verifiedUser(fixture, "other@example.com")
        let stolen = try fixture.mfa(
            "mfaEnrollment:finalize",
            [
                "idToken": other["idToken"]!,
                "totpVerificationInfo": [
                    "sessionInfo": .string(sessionInfo), "verificationCode": .string(try totpCode(key)),
                ],
            ])
        #expect(errorMessage(stolen.json) == "INVALID_SESSION_INFO", "a session belongs to the user who started it")

        let previousStep = try totpCode(key, offsetSeconds: -30)
        let finalized = try fixture.mfa(
            "mfaEnrollment:finalize",
            [
                "idToken": user["idToken"]!, "displayName": "authenticator",
                "totpVerificationInfo": [
                    "sessionInfo": .string(sessionInfo),
                    "verificationCode": .string(previousStep),
                ],
            ])
        #expect(finalized.status == 200, "the previous step is accepted")
        let claims = try #require(idTokenClaims(finalized.json["idToken"]?.string))
        #expect(claims["firebase"]?["sign_in_second_factor"]?.string == "totp")
        let enrollmentId = try #require(claims["firebase"]?["second_factor_identifier"]?.string)
        // accounts:lookup shows a TOTP factor as production does: `totpInfo: {}`, never the shared secret.
        let looked = try #require(try fixture.lookupUser(finalized.json)?["mfaInfo"]?.array?.first)
        #expect(looked["totpInfo"] == [:] && looked["mfaEnrollmentId"]?.string == enrollmentId)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-totp-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try fixture.emulator.exportState(to: directory)
        let accounts = try JSONValue.parse(
            Array(try #require(FileManager.default.contents(atPath: directory + "/auth_export/accounts.json"))))
        let exported = accounts["users"]?.array?.first { $0["email"]?.string == "totp@example.com" }?["mfaInfo"]?.array?
            .first
        #expect(
            exported?["totpInfo"]?["sharedSecretKey"]?.string == key, "an export keeps the secret to import it again")
        let replayed = try fixture.mfa(
            "mfaEnrollment:finalize",
            [
                "idToken": finalized.json["idToken"]!,
                "totpVerificationInfo": [
                    "sessionInfo": .string(sessionInfo), "verificationCode": .string(try totpCode(key)),
                ],
            ])
        #expect(errorMessage(replayed.json) == "INVALID_SESSION_INFO", "a session enrolls once")

        let first = try fixture.call("signInWithPassword", ["email": "totp@example.com", "password": "secret123"])
        let pending = try #require(first.json["mfaPendingCredential"]?.string)
        let info = try #require(first.json["mfaInfo"]?.array?.first)
        #expect(info["totpInfo"] == [:] && info["phoneInfo"] == nil)
        #expect(info["mfaEnrollmentId"]?.string == enrollmentId && info["displayName"]?.string == "authenticator")

        let noId = try fixture.mfa(
            "mfaSignIn:finalize",
            [
                "mfaPendingCredential": .string(pending),
                "totpVerificationInfo": ["verificationCode": .string(try totpCode(key))],
            ])
        #expect(errorMessage(noId.json) == "MISSING_MFA_ENROLLMENT_ID : No second factor identifier is provided.")
        let wrongCode = try fixture.mfa(
            "mfaSignIn:finalize",
            [
                "mfaPendingCredential": .string(pending), "mfaEnrollmentId": .string(enrollmentId),
                "totpVerificationInfo": ["verificationCode": .string(try totpCode(key, offsetSeconds: -150))],
            ])
        #expect(errorMessage(wrongCode.json) == "INVALID_CODE")
        let unknown = try fixture.mfa(
            "mfaSignIn:finalize",
            [
                "mfaPendingCredential": .string(pending), "mfaEnrollmentId": "nope",
                "totpVerificationInfo": ["verificationCode": .string(try totpCode(key))],
            ])
        #expect(errorMessage(unknown.json) == "MFA_ENROLLMENT_NOT_FOUND")
        let done = try fixture.mfa(
            "mfaSignIn:finalize",
            [
                "mfaPendingCredential": .string(pending), "mfaEnrollmentId": .string(enrollmentId),
                "totpVerificationInfo": ["verificationCode": .string(try totpCode(key))],
            ])
        #expect(done.status == 200)
        let signedIn = try #require(idTokenClaims(done.json["idToken"]?.string))
        #expect(signedIn["firebase"]?["sign_in_second_factor"]?.string == "totp")
        #expect(signedIn["firebase"]?["second_factor_identifier"]?.string == enrollmentId)
        let smsStart = try fixture.mfa(
            "mfaSignIn:start", ["mfaPendingCredential": .string(pending), "mfaEnrollmentId": .string(enrollmentId)])
        #expect(errorMessage(smsStart.json) == "INVALID_ARGUMENT : MFA provider not supported!")
    }

    @Test func idpSignInOfAnMfaUserGivesAPendingCredential() throws {
        let fixture = try EmulatorFixture()
        let first = try fixture.signInWithIdp(claims: [
            "sub": "g-mfa", "email": "idp-mfa@example.com", "email_verified": true,
        ])
        #expect(first.status == 200)
        let started = try fixture.mfa(
            "mfaEnrollment:start", ["idToken": first.json["idToken"]!, "totpEnrollmentInfo": [:]])
        let session = try #require(started.json["totpSessionInfo"]?.object)
        let key = try #require(session["sharedSecretKey"]?.string)
        let finalized = try fixture.mfa(
            "mfaEnrollment:finalize",
            [
                "idToken": first.json["idToken"]!,
                "totpVerificationInfo": [
                    "sessionInfo": session["sessionInfo"]!, "verificationCode": .string(try totpCode(key)),
                ],
            ])
        #expect(finalized.status == 200)
        let again = try fixture.signInWithIdp(claims: [
            "sub": "g-mfa", "email": "idp-mfa@example.com", "email_verified": true,
        ])
        #expect(again.status == 200)
        #expect(again.json["idToken"] == nil)
        let pending = try #require(again.json["mfaPendingCredential"]?.string)
        let enrollmentId = try #require(again.json["mfaInfo"]?.array?.first?["mfaEnrollmentId"])
        let done = try fixture.mfa(
            "mfaSignIn:finalize",
            [
                "mfaPendingCredential": .string(pending), "mfaEnrollmentId": enrollmentId,
                "totpVerificationInfo": ["verificationCode": .string(try totpCode(key))],
            ])
        #expect(idTokenClaims(done.json["idToken"]?.string)?["firebase"]?["sign_in_provider"]?.string == "google.com")
    }

    @Test func withdrawRemovesTheFactor() throws {
        let fixture = try EmulatorFixture()
        let user = try verifiedUser(fixture)
        let enrolled = try enrollPhone(fixture, idToken: user["idToken"]!)
        let enrollmentId = try #require(
            idTokenClaims(enrolled["idToken"]?.string)?["firebase"]?["second_factor_identifier"])
        let unknown = try fixture.mfa(
            "mfaEnrollment:withdraw", ["idToken": enrolled["idToken"]!, "mfaEnrollmentId": "nope"])
        #expect(errorMessage(unknown.json) == "MFA_ENROLLMENT_NOT_FOUND")
        let withdrawn = try fixture.mfa(
            "mfaEnrollment:withdraw", ["idToken": enrolled["idToken"]!, "mfaEnrollmentId": enrollmentId])
        #expect(withdrawn.status == 200)
        #expect(withdrawn.json["idToken"] != nil && withdrawn.json["refreshToken"] != nil)
        #expect(try fixture.signIn("mfa@example.com")["idToken"] != nil, "no second factor any more")
    }

    @Test func pendingCredentialErrors() throws {
        let fixture = try EmulatorFixture()
        #expect(
            errorMessage(try fixture.mfa("mfaSignIn:start", ["mfaEnrollmentId": "x"]).json)
                == "MISSING_MFA_PENDING_CREDENTIAL : Request does not have MFA pending credential.")
        #expect(
            errorMessage(try fixture.mfa("mfaSignIn:start", ["mfaPendingCredential": "x"]).json)
                == "MISSING_MFA_ENROLLMENT_ID : No second factor identifier is provided.")
        #expect(
            errorMessage(
                try fixture.mfa("mfaSignIn:start", ["mfaPendingCredential": "bm90LWpzb24=", "mfaEnrollmentId": "x"])
                    .json)
                == "((Invalid phoneVerificationInfo.mfaPendingCredential.))")
        let foreign = MFAPendingCredential(
            localId: "u", signInProvider: "password", projectId: "other-project", tenantId: nil
        ).encoded
        #expect(
            errorMessage(
                try fixture.mfa("mfaSignIn:start", ["mfaPendingCredential": .string(foreign), "mfaEnrollmentId": "x"])
                    .json)
                == "INVALID_PROJECT_ID : Project ID does not match MFA pending credential.")
        #expect(
            errorMessage(try fixture.mfa("mfaSignIn:finalize", [:]).json)
                == "MISSING_CREDENTIAL : Please set MFA Pending Credential.")
        #expect(
            errorMessage(try fixture.mfa("mfaSignIn:finalize", ["mfaPendingCredential": "x"]).json)
                == "INVALID_ARGUMENT : MFA provider not supported!")
    }
}

@Suite("MFA fidelity to Firebase's emulator source")
struct MFAFidelityTests {
    private let v2 = "/identitytoolkit.googleapis.com/v2/projects/\(EmulatorFixture.projectId)"

    /// An explicit tenant with password sign-up on and MFA as `mfaConfig` says.
    private func tenant(_ fixture: EmulatorFixture, mfaConfig: JSONValue) throws -> JSONValue {
        let created = try fixture.client.json(
            path: v2 + "/tenants", body: ["allowPasswordSignup": true, "mfaConfig": mfaConfig],
            headers: [("Authorization", "Bearer owner")])
        return try #require(created.json["tenantId"])
    }

    @Test func smsMfaRoutesRefuseATenantWithoutSmsBeforeAnyOtherCheck() throws {
        let fixture = try EmulatorFixture()
        for config: JSONValue in [
            ["state": "DISABLED"], ["state": "ENABLED", "enabledProviders": ["PROVIDER_UNSPECIFIED"]],
        ] {
            let tenantId = try tenant(fixture, mfaConfig: config)
            for route in ["mfaEnrollment:start", "mfaEnrollment:finalize", "mfaSignIn:start", "mfaSignIn:finalize"] {
                let result = try fixture.mfa(route, ["tenantId": tenantId])
                #expect(errorMessage(result.json) == "OPERATION_NOT_ALLOWED : SMS based MFA not enabled.", "\(route)")
            }
        }
    }

    @Test func aTenantWithMfaOffSignsAnEnrolledUserInWithTokens() throws {
        let fixture = try EmulatorFixture()
        let tenantId = try tenant(fixture, mfaConfig: ["state": "DISABLED"])
        let created = try fixture.call(
            "signUp",
            [
                "tenantId": tenantId, "email": "t@example.com", "password": "secret123",
                "mfaInfo": [["phoneInfo": "+15555550100"]],
            ])
        #expect(created.status == 200)
        let signedIn = try fixture.call(
            "signInWithPassword", ["tenantId": tenantId, "email": "t@example.com", "password": "secret123"])
        #expect(signedIn.json["idToken"] != nil && signedIn.json["mfaPendingCredential"] == nil)
    }

    @Test func aPendingCredentialOfAnotherTenantIsAnInvalidProject() throws {
        let fixture = try EmulatorFixture()
        let pending = MFAPendingCredential(
            localId: "u", signInProvider: "password", projectId: EmulatorFixture.projectId,
            tenantId: "tenant-a"
        ).encoded
        let other = try fixture.mfa(
            "mfaSignIn:start",
            [
                "mfaPendingCredential": .string(pending), "mfaEnrollmentId": "x",
                "tenantId": "tenant-b",
            ])
        #expect(errorMessage(other.json) == "INVALID_PROJECT_ID : Project ID does not match MFA pending credential.")
        // Without a tenantId the request lands in the default project, where that user does not exist.
        let untenanted = try fixture.mfa(
            "mfaSignIn:start", ["mfaPendingCredential": .string(pending), "mfaEnrollmentId": "x"])
        #expect(errorMessage(untenanted.json) == "((User in pendingCredentialPayload does not exist.))")
    }

    @Test func maskingHidesDigitsOnlyAndKeepsSeparators() throws {
        let fixture = try EmulatorFixture()
        try fixture.call(
            "signUp",
            ["email": "mask@example.com", "password": "secret123", "mfaInfo": [["phoneInfo": "+1 555-555-0100"]]])
        let first = try fixture.call("signInWithPassword", ["email": "mask@example.com", "password": "secret123"])
        #expect(first.json["mfaInfo"]?.array?.first?["phoneInfo"]?.string == "+* ***-***-0100")
    }
}

@Suite("MFA factor toggles of tenants")
struct MFAFactorToggleTests {
    private func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch { return (error as? APIError)?.message ?? "\(error)" }
    }

    @Test func defaultProjectAndImplicitTenantsAllowBothFactors() {
        let state = EmulatorState(projectId: "p")
        for project in [state.defaultProject, state.project(tenantId: "implicit")] {
            #expect(message { try state.checkFactorEnabled(.phone, in: project) } == nil)
            #expect(message { try state.checkFactorEnabled(.totp, in: project) } == nil)
        }
    }

    @Test func aTenantMfaConfigEnablesEachFactorSeparately() {
        let state = EmulatorState(projectId: "p")
        let tenant = state.project(tenantId: "t")
        tenant.tenantConfig["mfaConfig"] = ["state": "DISABLED"]
        #expect(
            message { try state.checkFactorEnabled(.phone, in: tenant) }
                == "OPERATION_NOT_ALLOWED : SMS based MFA not enabled.")
        #expect(
            message { try state.checkFactorEnabled(.totp, in: tenant) }
                == "OPERATION_NOT_ALLOWED : TOTP based MFA not enabled.")
        tenant.tenantConfig["mfaConfig"] = [
            "state": "ENABLED", "enabledProviders": ["PHONE_SMS"],
            "providerConfigs": [["state": "ENABLED", "totpProviderConfig": ["adjacentIntervals": 1]]],
        ]
        #expect(message { try state.checkFactorEnabled(.phone, in: tenant) } == nil)
        #expect(message { try state.checkFactorEnabled(.totp, in: tenant) } == nil)
    }
}
