import Foundation
import Testing

/// `fauth link`, `unlink` and `reauth` for email/password and anonymous accounts.
@Suite struct LinkUnlinkReauthTests {
    @Test func linkingAPasswordUpgradesAnAnonymousUserAndKeepsItsUid() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let anonymous = try sandbox.run(["signin", "--anonymous", "--json"])
        let run = try sandbox.run(
            ["link", "--json", "--email", "upgrade@example.com", "--password-stdin"], stdin: "secret-pass-1")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["user"]?["uid"] == anonymous.json["user"]?["uid"])
        #expect(run.json["user"]?["isAnonymous"] == false)
        #expect(run.json["user"]?["email"] == "upgrade@example.com")
        #expect(run.json["providerId"] == "password")
        let signin = try sandbox.run(
            ["signin", "--json", "--email", "upgrade@example.com", "--password-stdin"], stdin: "secret-pass-1")
        #expect(signin.json["user"]?["uid"] == anonymous.json["user"]?["uid"])
    }

    @Test func aSecondPasswordLinkIsRefusedBeforeAnyRequest() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("twice@example.com")
        let before = emulator.requestCount("accounts:signUp")
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(
                ["link", "--json", "--email", "other@example.com", "--password-stdin"], stdin: "secret-pass-2")
            expectFailure(run, status: 7, code: "provider-already-linked")
        }
        #expect(emulator.requestCount("accounts:signUp") == before)
    }

    @Test func unlinkingAProviderTheAccountLacksIsAConflict() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("unlink@example.com")
        try expectSessionUnchanged(sandbox) {
            expectFailure(try sandbox.run(["unlink", "google.com", "--json"]), status: 7, code: "no-such-provider")
        }
    }

    @Test func unlinkingThePasswordRemovesIt() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("drop@example.com")
        let run = try sandbox.run(["unlink", "password", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["providerId"] == "password")
        #expect(run.json["user"]?["providers"] == [])
        let providers = try sandbox.run(["providers", "--json"])
        #expect(providers.json == [])
    }

    @Test func reauthWithTheSessionsEmailRefreshesAuthTime() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let created = try sandbox.signUp("reauth@example.com")
        let run = try sandbox.run(["reauth", "--json", "--password-stdin"], stdin: "secret-pass-1")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["user"]?["uid"] == created.json["user"]?["uid"])
    }

    @Test func reauthAsAnotherUserIsAMismatchAndKeepsTheSession() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("mallory@example.com", profile: "other")
        try sandbox.signUp("victim@example.com")
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(
                ["reauth", "--json", "--email", "mallory@example.com", "--password-stdin"], stdin: "secret-pass-1")
            expectFailure(run, status: 6, code: "user-mismatch")
        }
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(
                ["reauth", "--json", "--email", "ghost@example.com", "--password-stdin"], stdin: "secret-pass-1")
            expectFailure(run, status: 6, code: "user-mismatch")
        }
    }

    /// Issue 26, item 1: a reauthentication with another identity's credential is `user-mismatch` and creates no
    /// account: the provider sign-in is sent with `autoCreate: false` (the emulator answers
    /// `USER_NOT_FOUND`), as the server's own listing shows.
    @Test func reauthWithAnotherIdentityCreatesNoAccount() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("owner@example.com")
        let accounts = emulator.accountCount()
        #expect(accounts == 1)
        let attempts: [[String]] = [
            [
                "--provider", "google.com", "--id-token",
                FederatedCredentialTests.claims("g-stranger", email: "g@example.com"),
            ],
            ["--provider", "facebook.com", "--access-token", FederatedCredentialTests.claims("fb-stranger")],
        ]
        for attempt in attempts {
            try expectSessionUnchanged(sandbox) {
                let run = try sandbox.run(["reauth", "--json"] + attempt)
                expectFailure(run, status: 6, code: "user-mismatch")
            }
            #expect(emulator.accountCount() == accounts, "reauth \(attempt[0]) \(attempt[1]) created an account")
        }
        let token = FederatedCredentialTests.claims("gh-new").addingPercentEncoding(
            withAllowedCharacters: .alphanumerics)
        let idp = emulator.call(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=k",
            body: [
                "requestUri": "http://localhost",
                "postBody": .string("providerId=github.com&access_token=" + (token ?? "")),
                "returnSecureToken": true, "autoCreate": false,
            ])
        #expect(idp.status == 400 && idp.json["error"]?["message"] == "USER_NOT_FOUND", "\(idp.json)")
        #expect(emulator.accountCount() == accounts)
    }

    @Test func recentLoginIsRequiredForSensitiveChangesThenReauthUnlocksThem() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.run(["signin", "--anonymous"])
        emulator.configure(["fauth": ["recentLoginSeconds": 0]])
        Thread.sleep(forTimeInterval: 1.1)
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(
                ["link", "--json", "--email", "late@example.com", "--password-stdin"], stdin: "secret-pass-1")
            expectFailure(run, status: 5, code: "requires-recent-login")
            #expect(run.error["action"] == "reauth")
        }
        emulator.configure(["fauth": ["recentLoginSeconds": 60]])
        let run = try sandbox.run(
            ["link", "--json", "--email", "late@example.com", "--password-stdin"], stdin: "secret-pass-1")
        #expect(run.status == 0, "\(run.stderr)")
    }
}
