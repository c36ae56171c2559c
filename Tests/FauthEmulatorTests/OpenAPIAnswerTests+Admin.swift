import FauthJSON
import FauthTestSupport
import Foundation
import Testing

@testable import FauthEmulator

extension OpenAPIAnswerRecorder {
    /// The admin account, batch and query routes, the tenants, both project configs, the signing keys and the
    /// emulator's faults and counters, through every branch that changes an answer's shape: accounts with and without
    /// each optional member (imported hash, providers, claims, SMS and TOTP factors, passkeys, a tenant), empty and
    /// full pages, batch errors, a count-only query, tenants with and without the members a mask may set, configs
    /// with and without blocking functions and fauth's extensions, key documents empty and full.
    func exerciseAdminRoutes() throws {
        try exerciseAdminAccountRoutes()
        try exerciseTenantRoutes()
        try exerciseProjectConfigRoutes()
        try exerciseSigningKeyRoutes()
        try exerciseTrafficControlRoutes()
    }

    /// `…/v1/projects/{p}/` (the admin prefix).
    private var adminProject: String { "/identitytoolkit.googleapis.com/v1/projects/\(EmulatorFixture.projectId)/" }
    /// `…/v2/projects/{p}/` (tenants and the project config).
    private var adminProjectV2: String { "/identitytoolkit.googleapis.com/v2/projects/\(EmulatorFixture.projectId)/" }

    private func exerciseAdminAccountRoutes() throws {
        let tenant = adminProject + "tenants/admin-answers/"
        // Empty: no user yet in this tenant, a page without users or nextPageToken, a query without records.
        try send("GET", tenant + "accounts:batchGet", owner: true)
        try send("POST", tenant + "accounts:query", [:], owner: true)
        try send("POST", adminProject + "accounts:query", ["returnUserInfo": false], owner: true)

        // An import with every member batchCreate keeps, and an entry it refuses (`error[]`).
        let imported = try send(
            "POST", adminProject + "accounts:batchCreate",
            [
                "hashAlgorithm": "HMAC_SHA256", "signerKey": .string(Base64.encode(Array("signer".utf8))),
                "users": [
                    [
                        "localId": "admin-imported", "email": "admin-imported@example.com", "emailVerified": true,
                        "displayName": "Imported", "photoUrl": "https://example.com/i.png",
                        "phoneNumber": "+15555550101", "passwordHash": .string(Base64.encode(Array("hash".utf8))),
                        "salt": .string(Base64.encode(Array("salt".utf8))), "customAttributes": #"{"role":"admin"}"#,
                        "disabled": true, "createdAt": "1700000000000", "lastLoginAt": "1700000001000",
                        "providerUserInfo": [
                            [
                                "providerId": "google.com", "rawId": "admin-google-1", "federatedId": "admin-google-1",
                                "email": "admin-imported@example.com", "displayName": "Imported G",
                                "photoUrl": "https://example.com/g.png", "phoneNumber": "+15555550101",
                                "screenName": "imported",
                            ]
                        ],
                        "mfaInfo": [["phoneInfo": "+15555550102", "displayName": "phone"]],
                    ],
                    ["localId": "admin-refused", "email": "not-an-email"],
                ],
            ], owner: true)
        #expect(imported["error"]?.array?.count == 1)
        try send(
            "POST", tenant + "accounts:batchCreate",
            ["users": [["localId": "admin-tenant-imported", "email": "t@example.com"]]], owner: true)

        // The other members, each made by the flow that sets it: a custom-token account (`customAuth`), an email
        // link one (`emailLinkSignin`), an IdP one (`screenName`), a changed email (`initialEmail`), a TOTP factor
        // and a passkey; a tenant's account through the admin create route.
        try fixture.call("signInWithCustomToken", ["token": #"{"uid":"admin-custom"}"#])
        try fixture.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "admin-link@example.com"])
        let codes = try send("GET", control + "oobCodes")["oobCodes"]?.array ?? []
        let linkCode = codes.last { $0["email"] == "admin-link@example.com" }
        let linked = try fixture.call(
            "signInWithEmailLink", ["email": "admin-link@example.com", "oobCode": linkCode?["oobCode"] ?? .null]
        ).json
        let federated = try fixture.signInWithIdp(claims: ["sub": "admin-idp-1", "screen_name": "idp-name"]).json
        let created = try send(
            "POST", adminProject + "accounts",
            ["email": "admin-created@example.com", "password": "secret123", "emailVerified": true], owner: true)
        let idToken = try enrollTotp(try fixture.signIn("admin-created@example.com"))
        let passkey = try fixture.client.json(
            path: "/identitytoolkit.googleapis.com/v2/accounts/passkeyEnrollment:finalize?key=fake-key",
            body: ["idToken": idToken, "authenticatorRegistrationResponse": ["id": "admin-key"]])
        #expect(passkey.status == 200, "\(passkey.json.serialized())")
        let changed = try fixture.call("update", ["idToken": idToken, "email": "admin-changed@example.com"])
        #expect(changed.status == 200, "\(changed.json.serialized())")
        try send(
            "POST", tenant + "accounts", ["email": "admin-tenant@example.com", "displayName": "In tenant"], owner: true)

        // Pages: a full one names the next, the last one does not; the query lists every account of each project.
        try send("GET", adminProject + "accounts:batchGet?maxResults=1", owner: true)
        try send("GET", adminProject + "accounts:batchGet", owner: true)
        try send("GET", tenant + "accounts:batchGet", owner: true)
        try send("POST", adminProject + "accounts:query", ["order": "DESC"], owner: true)
        try send(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/\(EmulatorFixture.projectId):queryAccounts", [:],
            owner: true)
        try send("POST", tenant + "accounts:query", [:], owner: true)

        // The admin forms of the client routes, which answer as those do.
        try send(
            "POST", adminProject + "accounts:lookup",
            [
                "localId": [
                    "admin-imported", "admin-custom", linked["localId"] ?? .null, federated["localId"] ?? .null,
                    created["localId"] ?? .null,
                ]
            ], owner: true)
        try send("POST", adminProject + "accounts:lookup", ["localId": ["admin-nobody"]], owner: true)
        try send("POST", tenant + "accounts:lookup", ["email": ["admin-tenant@example.com"]], owner: true)
        try send(
            "POST", adminProject + "accounts:update",
            ["localId": "admin-imported", "disableUser": false, "customAttributes": #"{"role":"owner"}"#], owner: true)
        try send(
            "POST", tenant + "accounts:update",
            ["localId": "admin-tenant-imported", "password": "secret456", "email": "t-changed@example.com"],
            owner: true)
        try send(
            "POST", adminProject + "accounts:sendOobCode",
            ["requestType": "VERIFY_EMAIL", "email": "admin-changed@example.com", "returnOobLink": true],
            owner: true)
        try send("POST", adminProject + "accounts:delete", ["localId": created["localId"] ?? .null], owner: true)

        // Batch deletion: an enabled account is refused without `force` (`errors[]`), then deleted with it.
        try send("POST", adminProject + "accounts:batchDelete", ["localIds": ["admin-custom"]], owner: true)
        try send(
            "POST", adminProject + "accounts:batchDelete", ["localIds": ["admin-custom"], "force": true], owner: true)
    }

    /// Enrolls a TOTP second factor for the account of `signedIn` (a sign-in answer); the new ID token.
    private func enrollTotp(_ signedIn: JSONValue) throws -> JSONValue {
        let started = try fixture.mfa(
            "mfaEnrollment:start", ["idToken": signedIn["idToken"] ?? .null, "totpEnrollmentInfo": [:]])
        let session = try #require(started.json["totpSessionInfo"])
        let secret = try #require(session["sharedSecretKey"]?.string.flatMap(Base32.decode))
        let code = TOTP.code(secret: secret, at: Int64(Timestamp.nowMillis() / 1000))
        let finalized = try fixture.mfa(
            "mfaEnrollment:finalize",
            [
                "idToken": signedIn["idToken"] ?? .null,
                "totpVerificationInfo": [
                    "sessionInfo": session["sessionInfo"] ?? .null, "verificationCode": .string(code),
                ],
            ])
        #expect(finalized.status == 200, "\(finalized.json.serialized())")
        return finalized.json["idToken"] ?? .null
    }

    private func exerciseTenantRoutes() throws {
        let tenants = adminProjectV2 + "tenants"
        try send("GET", tenants, owner: true)
        // Created whole: a member Firebase's Tenant does not declare is not kept; then without a display name.
        let created = try send(
            "POST", tenants,
            [
                "displayName": "Answers", "allowPasswordSignup": true, "unknownMember": 1,
                "mfaConfig": [
                    "state": "ENABLED", "enabledProviders": ["PHONE_SMS"],
                    "providerConfigs": [["state": "ENABLED", "totpProviderConfig": ["adjacentIntervals": 5]]],
                ],
            ], owner: true)
        let tenantId = try #require(created["tenantId"]?.string)
        try send("POST", tenants, [:], owner: true)
        // Every member a mask may set, with members Firebase does not declare beside them.
        try send(
            "PATCH",
            tenants + "/\(tenantId)?updateMask=autodeleteAnonymousUsers,emailPrivacyConfig,hashConfig,inheritance,"
                + "testPhoneNumbers,mfaConfig.state,enableAnonymousUser,unknownMember",
            [
                "autodeleteAnonymousUsers": true,
                "emailPrivacyConfig": ["enableImprovedEmailPrivacy": true, "unknownMember": true],
                "hashConfig": [
                    "algorithm": "SCRYPT", "memoryCost": 14, "rounds": 8, "saltSeparator": "Bw==",
                    "signerKey": "c2lnbmVy",
                ],
                "inheritance": ["emailSendingConfig": true], "testPhoneNumbers": ["+15555550199": "123456"],
                "mfaConfig": ["state": "DISABLED"], "enableAnonymousUser": true, "unknownMember": 1,
            ], owner: true)
        // An implicit tenant, then its mfaConfig replaced by one without `state` or `enabledProviders`.
        try send("GET", tenants + "/admin-implicit", owner: true)
        try send(
            "PATCH", tenants + "/admin-implicit?updateMask=mfaConfig",
            ["mfaConfig": ["providerConfigs": [["state": "ENABLED", "totpProviderConfig": [:]]]]], owner: true)
        try send("PATCH", tenants + "/admin-implicit", ["displayName": "Replaced"], owner: true)
        try send("GET", tenants + "/\(tenantId)", owner: true)
        try send("GET", tenants + "?pageSize=1", owner: true)
        try send("GET", tenants, owner: true)
        try send("DELETE", tenants + "/admin-implicit", owner: true)
    }

    private func exerciseProjectConfigRoutes() throws {
        let config = adminProjectV2 + "config"
        try send("GET", config, owner: true)
        try send(
            "PATCH", config + "?updateMask=signIn.allowDuplicateEmails,blockingFunctions",
            [
                "signIn": ["allowDuplicateEmails": false],
                "blockingFunctions": [
                    "triggers": [
                        "beforeCreate": [
                            "functionUri": "http://127.0.0.1:9/before-create", "updateTime": "2026-01-01T00:00:00Z",
                            "unknownMember": 1,
                        ]
                    ],
                    "forwardInboundCredentials": ["idToken": true, "accessToken": false, "refreshToken": true],
                    "unknownMember": 1,
                ],
            ], owner: true)
        try send("GET", config, owner: true)
        // A full update without blocking functions clears them (no other group's sign-up calls that dead URI).
        try send("PATCH", config, ["emailPrivacyConfig": ["enableImprovedEmailPrivacy": false]], owner: true)

        // The emulator's own config: fauth's extensions at their defaults (`null`), then set, then back.
        try send("GET", control + "config")
        try send(
            "PATCH", control + "config",
            [
                "fauth": [
                    "recentLoginSeconds": 3600, "failedSignInLimit": 1000,
                    "passwordPolicy": [
                        "customStrengthOptions": ["minPasswordLength": 6, "maxPasswordLength": 4096],
                        "enforcementState": "OFF",
                    ],
                ]
            ])
        try send("GET", control + "config")
        try send(
            "PATCH", control + "config",
            ["fauth": ["recentLoginSeconds": .null, "failedSignInLimit": .null, "passwordPolicy": .null]])
    }

    private func exerciseSigningKeyRoutes() throws {
        let keyRoutes = [
            "/www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com",
            "/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com",
            "/www.googleapis.com/identitytoolkit/v3/relyingparty/publicKeys",
            "/identitytoolkit.googleapis.com/v1/sessionCookiePublicKeys",
        ]
        // Signing off: empty documents; on: a key each; rotated: two each; then off again for the other groups.
        for path in keyRoutes { try send("GET", path) }
        try send("PATCH", control + "config", ["fauth": ["signTokens": true]])
        for path in keyRoutes { try send("GET", path) }
        try send("POST", control + "signingKeys:rotate", [:])
        try send("POST", control + "signingKeys:rotate", ["keepPreviousSeconds": 60])
        for path in keyRoutes { try send("GET", path) }
        try send("PATCH", control + "config", ["fauth": ["signTokens": false]])
    }

    private func exerciseTrafficControlRoutes() throws {
        // A fault on a route no request names, cleared at once.
        try send("POST", control + "faults", ["route": "accounts:adminAnswersNothing", "times": 1, "status": 503])
        try send("DELETE", control + "faults")
        try send("GET", control + "stats")
        try send("DELETE", control + "stats")
        try send("GET", control + "stats")
    }
}
