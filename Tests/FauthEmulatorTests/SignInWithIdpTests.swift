import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("accounts:signInWithIdp over real sockets")
struct SignInWithIdpTests {
    private let google: JSONValue = [
        "sub": "g-123", "email": "Ann@Example.com", "email_verified": true, "name": "Ann Lee",
        "given_name": "Ann", "family_name": "Lee", "picture": "http://photo",
    ]

    @Test func newUserThenReturningUser() throws {
        let fixture = try EmulatorFixture()
        let first = try fixture.signInWithIdp(claims: google)
        #expect(first.status == 200)
        let json = first.json
        #expect(json["kind"]?.string == "identitytoolkit#VerifyAssertionResponse")
        #expect(json["isNewUser"]?.bool == true)
        #expect(json["providerId"]?.string == "google.com")
        #expect(json["federatedId"]?.string == "https://accounts.google.com/g-123")
        #expect(json["email"]?.string == "ann@example.com")
        #expect(json["emailVerified"]?.bool == true)
        #expect(json["firstName"]?.string == "Ann" && json["lastName"]?.string == "Lee")
        #expect(json["displayName"]?.string == "Ann Lee" && json["fullName"]?.string == "Ann Lee")
        #expect(json["oauthAccessToken"]?.string == "FirebaseAuthEmulatorFakeAccessToken_google.com")
        #expect(json["oauthIdToken"]?.string == google.serialized())
        #expect(json["expiresIn"]?.string == "3600")
        let raw = try JSONValue.parse(try #require(json["rawUserInfo"]?.string))
        #expect(raw["id"]?.string == "g-123" && raw["locale"]?.string == "en" && raw["verified_email"]?.bool == true)
        let localId = try #require(json["localId"]?.string)
        let claims = try #require(idTokenClaims(json["idToken"]?.string))
        #expect(claims["firebase"]?["sign_in_provider"]?.string == "google.com")
        #expect(claims["firebase"]?["identities"]?["google.com"] == ["g-123"])
        #expect(claims["email"]?.string == "ann@example.com")
        let user = try #require(try fixture.lookupUser(json))
        let info = try #require(user["providerUserInfo"]?.array?.first)
        #expect(
            info["providerId"]?.string == "google.com" && info["rawId"]?.string == "g-123"
                && info["federatedId"]?.string == "g-123")

        let again = try fixture.signInWithIdp(claims: google)
        #expect(again.status == 200)
        #expect(again.json["localId"]?.string == localId)
        #expect(again.json["isNewUser"] == nil)
    }

    @Test func requestUriAndProviderErrors() throws {
        let fixture = try EmulatorFixture()
        #expect(
            errorMessage(try fixture.call("signInWithIdp", ["postBody": "providerId=google.com"]).json)
                == "MISSING_REQUEST_URI")
        #expect(
            errorMessage(
                try fixture.call("signInWithIdp", ["requestUri": "/relative", "postBody": "providerId=x"]).json)
                == "INVALID_REQUEST_URI")
        let noProvider = try fixture.call(
            "signInWithIdp", ["requestUri": "http://localhost/cb?a=1", "postBody": "id_token=x"])
        #expect(noProvider.status == 400)
        #expect(
            errorMessage(noProvider.json)
                == "INVALID_CREDENTIAL_OR_PROVIDER_ID : Invalid IdP response/credential: http://localhost/cb?a=1&id_token=x"
        )
        let refresh = try fixture.call("signInWithIdp", ["requestUri": "http://localhost", "returnRefreshToken": true])
        #expect(refresh.status == 501)
        #expect(errorMessage(refresh.json) == "returnRefreshToken is not implemented yet.")
    }

    @Test func parametersMergeFromQueryPostBodyAndFragment() throws {
        let fixture = try EmulatorFixture()
        let claims = formEncoded(#"{"sub":"f-1","email":"x@y.z"}"#)
        let result = try fixture.call(
            "signInWithIdp",
            [
                "requestUri": .string(
                    "http://localhost/cb?providerId=ignored.com#providerId=Facebook.COM&id_token=\(claims)"),
                "postBody": "providerId=also-ignored.com&access_token=AT-1",
            ])
        #expect(result.status == 200)
        #expect(result.json["providerId"]?.string == "facebook.com")
        #expect(result.json["oauthAccessToken"]?.string == "AT-1")
        #expect(result.json["federatedId"]?.string == "f-1")
        let raw = try JSONValue.parse(try #require(result.json["rawUserInfo"]?.string))
        #expect(raw == ["sub": "f-1", "email": "x@y.z"])
    }

    @Test func credentialErrorsAndUnsupportedCredentials() throws {
        let fixture = try EmulatorFixture()
        func attempt(_ postBody: String) throws -> (status: Int, json: JSONValue) {
            try fixture.call("signInWithIdp", ["requestUri": "http://localhost", "postBody": .string(postBody)])
        }
        let badJSON = try attempt("providerId=google.com&id_token=" + formEncoded("{oops"))
        #expect(badJSON.status == 400)
        #expect(
            errorMessage(badJSON.json)
                == "INVALID_IDP_RESPONSE : Unable to parse id_token: {oops ((Auth Emulator failed to parse fake id_token as strict JSON.))"
        )
        let noSub = try attempt("providerId=google.com&id_token=" + formEncoded(#"{"email":"a@b.c"}"#))
        #expect(
            errorMessage(noSub.json)?.hasPrefix(
                "INVALID_IDP_RESPONSE : Invalid Idp Response: id_token missing required fields.") == true)
        let numericSub = try attempt("providerId=google.com&id_token=" + formEncoded(#"{"sub":7}"#))
        #expect(errorMessage(numericSub.json) == #"INVALID_IDP_RESPONSE : ((The "sub" field must be a string.))"#)
        let opaqueIdToken = try attempt("providerId=google.com&id_token=opaque")
        #expect(
            errorMessage(opaqueIdToken.json)
                == "INVALID_IDP_RESPONSE : Unable to parse id_token: opaque ((Auth Emulator only accepts strict JSON or JWTs as fake id_tokens.))"
        )
        let googleAccessToken = try attempt("providerId=google.com&access_token=ya29.opaque")
        #expect(googleAccessToken.status == 501)
        #expect(
            errorMessage(googleAccessToken.json)
                == "The Auth Emulator only support sign-in with google.com using id_token, not access_token. Please update your code to use id_token."
        )
        let githubAccessToken = try attempt("providerId=github.com&access_token=gho_opaque")
        #expect(githubAccessToken.status == 501)
        #expect(
            errorMessage(githubAccessToken.json)
                == "The Auth Emulator does not support github.com sign-in with credentials.")
        let nothing = try attempt("providerId=github.com")
        #expect(nothing.status == 501)
        #expect(
            errorMessage(nothing.json)
                == "The Auth Emulator only supports sign-in with credentials (id_token required).")
    }

    @Test func anySignedJWTIsReadWithoutVerification() throws {
        let fixture = try EmulatorFixture()
        let header = Base64.encodeURL(Array(#"{"alg":"RS256","kid":"real"}"#.utf8))
        let payload = Base64.encodeURL(
            Array(#"{"sub":"apple-1","email":"a@privaterelay.appleid.com","iss":"https://appleid.apple.com"}"#.utf8))
        let jwt = "\(header).\(payload).c2lnbmF0dXJl"
        let result = try fixture.call(
            "signInWithIdp",
            [
                "requestUri": "http://localhost",
                "postBody": .string("providerId=apple.com&id_token=\(jwt)"),
            ])
        #expect(result.status == 200)
        #expect(result.json["federatedId"]?.string == "apple-1")
        #expect(result.json["oauthIdToken"]?.string == jwt)
    }

    @Test func linkingToAnIdTokenUserAndAlreadyLinkedErrors() throws {
        let fixture = try EmulatorFixture()
        let owner = try fixture.signUp("owner@example.com")
        let ownerToken = try #require(owner["idToken"]?.string)
        let linked = try fixture.signInWithIdp(
            "github.com", claims: ["sub": "gh-1", "email": "owner@example.com"],
            extra: ["idToken": .string(ownerToken)])
        #expect(linked.status == 200)
        #expect(linked.json["localId"] == owner["localId"])
        #expect(linked.json["isNewUser"] == nil)
        let user = try #require(try fixture.lookupUser(linked.json))
        #expect(user["providerUserInfo"]?.array?.compactMap { $0["providerId"]?.string } == ["password", "github.com"])

        let other = try fixture.signUp("other@example.com")
        let otherToken = try #require(other["idToken"]?.string)
        let hard = try fixture.signInWithIdp(
            "github.com", claims: ["sub": "gh-1"], extra: ["idToken": .string(otherToken)])
        #expect(hard.status == 400)
        #expect(errorMessage(hard.json) == "FEDERATED_USER_ID_ALREADY_LINKED")
        let soft = try fixture.signInWithIdp(
            "github.com", claims: ["sub": "gh-1"],
            extra: ["idToken": .string(otherToken), "returnIdpCredential": true])
        #expect(soft.status == 200)
        #expect(soft.json["errorMessage"]?.string == "FEDERATED_USER_ID_ALREADY_LINKED")
        #expect(soft.json["localId"] == nil && soft.json["idToken"] == nil)
        #expect(soft.json["federatedId"]?.string == "gh-1")

        let emailTaken = try fixture.signInWithIdp(
            "github.com", claims: ["sub": "gh-2", "email": "OWNER@example.com"],
            extra: ["idToken": .string(otherToken)])
        #expect(errorMessage(emailTaken.json) == "EMAIL_EXISTS")
        let badToken = try fixture.signInWithIdp(
            "github.com", claims: ["sub": "gh-3"],
            extra: ["idToken": "garbage", "returnIdpCredential": true])
        #expect(badToken.status == 400, "ID-token errors stay 400 even with returnIdpCredential")
        #expect(errorMessage(badToken.json) == "INVALID_ID_TOKEN")
    }

    @Test func linkCopiesTheIdpEmailToAUserWithoutOne() throws {
        let fixture = try EmulatorFixture()
        let anonymous = try fixture.call("signUp", [:]).json
        let token = try #require(anonymous["idToken"]?.string)
        let linked = try fixture.signInWithIdp(
            claims: ["sub": "g-9", "email": "New@Example.com", "email_verified": true],
            extra: ["idToken": .string(token)])
        #expect(linked.status == 200)
        let user = try #require(try fixture.lookupUser(linked.json))
        #expect(user["email"]?.string == "new@example.com")
        #expect(user["emailVerified"]?.bool == true)
    }

    @Test func unverifiedIdpEmailOfAnExistingUserNeedsConfirmation() throws {
        let fixture = try EmulatorFixture()
        let existing = try fixture.signUp("shared@example.com")
        _ = try fixture.signInWithIdp("facebook.com", claims: ["sub": "fb-1"], extra: ["idToken": existing["idToken"]!])
        let result = try fixture.signInWithIdp(claims: ["sub": "g-2", "email": "shared@example.com"])
        #expect(result.status == 200)
        #expect(result.json["needConfirmation"]?.bool == true)
        #expect(result.json["localId"] == existing["localId"])
        #expect(result.json["verifiedProvider"] == ["facebook.com"])
        #expect(result.json["idToken"] == nil)
        #expect(
            try fixture.call("signInWithPassword", ["email": "shared@example.com", "password": "secret123"]).status
                == 200,
            "nothing changed")
    }

    @Test func verifiedIdpEmailTakesOverAnUnverifiedAccount() throws {
        let fixture = try EmulatorFixture()
        let existing = try fixture.signUp("victim@example.com")
        let result = try fixture.signInWithIdp(claims: [
            "sub": "g-3", "email": "victim@example.com", "email_verified": true,
            "name": "From Google",
        ])
        #expect(result.status == 200)
        #expect(result.json["localId"] == existing["localId"])
        #expect(result.json["isNewUser"] == nil)
        let user = try #require(try fixture.lookupUser(result.json))
        #expect(user["emailVerified"]?.bool == true)
        #expect(user["displayName"]?.string == "From Google")
        #expect(user["passwordHash"] == nil)
        #expect(user["providerUserInfo"]?.array?.compactMap { $0["providerId"]?.string } == ["google.com"])
        let password = try fixture.call("signInWithPassword", ["email": "victim@example.com", "password": "secret123"])
        #expect(errorMessage(password.json) == "INVALID_PASSWORD")
    }

    @Test func recycledEmailIsFlagged() throws {
        let fixture = try EmulatorFixture()
        let first = try fixture.signInWithIdp(claims: [
            "sub": "old-sub", "email": "r@example.com", "email_verified": true,
        ])
        let second = try fixture.signInWithIdp(claims: [
            "sub": "new-sub", "email": "r@example.com", "email_verified": true,
        ])
        #expect(second.status == 200)
        #expect(second.json["localId"] == first.json["localId"])
        #expect(second.json["emailRecycled"]?.bool == true)
    }

    @Test func allowDuplicateEmailsMatchesByProviderOnly() throws {
        let fixture = try EmulatorFixture()
        try fixture.configure(["signIn": ["allowDuplicateEmails": true]])
        let existing = try fixture.signUp("dup@example.com")
        let result = try fixture.signInWithIdp(claims: [
            "sub": "g-4", "email": "dup@example.com", "email_verified": true,
        ])
        #expect(result.status == 200)
        #expect(result.json["isNewUser"]?.bool == true)
        #expect(result.json["localId"] != existing["localId"])
        let user = try #require(try fixture.lookupUser(result.json))
        #expect(user["email"] == nil)
        #expect(user["providerUserInfo"]?.array?.first?["email"]?.string == "dup@example.com")
    }

    @Test func disabledUserIsRefusedAfterTheLinkIsWritten() throws {
        let fixture = try EmulatorFixture()
        let first = try fixture.signInWithIdp(claims: ["sub": "g-5"])
        let localId = try #require(first.json["localId"]?.string)
        #expect(
            try fixture.adminProject("accounts:update", ["localId": .string(localId), "disableUser": true]).status
                == 200)
        let refused = try fixture.signInWithIdp(claims: ["sub": "g-5", "name": "New Name"])
        #expect(refused.status == 400)
        #expect(errorMessage(refused.json) == "USER_DISABLED")
        let stored = try fixture.adminProject("accounts:lookup", ["localId": [.string(localId)]])
        #expect(
            stored.json["users"]?.array?.first?["providerUserInfo"]?.array?.first?["displayName"]?.string == "New Name")
    }

    @Test func aSamlResponseNeedsAnAssertionWithANameId() throws {
        let fixture = try EmulatorFixture()
        func attempt(_ saml: String?, sub: String = "saml-1") throws -> (status: Int, json: JSONValue) {
            var postBody =
                "providerId=saml.corp&id_token=" + formEncoded(#"{"sub":"\#(sub)","email":"S@corp.example"}"#)
            if let saml { postBody += "&SAMLResponse=" + formEncoded(saml) }
            return try fixture.call("signInWithIdp", ["requestUri": "http://localhost", "postBody": .string(postBody)])
        }
        // Without a SAMLResponse a saml.* provider signs in on its claims, the email always verified.
        let bare = try attempt(nil, sub: "saml-0")
        #expect(
            bare.status == 200 && bare.json["emailVerified"]?.bool == true
                && bare.json["email"]?.string == "s@corp.example")
        #expect(bare.json["rawUserInfo"] == nil)
        #expect(idTokenClaims(bare.json["idToken"]?.string)?["firebase"]?["sign_in_attributes"] == nil)
        #expect(errorMessage(try attempt(#"{}"#).json) == "INVALID_IDP_RESPONSE ((Missing assertion in SAMLResponse.))")
        #expect(
            errorMessage(try attempt(#"{"assertion":{}}"#).json)
                == "INVALID_IDP_RESPONSE ((Missing assertion.subject in SAMLResponse.))")
        #expect(
            errorMessage(try attempt(#"{"assertion":{"subject":{}}}"#).json)
                == "INVALID_IDP_RESPONSE ((Missing assertion.subject.nameId in SAMLResponse.))")
        let signedIn = try attempt(
            #"{"assertion":{"subject":{"nameId":"Sam@Corp.example"},"attributeStatements":[{"role":"x"}]}}"#)
        #expect(signedIn.status == 200)
        #expect(signedIn.json["email"]?.string == "Sam@Corp.example")
        #expect(signedIn.json["emailVerified"]?.bool == true)
        #expect(signedIn.json["rawUserInfo"]?.string == #"[{"role":"x"}]"#)
        // The attribute statements reach the ID token as firebase.sign_in_attributes (not the refreshed ones).
        #expect(idTokenClaims(signedIn.json["idToken"]?.string)?["firebase"]?["sign_in_attributes"] == [["role": "x"]])
        let refreshed = try fixture.refresh(try #require(signedIn.json["refreshToken"]?.string))
        #expect(idTokenClaims(refreshed.json["id_token"]?.string)?["firebase"]?["sign_in_attributes"] == nil)
    }
}

@Suite("signInWithIdp and provider lists: fidelity to Firebase's emulator source")
struct IdpFidelityTests {
    private func providerIds(_ user: JSONValue?) -> [String] {
        user?["providerUserInfo"]?.array?.compactMap { $0["providerId"]?.string } ?? []
    }

    @Test func newProvidersAreAppendedAndExistingOnesKeepTheirPlace() throws {
        let fixture = try EmulatorFixture()
        let google = try fixture.signInWithIdp(claims: ["sub": "g-1", "email": "g@example.com", "email_verified": true])
        let linked = try fixture.call(
            "signUp", ["idToken": google.json["idToken"]!, "email": "g@example.com", "password": "secret123"])
        #expect(providerIds(try fixture.lookupUser(linked.json)) == ["google.com", "password"])
        let created = try fixture.signUp("p@example.com")
        let localId = try #require(created["localId"])
        try fixture.admin("update", ["localId": localId, "phoneNumber": "+15555550100"])
        try fixture.admin(
            "update", ["localId": localId, "linkProviderUserInfo": ["providerId": "github.com", "rawId": "gh-1"]])
        let user = try fixture.admin("lookup", ["localId": [localId]]).json["users"]?.array?.first
        #expect(providerIds(user) == ["password", "phone", "github.com"])
    }

    @Test func anUnverifiedAccountTakenOverByAVerifiedIdpKeepsEmailLinkSignIn() throws {
        let fixture = try EmulatorFixture()
        try fixture.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "m@example.com"])
        let code = try #require(try fixture.control("GET", "oobCodes").json["oobCodes"]?.array?.first?["oobCode"])
        let linked = try fixture.call("signInWithEmailLink", ["email": "m@example.com", "oobCode": code])
        try fixture.admin("update", ["localId": linked.json["localId"]!, "emailVerified": false])
        let merged = try fixture.signInWithIdp(claims: ["sub": "g-2", "email": "m@example.com", "email_verified": true])
        #expect(merged.json["localId"] == linked.json["localId"])
        #expect(providerIds(try fixture.lookupUser(merged.json)) == ["google.com", "password"])
    }

    @Test func aDisabledMfaUserStillGetsThePendingCredential() throws {
        let fixture = try EmulatorFixture()
        let google = try fixture.signInWithIdp(claims: ["sub": "g-3", "email": "d@example.com", "email_verified": true])
        let localId = try #require(google.json["localId"])
        try fixture.admin(
            "update",
            [
                "localId": localId, "disableUser": true,
                "mfa": ["enrollments": [["phoneInfo": "+15555550100", "mfaEnrollmentId": "e1"]]],
            ])
        let again = try fixture.signInWithIdp(claims: ["sub": "g-3", "email": "d@example.com", "email_verified": true])
        #expect(again.status == 200 && again.json["mfaPendingCredential"] != nil && again.json["idToken"] == nil)
    }
}
