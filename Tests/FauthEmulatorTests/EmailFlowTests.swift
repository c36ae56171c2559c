import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("createAuthUri, sendOobCode, resetPassword, signInWithEmailLink over real sockets")
struct EmailFlowTests {
    private func oobCodes(_ fixture: EmulatorFixture) throws -> [JSONValue] {
        try fixture.control("GET", "oobCodes").json["oobCodes"]?.array ?? []
    }

    @Test func createAuthUriListsSignInMethodsUnlessPrivacyIsOn() throws {
        let fixture = try EmulatorFixture()
        try fixture.signUp("a@example.com")
        let body: JSONValue = ["identifier": "A@example.com", "continueUri": "http://localhost/done"]
        let known = try fixture.call("createAuthUri", body).json
        #expect(known["kind"]?.string == "identitytoolkit#CreateAuthUriResponse")
        #expect(known["registered"]?.bool == true)
        #expect(known["signinMethods"] == ["password"] && known["allProviders"] == ["password"])
        #expect(known["sessionId"]?.string?.isEmpty == false)
        let unknown = try fixture.call(
            "createAuthUri", ["identifier": "b@example.com", "continueUri": "http://localhost/"]
        ).json
        #expect(unknown["registered"]?.bool == false && unknown["signinMethods"] == [])
        try fixture.configure(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]])
        let hidden = try fixture.call(
            "createAuthUri", ["identifier": "a@example.com", "continueUri": "http://x/", "sessionId": "s1"]
        ).json
        #expect(hidden == ["kind": "identitytoolkit#CreateAuthUriResponse", "sessionId": "s1"])
    }

    @Test func createAuthUriErrorsInOrder() throws {
        let fixture = try EmulatorFixture()
        // Firebase's emulator answers 501 to a providerId; fauth's serves its IdP page, so continueUri comes first.
        #expect(
            errorMessage(try fixture.call("createAuthUri", ["providerId": "google.com"]).json) == "MISSING_CONTINUE_URI"
        )
        #expect(errorMessage(try fixture.call("createAuthUri", [:]).json) == "MISSING_IDENTIFIER")
        #expect(errorMessage(try fixture.call("createAuthUri", ["identifier": "x"]).json) == "MISSING_CONTINUE_URI")
        #expect(
            errorMessage(try fixture.call("createAuthUri", ["identifier": "x", "continueUri": "http://a/"]).json)
                == "INVALID_IDENTIFIER")
        #expect(
            errorMessage(try fixture.call("createAuthUri", ["identifier": "a@b.c", "continueUri": "nope"]).json)
                == "INVALID_CONTINUE_URI")
    }

    @Test func passwordResetRoundTrip() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let localId = try #require(created["localId"]?.string)
        try fixture.admin(
            "update",
            [
                "localId": .string(localId),
                "linkProviderUserInfo": ["providerId": "google.com", "rawId": "g-1"],
            ])
        let sent = try fixture.call(
            "sendOobCode",
            [
                "requestType": "PASSWORD_RESET", "email": "A@example.com",
                "continueUrl": "https://app.example.com/after",
            ])
        #expect(sent.json == ["kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": "a@example.com"])
        let code = try #require(try oobCodes(fixture).first)
        #expect(code["requestType"]?.string == "PASSWORD_RESET" && code["oobCode"]?.string?.count == 54)
        let link = try #require(code["oobLink"]?.string)
        #expect(
            link.hasPrefix(
                "http://127.0.0.1:\(fixture.server.port)/emulator/action?mode=resetPassword&lang=en&oobCode="))
        #expect(link.hasSuffix("&apiKey=fake-api-key&continueUrl=https%3A%2F%2Fapp.example.com%2Fafter"))
        let peek = try fixture.call("resetPassword", ["oobCode": code["oobCode"]!])
        #expect(
            peek.json == [
                "kind": "identitytoolkit#ResetPasswordResponse", "requestType": "PASSWORD_RESET",
                "email": "a@example.com",
            ])
        #expect(
            errorMessage(try fixture.call("resetPassword", ["oobCode": code["oobCode"]!, "newPassword": "123"]).json)
                == "WEAK_PASSWORD : Password should be at least 6 characters")
        let reset = try fixture.call("resetPassword", ["oobCode": code["oobCode"]!, "newPassword": "brandnew1"])
        #expect(reset.status == 200 && reset.json["email"]?.string == "a@example.com")
        #expect(
            errorMessage(try fixture.call("resetPassword", ["oobCode": code["oobCode"]!]).json) == "INVALID_OOB_CODE")
        let signedIn = try fixture.signIn("a@example.com", "brandnew1")
        let user = try #require(try fixture.lookup(signedIn["idToken"]!.string!))
        #expect(user["emailVerified"]?.bool == true)
        #expect(user["providerUserInfo"]?.array?.compactMap { $0["providerId"]?.string } == ["password"])
    }

    @Test func sendOobCodeErrorsAndPrivacy() throws {
        let fixture = try EmulatorFixture()
        #expect(errorMessage(try fixture.call("sendOobCode", [:]).json) == "MISSING_REQ_TYPE")
        #expect(
            errorMessage(
                try fixture.call("sendOobCode", ["requestType": "PASSWORD_RESET", "returnOobLink": true]).json)
                == "INSUFFICIENT_PERMISSION")
        #expect(
            errorMessage(
                try fixture.call("sendOobCode", ["requestType": "PASSWORD_RESET", "continueUrl": "relative"]).json)
                == "INVALID_CONTINUE_URI : ((expected an absolute URI with valid scheme and host))")
        #expect(
            errorMessage(try fixture.call("sendOobCode", ["requestType": "PASSWORD_RESET"]).json) == "MISSING_EMAIL")
        #expect(
            errorMessage(try fixture.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "x@y.z"]).json)
                == "EMAIL_NOT_FOUND")
        #expect(
            errorMessage(try fixture.call("sendOobCode", ["requestType": "VERIFY_EMAIL"]).json) == "INVALID_ID_TOKEN")
        #expect(
            errorMessage(try fixture.call("sendOobCode", ["requestType": "VERIFY_AND_CHANGE_EMAIL"]).json)
                == "MISSING_NEW_EMAIL")
        #expect(
            errorMessage(
                try fixture.call("sendOobCode", ["requestType": "VERIFY_AND_CHANGE_EMAIL", "newEmail": "n@x.y"]).json)
                == "MISSING_ID_TOKEN")
        let unknown = try fixture.call("sendOobCode", ["requestType": "OTHER"])
        #expect(unknown.status == 400 && unknown.json["error"]?["status"]?.string == "INVALID_ARGUMENT")
        #expect(
            errorMessage(unknown.json)
                == "Invalid JSON payload received. /requestType must be equal to one of the allowed values")
        let unsupported = try fixture.call("sendOobCode", ["requestType": "RECOVER_EMAIL", "email": "x@y.z"])
        #expect(unsupported.status == 501 && errorMessage(unsupported.json) == "RECOVER_EMAIL")
        #expect(
            errorMessage(try fixture.call("sendOobCode", ["requestType": "OOB_REQ_TYPE_UNSPECIFIED"]).json)
                == "MISSING_REQ_TYPE")
        try fixture.configure(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]])
        let silent = try fixture.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "x@y.z"])
        let remaining = try oobCodes(fixture)
        #expect(silent.status == 200 && remaining.isEmpty)
        let admin = try fixture.admin(
            "sendOobCode", ["requestType": "VERIFY_EMAIL", "email": "x@y.z", "returnOobLink": true])
        #expect(errorMessage(admin.json) == "USER_NOT_FOUND")
    }

    @Test func adminGetsTheLinkInTheResponse() throws {
        let fixture = try EmulatorFixture()
        try fixture.signUp("a@example.com")
        let result = try fixture.admin(
            "sendOobCode", ["requestType": "VERIFY_EMAIL", "email": "a@example.com", "returnOobLink": true])
        #expect(result.status == 200)
        #expect(result.json["oobCode"]?.string?.count == 54)
        #expect(result.json["oobLink"]?.string?.contains("mode=verifyEmail") == true)
    }

    @Test func emailLinkSignInCreatesThenSignsIn() throws {
        let fixture = try EmulatorFixture()
        #expect(
            try fixture.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "Link@example.com"]).status == 200)
        let code = try #require(try oobCodes(fixture).first?["oobCode"])
        #expect(errorMessage(try fixture.call("signInWithEmailLink", ["oobCode": code]).json) == "MISSING_EMAIL")
        #expect(
            errorMessage(try fixture.call("signInWithEmailLink", ["email": "link@example.com"]).json)
                == "MISSING_OOB_CODE")
        #expect(
            errorMessage(try fixture.call("signInWithEmailLink", ["email": "link@example.com", "oobCode": "zz"]).json)
                == "INVALID_OOB_CODE")
        #expect(
            errorMessage(try fixture.call("signInWithEmailLink", ["email": "other@example.com", "oobCode": code]).json)
                == "INVALID_EMAIL : The email provided does not match the sign-in email address.")
        let first = try fixture.call("signInWithEmailLink", ["email": "link@example.com", "oobCode": code])
        #expect(first.status == 200)
        #expect(
            first.json["kind"]?.string == "identitytoolkit#EmailLinkSigninResponse"
                && first.json["isNewUser"]?.bool == true)
        #expect(idTokenClaims(first.json["idToken"]?.string)?["email_verified"]?.bool == true)
        try fixture.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "link@example.com"])
        let second = try fixture.call(
            "signInWithEmailLink", ["email": "link@example.com", "oobCode": try oobCodes(fixture).last!["oobCode"]!])
        #expect(second.json["isNewUser"]?.bool == false && second.json["localId"] == first.json["localId"])
        let methods = try fixture.call("createAuthUri", ["identifier": "link@example.com", "continueUri": "http://x/"])
            .json["signinMethods"]
        #expect(methods == ["emailLink"])
    }

    @Test func emailLinkLinksToAnAnonymousUserAndRejectsAnotherOwner() throws {
        let fixture = try EmulatorFixture()
        let anonymous = try fixture.call("signUp", [:]).json
        try fixture.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "l@example.com"])
        let linked = try fixture.call(
            "signInWithEmailLink",
            [
                "email": "l@example.com", "idToken": anonymous["idToken"]!,
                "oobCode": try oobCodes(fixture).last!["oobCode"]!,
            ])
        #expect(linked.json["localId"] == anonymous["localId"] && linked.json["isNewUser"]?.bool == false)
        let other = try fixture.call("signUp", [:]).json
        try fixture.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "l@example.com"])
        let clash = try fixture.call(
            "signInWithEmailLink",
            [
                "email": "l@example.com", "idToken": other["idToken"]!,
                "oobCode": try oobCodes(fixture).last!["oobCode"]!,
            ])
        #expect(errorMessage(clash.json) == "EMAIL_EXISTS")
        try fixture.configure(["fauth": ["signInProviders": ["emailLink": false]]])
        #expect(
            errorMessage(try fixture.call("signInWithEmailLink", ["email": "l@example.com"]).json)
                == "OPERATION_NOT_ALLOWED")
        #expect(
            errorMessage(
                try fixture.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "l@example.com"]).json)
                == "OPERATION_NOT_ALLOWED")
    }
}

@Suite("email flows: fidelity to Firebase's emulator source")
struct EmailFlowFidelityTests {
    private func oobCodes(_ fixture: EmulatorFixture) throws -> [JSONValue] {
        try fixture.control("GET", "oobCodes").json["oobCodes"]?.array ?? []
    }

    @Test func sendOobCodeTakesNumericRequestTypesAndIgnoresAnEmptyContinueUrl() throws {
        let fixture = try EmulatorFixture()
        // 6 is EMAIL_SIGNIN in the API's enum; Android SDKs send the number.
        let numeric = try fixture.admin(
            "sendOobCode",
            [
                "email": "bob@example.com", "requestType": 6, "returnOobLink": true,
                "continueUrl": "",
            ])
        #expect(numeric.status == 200)
        #expect(numeric.json["oobLink"]?.string?.contains("mode=signIn") == true)
        #expect(numeric.json["oobLink"]?.string?.contains("continueUrl") == false)
    }

    @Test func linksEncodeTheContinueUrlAsURLSearchParamsDoes() throws {
        let fixture = try EmulatorFixture()
        let sent = try fixture.admin(
            "sendOobCode",
            [
                "requestType": "EMAIL_SIGNIN", "email": "a@example.com", "returnOobLink": true,
                "continueUrl": "https://x.example/a b~c*",
            ])
        #expect(sent.json["oobLink"]?.string?.hasSuffix("&continueUrl=https%3A%2F%2Fx.example%2Fa+b%7Ec*") == true)
    }

    @Test func verifyAndChangeEmailIsRefusedForATakenEmailEvenWithDuplicatesAllowed() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        try fixture.signUp("b@example.com")
        try fixture.configure(["signIn": ["allowDuplicateEmails": true]])
        let result = try fixture.call(
            "sendOobCode",
            [
                "requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": created["idToken"]!,
                "newEmail": "b@example.com",
            ])
        #expect(errorMessage(result.json) == "EMAIL_EXISTS")
    }

    @Test func resetPasswordWithAnEmptyPasswordOnlyPeeksAndAResetConsumesTheCodeFirst() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        try fixture.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "a@example.com"])
        let code = try #require(try oobCodes(fixture).first?["oobCode"])
        let peek = try fixture.call("resetPassword", ["oobCode": code, "newPassword": ""])
        #expect(peek.status == 200 && peek.json["requestType"]?.string == "PASSWORD_RESET")
        #expect(try oobCodes(fixture).count == 1)
        try fixture.admin("delete", ["localId": created["localId"]!])
        #expect(
            errorMessage(try fixture.call("resetPassword", ["oobCode": code, "newPassword": "brandnew1"]).json)
                == "INVALID_OOB_CODE")
        #expect(try oobCodes(fixture).isEmpty)
    }

    @Test func emailLinkSignInConsumesTheCodeBeforeItsAccountChecks() throws {
        let fixture = try EmulatorFixture()
        let owner = try fixture.signUp("taken@example.com")
        try fixture.admin("update", ["localId": owner["localId"]!, "disableUser": true])
        try fixture.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "taken@example.com"])
        let code = try #require(try oobCodes(fixture).first?["oobCode"])
        #expect(
            errorMessage(try fixture.call("signInWithEmailLink", ["email": "taken@example.com", "oobCode": code]).json)
                == "USER_DISABLED")
        #expect(try oobCodes(fixture).isEmpty)
        // Linking to another user: the ID token's user is the one checked for being disabled, then EMAIL_EXISTS.
        let anonymous = try fixture.call("signUp", [:]).json
        try fixture.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "taken@example.com"])
        let linkCode = try #require(try oobCodes(fixture).first?["oobCode"])
        let link = try fixture.call(
            "signInWithEmailLink",
            ["email": "taken@example.com", "oobCode": linkCode, "idToken": anonymous["idToken"]!])
        #expect(errorMessage(link.json) == "EMAIL_EXISTS")
    }

    @Test func anEmptyPasswordIsMissingAtSignIn() throws {
        let fixture = try EmulatorFixture()
        try fixture.signUp("a@example.com")
        let result = try fixture.call("signInWithPassword", ["email": "a@example.com", "password": ""])
        #expect(errorMessage(result.json) == "MISSING_PASSWORD")
    }

    @Test func anAdminDeleteNamesTheUserByLocalIdOnly() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        #expect(errorMessage(try fixture.admin("delete", ["idToken": created["idToken"]!]).json) == "MISSING_LOCAL_ID")
        #expect(try fixture.lookup(created["idToken"]!.string!) != nil)
    }

    @Test func createAuthUriSessionIdsAndDuplicateEmailAccountsWithoutATopLevelEmail() throws {
        let fixture = try EmulatorFixture()
        let fresh = try fixture.call("createAuthUri", ["identifier": "a@example.com", "continueUri": "http://x/"])
        #expect(fresh.json["sessionId"]?.string?.count == 27)
        try fixture.configure(["signIn": ["allowDuplicateEmails": true]])
        #expect(
            try fixture.signInWithIdp(claims: ["sub": "g-1", "email": "idp@example.com", "email_verified": true]).status
                == 200)
        let result = try fixture.call("createAuthUri", ["identifier": "idp@example.com", "continueUri": "http://x/"])
        #expect(
            result.json["registered"]?.bool == false && result.json["allProviders"] == []
                && result.json["signinMethods"] == [])
    }
}

@Suite("absolute URIs as WHATWG URL parsing accepts them (Firebase's parseAbsoluteUri)")
struct AbsoluteURITests {
    @Test func customSchemesNeedNoHostButWebSchemesDo() {
        for accepted in [
            "https://app.example.com/done", "com.example.app:/oauth2redirect", "myapp://", "myapp:callback",
            "http:example.com", "HTTP://Example.COM:8080/x", "file:///tmp/x", " https://padded.example ",
        ] {
            #expect(isAbsoluteURI(accepted), "\(accepted)")
        }
        for refused in [
            "invalid", "/relative/path", "http://", "https:///", "http://exa mple.com/", "1http://x.y",
            "http://x.y:port/",
        ] {
            #expect(!isAbsoluteURI(refused), "\(refused)")
        }
    }

    @Test func aMobileContinueUrlIsAccepted() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.call(
            "createAuthUri", ["identifier": "a@example.com", "continueUri": "com.example.app:/done"])
        #expect(result.status == 200)
    }
}
