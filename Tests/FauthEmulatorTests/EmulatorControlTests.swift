import FauthJSON
import FauthTestSupport
import Testing

@testable import FauthEmulator

@Suite("routing, authentication, emulator control routes and fauth extensions over real sockets")
struct EmulatorControlTests {
    @Test func rootAnswersReady() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.client.json(method: "GET", path: "/")
        #expect(
            result.json == [
                "authEmulator": [
                    "ready": true, "docs": "https://firebase.google.com/docs/emulator-suite",
                    "apiSpec": "/emulator/openapi.json",
                ]
            ])
    }

    @Test func bodiesArePrettyPrintedAsExpressWritesThem() throws {
        let fixture = try EmulatorFixture()
        let root = try fixture.client.send(method: "GET", path: "/")
        #expect(
            String(decoding: root.body, as: UTF8.self) == """
                {
                  "authEmulator": {
                    "ready": true,
                    "docs": "https://firebase.google.com/docs/emulator-suite",
                    "apiSpec": "/emulator/openapi.json"
                  }
                }
                """)
        let error = try fixture.client.send(method: "GET", path: "/nope")
        #expect(String(decoding: error.body, as: UTF8.self).hasPrefix("{\n  \"error\": {\n    \"code\": 404,\n"))
    }

    @Test func unknownRoutesAndCredentialsGetGoogleErrorBodies() throws {
        let fixture = try EmulatorFixture()
        let notFound = try fixture.client.json(method: "GET", path: "/nope")
        #expect(notFound.status == 404)
        #expect(
            notFound.json == [
                "error": [
                    "code": 404, "message": "Not Found",
                    "errors": [["message": "Not Found", "reason": "notFound"]],
                    "status": "NOT_FOUND",
                ]
            ])
        let noKey = try fixture.client.json(path: "/identitytoolkit.googleapis.com/v1/accounts:signUp", body: [:])
        #expect(noKey.status == 403)
        #expect(errorMessage(noKey.json) == "The request is missing a valid API key.")
        #expect(noKey.json["error"]?["errors"]?.array?.first?["reason"]?.string == "forbidden")
        let headerKey = try fixture.client.json(
            path: "/identitytoolkit.googleapis.com/v1/accounts:signUp", body: [:],
            headers: [("x-goog-api-key", "k")])
        #expect(headerKey.status == 200)
        let badBearer = try fixture.call("signUp", [:], headers: [("Authorization", "Bearer not-owner")])
        #expect(badBearer.status == 401 && badBearer.json["error"]?["status"]?.string == "UNAUTHENTICATED")
        #expect(
            badBearer.json["error"]?["errors"] == [
                [
                    "message": "Invalid Credentials", "domain": "global", "reason": "authError",
                    "location": "Authorization", "locationType": "header",
                ]
            ])
        let target = try fixture.call("signUp", ["targetProjectId": "p"])
        #expect(
            errorMessage(target.json)
                == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
        let unimplemented = try fixture.call("signInWithGameCenter", [:])
        #expect(unimplemented.status == 501)
        #expect(
            errorMessage(unimplemented.json)
                == "identitytoolkit.accounts.signInWithGameCenter is not implemented in the Auth Emulator.")
        #expect(
            unimplemented.json["error"]?["errors"] == [
                [
                    "message": "identitytoolkit.accounts.signInWithGameCenter is not implemented in the Auth Emulator.",
                    "reason": "unimplemented",
                ]
            ])
        // A decodable JWT without a `firebase` claim crashes Firebase's pre-handler: a 500 named after the TypeError.
        let crash = try fixture.call("lookup", ["idToken": .string(craftIdToken(["user_id": "u"]))])
        #expect(crash.status == 500)
        #expect(
            crash.json["error"]?["errors"] == [
                [
                    "message": "Cannot read properties of undefined (reading 'tenant')",
                    "reason": "TypeError",
                ]
            ])
    }

    @Test func rejectsBadBodies() throws {
        let fixture = try EmulatorFixture()
        let path = "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k"
        let badJSON = try fixture.client.send(
            method: "POST", path: path, headers: [("Content-Type", "application/json")],
            body: Array("{\"email\":".utf8))
        let badJSONBody = try JSONValue.parse(badJSON.body)
        #expect(badJSON.status == 400)
        #expect(errorMessage(badJSONBody)?.hasPrefix("Invalid JSON payload received. ") == true)
        #expect(badJSONBody["error"]?["status"]?.string == "INVALID_ARGUMENT")
        #expect(badJSONBody["error"]?["errors"]?.array?.first?["reason"]?.string == "parseError")
        let text = try fixture.client.send(
            method: "POST", path: path, headers: [("Content-Type", "text/plain")], body: Array("x".utf8))
        #expect(errorMessage(try JSONValue.parse(text.body)) == "Invalid content-type: text/plain")
        let array = try fixture.client.json(path: path, body: [1])
        #expect(array.status == 400 && array.json["error"]?["status"]?.string == "INVALID_ARGUMENT")
        let wrongType = try fixture.call("signUp", ["email": ["x"], "password": "secret123"])
        #expect(errorMessage(wrongType.json) == "Invalid JSON payload received. /email must be string")
    }

    @Test func acceptsSnakeCaseKeysAndCoercesNumbersToStrings() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.call(
            "signUp", ["email": "a@example.com", "password": 123456, "display_name": "Snake"])
        #expect(created.status == 200 && created.json["displayName"]?.string == "Snake")
        #expect(try fixture.signIn("a@example.com", "123456")["localId"] == created.json["localId"])
    }

    @Test func configRoundTripsFirebaseKeysAndFauthExtensions() throws {
        let fixture = try EmulatorFixture()
        let initial = try fixture.control("GET", "config").json
        #expect(
            initial == [
                "signIn": ["allowDuplicateEmails": false], "emailPrivacyConfig": ["enableImprovedEmailPrivacy": false],
                "fauth": [
                    "recentLoginSeconds": .null, "idTokenLifetimeSeconds": 3600,
                    "signInProviders": ["password": true, "anonymous": true, "emailLink": true],
                    "passwordPolicy": .null, "failedSignInLimit": .null,
                    "refreshTokenRevocation": false, "strictEmailValidation": false, "nullAsAbsent": false,
                    "deviceFlow": ["intervalSeconds": 5, "expiresInSeconds": 900], "signTokens": false,
                ],
            ])
        let device = try fixture.control(
            "PATCH", "config", ["fauth": ["deviceFlow": ["intervalSeconds": 0.25, "expiresInSeconds": 60]]])
        #expect(device.json["fauth"]?["deviceFlow"] == ["intervalSeconds": 0.25, "expiresInSeconds": 60])
        for bad: JSONValue in [["intervalSeconds": -1], ["intervalSeconds": 3601], ["expiresInSeconds": 0]] {
            let refused = try fixture.control("PATCH", "config", ["fauth": ["deviceFlow": bad]])
            #expect(refused.status == 400, "\(bad)")
        }
        let deviceReset = try fixture.control(
            "PATCH", "config", ["fauth": ["deviceFlow": ["intervalSeconds": .null, "expiresInSeconds": .null]]])
        #expect(deviceReset.json["fauth"]?["deviceFlow"] == ["intervalSeconds": 5, "expiresInSeconds": 900])
        let patched = try fixture.control(
            "PATCH", "config",
            [
                "signIn": ["allowDuplicateEmails": true],
                "fauth": ["recentLoginSeconds": 30, "signInProviders": ["anonymous": false]],
            ])
        #expect(patched.json["signIn"]?["allowDuplicateEmails"]?.bool == true)
        #expect(patched.json["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"]?.bool == false)
        #expect(patched.json["fauth"]?["recentLoginSeconds"]?.int == 30)
        #expect(patched.json["fauth"]?["signInProviders"] == ["password": true, "anonymous": false, "emailLink": true])
        #expect(errorMessage(try fixture.call("signUp", [:]).json) == "ADMIN_ONLY_OPERATION")
        // Duplicate emails are for IdP accounts only: a second password account still gets EMAIL_EXISTS.
        try fixture.signUp("dup@example.com")
        #expect(
            errorMessage(try fixture.call("signUp", ["email": "dup@example.com", "password": "secret123"]).json)
                == "EMAIL_EXISTS")
        let reset = try fixture.control(
            "PATCH", "config", ["fauth": ["recentLoginSeconds": .null, "signInProviders": .null]])
        #expect(reset.json["fauth"]?["recentLoginSeconds"] == .null)
        #expect(reset.json["fauth"]?["signInProviders"]?["anonymous"]?.bool == true)
        let invalid = try fixture.control("PATCH", "config", ["fauth": ["failedSignInLimit": "many"]])
        #expect(invalid.status == 400 && invalid.json["error"]?["status"]?.string == "INVALID_ARGUMENT")
    }

    @Test func blockingFunctionsOfTheEmulatorConfigAreCheckedAsTheAdminConfigChecksThem() throws {
        let fixture = try EmulatorFixture()
        let refused = try fixture.control(
            "PATCH", "config", ["blockingFunctions": ["forwardInboundCredentials": ["idToken": "yes"]]])
        #expect(
            errorMessage(refused.json)
                == "Invalid JSON payload received. /blockingFunctions/forwardInboundCredentials/idToken must be boolean"
        )
        let admin = "/identitytoolkit.googleapis.com/v2/projects/\(EmulatorFixture.projectId)/config"
        let owner = [("Authorization", "Bearer owner")]
        #expect(try fixture.client.json(method: "GET", path: admin, headers: owner).json["blockingFunctions"] == [:])
        let kept = try fixture.control(
            "PATCH", "config",
            ["blockingFunctions": ["forwardInboundCredentials": ["idToken": true, "other": 1], "other": 1]])
        #expect(kept.status == 200)
        #expect(
            try fixture.client.json(method: "GET", path: admin, headers: owner).json["blockingFunctions"]
                == ["forwardInboundCredentials": ["idToken": true]])
    }

    @Test func passwordPolicyIsServedAndEnforced() throws {
        let fixture = try EmulatorFixture()
        let policyPath = "/identitytoolkit.googleapis.com/v2/passwordPolicy?key=k"
        #expect(try fixture.client.json(method: "GET", path: policyPath).status == 501)
        try fixture.configure([
            "fauth": [
                "passwordPolicy": [
                    "customStrengthOptions": [
                        "minPasswordLength": 8, "containsUppercaseCharacter": true, "containsNumericCharacter": true,
                    ],
                    "enforcementState": "ENFORCE",
                ]
            ]
        ])
        let served = try fixture.client.json(method: "GET", path: policyPath)
        #expect(served.status == 200)
        #expect(served.json["customStrengthOptions"]?["minPasswordLength"]?.int == 8)
        #expect(served.json["customStrengthOptions"]?["containsUppercaseCharacter"]?.bool == true)
        #expect(served.json["enforcementState"]?.string == "ENFORCE" && served.json["schemaVersion"]?.int == 1)
        #expect(served.json["allowedNonAlphanumericCharacters"]?.array?.isEmpty == false)
        let weak = try fixture.call("signUp", ["email": "a@example.com", "password": "lowercase"])
        #expect(
            errorMessage(weak.json) == "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: "
                + "[Password must contain an upper case character, Password must contain a numeric character]")
        let short = try fixture.call("signUp", ["email": "a@example.com", "password": "Ab1"])
        #expect(errorMessage(short.json) == "WEAK_PASSWORD : Password should be at least 6 characters")
        let shortish = try fixture.call("signUp", ["email": "a@example.com", "password": "Abc1234"])
        #expect(
            errorMessage(shortish.json) == "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: "
                + "[Password must contain at least 8 characters]")
        let accented = try fixture.call("signUp", ["email": "a@example.com", "password": "abcdÉ1234"])
        #expect(
            errorMessage(accented.json) == "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: "
                + "[Password must contain an upper case character]", "letters are ASCII, as the SDKs check them")
        #expect(try fixture.call("signUp", ["email": "a@example.com", "password": "Abcd1234"]).status == 200)
        try fixture.configure(["fauth": ["passwordPolicy": .null]])
        #expect(try fixture.call("signUp", ["email": "b@example.com", "password": "lowercase"]).status == 200)
    }

    @Test func deletesAccountsButKeepsCodesAndConfig() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        try fixture.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "a@example.com"])
        try fixture.configure(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]])
        #expect(try fixture.control("DELETE", "accounts").json == [:])
        #expect(errorMessage(try fixture.call("lookup", ["idToken": created["idToken"]!]).json) == "USER_NOT_FOUND")
        #expect(try fixture.control("GET", "oobCodes").json["oobCodes"]?.array?.count == 1)
        #expect(
            try fixture.control("GET", "config").json["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"]?.bool == true
        )
        #expect(try fixture.control("GET", "verificationCodes").json == ["verificationCodes": []])
    }

    @Test func tenantFormsKeepUsersApart() throws {
        let fixture = try EmulatorFixture()
        let tenantUser = try fixture.call(
            "signUp", ["email": "t@example.com", "password": "secret123", "tenantId": "tenant-1"]
        ).json
        #expect(idTokenClaims(tenantUser["idToken"]?.string)?["firebase"]?["tenant"]?.string == "tenant-1")
        #expect(RefreshToken(decoding: tenantUser["refreshToken"]!.string!)?.tenantId == "tenant-1")
        #expect(errorMessage(try fixture.signInError("t@example.com")) == "EMAIL_NOT_FOUND")
        #expect(try fixture.call("lookup", ["idToken": tenantUser["idToken"]!]).status == 200)
        try fixture.call(
            "sendOobCode", ["requestType": "PASSWORD_RESET", "email": "t@example.com", "tenantId": "tenant-1"])
        let tenantCodes = try fixture.control("GET", "tenants/tenant-1/oobCodes").json["oobCodes"]?.array ?? []
        #expect(tenantCodes.count == 1 && tenantCodes[0]["oobLink"]?.string?.hasSuffix("&tenantId=tenant-1") == true)
        #expect(try fixture.control("GET", "oobCodes").json["oobCodes"]?.array?.isEmpty == true)
        #expect(try fixture.control("DELETE", "tenants/tenant-1/accounts").status == 200)
        #expect(errorMessage(try fixture.call("lookup", ["idToken": tenantUser["idToken"]!]).json) == "USER_NOT_FOUND")
    }

    @Test func faultsReplaceTheNextRequestsOfARoute() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        let lookup: JSONValue = ["idToken": created["idToken"]!]
        #expect(
            try fixture.control(
                "POST", "faults",
                [
                    "route": "accounts:lookup", "times": 2, "status": 503,
                    "body": "<html>down</html>", "contentType": "text/html",
                ]
            ).status == 200)
        for _ in 0..<2 {
            let response = try fixture.client.send(
                method: "POST", path: "/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k",
                headers: [("Content-Type", "application/json")], body: lookup.serializedBytes())
            #expect(response.status == 503)
            #expect(String(decoding: response.body, as: UTF8.self) == "<html>down</html>")
            #expect(TestHTTPClient.header("Content-Type", in: response.headers) == "text/html")
        }
        #expect(try fixture.call("lookup", lookup).status == 200)
        try fixture.control("POST", "faults", ["route": "token", "redirect": "http://elsewhere.example/"])
        let redirected = try fixture.client.send(method: "POST", path: "/securetoken.googleapis.com/v1/token?key=k")
        #expect(
            redirected.status == 307
                && TestHTTPClient.header("Location", in: redirected.headers) == "http://elsewhere.example/")
        try fixture.control("POST", "faults", ["route": "*", "times": 1, "dropConnection": true])
        let dropper = try fixture.newClient()
        #expect(throws: (any Error).self) {
            try dropper.json(path: "/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k", body: lookup)
        }
        try fixture.control("POST", "faults", ["route": "accounts:lookup", "times": 1, "delayMs": 20])
        #expect(try fixture.call("lookup", lookup).status == 200)
        try fixture.control("POST", "faults", ["route": "*", "times": 5, "status": 500])
        #expect(try fixture.control("DELETE", "faults").status == 200)
        #expect(try fixture.call("lookup", lookup).status == 200)
        let invalid = try fixture.control("POST", "faults", ["route": "x", "status": 500, "delayMs": 3])
        #expect(invalid.status == 400)
    }

    @Test func statsCountRequestsPerRoute() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        for _ in 0..<3 { try fixture.call("lookup", ["idToken": created["idToken"]!]) }
        try fixture.refresh(created["refreshToken"]!.string!)
        try fixture.call("lookup", [:])
        #expect(
            try fixture.control("GET", "stats").json == [
                "requests": ["accounts:lookup": 4, "accounts:signUp": 1, "token": 1]
            ])
        #expect(try fixture.control("DELETE", "stats").status == 200)
        #expect(try fixture.control("GET", "stats").json == ["requests": [:]])
    }
}
