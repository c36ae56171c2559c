import Foundation
import Testing

/// `fauth signin --refresh-token @FILE|@-`: a session moved in from another client by its refresh token.
@Suite struct RefreshTokenSignInTests {
    @Test func aRefreshTokenFromAnotherProfilesSessionFileMakesASessionOfTheSameUser() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let created = try sandbox.signUp("moved@example.com", profile: "laptop")
        let refreshToken = try #require(sandbox.session(profile: "laptop")?["refreshToken"]?.string)
        let file = sandbox.root.appendingPathComponent("refresh-token")
        try Data((refreshToken + "\n").utf8).write(to: file)
        let refreshes = emulator.requestCount("token")
        let lookups = emulator.requestCount("accounts:lookup")

        let run = try sandbox.run(["signin", "--json", "--refresh-token", "@" + file.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["user"]?["uid"] == created.json["user"]?["uid"])
        #expect(run.json["user"]?["email"] == "moved@example.com" && run.json["isNewUser"] == false)
        #expect(run.json["providerId"] == "password", "the ID token's sign_in_provider")
        #expect(
            emulator.requestCount("token") == refreshes + 1 && emulator.requestCount("accounts:lookup") == lookups + 1,
            "one refresh, then one lookup")
        #expect(try sandbox.run(["status"]).status == 0)
        #expect(try sandbox.run(["token", "--force-refresh"]).status == 0, "the session's refresh token works")

        let fromStdin = try sandbox.run(["signin", "--refresh-token", "@-", "--profile", "desk"], stdin: refreshToken)
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        #expect(fromStdin.stdout.hasPrefix("Signed in as moved@example.com"), "\(fromStdin.stdout)")
        #expect(sandbox.session(profile: "desk")?["user"]?["uid"] == created.json["user"]?["uid"])
    }

    @Test func aBogusTokenIsInvalidUserTokenAndLeavesTheSessionAlone() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("stay@example.com")
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(["signin", "--json", "--refresh-token", "@-"], stdin: "not-a-refresh-token\n")
            expectFailure(run, status: 4, code: "invalid-user-token")
            #expect(!run.stderr.contains("not-a-refresh-token"), "the token is never echoed")
        }
        #expect(try sandbox.run(["status"]).status == 0)
    }

    @Test func aTokenOnTheCommandLineOrBesideAnotherCredentialIsRefusedBeforeAnyRequest() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        for arguments in [
            ["signin", "--refresh-token", "AMf-literal-token"],
            ["signin", "--refresh-token", "@"],
            ["signin", "--refresh-token", "@-", "--anonymous"],
            ["signin", "--refresh-token", "@-", "--email", "a@example.com"],
            ["signin", "--refresh-token", "@-", "--send-link", "--email", "a@example.com"],
        ] {
            let run = try sandbox.run(arguments + ["--json"], stdin: "token")
            expectFailure(run, status: 2, code: "usage")
            #expect(!run.stderr.contains("AMf-literal-token"))
        }
        expectFailure(
            try sandbox.run(["signin", "--json", "--refresh-token", "@-"], stdin: "two words\n"), status: 2,
            code: "usage")
        #expect(emulator.requestCount("token") == 0 && sandbox.sessionBytes() == nil)
    }
}
