import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("Admin SDK routes (Bearer owner) over real sockets")
struct AdminAccountsTests {
    @Test func createLookUpDisableDeleteAsTheAdminSDKDoes() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.adminProject(
            "accounts",
            [
                "email": "Admin.Made@Example.com", "password": "secret123",
                "displayName": "Made", "emailVerified": true,
            ])
        #expect(created.status == 200)
        #expect(created.json["idToken"] == nil && created.json["refreshToken"] == nil)
        let localId = try #require(created.json["localId"]?.string)

        let byId = try fixture.adminProject("accounts:lookup", ["localId": [.string(localId)]])
        #expect(byId.json["kind"]?.string == "identitytoolkit#GetAccountInfoResponse")
        #expect(byId.json["users"]?.array?.first?["email"]?.string == "admin.made@example.com")
        let byEmail = try fixture.adminProject(
            "accounts:lookup", ["email": ["ADMIN.MADE@example.com"], "localId": [.string(localId)]])
        #expect(byEmail.json["users"]?.array?.count == 1, "results are de-duplicated")
        let none = try fixture.adminProject("accounts:lookup", ["localId": ["nobody"]])
        #expect(none.status == 200 && none.json["users"] == nil)

        #expect(try fixture.signIn("admin.made@example.com")["idToken"] != nil)
        let disabled = try fixture.adminProject("accounts:update", ["localId": .string(localId), "disableUser": true])
        #expect(disabled.status == 200)
        let refused = try fixture.call(
            "signInWithPassword", ["email": "admin.made@example.com", "password": "secret123"])
        #expect(errorMessage(refused.json) == "USER_DISABLED")

        let deleted = try fixture.adminProject("accounts:delete", ["localId": .string(localId)])
        #expect(deleted.status == 200)
        #expect(deleted.json["kind"]?.string == "identitytoolkit#DeleteAccountResponse")
        #expect(try fixture.adminProject("accounts:lookup", ["localId": [.string(localId)]]).json["users"] == nil)
    }

    @Test func adminRoutesWithoutBearerOwnerAreRefused() throws {
        let fixture = try EmulatorFixture()
        let path = "/identitytoolkit.googleapis.com/v1/projects/\(EmulatorFixture.projectId)/accounts:lookup"
        let noCredential = try fixture.client.json(path: path, body: ["localId": ["x"]])
        #expect(noCredential.status == 403)
        #expect(noCredential.json["error"]?["status"]?.string == "PERMISSION_DENIED")
        let keyOnly = try fixture.client.json(path: path + "?key=fake-key", body: ["localId": ["x"]])
        #expect(keyOnly.status == 400)
        #expect(
            errorMessage(keyOnly.json)
                == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
        let wrongBearer = try fixture.client.json(
            path: path, body: ["localId": ["x"]], headers: [("Authorization", "Bearer not-owner")])
        #expect(wrongBearer.status == 401)
        #expect(wrongBearer.json["error"]?["status"]?.string == "UNAUTHENTICATED")
        for suffix in [
            "accounts", "accounts:update", "accounts:delete", "accounts:batchCreate", "accounts:batchDelete",
            "accounts:sendOobCode",
        ] {
            let refused = try fixture.adminProject(suffix, [:], headers: [])
            #expect(refused.status == 403, "\(suffix)")
        }
        let list = try fixture.adminProject("accounts:batchGet", method: "GET", headers: [])
        #expect(list.status == 403)
    }

    @Test func updateSetsClaimsRevokesAndRejectsBadClaims() throws {
        let fixture = try EmulatorFixture()
        let user = try fixture.signUp("claims@example.com")
        let localId = try #require(user["localId"]?.string)
        func update(_ body: JSONObject) throws -> (status: Int, json: JSONValue) {
            var full = body
            full["localId"] = .string(localId)
            return try fixture.adminProject("accounts:update", .object(full))
        }
        #expect(try update(["customAttributes": #"{"role":"admin"}"#]).status == 200)
        let signedIn = try fixture.signIn("claims@example.com")
        #expect(idTokenClaims(signedIn["idToken"]?.string)?["role"]?.string == "admin")
        #expect(errorMessage(try update(["customAttributes": "{"]).json) == "INVALID_CLAIMS")
        #expect(errorMessage(try update(["customAttributes": #"{"exp":1}"#]).json) == "FORBIDDEN_CLAIM : exp")
        let large = #"{"k":""# + String(repeating: "v", count: 1000) + #""}"#
        #expect(errorMessage(try update(["customAttributes": .string(large)]).json) == "CLAIMS_TOO_LARGE")
        let futureSeconds = Timestamp.nowMillis() / 1000 + 3600
        #expect(try update(["validSince": .string(String(futureSeconds))]).status == 200)
        let revoked = try fixture.call("lookup", ["idToken": signedIn["idToken"]!])
        #expect(errorMessage(revoked.json) == "TOKEN_EXPIRED")
        #expect(errorMessage(try update(["linkProviderUserInfo": ["rawId": "x"]]).json) == "MISSING_PROVIDER_ID")
        #expect(try update(["linkProviderUserInfo": ["providerId": "github.com", "rawId": "gh-7"]]).status == 200)
        let federated = try fixture.adminProject(
            "accounts:lookup", ["federatedUserId": [["providerId": "github.com", "rawId": "gh-7"]]])
        #expect(federated.json["users"]?.array?.first?["localId"]?.string == localId)
    }

    @Test func updateSetsProfilePasswordVerificationAndPhone() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.adminProject(
            "accounts", ["localId": "p1", "email": "p1@example.com", "password": "secret123"])
        #expect(created.json["localId"]?.string == "p1")
        let updated = try fixture.adminProject(
            "accounts:update",
            [
                "localId": "p1", "displayName": "Pat", "photoUrl": "http://photo", "password": "another-secret",
                "emailVerified": true, "phoneNumber": "+15555550123",
            ])
        #expect(updated.status == 200)
        // Firebase's emulator mints tokens for any password change, an admin's included.
        #expect(idTokenClaims(updated.json["idToken"]?.string)?["firebase"]?["sign_in_provider"]?.string == "password")
        let byPhone = try fixture.adminProject("accounts:lookup", ["phoneNumber": ["+15555550123"]])
        let user = try #require(byPhone.json["users"]?.array?.first)
        #expect(
            user["localId"]?.string == "p1" && user["displayName"]?.string == "Pat"
                && user["photoUrl"]?.string == "http://photo")
        #expect(user["emailVerified"]?.bool == true)
        #expect(try fixture.signIn("p1@example.com", "another-secret")["localId"]?.string == "p1")
        let taken = try fixture.adminProject("accounts", ["phoneNumber": "+15555550123"])
        #expect(errorMessage(taken.json) == "PHONE_NUMBER_EXISTS")
        #expect(
            errorMessage(try fixture.adminProject("accounts:update", ["displayName": "x"]).json) == "MISSING_LOCAL_ID")
        #expect(
            errorMessage(try fixture.adminProject("accounts:update", ["localId": "nobody", "displayName": "x"]).json)
                == "USER_NOT_FOUND")
    }

    @Test func batchCreateImportsAndReportsPerUserErrors() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.adminProject(
            "accounts:batchCreate",
            [
                "users": [
                    [
                        "localId": "u1", "email": "U1@example.com", "rawPassword": "secret123",
                        "customAttributes": #"{"a":1}"#,
                    ],
                    ["localId": "u2", "customAttributes": #"{"iss":"x"}"#],
                    ["localId": "u3", "email": "not-an-email"],
                    ["email": "nolocal@example.com"],
                    [
                        "localId": "u5",
                        "providerUserInfo": [["providerId": "google.com", "rawId": "g-55", "email": "g@example.com"]],
                    ],
                ]
            ])
        #expect(result.status == 200)
        #expect(result.json["kind"]?.string == "identitytoolkit#UploadAccountResponse")
        #expect(
            result.json["error"] == [
                ["index": 1, "message": "Custom claims provided include a reserved claim."],
                ["index": 2, "message": "email is invalid"],
                ["index": 3, "message": "localId is missing"],
            ])
        let signedIn = try fixture.signIn("u1@example.com")
        #expect(signedIn["localId"]?.string == "u1")
        #expect(idTokenClaims(signedIn["idToken"]?.string)?["a"]?.int == 1)
        let google = try fixture.signInWithIdp(claims: ["sub": "g-55"])
        #expect(google.json["localId"]?.string == "u5")

        let duplicate = try fixture.adminProject(
            "accounts:batchCreate", ["users": [["localId": "d"], ["localId": "d"]]])
        #expect(errorMessage(duplicate.json) == "DUPLICATE_LOCAL_ID : d")
        let existing = try fixture.adminProject("accounts:batchCreate", ["users": [["localId": "u1"]]])
        #expect(
            existing.json["error"] == [
                ["index": 0, "message": "localId belongs to an existing account - can not overwrite."]
            ])
        #expect(
            errorMessage(try fixture.adminProject("accounts:batchCreate", ["users": []]).json) == "MISSING_USER_ACCOUNT"
        )
    }

    @Test func batchGetPagesByLocalId() throws {
        let fixture = try EmulatorFixture()
        let users: [JSONValue] = ["c", "a", "b"].map { ["localId": .string($0)] }
        #expect(try fixture.adminProject("accounts:batchCreate", ["users": .array(users)]).json["error"] == [])
        let first = try fixture.adminProject("accounts:batchGet?maxResults=2", method: "GET")
        #expect(first.status == 200)
        #expect(first.json["kind"]?.string == "identitytoolkit#DownloadAccountResponse")
        #expect(first.json["users"]?.array?.compactMap { $0["localId"]?.string } == ["a", "b"])
        #expect(first.json["nextPageToken"]?.string == "b")
        let second = try fixture.adminProject("accounts:batchGet?maxResults=2&nextPageToken=b", method: "GET")
        #expect(second.json["users"]?.array?.compactMap { $0["localId"]?.string } == ["c"])
        #expect(second.json["nextPageToken"] == nil)
        let all = try fixture.adminProject("accounts:batchGet", method: "GET")
        #expect(all.json["users"]?.array?.count == 3)
    }

    /// Pages list the accounts as they are at each request: added, overwritten and deleted ones between two pages.
    @Test func batchGetPagesFollowChangesBetweenPages() throws {
        let fixture = try EmulatorFixture()
        let users: [JSONValue] = ["e", "a", "c"].map { ["localId": .string($0)] }
        #expect(try fixture.adminProject("accounts:batchCreate", ["users": .array(users)]).json["error"] == [])
        let listed = { (query: String) throws -> [String] in
            try fixture.adminProject("accounts:batchGet?\(query)", method: "GET").json["users"]?.array?.compactMap {
                $0["localId"]?.string
            } ?? []
        }
        #expect(try listed("maxResults=2") == ["a", "c"])
        #expect(
            try fixture.adminProject("accounts:batchCreate", ["users": [["localId": "b"], ["localId": "d"]]]).json[
                "error"] == [])
        #expect(try listed("maxResults=2&nextPageToken=a") == ["b", "c"])
        #expect(try fixture.admin("delete", ["localId": "c"]).status == 200)
        #expect(try listed("maxResults=2&nextPageToken=b") == ["d", "e"])
        #expect(try listed("maxResults=-1") == ["a", "b", "d", "e"])
        #expect(try listed("maxResults=10&nextPageToken=bb") == ["d", "e"])
        let overwrite = try fixture.adminProject(
            "accounts:batchCreate", ["allowOverwrite": true, "users": [["localId": "d", "displayName": "D"]]])
        #expect(overwrite.json["error"] == [])
        let page =
            try fixture.adminProject("accounts:batchGet?nextPageToken=c", method: "GET").json["users"]?.array ?? []
        #expect(page.compactMap { $0["displayName"]?.string } == ["D"])
        #expect(page.compactMap { $0["localId"]?.string } == ["d", "e"])
    }

    @Test func batchDeleteNeedsDisabledUsersOrForce() throws {
        let fixture = try EmulatorFixture()
        let users: [JSONValue] = [["localId": "on"], ["localId": "off", "disabled": true]]
        #expect(try fixture.adminProject("accounts:batchCreate", ["users": .array(users)]).json["error"] == [])
        let partial = try fixture.adminProject("accounts:batchDelete", ["localIds": ["on", "off", "ghost"]])
        #expect(partial.status == 200)
        #expect(
            partial.json["errors"] == [
                ["index": 0, "localId": "on", "message": "NOT_DISABLED : Disable the account before batch deletion."]
            ])
        let forced = try fixture.adminProject("accounts:batchDelete", ["localIds": ["on"], "force": true])
        #expect(forced.json == [:])
        #expect(try fixture.adminProject("accounts:lookup", ["localId": ["on", "off"]]).json["users"] == nil)
        #expect(
            errorMessage(try fixture.adminProject("accounts:batchDelete", ["localIds": []]).json)
                == "LOCAL_ID_LIST_EXCEEDS_LIMIT")
    }

    @Test func tenantFormsWorkOnTheTenantOnly() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.adminProject(
            "accounts", ["localId": "tenant-user", "email": "t@example.com"], tenant: "t1")
        #expect(created.status == 200)
        let inTenant = try fixture.adminProject("accounts:lookup", ["localId": ["tenant-user"]], tenant: "t1")
        #expect(inTenant.json["users"]?.array?.first?["tenantId"]?.string == "t1")
        #expect(try fixture.adminProject("accounts:lookup", ["localId": ["tenant-user"]]).json["users"] == nil)
        let listed = try fixture.adminProject("accounts:batchGet", method: "GET", tenant: "t1")
        #expect(listed.json["users"]?.array?.count == 1)
        let link = try fixture.adminProject(
            "accounts:sendOobCode",
            [
                "requestType": "PASSWORD_RESET", "email": "t@example.com",
                "returnOobLink": true,
            ], tenant: "t1")
        #expect(link.status == 200)
        #expect(link.json["oobLink"]?.string?.contains("tenantId=t1") == true)
    }
}

@Suite("admin batch routes: fidelity to Firebase's emulator source")
struct AdminBatchFidelityTests {
    @Test func anEmptyMfaInfoNeedsNoEmail() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.adminProject("accounts:batchCreate", ["users": [["localId": "u1", "mfaInfo": []]]])
        #expect(result.json["error"] == [])
    }

    @Test func aUserOfAnotherTenantIsRefusedPerEntry() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.adminProject(
            "accounts:batchCreate",
            [
                "tenantId": "tenant-a",
                "users": [["localId": "u1", "tenantId": "tenant-b"]],
            ])
        #expect(
            result.json["error"] == [
                ["index": 0, "message": "Tenant id in userInfo does not match the tenant id in request."]
            ])
    }

    @Test func phoneFactorsShowTheirUnobfuscatedNumber() throws {
        let fixture = try EmulatorFixture()
        let imported = try fixture.adminProject(
            "accounts:batchCreate",
            [
                "users": [
                    [
                        "localId": "m1", "email": "m@example.com", "emailVerified": true,
                        "mfaInfo": [["phoneInfo": "+15555550100", "enrolledAt": "2123-04-05T06:07:28.990Z"]],
                    ]
                ]
            ])
        #expect(imported.json["error"] == [])
        let listed = try fixture.adminProject("accounts:batchGet", method: "GET")
        let factor = try #require(listed.json["users"]?.array?.first?["mfaInfo"]?.array?.first)
        #expect(
            factor["phoneInfo"]?.string == "+15555550100" && factor["unobfuscatedPhoneInfo"]?.string == "+15555550100")
        #expect(factor["enrolledAt"]?.string == "2123-04-05T06:07:28.990Z")
    }
}

@Suite("admin accounts:query over real sockets")
struct AdminQueryTests {
    @Test func countsOrListsUsersByLocalId() throws {
        let fixture = try EmulatorFixture()
        try fixture.admin("signUp", ["localId": "b-user"])
        try fixture.admin("signUp", ["localId": "a-user", "email": "a@example.com", "password": "secret123"])
        let count = try fixture.adminProject("accounts:query", ["returnUserInfo": false])
        #expect(count.json == ["recordsCount": "2"])
        let listed = try fixture.adminProject("accounts:query", [:])
        #expect(listed.json["recordsCount"]?.string == "2")
        #expect(listed.json["userInfo"]?.array?.compactMap { $0["localId"]?.string } == ["a-user", "b-user"])
        let descending = try fixture.adminProject("accounts:query", ["order": "DESC"])
        #expect(descending.json["userInfo"]?.array?.compactMap { $0["localId"]?.string } == ["b-user", "a-user"])
        let projectForm = try fixture.client.json(
            path: "/identitytoolkit.googleapis.com/v1/projects/\(EmulatorFixture.projectId):queryAccounts", body: [:],
            headers: [("Authorization", "Bearer owner")])
        #expect(projectForm.json["recordsCount"]?.string == "2")
    }

    @Test func unsupportedQueriesAre501() throws {
        let fixture = try EmulatorFixture()
        func message(_ body: JSONValue) throws -> String? {
            let result = try fixture.adminProject("accounts:query", body)
            #expect(result.status == 501)
            return errorMessage(result.json)
        }
        #expect(try message(["expression": [["email": "a@example.com"]]]) == "expression is not implemented.")
        #expect(try message(["limit": "10"]) == "limit is not implemented.")
        #expect(try message(["offset": "5"]) == "offset is not implemented.")
        #expect(try message(["sortBy": "CREATED_AT"]) == "Only sorting by USER_ID is implemented.")
    }
}
