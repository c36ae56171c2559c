import FauthJSON
import Testing

@testable import FauthEmulator

extension OpenAPIAnswerRecorder {
    /// The end-user Identity Toolkit routes (lookup, update, createAuthUri, resetPassword, session cookies, custom
    /// token, email link, IdP and phone sign-in, MFA enrollment and sign-in, passkeys, the password policy), through
    /// every branch that changes an answer's shape, so that every member their declarations name appears in some
    /// answer (`validate()` requires it).
    func exerciseSignInRoutes() throws {
        let exercise = SignInAnswerExercise(self)
        let full = try exercise.accountWithEveryField()
        try exercise.federatedSignIns(full)
        try exercise.secondFactorSignIns(full)
        try exercise.phoneSignIns()
        try exercise.codesAndAuthUris()
        try exercise.tenantAndProjectRoutes()
    }
}

/// The sign-in lane's requests, sent through the recorder.
private final class SignInAnswerExercise {
    /// A signed-in account: its id and its latest tokens.
    struct Account {
        var localId: String
        var idToken: JSONValue
        /// The enrolled second factors' ids, phone first.
        var phoneEnrollmentId = ""
        var totpEnrollmentId = ""
        var totpSecret = ""
    }

    private let recorder: OpenAPIAnswerRecorder

    init(_ recorder: OpenAPIAnswerRecorder) { self.recorder = recorder }

    /// Sends through the recorder.
    @discardableResult
    private func send(_ method: String, _ path: String, _ body: JSONValue? = nil, owner: Bool = false) throws
        -> JSONValue
    {
        try recorder.send(method, path, body, owner: owner)
    }

    /// `POST …/v1/accounts:<name>` with the API key, or as the owner.
    @discardableResult
    private func accounts(_ name: String, _ body: JSONValue, owner: Bool = false) throws -> JSONValue {
        try send("POST", recorder.v1 + "accounts:" + name + (owner ? "" : recorder.key), body, owner: owner)
    }

    /// `POST …/v2/accounts/<name>` with the API key (the MFA and passkey routes).
    @discardableResult
    private func v2(_ name: String, _ body: JSONValue) throws -> JSONValue {
        try send("POST", "/identitytoolkit.googleapis.com/v2/accounts/" + name + recorder.key, body)
    }

    /// `signInWithIdp` with `claims` as the fake IdP's `id_token`.
    @discardableResult
    private func idp(_ providerId: String, _ claims: JSONValue, _ extra: JSONObject = [:]) throws -> JSONValue {
        var body: JSONObject = [
            "requestUri": "http://localhost", "returnSecureToken": true,
            "postBody": .string("providerId=\(providerId)&id_token=\(formEncoded(claims.serialized()))"),
        ]
        for (key, value) in extra { body[key] = value }
        return try accounts("signInWithIdp", .object(body))
    }

    /// An action code for `email` (issued by the owner, who gets it back).
    private func oobCode(_ requestType: String, _ email: String, newEmail: String? = nil) throws -> JSONValue {
        var body: JSONObject = ["requestType": .string(requestType), "email": .string(email), "returnOobLink": true]
        body["newEmail"] = newEmail.map(JSONValue.string)
        return try #require(try accounts("sendOobCode", .object(body), owner: true)["oobCode"])
    }

    /// The SMS code the emulator "sent" for `sessionInfo`.
    private func smsCode(_ sessionInfo: JSONValue?) throws -> JSONValue {
        let codes = try recorder.fixture.control("GET", "verificationCodes").json["verificationCodes"]?.array ?? []
        return try #require(codes.first { $0["sessionInfo"] == sessionInfo }?["code"])
    }

    /// The TOTP code of a base32 key now.
    private func totpCode(_ key: String) throws -> JSONValue {
        .string(TOTP.code(secret: try #require(Base32.decode(key)), at: Int64(Timestamp.nowMillis() / 1000)))
    }

    /// An account with every field `UserInfo` can have but `screenName` and `tenantId` (an IdP sign-up and a tenant
    /// show those): a password and a changed email, a phone number, custom claims, a custom-token and an email-link
    /// sign-in, an SMS and a TOTP factor, a passkey; looked up by its ID token and by the owner.
    func accountWithEveryField() throws -> Account {
        let created = try accounts(
            "signUp", ["email": "full@example.com", "password": "secret123", "displayName": "Full"])
        var account = Account(localId: try #require(created["localId"]?.string), idToken: created["idToken"] ?? .null)
        let localId = JSONValue.string(account.localId)
        // A profile change keeps the tokens; an email change answers `newEmail` and new tokens.
        try accounts("update", ["idToken": account.idToken, "photoUrl": "https://example.com/full.png"])
        let moved = try accounts("update", ["idToken": account.idToken, "email": "full2@example.com"])
        account.idToken = try #require(moved["idToken"])
        try accounts(
            "update",
            [
                "localId": localId, "phoneNumber": "+15555550101", "customAttributes": #"{"role":"a"}"#,
                "disableUser": false, "emailVerified": true,
            ], owner: true)
        // A custom-token sign-in of a new user, then of this one (`customAuth`).
        try accounts("signInWithCustomToken", ["token": #"{"uid":"custom-only"}"#])
        try accounts("signInWithCustomToken", ["token": .string(#"{"uid":"\#(account.localId)"}"#)])
        let linked = try accounts(
            "signInWithEmailLink",
            ["email": "full2@example.com", "oobCode": try oobCode("EMAIL_SIGNIN", "full2@example.com")])
        account.idToken = try #require(linked["idToken"])
        try accounts(
            "signInWithEmailLink",
            ["email": "new-link@example.com", "oobCode": try oobCode("EMAIL_SIGNIN", "new-link@example.com")])

        let phoneStart = try v2(
            "mfaEnrollment:start",
            ["idToken": account.idToken, "phoneEnrollmentInfo": ["phoneNumber": "+15555550100"]])
        let phoneSession = phoneStart["phoneSessionInfo"]?["sessionInfo"]
        let phoneEnrolled = try v2(
            "mfaEnrollment:finalize",
            [
                "idToken": account.idToken, "displayName": "work phone",
                "phoneVerificationInfo": ["sessionInfo": phoneSession ?? .null, "code": try smsCode(phoneSession)],
            ])
        account.idToken = try #require(phoneEnrolled["idToken"])
        let totpStart = try v2("mfaEnrollment:start", ["idToken": account.idToken, "totpEnrollmentInfo": [:]])
        account.totpSecret = try #require(totpStart["totpSessionInfo"]?["sharedSecretKey"]?.string)
        let totpEnrolled = try v2(
            "mfaEnrollment:finalize",
            [
                "idToken": account.idToken,
                "totpVerificationInfo": [
                    "sessionInfo": totpStart["totpSessionInfo"]?["sessionInfo"] ?? .null,
                    "verificationCode": try totpCode(account.totpSecret),
                ],
            ])
        account.idToken = try #require(totpEnrolled["idToken"])

        try v2("passkeyEnrollment:start", ["idToken": account.idToken])
        let passkey = try v2(
            "passkeyEnrollment:finalize",
            ["idToken": account.idToken, "name": "laptop", "authenticatorRegistrationResponse": ["id": "passkey-1"]])
        account.idToken = try #require(passkey["idToken"])
        try v2("passkeySignIn:start", [:])
        try v2("passkeySignIn:finalize", ["authenticatorAuthenticationResponse": ["id": "passkey-1"]])

        let found = try accounts("lookup", ["idToken": account.idToken])
        let factors = try #require(found["users"]?.array?.first?["mfaInfo"]?.array)
        account.phoneEnrollmentId = try #require(factors.first { $0["phoneInfo"] != nil }?["mfaEnrollmentId"]?.string)
        account.totpEnrollmentId = try #require(factors.first { $0["totpInfo"] != nil }?["mfaEnrollmentId"]?.string)
        // The owner's lookup: several accounts, then none (`users` absent).
        try accounts("lookup", ["localId": [localId, "custom-only"], "email": ["new-link@example.com"]], owner: true)
        try accounts("lookup", ["localId": ["nobody"]], owner: true)
        return account
    }

    /// First factors that stop for the second (email link), SMS and TOTP second factors, a withdrawal.
    func secondFactorSignIns(_ account: Account) throws {
        // A password sign-in stops for the second factors too (`mfaPendingCredential`, `mfaInfo`).
        let stopped = try accounts("signInWithPassword", ["email": "full2@example.com", "password": "secret123"])
        #expect(stopped["mfaPendingCredential"] != nil && stopped["idToken"] == nil)
        let pending = try accounts(
            "signInWithEmailLink",
            ["email": "full2@example.com", "oobCode": try oobCode("EMAIL_SIGNIN", "full2@example.com")])
        let credential = pending["mfaPendingCredential"] ?? .null
        let started = try v2(
            "mfaSignIn:start",
            ["mfaPendingCredential": credential, "mfaEnrollmentId": .string(account.phoneEnrollmentId)])
        let session = started["phoneResponseInfo"]?["sessionInfo"]
        try v2(
            "mfaSignIn:finalize",
            [
                "mfaPendingCredential": credential,
                "phoneVerificationInfo": ["sessionInfo": session ?? .null, "code": try smsCode(session)],
            ])
        let signedIn = try v2(
            "mfaSignIn:finalize",
            [
                "mfaPendingCredential": credential, "mfaEnrollmentId": .string(account.totpEnrollmentId),
                "totpVerificationInfo": ["verificationCode": try totpCode(account.totpSecret)],
            ])
        try v2(
            "mfaEnrollment:withdraw",
            ["idToken": signedIn["idToken"] ?? .null, "mfaEnrollmentId": .string(account.totpEnrollmentId)])
    }

    /// `signInWithIdp` through each account decision: a Google sign-up with every profile member, a sign-up without
    /// an email (so without `emailVerified`) but with a screen name, SAML without a response (no `rawUserInfo`),
    /// `needConfirmation`, a refused link answered with `errorMessage`, a recycled email, a link stopped by the
    /// account's SMS and TOTP factors.
    func federatedSignIns(_ account: Account) throws {
        let google = try idp(
            "google.com",
            [
                "sub": "g-1", "email": "idp@example.com", "email_verified": true, "name": "Idp User",
                "given_name": "Idp", "family_name": "User", "picture": "https://example.com/idp.png",
            ])
        let twitter = try idp("twitter.com", ["sub": "t-1", "screen_name": "tweeter", "name": "Tweeter"])
        try accounts("lookup", ["idToken": twitter["idToken"] ?? .null])
        try accounts("update", ["idToken": twitter["idToken"] ?? .null, "displayName": "Tweeter Two"])
        try idp("saml.corp", ["sub": "s-1", "email": "saml@corp.example"])
        try idp("github.com", ["sub": "gh-1", "email": "idp@example.com"])
        try idp("twitter.com", ["sub": "t-1"], ["idToken": google["idToken"] ?? .null, "returnIdpCredential": true])
        try idp("google.com", ["sub": "g-2", "email": "idp@example.com", "email_verified": true])
        try idp("facebook.com", ["sub": "f-1", "name": "Full"], ["idToken": account.idToken])
    }

    /// Phone sign-in: a new number's user, a number taken by another account (a temporary proof), and the proof.
    func phoneSignIns() throws {
        func code(_ number: String) throws -> JSONObject {
            let sent = try accounts("sendVerificationCode", ["phoneNumber": .string(number)])
            return ["sessionInfo": sent["sessionInfo"] ?? .null, "code": try smsCode(sent["sessionInfo"])]
        }
        try accounts("signInWithPhoneNumber", .object(try code("+15555550102")))
        let anonymous = try accounts("signUp", [:])
        var linking = try code("+15555550102")
        linking["idToken"] = anonymous["idToken"]
        let taken = try accounts("signInWithPhoneNumber", .object(linking))
        try accounts(
            "signInWithPhoneNumber",
            ["phoneNumber": "+15555550102", "temporaryProof": taken["temporaryProof"] ?? .null])
    }

    /// createAuthUri (a registered email, an IdP's sign-in page, email enumeration protection), resetPassword (a
    /// reset code before and after the new password, an email-link code without an email, an email change code),
    /// accounts:update applying codes, the password policy with and without a maximum length.
    func codesAndAuthUris() throws {
        try accounts("createAuthUri", ["identifier": "full2@example.com", "continueUri": "http://localhost/after"])
        try accounts(
            "createAuthUri",
            ["providerId": "google.com", "continueUri": "http://localhost/after", "identifier": "a@example.com"])
        try recorder.fixture.configure(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]])
        try accounts("createAuthUri", ["identifier": "full2@example.com", "continueUri": "http://localhost/after"])
        try recorder.fixture.configure(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": false]])

        try accounts("signUp", ["email": "reset@example.com", "password": "secret123"])
        let reset = try oobCode("PASSWORD_RESET", "reset@example.com")
        try accounts("resetPassword", ["oobCode": reset])
        try accounts("resetPassword", ["oobCode": reset, "newPassword": "secret456"])
        try accounts("resetPassword", ["oobCode": try oobCode("EMAIL_SIGNIN", "reset@example.com")])
        let change = try oobCode("VERIFY_AND_CHANGE_EMAIL", "reset@example.com", newEmail: "changed@example.com")
        try accounts("resetPassword", ["oobCode": change])
        try accounts("update", ["oobCode": change])
        try accounts("update", ["oobCode": try oobCode("VERIFY_EMAIL", "changed@example.com")])

        let policyPath = "/identitytoolkit.googleapis.com/v2/passwordPolicy" + recorder.key
        for options: JSONValue in [
            ["minPasswordLength": 8, "maxPasswordLength": 64], ["containsNumericCharacter": true],
        ] {
            try recorder.fixture.configure(["fauth": ["passwordPolicy": ["customStrengthOptions": options]]])
            try send("GET", policyPath)
        }
        try recorder.fixture.configure(["fauth": ["passwordPolicy": .null]])
    }

    /// A tenant's account (lookup shows `tenantId`, and so does its IdP sign-in) and session cookies in both path forms.
    func tenantAndProjectRoutes() throws {
        let member = try accounts(
            "signUp", ["email": "member@example.com", "password": "secret123", "tenantId": "t-signin"])
        try accounts("lookup", ["idToken": member["idToken"] ?? .null])
        try idp("google.com", ["sub": "g-t"], ["tenantId": "t-signin"])
        let project = recorder.v1 + "projects/\(EmulatorFixture.projectId)"
        let plain = try accounts("signInWithPassword", ["email": "reset@example.com", "password": "secret456"])
        try send("POST", project + ":createSessionCookie", ["idToken": plain["idToken"] ?? .null], owner: true)
        try send(
            "POST", project + "/tenants/t-signin:createSessionCookie", ["idToken": member["idToken"] ?? .null],
            owner: true)
        // An error answer of these routes is Firebase's error body.
        try accounts("lookup", ["idToken": "not-a-token"])
    }
}
