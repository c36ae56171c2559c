import Foundation
import Testing

/// `fauth update` against the emulator: profile fields, password and email changes with their new tokens, the
/// recent-login window, a taken email, and the verified email change.
@Suite struct UpdateTests {
    @Test func profileFieldsAreSetThenCleared() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("profile@example.com")
        let set = try sandbox.run([
            "update", "--json", "--display-name", "Ada L", "--photo-url", "https://example.com/ada.png",
        ])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.json["updated"] == ["displayName", "photoUrl"])
        #expect(set.json["user"]?["displayName"] == "Ada L")
        #expect(try sandbox.run(["status", "--json"]).json["user"]?["photoURL"] == "https://example.com/ada.png")
        let cleared = try sandbox.run(["update", "--json", "--clear", "display-name,photo-url"])
        #expect(cleared.status == 0, "\(cleared.stderr)")
        let status = try sandbox.run(["status", "--json"]).json["user"]
        #expect(status?["displayName"] == .null && status?["photoURL"] == .null)
    }

    @Test func aPasswordChangeKeepsTheSessionWorking() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("rotate@example.com")
        Thread.sleep(forTimeInterval: 1.1)  // the emulator's tokens carry their issue second: new ones must differ
        let before = sandbox.session()?["refreshToken"]
        let run = try sandbox.run(["update", "--password-stdin"], stdin: "rotated-pass-2\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Updated rotate@example.com"), "\(run.stdout)")
        #expect(sandbox.session()?["refreshToken"] != before, "the server's new tokens replace the session's")
        #expect(try sandbox.run(["status"]).status == 0)
        let refreshed = try sandbox.run(["token", "--force-refresh"])
        #expect(refreshed.status == 0, "the new refresh token works: \(refreshed.stderr)")
        let old = try sandbox.run(
            ["signin", "--email", "rotate@example.com", "--password-stdin", "--profile", "x"], stdin: "secret-pass-1")
        #expect(old.status == 6)
        let new = try sandbox.run(
            ["signin", "--email", "rotate@example.com", "--password-stdin", "--profile", "x"], stdin: "rotated-pass-2")
        #expect(new.status == 0, "\(new.stderr)")
    }

    /// A value the server's schema refuses (over 256 characters) is `invalid-argument`, exit 8, with the server's
    /// words, and the session stays as it was.
    @Test func aValueTooLongForTheServerIsInvalidArgument() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("long@example.com")
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(["update", "--json", "--display-name", String(repeating: "a", count: 300)])
            expectFailure(run, status: 8, code: "invalid-argument")
            #expect(run.error["action"] == "fix-input")
            #expect(
                run.error["message"]?.string?.contains("/displayName must be at most 256 characters") == true,
                "\(run.stderr)")
        }
    }

    @Test func anEmailAnotherAccountUsesIsAConflict() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("taken@example.com", profile: "other")
        try sandbox.signUp("mine@example.com")
        try expectSessionUnchanged(sandbox) {
            expectFailure(
                try sandbox.run(["update", "--json", "--email", "taken@example.com"]), status: 7,
                code: "email-already-in-use")
        }
        let moved = try sandbox.run(["update", "--json", "--email", "moved@example.com"])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(try sandbox.run(["status", "--json"]).json["user"]?["email"] == "moved@example.com")
    }

    @Test func afterTheRecentLoginWindowAnEmailChangeNeedsReauth() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("stale@example.com")
        // An 8 s window: the reauth below and the command after it must fit in it, on a loaded machine too.
        emulator.configure(["fauth": ["recentLoginSeconds": 8]])
        Thread.sleep(forTimeInterval: 9.2)
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(["update", "--json", "--email", "fresh@example.com"])
            expectFailure(run, status: 5, code: "requires-recent-login")
            #expect(run.error["action"] == "reauth")
        }
        #expect(try sandbox.run(["reauth", "--password-stdin"], stdin: "secret-pass-1").status == 0)
        let run = try sandbox.run(["update", "--json", "--email", "fresh@example.com"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["user"]?["email"] == "fresh@example.com")
    }

    @Test func verifyFirstChangesTheEmailWhenTheLinkIsFollowed() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("before@example.com")
        let run = try sandbox.run(["update", "--email", "after@example.com", "--verify-first"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("the email changes when its link is followed"), "\(run.stdout)")
        #expect(try sandbox.run(["status", "--json"]).json["user"]?["email"] == "before@example.com")
        let link = try #require(emulator.lastOobCode(for: "before@example.com", requestType: "VERIFY_AND_CHANGE_EMAIL"))
            .link
        #expect(try sandbox.run(["verify-email", "--code", link]).status == 0)
        let status = try sandbox.run(["status", "--json"]).json["user"]
        #expect(status?["email"] == "after@example.com" && status?["emailVerified"] == true)
    }

    @Test func nothingToUpdateOrAnUnknownAttributeIsAUsageError() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("usage@example.com")
        try expectSessionUnchanged(sandbox) {
            expectFailure(try sandbox.run(["update", "--json"]), status: 2, code: "usage")
            expectFailure(try sandbox.run(["update", "--json", "--clear", "email"]), status: 2, code: "usage")
            // Clearing what the same command sets would drop the value given and still report it updated.
            for arguments in [
                ["--clear", "display-name", "--display-name", "X"],
                ["--photo-url", "https://a.example/x", "--clear", "photo-url,display-name"],
            ] {
                let both = try sandbox.run(["update", "--json"] + arguments)
                expectFailure(both, status: 2, code: "usage")
                #expect(both.error["message"]?.string?.contains("does not go with") == true, "\(both.stderr)")
            }
            expectFailure(try sandbox.run(["update", "--json", "--verify-first"]), status: 2, code: "usage")
            expectFailure(try sandbox.run(["update", "--json", "--new-password"]), status: 2, code: "usage")
        }
        #expect(emulator.requestCount("accounts:update") == 0)
    }
}
