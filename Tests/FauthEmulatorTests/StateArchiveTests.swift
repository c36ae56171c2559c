import FauthJSON
import Foundation
import Testing

@testable import FauthEmulator

@Suite("import and export in the Firebase emulators' layout")
struct StateArchiveTests {
    private func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("fauth-export-\(UUID().uuidString)").path
    }

    @Test func exportThenImportRestoresUsersAndConfig() throws {
        let source = try EmulatorFixture()
        let password = try source.signUp("a@example.com")
        let anonymous = try source.call("signUp", [:]).json
        try source.admin(
            "signUp",
            [
                "localId": "admin-1", "email": "m@example.com", "password": "secret123", "disabled": true,
                "phoneNumber": "+15555550100", "mfaInfo": [["phoneInfo": "+15555550199"]],
            ])
        try source.admin(
            "update",
            [
                "localId": "admin-1", "customAttributes": #"{"role":"x"}"#,
                "linkProviderUserInfo": ["providerId": "google.com", "rawId": "g-9"],
            ])
        let tenant = try source.call(
            "signUp", ["email": "t@example.com", "password": "secret123", "tenantId": "tenant-1"]
        ).json
        try source.configure([
            "emailPrivacyConfig": ["enableImprovedEmailPrivacy": true], "fauth": ["recentLoginSeconds": 42],
        ])

        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try source.emulator.exportState(to: directory)
        let metadata = try JSONValue.parse(
            Array(try #require(FileManager.default.contents(atPath: directory + "/firebase-export-metadata.json"))))
        #expect(metadata["auth"]?["path"]?.string == "auth_export")
        let accounts = try JSONValue.parse(
            Array(try #require(FileManager.default.contents(atPath: directory + "/auth_export/accounts.json"))))
        #expect(accounts["kind"]?.string == "identitytoolkit#DownloadAccountResponse")
        #expect(accounts["users"]?.array?.count == 4)
        #expect(FileManager.default.fileExists(atPath: directory + "/auth_export/config.json"))

        let target = try EmulatorFixture()
        try target.emulator.importState(from: directory)
        #expect(try target.control("GET", "config").json == (try source.control("GET", "config").json))
        for localId in [password["localId"]!, anonymous["localId"]!, "admin-1"] {
            let before = try source.admin("lookup", ["localId": [localId]]).json
            let after = try target.admin("lookup", ["localId": [localId]]).json
            #expect(after["users"] != nil && after == before)
        }
        let tenantLookup = try target.call("lookup", ["idToken": tenant["idToken"]!])
        #expect(tenantLookup.json["users"]?.array?.first?["email"]?.string == "t@example.com")
        let federated = try target.admin("lookup", ["federatedUserId": [["providerId": "google.com", "rawId": "g-9"]]])
        #expect(federated.json["users"]?.array?.first?["localId"]?.string == "admin-1")
        #expect(try target.signIn("a@example.com")["localId"] == password["localId"])
        #expect(try target.refresh(anonymous["refreshToken"]!.string!).status == 200)
    }

    @Test func importFailsClearlyForAMissingFolder() throws {
        let emulator = AuthEmulator(projectId: "p")
        #expect(throws: StateArchiveError.self) { try emulator.importState(from: "/nonexistent/fauth-export") }
    }

    /// Writes an export folder whose accounts.json is `accounts` (metadata naming the default auth folder).
    private func writeExport(_ accounts: String, to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory + "/auth_export", withIntermediateDirectories: true)
        try #"{"version":"15.28.1","auth":{"version":"15.28.1","path":"auth_export"}}"#
            .write(toFile: directory + "/firebase-export-metadata.json", atomically: true, encoding: .utf8)
        try accounts.write(toFile: directory + "/auth_export/accounts.json", atomically: true, encoding: .utf8)
    }

    /// A FIFO, a device or a folder where an export file should be is refused at once (reading a FIFO would wait for
    /// a writer, /dev/zero would never end), as is a config.json past its size limit, and changes nothing; a symbolic
    /// link to a regular file is read.
    @Test func onlyRegularFilesAreRead() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try writeExport(#"{"users":[{"localId":"a-1","email":"a1@example.com"}]}"#, to: directory)
        let fixture = try EmulatorFixture()
        try fixture.admin("signUp", ["localId": "kept", "email": "kept@example.com"])
        let accounts = directory + "/auth_export/accounts.json"
        let config = directory + "/auth_export/config.json"
        let moved = directory + "/accounts-elsewhere.json"
        try FileManager.default.moveItem(atPath: accounts, toPath: moved)

        #expect(mkfifo(accounts, 0o600) == 0)
        #expect {
            try fixture.emulator.importState(from: directory)
        } throws: { error in
            "\(error)" == "cannot read \(accounts): not a regular file"
        }
        try FileManager.default.removeItem(atPath: accounts)
        try FileManager.default.createDirectory(atPath: accounts, withIntermediateDirectories: false)
        #expect(throws: StateArchiveError.self) { try fixture.emulator.importState(from: directory) }
        try FileManager.default.removeItem(atPath: accounts)

        try FileManager.default.createSymbolicLink(atPath: accounts, withDestinationPath: moved)
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: "/dev/zero")
        #expect {
            try fixture.emulator.importState(from: directory)
        } throws: { error in
            "\(error)" == "cannot read \(config): not a regular file"
        }
        #expect(try fixture.admin("lookup", ["localId": ["kept"]]).json["users"]?.array?.count == 1)

        try FileManager.default.removeItem(atPath: config)
        // A config.json past the limit (sparse: no disk is used) is refused, not read into memory.
        #expect(FileManager.default.createFile(atPath: config, contents: nil))
        #expect(truncate(config, off_t(StateArchive.maximumSmallFileBytes + 1)) == 0)
        #expect {
            try fixture.emulator.importState(from: directory)
        } throws: { error in
            "\(error)" == "cannot read \(config): larger than 16 MiB"
        }
        try FileManager.default.removeItem(atPath: config)
        try fixture.emulator.importState(from: directory)
        let found = try fixture.admin("lookup", ["localId": ["a-1", "kept"]]).json["users"]?.array ?? []
        #expect(found.compactMap { $0["localId"]?.string } == ["a-1"])
    }

    /// 100k accounts (the file spans many of the reader's chunks) come back from an import and an export byte for
    /// byte (every field, in order, each in its project) and can sign in; names hold quotes, brackets and backslashes.
    @Test func aHundredThousandAccountsSurviveAnImportAndAnExport() throws {
        // As an export writes them: the default project's accounts, then the tenant's, fields in `accountInfo` order.
        func account(_ index: Int, tenant: Bool) -> String {
            let email = "u\(index)@example.com"
            let phone = "+1555\(index)"
            let name = index % 7 == 0 ? #","displayName":"Ada \"]} {[ \\ \#(index)""# : ""
            let hasPhone = index % 11 == 0
            return #"{"localId":"u\#(index)","email":"\#(email)","emailVerified":\#(index % 2 == 0)\#(name)"#
                + (hasPhone ? #","phoneNumber":"\#(phone)""# : "")
                + #","passwordHash":"fakeHash:salt=s\#(index):password=pw\#(index)","salt":"s\#(index)","passwordUpdatedAt":1700000000000"#
                + #","providerUserInfo":[{"providerId":"password","rawId":"\#(email)","federatedId":"\#(email)","email":"\#(email)"}"#
                + (hasPhone ? #",{"providerId":"phone","rawId":"\#(phone)","phoneNumber":"\#(phone)"}"# : "")
                + #"],"validSince":"1700000000","createdAt":"\#(1_700_000_000_000 + index)""#
                + (tenant ? #","tenantId":"t-1"}"# : "}")
        }
        let inTenant = { (index: Int) in index % 13 == 0 }
        let users =
            (0..<100_000).filter { !inTenant($0) }.map { account($0, tenant: false) }
            + (0..<100_000).filter(inTenant).map { account($0, tenant: true) }
        let accounts =
            #"{"kind":"identitytoolkit#DownloadAccountResponse","users":["# + users.joined(separator: ",") + "]}"
        let source = temporaryDirectory()
        let copy = temporaryDirectory()
        defer { for directory in [source, copy] { try? FileManager.default.removeItem(atPath: directory) } }
        try writeExport(accounts, to: source)

        let emulator = AuthEmulator(projectId: EmulatorFixture.projectId)
        try emulator.importState(from: source)
        try emulator.exportState(to: copy)
        let exported = try String(contentsOfFile: copy + "/auth_export/accounts.json", encoding: .utf8)
        #expect(exported.utf8.count == accounts.utf8.count)
        #expect(exported == accounts)
        let fixture = try EmulatorFixture(emulator)
        #expect(try fixture.signIn("u99998@example.com", "pw99998")["localId"]?.string == "u99998")
        #expect(try fixture.signIn("u1@example.com", "pw1")["localId"]?.string == "u1")
        let phone = try fixture.admin("lookup", ["phoneNumber": ["+155599946"]]).json
        #expect(phone["users"]?.array?.first?["displayName"]?.string == #"Ada "]} {[ \ 99946"#)
        let tenant = try fixture.call(
            "signInWithPassword",
            [
                "email": "u99996@example.com", "password": "pw99996",
                "tenantId": "t-1", "returnSecureToken": true,
            ])
        #expect(tenant.json["localId"]?.string == "u99996")
    }

    /// An import is held to what accounts:batchCreate refuses, never silently merged or dropped: the first offending
    /// user is named by its place and localId, and the accounts already there are kept.
    @Test(arguments: [
        (
            #"{"localId": "u1"}, {"localId": "u1", "email": "b@example.com"}"#,
            #"users[1] (localId "u1") has the same localId as the user with localId "u1""#
        ),
        (
            #"{"localId": "u1", "email": "Ada@Example.com"}, {"localId": "u2", "email": "ada@example.COM"}"#,
            #"users[1] (localId "u2") has the same email as the user with localId "u1""#
        ),
        (
            #"{"localId": "u1", "providerUserInfo": [{"providerId": "google.com", "rawId": "g-1"}]}, "#
                + #"{"localId": "u2", "providerUserInfo": [{"providerId": "google.com", "rawId": "g-1"}]}"#,
            #"users[1] (localId "u2") has the same provider account as the user with localId "u1""#
        ),
        (#"{"localId": "u1"}, {"email": "x@example.com"}"#, "users[1] has no localId (a non-empty string)"),
        (#"{"localId": 7}"#, "users[0] has no localId (a non-empty string)"),
        (#"{"localId": ""}"#, "users[0] has no localId (a non-empty string)"),
        (#"{"localId": "u1"}, 17"#, "users[1] is not a JSON object"),
    ])
    func anImportBatchCreateWouldRefuseIsRefused(users: String, problem: String) throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try writeExport(#"{"users": ["# + users + "]}", to: directory)
        let fixture = try EmulatorFixture()
        try fixture.admin("signUp", ["localId": "kept", "email": "kept@example.com"])
        #expect {
            try fixture.emulator.importState(from: directory)
        } throws: { error in
            "\(error)" == directory + "/auth_export/accounts.json: " + problem
        }
        #expect(try fixture.admin("lookup", ["localId": ["kept"]]).json["users"]?.array?.count == 1)
    }

    /// Emails are stored in lower case, as batchCreate stores them, so an imported user signs in by any case.
    @Test func importedEmailsAreLowerCase() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try writeExport(#"{"users": [{"localId": "u1", "email": "Ada@Example.COM"}]}"#, to: directory)
        let fixture = try EmulatorFixture()
        try fixture.emulator.importState(from: directory)
        let user = try fixture.admin("lookup", ["localId": ["u1"]]).json["users"]?.array?.first
        #expect(user?["email"]?.string == "ada@example.com")
    }

    /// Valid JSON of the wrong shape is said in words, naming the file, as is a config the emulator refuses.
    @Test(arguments: [
        (#"[{"localId": "u1"}]"#, "accounts.json does not hold a JSON object"),
        (#"{"users": {"localId": "u1"}}"#, #"accounts.json holds "users" that is not an array"#),
        (
            #"{"users": [{"localId": "u1"}"#,
            "accounts.json is not valid JSON (cut short, or a string or nesting left open)"
        ),
    ])
    func aFileOfTheWrongShapeIsSaidInWords(accounts: String, problem: String) throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try writeExport(accounts, to: directory)
        #expect {
            try AuthEmulator(projectId: EmulatorFixture.projectId).importState(from: directory)
        } throws: { error in
            "\(error)" == directory + "/auth_export/" + problem
        }
    }

    @Test func aConfigTheEmulatorRefusesIsSaidInWords() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try writeExport(#"{"users": []}"#, to: directory)
        try #"{"fauth": {"recentLoginSeconds": -1}}"#.write(
            toFile: directory + "/auth_export/config.json", atomically: true, encoding: .utf8)
        #expect {
            try AuthEmulator(projectId: EmulatorFixture.projectId).importState(from: directory)
        } throws: { error in
            "\(error)".hasPrefix(directory + "/auth_export/config.json is refused: ")
                && !"\(error)".contains("APIError")
        }
    }

    /// A hand-written tenants.json or config.json is held to the request schemas of the tenant and config routes, so
    /// that no imported member makes the tenant or config GET answer what its schema does not declare: a member of the
    /// wrong type or one the schema does not declare (a typo, which a route would only drop) is refused, naming the
    /// file, the tenant and the member, and nothing is imported (the account already there is kept).
    @Test(arguments: [
        (
            "tenants.json", #"{"tenants": [{"tenantId": "t-1", "displayname": "Typo"}]}"#,
            "tenants[0] is refused: /displayname is not a member a tenant declares"
        ),
        (
            "tenants.json",
            #"{"tenants": [{"tenantId": "t-1"}, {"tenantId": "t-2", "mfaConfig": {"state": "ENABLED", "x": 1}}]}"#,
            "tenants[1] is refused: /mfaConfig/x is not a member a tenant declares"
        ),
        (
            "tenants.json", #"{"tenants": [{"tenantId": "t-1", "mfaConfig": {"state": "ON"}}]}"#,
            "tenants[0] is refused: Invalid JSON payload received. /mfaConfig/state must be equal to one of the "
                + "allowed values"
        ),
        (
            "tenants.json", #"{"tenants": [{"tenantId": "t-1", "disableAuth": "false"}]}"#,
            "tenants[0].disableAuth is not a boolean"
        ),
        (
            "config.json", #"{"blockingFunctions": {"forwardInboundCredentials": {"idToken": "yes"}}}"#,
            "config.json is refused: Invalid JSON payload received. "
                + "/blockingFunctions/forwardInboundCredentials/idToken must be boolean"
        ),
        (
            "config.json",
            #"{"blockingFunctions": {"triggers": {"beforeCreate": {"functionURI": "http://127.0.0.1:1/f"}}}}"#,
            "config.json is refused: /blockingFunctions/triggers/beforeCreate/functionURI is not a member "
                + "blockingFunctions declares"
        ),
    ])
    func aHandWrittenTenantOrConfigIsHeldToItsRouteSchema(file: String, text: String, problem: String) throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try writeExport(#"{"users": [{"localId": "imported"}]}"#, to: directory)
        try text.write(toFile: directory + "/auth_export/" + file, atomically: true, encoding: .utf8)
        let fixture = try EmulatorFixture()
        try fixture.admin("signUp", ["localId": "kept", "email": "kept@example.com"])
        #expect {
            try fixture.emulator.importState(from: directory)
        } throws: { error in
            "\(error)" == directory + "/auth_export/" + (file == "tenants.json" ? "tenants.json: " : "") + problem
        }
        #expect(try fixture.admin("lookup", ["localId": ["kept"]]).json["users"]?.array?.count == 1)
        #expect(try fixture.admin("lookup", ["localId": ["imported"]]).json["users"] == nil)
    }

    /// A tenant with every member a mask may set passes the import's checks: an export, imported, answers the same
    /// tenant.
    @Test func aTenantWithEveryDeclaredMemberSurvivesExportAndImport() throws {
        let source = try EmulatorFixture()
        let v2 = "/identitytoolkit.googleapis.com/v2/projects/\(EmulatorFixture.projectId)"
        let owner = [("Authorization", "Bearer owner")]
        let created = try source.client.json(path: v2 + "/tenants", body: ["displayName": "T"], headers: owner).json
        let tenantId = try #require(created["tenantId"]?.string)
        let patched = try source.client.json(
            method: "PATCH",
            path: v2 + "/tenants/\(tenantId)?updateMask=autodeleteAnonymousUsers,emailPrivacyConfig,hashConfig,"
                + "inheritance,testPhoneNumbers,mfaConfig,disableAuth",
            body: [
                "autodeleteAnonymousUsers": true, "emailPrivacyConfig": ["enableImprovedEmailPrivacy": true],
                "hashConfig": ["algorithm": "SCRYPT", "memoryCost": 14, "rounds": 8, "saltSeparator": "Bw=="],
                "inheritance": ["emailSendingConfig": true], "testPhoneNumbers": ["+15555550199": "123456"],
                "mfaConfig": [
                    "state": "ENABLED", "enabledProviders": ["PHONE_SMS"],
                    "providerConfigs": [["state": "ENABLED", "totpProviderConfig": ["adjacentIntervals": 5]]],
                ],
                "disableAuth": true,
            ], headers: owner)
        #expect(patched.status == 200)
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try source.emulator.exportState(to: directory)
        let target = try EmulatorFixture()
        try target.emulator.importState(from: directory)
        let tenant = { (fixture: EmulatorFixture) throws -> JSONValue in
            try fixture.client.json(method: "GET", path: v2 + "/tenants/\(tenantId)", headers: owner).json
        }
        #expect(try tenant(target) == (try tenant(source)))
        #expect(try tenant(target)["hashConfig"]?["memoryCost"] == 14)
    }

    /// The import reads the top-level `users` wherever it stands, pretty-printed or not, and refuses a truncated file (naming it) without touching the accounts already there.
    @Test func importFindsTheTopLevelUsersAndRefusesATruncatedFile() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let accounts = """
            {
              "kind": "a \\\"users\\\": [ ] }",
              "nested": {"users": [{"localId": "wrong"}], "x": [1, [2, {"y": "]"}]]},
              "count": 2,
              "users": [
                {"localId": "a-1", "email": "a1@example.com"},
                {"localId": "a-2", "displayName": "} ] \\\\"}
              ]
            }
            """
        try writeExport(accounts, to: directory)
        let fixture = try EmulatorFixture()
        try fixture.admin("signUp", ["localId": "kept", "email": "kept@example.com"])
        try fixture.emulator.importState(from: directory)
        let found =
            try fixture.admin("lookup", ["localId": ["a-1", "a-2", "wrong", "kept"]]).json["users"]?.array ?? []
        #expect(found.compactMap { $0["localId"]?.string } == ["a-1", "a-2"])
        #expect(found.last?["displayName"]?.string == #"} ] \"#)

        // Cut between two accounts: each account read is whole, only the missing end tells.
        let cut = try #require(accounts.range(of: #""a1@example.com"},"#))
        try writeExport(String(accounts[..<cut.upperBound]), to: directory)
        #expect {
            try fixture.emulator.importState(from: directory)
        } throws: { error in
            "\(error)".contains("auth_export/accounts.json is not valid JSON")
        }
        #expect(try fixture.admin("lookup", ["localId": ["a-1", "a-2"]]).json["users"]?.array?.count == 2)
    }
}
