import Foundation
import Testing

/// `fauth delete` against the emulator: the refusal without `--yes` and a terminal, the account gone afterwards,
/// and the recent-login window with `reauth`.
@Suite struct DeleteTests {
    @Test func withoutYesAndWithoutATerminalNothingIsDeleted() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("keep@example.com")
        try expectSessionUnchanged(sandbox) {
            expectFailure(try sandbox.run(["delete", "--json"]), status: 2, code: "usage")
            let text = try sandbox.run(["delete"])
            #expect(text.status == 2)
            #expect(text.stderr.contains("delete needs --yes"), "\(text.stderr)")
        }
        #expect(emulator.requestCount("accounts:delete") == 0)
        let signin = try sandbox.run(
            ["signin", "--email", "keep@example.com", "--password-stdin"], stdin: "secret-pass-1")
        #expect(signin.status == 0, "the account must still exist: \(signin.stderr)")
    }

    @Test func deleteWithYesRemovesTheAccountAndTheSession() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let created = try sandbox.signUp("gone@example.com")
        let run = try sandbox.run(["delete", "--yes", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["deleted"] == true)
        #expect(run.json["uid"] == created.json["user"]?["uid"])
        #expect(run.json["email"] == "gone@example.com")
        #expect(sandbox.sessionBytes() == nil, "the session is removed")
        expectFailure(try sandbox.run(["status", "--json"]), status: 4, code: "not-signed-in")
        let signin = try sandbox.run(
            ["signin", "--json", "--email", "gone@example.com", "--password-stdin"], stdin: "secret-pass-1")
        #expect(signin.status == 6, "\(signin.stderr)")
        #expect(signin.errorCode == "user-not-found" || signin.errorCode == "invalid-credential", "\(signin.stderr)")
        #expect(sandbox.sessionBytes() == nil)
    }

    @Test func deletingAnAnonymousUserNeedsNoEmail() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let anonymous = try sandbox.run(["signin", "--anonymous", "--json"])
        let run = try sandbox.run(["delete", "--yes"])
        #expect(run.status == 0, "\(run.stderr)")
        let uid = anonymous.json["user"]?["uid"]?.string ?? "?"
        #expect(run.stdout == "Deleted the account of an anonymous user (uid \(uid)); its session was removed.\n")
    }

    @Test func afterTheRecentLoginWindowDeleteNeedsReauth() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("late@example.com")
        // An 8 s window: the reauth below and the command after it must fit in it, on a loaded machine too.
        emulator.configure(["fauth": ["recentLoginSeconds": 8]])
        Thread.sleep(forTimeInterval: 9.2)
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(["delete", "--yes", "--json"])
            expectFailure(run, status: 5, code: "requires-recent-login")
            #expect(run.error["action"] == "reauth")
            let text = try sandbox.run(["delete", "--yes"])
            #expect(text.stderr.contains("hint: run 'fauth reauth', then 'fauth delete' again"), "\(text.stderr)")
        }
        #expect(emulator.requestCount("accounts:delete") == 2)
        let reauth = try sandbox.run(["reauth", "--password-stdin"], stdin: "secret-pass-1")
        #expect(reauth.status == 0, "\(reauth.stderr)")
        let run = try sandbox.run(["delete", "--yes", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(sandbox.sessionBytes() == nil)
    }
}
