import FauthJSON
import Foundation
import Testing

@testable import FauthEmulator

/// The state's indexes (email, phone number, provider emails, IdP links) answer what a scan of every account would,
/// through every kind of change: each test changes a key, then finds the user by the new key and not by the old.
@Suite("the user indexes stay in step with every change, over real sockets")
struct UserIndexTests {
    /// The localIds an admin `accounts:lookup` finds for `selector`.
    private func found(_ fixture: EmulatorFixture, _ selector: JSONValue) throws -> [String] {
        try fixture.admin("lookup", selector).json["users"]?.array?.compactMap { $0["localId"]?.string } ?? []
    }

    private func isRegistered(_ fixture: EmulatorFixture, _ email: String) throws -> Bool? {
        try fixture.call("createAuthUri", ["identifier": .string(email), "continueUri": "http://localhost/"]).json[
            "registered"]?.bool
    }

    @Test func anEmailChangeMovesTheUserToTheNewEmail() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("old@example.com")
        let localId = try #require(created["localId"]?.string)
        #expect(try fixture.call("update", ["idToken": created["idToken"]!, "email": "New@example.com"]).status == 200)
        #expect(try fixture.signIn("new@example.com")["localId"]?.string == localId)
        #expect(
            errorMessage(
                try fixture.call("signInWithPassword", ["email": "old@example.com", "password": "secret123"]).json)
                == "EMAIL_NOT_FOUND")
        #expect(try found(fixture, ["email": ["old@example.com"]]).isEmpty)
        #expect(try found(fixture, ["email": ["NEW@example.com"]]) == [localId])
        #expect(try isRegistered(fixture, "new@example.com") == true)
        #expect(try isRegistered(fixture, "old@example.com") == false)
        // The old email is free again; the new one is taken.
        #expect(try fixture.call("signUp", ["email": "old@example.com", "password": "secret123"]).status == 200)
        #expect(
            errorMessage(try fixture.call("signUp", ["email": "new@example.com", "password": "secret123"]).json)
                == "EMAIL_EXISTS")
    }

    @Test func aPhoneChangeAndRemovalMoveThePhoneIndex() throws {
        let fixture = try EmulatorFixture()
        try fixture.admin("signUp", ["localId": "p-1", "phoneNumber": "+15555550100"])
        #expect(try found(fixture, ["phoneNumber": ["+15555550100"]]) == ["p-1"])
        #expect(try fixture.admin("update", ["localId": "p-1", "phoneNumber": "+15555550101"]).status == 200)
        #expect(try found(fixture, ["phoneNumber": ["+15555550100"]]).isEmpty)
        #expect(try found(fixture, ["phoneNumber": ["+15555550101"]]) == ["p-1"])
        #expect(try fixture.admin("signUp", ["localId": "p-2", "phoneNumber": "+15555550100"]).status == 200)
        #expect(
            errorMessage(try fixture.admin("signUp", ["localId": "p-3", "phoneNumber": "+15555550101"]).json)
                == "PHONE_NUMBER_EXISTS")
        #expect(try fixture.admin("update", ["localId": "p-1", "deleteProvider": ["phone"]]).status == 200)
        #expect(try found(fixture, ["phoneNumber": ["+15555550101"]]).isEmpty)
    }

    @Test func linkingAndUnlinkingAnIdpMovesTheProviderIndexes() throws {
        let fixture = try EmulatorFixture()
        try fixture.admin("signUp", ["localId": "u-1", "email": "u@example.com", "password": "secret123"])
        let link: JSONValue = ["providerId": "google.com", "rawId": "g-1", "email": "Other@example.com"]
        #expect(try fixture.admin("update", ["localId": "u-1", "linkProviderUserInfo": link]).status == 200)
        #expect(try found(fixture, ["federatedUserId": [["providerId": "google.com", "rawId": "g-1"]]]) == ["u-1"])
        #expect(try isRegistered(fixture, "other@example.com") == true)
        #expect(try fixture.admin("update", ["localId": "u-1", "deleteProvider": ["google.com"]]).status == 200)
        #expect(try found(fixture, ["federatedUserId": [["providerId": "google.com", "rawId": "g-1"]]]).isEmpty)
        #expect(try isRegistered(fixture, "other@example.com") == false)
        #expect(try fixture.signIn("u@example.com")["localId"]?.string == "u-1")
    }

    @Test func deletingAUserFreesEveryKey() throws {
        let fixture = try EmulatorFixture()
        try fixture.admin(
            "signUp",
            ["localId": "d-1", "email": "d@example.com", "password": "secret123", "phoneNumber": "+15555550102"])
        try fixture.admin(
            "update", ["localId": "d-1", "linkProviderUserInfo": ["providerId": "github.com", "rawId": "gh-1"]])
        #expect(try fixture.admin("delete", ["localId": "d-1"]).status == 200)
        #expect(
            try found(
                fixture,
                [
                    "email": ["d@example.com"], "phoneNumber": ["+15555550102"],
                    "federatedUserId": [["providerId": "github.com", "rawId": "gh-1"]],
                ]
            ).isEmpty)
        #expect(try isRegistered(fixture, "d@example.com") == false)
        #expect(
            try fixture.admin(
                "signUp",
                [
                    "localId": "d-2", "email": "d@example.com", "password": "secret123",
                    "phoneNumber": "+15555550102",
                ]
            ).status == 200)
        #expect(try fixture.signIn("d@example.com")["localId"]?.string == "d-2")
    }

    @Test func aBatchImportIndexesNewUsersAndReindexesOverwrittenOnes() throws {
        let fixture = try EmulatorFixture()
        let first = try fixture.adminProject(
            "accounts:batchCreate",
            [
                "users": [
                    [
                        "localId": "b-1", "email": "b1@example.com", "rawPassword": "secret123",
                        "phoneNumber": "+15555550103",
                    ],
                    [
                        "localId": "b-2", "email": "b2@example.com",
                        "providerUserInfo": [["providerId": "apple.com", "rawId": "a-2"]],
                    ],
                ]
            ])
        #expect(first.json["error"]?.array?.isEmpty == true)
        #expect(try fixture.signIn("b1@example.com")["localId"]?.string == "b-1")
        #expect(try found(fixture, ["phoneNumber": ["+15555550103"]]) == ["b-1"])
        #expect(try found(fixture, ["federatedUserId": [["providerId": "apple.com", "rawId": "a-2"]]]) == ["b-2"])
        let second = try fixture.adminProject(
            "accounts:batchCreate",
            [
                "allowOverwrite": true,
                "users": [
                    ["localId": "b-1", "email": "b3@example.com", "rawPassword": "secret123"]
                ],
            ])
        #expect(second.json["error"]?.array?.isEmpty == true)
        #expect(try found(fixture, ["email": ["b1@example.com"], "phoneNumber": ["+15555550103"]]).isEmpty)
        #expect(try fixture.signIn("b3@example.com")["localId"]?.string == "b-1")
    }

    @Test func aResetAndAnImportReplaceEveryIndex() throws {
        let fixture = try EmulatorFixture()
        try fixture.admin(
            "signUp",
            ["localId": "r-1", "email": "r@example.com", "password": "secret123", "phoneNumber": "+15555550104"])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fauth-index-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try fixture.emulator.exportState(to: directory)
        #expect(try fixture.control("DELETE", "accounts").status == 200)
        #expect(try found(fixture, ["email": ["r@example.com"], "phoneNumber": ["+15555550104"]]).isEmpty)
        #expect(try isRegistered(fixture, "r@example.com") == false)
        try fixture.admin("signUp", ["localId": "r-2", "email": "r@example.com", "password": "secret123"])
        try fixture.emulator.importState(from: directory)
        #expect(try found(fixture, ["email": ["r@example.com"]]) == ["r-1"])
        #expect(try found(fixture, ["phoneNumber": ["+15555550104"]]) == ["r-1"])
        #expect(try fixture.signIn("r@example.com")["localId"]?.string == "r-1")
    }

    @Test func manyDeletionsKeepTheCreationOrderAndEveryKey() throws {
        let fixture = try EmulatorFixture()
        try fixture.configure(["signIn": ["allowDuplicateEmails": true]])
        for index in 0..<200 {
            try fixture.admin("signUp", ["localId": .string("x-\(index)"), "email": .string("x\(index)@example.com")])
        }
        // IdP accounts sharing one email (kept on their provider entries when duplicates are allowed).
        var shared: [String] = []
        for index in 0..<3 {
            let result = try fixture.signInWithIdp(claims: ["sub": .string("g-\(index)"), "email": "dup@example.com"])
            shared.append(try #require(result.json["localId"]?.string))
        }
        // Freeing more than half of the places compacts the creation order.
        for index in (0..<200).filter({ $0 % 4 != 3 }) {
            try fixture.admin("delete", ["localId": .string("x-\(index)")])
        }
        try fixture.admin("delete", ["localId": .string(shared[0])])
        let kept = stride(from: 3, to: 200, by: 4).map { "x-\($0)" } + shared.dropFirst()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fauth-order-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try fixture.emulator.exportState(to: directory)
        let accounts = try JSONValue.parse(
            Array(try #require(FileManager.default.contents(atPath: directory + "/auth_export/accounts.json"))))
        #expect(accounts["users"]?.array?.compactMap { $0["localId"]?.string } == kept)
        #expect(
            try found(fixture, ["email": ["x3@example.com", "x199@example.com", "x4@example.com"]]) == ["x-3", "x-199"])
        #expect(
            try found(
                fixture,
                [
                    "federatedUserId": [
                        ["providerId": "google.com", "rawId": "g-0"],
                        ["providerId": "google.com", "rawId": "g-2"],
                    ]
                ]) == [shared[2]])
        // With one account per email again, an account whose provider holds the email counts as registered.
        try fixture.configure(["signIn": ["allowDuplicateEmails": false]])
        #expect(try isRegistered(fixture, "dup@example.com") == true)
        for localId in shared.dropFirst() { try fixture.admin("delete", ["localId": .string(localId)]) }
        #expect(try isRegistered(fixture, "dup@example.com") == false)
    }

    @Test func aKeyWithItsHashMatchesExactlyWhatTheKeyMatches() {
        #expect(
            HashedKey("é") == HashedKey("e\u{301}") && HashedKey("é").hashValue == HashedKey("e\u{301}").hashValue,
            "canonically equivalent strings are one key, as for String")
        #expect(HashedKey("a@example.com") != HashedKey("b@example.com"))
        var table: [HashedKey<String>: Int] = [:]
        for number in 0..<5000 { table[HashedKey("user\(number)@example.com")] = number }
        let everyKeyFound = (0..<5000).allSatisfy { (number: Int) in
            table[HashedKey("user\(number)@example.com")] == number
        }
        #expect(table.count == 5000 && everyKeyFound)
        #expect(table[HashedKey("user5000@example.com")] == nil)
        var index = UserIndex<String>()
        index.insert(3, under: "é")
        index.insert(1, under: "e\u{301}")
        #expect(Array(index["é"]) == [1, 3])
        index.update(3, from: "é", to: nil)
        #expect(Array(index["e\u{301}"]) == [1])
    }
}
