import FauthJSON
import Foundation
import Testing

@testable import FauthEmulator

@Suite("accounts:update over real sockets")
struct UpdateTests {
    @Test func updatesTheProfileWithoutNewTokens() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let result = try fixture.call(
            "update", ["idToken": created["idToken"]!, "displayName": "Ann", "photoUrl": "https://p/x.png"])
        #expect(result.status == 200)
        #expect(result.json["kind"]?.string == "identitytoolkit#SetAccountInfoResponse")
        #expect(result.json["displayName"]?.string == "Ann" && result.json["photoUrl"]?.string == "https://p/x.png")
        #expect(result.json["idToken"] == nil)
        let cleared = try fixture.call(
            "update", ["idToken": created["idToken"]!, "deleteAttribute": ["DISPLAY_NAME", "PHOTO_URL"]])
        #expect(cleared.json["displayName"] == nil && cleared.json["photoUrl"] == nil)
        let unimplemented = try fixture.call(
            "update", ["idToken": created["idToken"]!, "deleteAttribute": ["PROVIDER"]])
        #expect(unimplemented.status == 501)
    }

    @Test func passwordChangeRevokesOldTokensAndReturnsNewOnes() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let localId = try #require(created["localId"]?.string)
        // A token issued a second before the change, as any earlier sign-in would be.
        let iat = Timestamp.nowMillis() / 1000 - 1
        let earlier = craftIdToken([
            "user_id": .string(localId), "iat": .number(Double(iat)), "firebase": ["sign_in_provider": "password"],
        ])
        try fixture.admin("update", ["localId": .string(localId), "validSince": .string(String(iat))])
        let result = try fixture.call("update", ["idToken": .string(earlier), "password": "another123"])
        #expect(result.status == 200)
        let newToken = try #require(result.json["idToken"]?.string)
        #expect(result.json["refreshToken"] != nil && result.json["expiresIn"]?.string == "3600")
        #expect(errorMessage(try fixture.call("lookup", ["idToken": .string(earlier)]).json) == "TOKEN_EXPIRED")
        #expect(try fixture.call("lookup", ["idToken": .string(newToken)]).status == 200)
        #expect(try fixture.signIn("a@example.com", "another123")["localId"]?.string == localId)
        #expect(
            errorMessage(try fixture.call("update", ["idToken": .string(newToken), "password": "123"]).json)
                == "WEAK_PASSWORD : Password should be at least 6 characters")
        // A refresh token survives the revocation, as in Firebase's emulator.
        #expect(try fixture.refresh(created["refreshToken"]!.string!).status == 200)
    }

    @Test func withEnumerationProtectionAUsersOwnEmailChangeIsRefusedAsGoogleDoes() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("own@example.com")
        try fixture.signUp("taken@example.com")
        try fixture.configure(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]])
        for email in ["new@example.com", "taken@example.com"] {  // refused before EMAIL_EXISTS could tell
            #expect(
                errorMessage(
                    try fixture.call("update", ["idToken": created["idToken"]!, "email": .string(email)]).json)
                    == "OPERATION_NOT_ALLOWED : Please verify the new email before changing email.")
        }
        #expect(
            try fixture.call(
                "update", ["idToken": created["idToken"]!, "email": "OWN@example.com", "displayName": "Own"]
            ).status == 200,
            "the same email is no change")
    }

    @Test func emailChangeStoresTheInitialEmailAndSendsRecovery() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("old@example.com")
        try fixture.signUp("taken@example.com")
        #expect(
            errorMessage(
                try fixture.call("update", ["idToken": created["idToken"]!, "email": "TAKEN@example.com"]).json)
                == "EMAIL_EXISTS")
        #expect(
            errorMessage(try fixture.call("update", ["idToken": created["idToken"]!, "email": "bad"]).json)
                == "INVALID_EMAIL")
        let result = try fixture.call("update", ["idToken": created["idToken"]!, "email": "New@example.com"])
        #expect(result.json["email"]?.string == "new@example.com")
        #expect(result.json["idToken"] != nil)
        let user = try #require(try fixture.lookup(result.json["idToken"]!.string!))
        #expect(user["initialEmail"]?.string == "old@example.com")
        let codes = try fixture.control("GET", "oobCodes").json["oobCodes"]?.array ?? []
        let recovery = try #require(codes.first { $0["requestType"]?.string == "RECOVER_EMAIL" })
        #expect(recovery["email"]?.string == "old@example.com")
        let recovered = try fixture.call("update", ["oobCode": recovery["oobCode"]!])
        #expect(recovered.status == 200 && recovered.json["email"]?.string == "old@example.com")
        #expect(recovered.json["emailVerified"]?.bool == true)
    }

    @Test func oobCodesVerifyAndChangeTheEmail() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let verify = try fixture.call("sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": created["idToken"]!])
        #expect(verify.status == 200)
        let codes = try fixture.control("GET", "oobCodes").json["oobCodes"]?.array ?? []
        let verifyCode = try #require(codes.last?["oobCode"])
        let verified = try fixture.call("update", ["oobCode": verifyCode])
        #expect(verified.json["emailVerified"]?.bool == true)
        #expect(errorMessage(try fixture.call("update", ["oobCode": verifyCode]).json) == "INVALID_OOB_CODE")
        let change = try fixture.call(
            "sendOobCode",
            [
                "requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": created["idToken"]!,
                "newEmail": "b@example.com",
            ])
        #expect(change.status == 200)
        let changeCode = try #require(try fixture.control("GET", "oobCodes").json["oobCodes"]?.array?.last)
        #expect(changeCode["newEmail"]?.string == "b@example.com")
        let changed = try fixture.call("update", ["oobCode": changeCode["oobCode"]!])
        #expect(changed.json["email"]?.string == "b@example.com" && changed.json["newEmail"]?.string == "b@example.com")
    }

    @Test func unlinkingFollowsFirebaseQuirks() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let localId = try #require(created["localId"]?.string)
        try fixture.admin(
            "update",
            [
                "localId": .string(localId), "phoneNumber": "+15555550100",
                "linkProviderUserInfo": ["providerId": "google.com", "rawId": "g-123", "email": "a@gmail.com"],
            ])
        let idToken = created["idToken"]!
        let unknown = try fixture.call("update", ["idToken": idToken, "deleteProvider": ["github.com"]])
        #expect(unknown.json["providerUserInfo"]?.array?.count == 3)
        let google = try fixture.call("update", ["idToken": idToken, "deleteProvider": ["google.com"]])
        #expect(
            google.json["providerUserInfo"]?.array?.compactMap { $0["providerId"]?.string } == ["password", "phone"])
        #expect(google.json["idToken"] == nil)
        let federated = try fixture.admin(
            "lookup", ["federatedUserId": [["providerId": "google.com", "rawId": "g-123"]]])
        #expect(federated.json["users"] == nil)
        let password = try fixture.call("update", ["idToken": idToken, "deleteProvider": ["password", "phone"]])
        #expect(password.status == 200)
        #expect(password.json["email"] == nil && password.json["passwordHash"] == nil)
        #expect(password.json["providerUserInfo"]?.array == [])
        let user = try #require(try fixture.lookup(idToken.string!))
        #expect(user["phoneNumber"] == nil && user["email"] == nil && user["emailVerified"] == nil)
    }

    @Test func reportsErrorsInOrder() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let idToken = created["idToken"]!
        #expect(
            errorMessage(try fixture.call("update", ["displayName": "x"]).json)
                == "INVALID_REQ_TYPE : Unsupported request parameters.")
        #expect(
            errorMessage(try fixture.call("update", ["idToken": idToken, "customAttributes": "{}"]).json)
                == "INSUFFICIENT_PERMISSION")
        #expect(
            errorMessage(try fixture.call("update", ["idToken": idToken, "disableUser": true]).json)
                == "OPERATION_NOT_ALLOWED")
        // `provider` is an array of strings in the API schema (a bare string is a schema error before the handler).
        #expect(try fixture.call("update", ["idToken": idToken, "provider": ["x"]]).status == 501)
        #expect(errorMessage(try fixture.call("update", ["oobCode": "nope"]).json) == "INVALID_OOB_CODE")
        #expect(errorMessage(try fixture.admin("update", ["displayName": "x"]).json) == "MISSING_LOCAL_ID")
        #expect(errorMessage(try fixture.admin("update", ["localId": "nobody"]).json) == "USER_NOT_FOUND")
        let localId = created["localId"]!
        #expect(
            errorMessage(try fixture.admin("update", ["localId": localId, "customAttributes": "[1]"]).json)
                == "INVALID_CLAIMS")
        #expect(
            errorMessage(try fixture.admin("update", ["localId": localId, "customAttributes": #"{"aud":1}"#]).json)
                == "FORBIDDEN_CLAIM : aud")
        let big = "{\"k\":\"" + String(repeating: "x", count: 1000) + "\"}"
        #expect(
            errorMessage(try fixture.admin("update", ["localId": localId, "customAttributes": .string(big)]).json)
                == "CLAIMS_TOO_LARGE")
        #expect(
            errorMessage(
                try fixture.admin("update", ["localId": localId, "mfa": ["enrollments": [["phoneInfo": "+1555"]]]]).json
            )
                == "INVALID_MFA_ENROLLMENT_ID : mfaEnrollmentId must be defined.")
        #expect(
            errorMessage(
                try fixture.admin("update", ["localId": localId, "mfa": ["enrollments": [["phoneInfo": "1555"]]]]).json)
                == "INVALID_MFA_PHONE_NUMBER : Invalid format.")
        #expect(
            errorMessage(
                try fixture.admin("update", ["localId": localId, "linkProviderUserInfo": ["rawId": "r"]]).json)
                == "MISSING_PROVIDER_ID")
        #expect(
            errorMessage(try fixture.admin("update", ["localId": localId, "phoneNumber": "555"]).json)
                == "INVALID_PHONE_NUMBER : Invalid format.")
        let schema = try fixture.call("update", ["idToken": idToken, "mfa": ["enrollments": "nope"]])
        #expect(schema.json["error"]?["status"]?.string == "INVALID_ARGUMENT")
        #expect(errorMessage(schema.json) == "Invalid JSON payload received. /mfa/enrollments must be array")
    }

    @Test func customClaimsReachTheIdToken() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        try fixture.admin("update", ["localId": created["localId"]!, "customAttributes": #"{"admin":true,"level":3}"#])
        let claims = try #require(
            idTokenClaims(try fixture.refresh(created["refreshToken"]!.string!).json["id_token"]?.string))
        #expect(claims["admin"]?.bool == true && claims["level"]?.int == 3)
    }

    @Test func recentLoginSecondsGuardsSensitiveChangesOnly() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let localId = try #require(created["localId"]?.string)
        try fixture.configure(["fauth": ["recentLoginSeconds": 60]])
        let now = Timestamp.nowMillis() / 1000
        let stale = JSONValue.string(
            craftIdToken([
                "user_id": .string(localId), "iat": .number(Double(now)),
                "auth_time": .number(Double(now - 120)), "firebase": ["sign_in_provider": "password"],
            ]))
        for body: JSONValue in [
            ["idToken": stale, "password": "another123"], ["idToken": stale, "email": "b@example.com"],
            ["idToken": stale, "deleteProvider": ["password"]],
        ] {
            #expect(errorMessage(try fixture.call("update", body).json) == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
        }
        #expect(try fixture.call("update", ["idToken": stale, "displayName": "fine"]).status == 200)
        let anonymous = try fixture.call("signUp", [:]).json
        let anonymousId = try #require(anonymous["localId"]?.string)
        let staleAnonymous = craftIdToken([
            "user_id": .string(anonymousId), "iat": .number(Double(now)),
            "auth_time": .number(Double(now - 120)), "firebase": ["sign_in_provider": "anonymous"],
        ])
        let link = try fixture.call(
            "signUp", ["idToken": .string(staleAnonymous), "email": "c@example.com", "password": "secret123"])
        #expect(errorMessage(link.json) == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
        try fixture.configure(["fauth": ["recentLoginSeconds": .null]])
        #expect(try fixture.call("update", ["idToken": stale, "password": "another123"]).status == 200)
    }
}

@Suite("accounts:update fidelity to Firebase's emulator source")
struct UpdateFidelityTests {
    @Test func aPasswordChangeSignsTheNewTokensInWithPasswordEvenForAdmins() throws {
        let fixture = try EmulatorFixture()
        let google = try fixture.signInWithIdp(claims: ["sub": "g-1", "email": "g@example.com", "email_verified": true])
        let changed = try fixture.call("update", ["idToken": google.json["idToken"]!, "password": "secret123"])
        #expect(idTokenClaims(changed.json["idToken"]?.string)?["firebase"]?["sign_in_provider"]?.string == "password")
        let admin = try fixture.admin("update", ["localId": google.json["localId"]!, "password": "another123"])
        #expect(idTokenClaims(admin.json["idToken"]?.string)?["firebase"]?["sign_in_provider"]?.string == "password")
        #expect(admin.json["refreshToken"] != nil)
        // Other admin changes, even of validSince, return no tokens (no sign-in provider is known).
        let revoked = try fixture.admin("update", ["localId": google.json["localId"]!, "validSince": "0"])
        #expect(revoked.status == 200 && revoked.json["idToken"] == nil)
    }

    @Test func newTokensAfterAChangeCarryNoSecondFactor() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let iat = Double(Timestamp.nowMillis() / 1000 + 1)
        let mfaSession = craftIdToken([
            "user_id": created["localId"]!, "iat": .number(iat),
            "firebase": [
                "sign_in_provider": "password", "sign_in_second_factor": "phone", "second_factor_identifier": "e1",
            ],
        ])
        let changed = try fixture.call("update", ["idToken": .string(mfaSession), "email": "b@example.com"])
        let claims = try #require(idTokenClaims(changed.json["idToken"]?.string))
        #expect(claims["firebase"]?["sign_in_provider"]?.string == "password")
        #expect(
            claims["firebase"]?["sign_in_second_factor"] == nil
                && claims["firebase"]?["second_factor_identifier"] == nil)
    }

    @Test func everyTokenIssueRecordsLastRefreshAt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fauth-refresh-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/auth_export", withIntermediateDirectories: true)
        let old = "2000-01-01T00:00:00.000Z"
        let accounts: JSONValue = [
            "users": [
                [
                    "localId": "u1", "email": "a@example.com", "createdAt": "946684800000",
                    "lastLoginAt": "946684800000", "lastRefreshAt": .string(old),
                ]
            ]
        ]
        try Data(#"{"auth":{"path":"auth_export"}}"#.utf8).write(
            to: URL(fileURLWithPath: directory + "/firebase-export-metadata.json"))
        try Data(accounts.serialized().utf8).write(to: URL(fileURLWithPath: directory + "/auth_export/accounts.json"))
        let fixture = try EmulatorFixture()
        try fixture.emulator.importState(from: directory)
        let token = craftIdToken([
            "user_id": "u1", "iat": .number(Double(Timestamp.nowMillis() / 1000)),
            "firebase": ["sign_in_provider": "password"],
        ])
        let changed = try fixture.call("update", ["idToken": .string(token), "password": "secret123"])
        #expect(changed.json["idToken"] != nil)
        let user = try #require(try fixture.admin("lookup", ["localId": ["u1"]]).json["users"]?.array?.first)
        #expect(user["lastRefreshAt"]?.string != old)
        #expect(user["lastLoginAt"]?.string == "946684800000", "a token issue is no login")
    }

    @Test func aClientValidSinceRevokesAsOfNowWhateverItsValue() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let localId = try #require(created["localId"]?.string)
        let now = Timestamp.nowMillis() / 1000
        try fixture.admin("update", ["localId": .string(localId), "validSince": .string(String(now - 10))])
        let earlier = craftIdToken([
            "user_id": .string(localId), "iat": .number(Double(now - 5)), "firebase": ["sign_in_provider": "password"],
        ])
        let result = try fixture.call("update", ["idToken": .string(earlier), "validSince": "0"])
        #expect(result.status == 200 && result.json["idToken"] != nil)
        #expect(errorMessage(try fixture.call("lookup", ["idToken": .string(earlier)]).json) == "TOKEN_EXPIRED")
    }

    @Test func anEmailChangeAnswersWithNewEmailAndIsRefusedWhenTakenEvenWithDuplicatesAllowed() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        try fixture.signUp("taken@example.com")
        let changed = try fixture.call("update", ["idToken": created["idToken"]!, "email": "B@example.com"])
        #expect(changed.json["newEmail"]?.string == "b@example.com")
        try fixture.configure(["signIn": ["allowDuplicateEmails": true]])
        let taken = try fixture.call("update", ["idToken": changed.json["idToken"]!, "email": "taken@example.com"])
        #expect(errorMessage(taken.json) == "EMAIL_EXISTS")
        // Empty strings are not values: nothing is checked or changed.
        let empty = try fixture.call("update", ["idToken": changed.json["idToken"]!, "email": "", "password": ""])
        #expect(empty.status == 200 && empty.json["email"]?.string == "b@example.com" && empty.json["idToken"] == nil)
    }

    @Test func recoveryCodesGoToTheInitialEmailAndRestoreIt() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("first@example.com")
        let second = try fixture.call("update", ["idToken": created["idToken"]!, "email": "second@example.com"])
        _ = try fixture.call("update", ["idToken": second.json["idToken"]!, "email": "third@example.com"])
        let codes = try fixture.control("GET", "oobCodes").json["oobCodes"]?.array ?? []
        #expect(codes.count == 2)
        #expect(
            codes.allSatisfy {
                $0["requestType"]?.string == "RECOVER_EMAIL" && $0["email"]?.string == "first@example.com"
            })
        #expect(codes.allSatisfy { $0["newEmail"] == nil })
        let purpose = try fixture.call("resetPassword", ["oobCode": codes[1]["oobCode"]!])
        #expect(
            purpose.json == [
                "kind": "identitytoolkit#ResetPasswordResponse", "requestType": "RECOVER_EMAIL",
                "email": "first@example.com",
            ])
        let recovered = try fixture.call("update", ["oobCode": codes[1]["oobCode"]!])
        #expect(recovered.json["email"]?.string == "first@example.com" && recovered.json["emailVerified"]?.bool == true)
    }

    @Test func oobCodesAreConsumedBeforeEmailExistsAndOtherTypesAre501ByName() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        try fixture.call(
            "sendOobCode",
            [
                "requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": created["idToken"]!,
                "newEmail": "b@example.com",
            ])
        try fixture.signUp("b@example.com")
        let code = try #require(try fixture.control("GET", "oobCodes").json["oobCodes"]?.array?.first?["oobCode"])
        #expect(errorMessage(try fixture.call("update", ["oobCode": code]).json) == "EMAIL_EXISTS")
        #expect(try fixture.control("GET", "oobCodes").json["oobCodes"] == [])
        try fixture.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "a@example.com"])
        let reset = try #require(try fixture.control("GET", "oobCodes").json["oobCodes"]?.array?.first?["oobCode"])
        let unsupported = try fixture.call("update", ["oobCode": reset])
        #expect(unsupported.status == 501 && errorMessage(unsupported.json) == "PASSWORD_RESET")
    }

    @Test func adminEnrollmentsAreDedupedByPhoneAndNullIsNotAnArray() throws {
        let fixture = try EmulatorFixture()
        let localId = try #require(try fixture.signUp("a@example.com")["localId"])
        let result = try fixture.admin(
            "update",
            [
                "localId": localId,
                "mfa": [
                    "enrollments": [
                        ["phoneInfo": "+15555550100", "mfaEnrollmentId": "e1"],
                        ["phoneInfo": "+15555550100", "mfaEnrollmentId": "e2"],
                        ["phoneInfo": "+15555550100"], ["phoneInfo": "+15555550101", "mfaEnrollmentId": "e3"],
                    ]
                ],
            ])
        #expect(result.status == 200)
        let user = try #require(try fixture.admin("lookup", ["localId": [localId]]).json["users"]?.array?.first)
        #expect(user["mfaInfo"]?.array?.compactMap { $0["mfaEnrollmentId"]?.string } == ["e1", "e3"])
        let null = try fixture.admin("update", ["localId": localId, "mfa": ["enrollments": .null]])
        #expect(errorMessage(null.json) == "Invalid JSON payload received. /mfa/enrollments must be array")
        let cleared = try fixture.admin("update", ["localId": localId, "mfa": [:]])
        #expect(cleared.status == 200)
        #expect(try fixture.admin("lookup", ["localId": [localId]]).json["users"]?.array?.first?["mfaInfo"] == nil)
    }

    @Test func linkedProviderInfoIsStoredAsSent() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let info: JSONValue = [
            "providerId": "google.com", "rawId": "g-9", "email": "linked@example.com", "displayName": "Linked",
        ]
        let linked = try fixture.call("update", ["idToken": created["idToken"]!, "linkProviderUserInfo": info])
        #expect(linked.json["providerUserInfo"]?.array?.first { $0["providerId"]?.string == "google.com" } == info)
    }

    @Test func deletingTheEmailAttributeEndsEmailLinkSignIn() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        try fixture.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "a@example.com"])
        let code = try #require(try fixture.control("GET", "oobCodes").json["oobCodes"]?.array?.first?["oobCode"])
        let linked = try fixture.call("signInWithEmailLink", ["email": "a@example.com", "oobCode": code])
        #expect(try fixture.lookupUser(linked.json)?["emailLinkSignin"]?.bool == true)
        let result = try fixture.call("update", ["idToken": linked.json["idToken"]!, "deleteAttribute": ["EMAIL"]])
        #expect(result.status == 200)
        let user = try #require(
            try fixture.admin("lookup", ["localId": [created["localId"]!]]).json["users"]?.array?.first)
        #expect(user["email"] == nil && user["emailLinkSignin"] == nil)
    }

    @Test func anAdminAlwaysNamesTheUserByLocalIdAndNullClaimsAreASchemaError() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        #expect(
            errorMessage(try fixture.admin("update", ["idToken": created["idToken"]!, "displayName": "x"]).json)
                == "MISSING_LOCAL_ID")
        // null is of no schema type: Firebase's validator rejects it before the handler could treat it as no claims.
        #expect(
            errorMessage(try fixture.call("update", ["idToken": created["idToken"]!, "customAttributes": .null]).json)
                == "Invalid JSON payload received. /customAttributes must be string")
    }

    @Test func numericEnumsAreReadByTheirIndex() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        try fixture.call("update", ["idToken": created["idToken"]!, "displayName": "Ann"])
        // deleteAttribute 2 is DISPLAY_NAME in the API's enum.
        let cleared = try fixture.call("update", ["idToken": created["idToken"]!, "deleteAttribute": [2]])
        #expect(cleared.status == 200 && cleared.json["displayName"] == nil)
        let unknown = try fixture.call("update", ["idToken": created["idToken"]!, "deleteAttribute": ["NICKNAME"]])
        #expect(
            errorMessage(unknown.json)
                == "Invalid JSON payload received. /deleteAttribute/0 must be equal to one of the allowed values")
    }
}
