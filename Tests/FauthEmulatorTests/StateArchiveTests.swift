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
        try source.admin("signUp", ["localId": "admin-1", "email": "m@example.com", "password": "secret123", "disabled": true,
                                    "phoneNumber": "+15555550100", "mfaInfo": [["phoneInfo": "+15555550199"]]])
        try source.admin("update", ["localId": "admin-1", "customAttributes": #"{"role":"x"}"#,
                                    "linkProviderUserInfo": ["providerId": "google.com", "rawId": "g-9"]])
        let tenant = try source.call("signUp", ["email": "t@example.com", "password": "secret123", "tenantId": "tenant-1"]).json
        try source.configure(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true], "fauth": ["recentLoginSeconds": 42]])

        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try source.emulator.exportState(to: directory)
        let metadata = try JSONValue.parse(Array(try #require(FileManager.default.contents(atPath: directory + "/firebase-export-metadata.json"))))
        #expect(metadata["auth"]?["path"]?.string == "auth_export")
        let accounts = try JSONValue.parse(Array(try #require(FileManager.default.contents(atPath: directory + "/auth_export/accounts.json"))))
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
}
