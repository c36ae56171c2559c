import Foundation
import Testing

/// `fauth reset-password` against the emulator: sending the email (with and without enumeration protection), and
/// setting the new password with the code, the pasted link or a file.
@Suite struct ResetPasswordTests {
    @Test func resetByTheCodeFromTheOobCodesListThenSignInWithTheNewPassword() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("forgot@example.com")
        try sandbox.run(["signout"])
        let sent = try sandbox.run(["reset-password", "--json", "--email", "forgot@example.com"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.json["sent"] == true && sent.json["email"] == "forgot@example.com")
        #expect(sandbox.sessionBytes() == nil, "no session is made")
        let code = try #require(emulator.lastOobCode(for: "forgot@example.com", requestType: "PASSWORD_RESET")).code
        let reset = try sandbox.run(
            ["reset-password", "--json", "--code", code, "--password-stdin"], stdin: "new-secret-2\n")
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.json["reset"] == true && reset.json["email"] == "forgot@example.com")
        let old = try sandbox.run(
            ["signin", "--json", "--email", "forgot@example.com", "--password-stdin"], stdin: "secret-pass-1")
        #expect(old.status == 6, "the old password no longer works: \(old.stderr)")
        let new = try sandbox.run(
            ["signin", "--json", "--email", "forgot@example.com", "--password-stdin"], stdin: "new-secret-2")
        #expect(new.status == 0, "\(new.stderr)")
        expectFailure(
            try sandbox.run(["reset-password", "--json", "--code", code, "--password-stdin"], stdin: "new-secret-3"),
            status: 8, code: "invalid-action-code")
    }

    @Test func resetByThePastedLinkOnArgvOrInAFile() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("paste@example.com")
        try sandbox.run(["reset-password", "--email", "paste@example.com"])
        let link = try #require(emulator.lastOobCode(for: "paste@example.com", requestType: "PASSWORD_RESET")).link
        #expect(link.contains("mode=resetPassword&"))
        let run = try sandbox.run(["reset-password", "--code", link, "--password-stdin"], stdin: "pasted-pass-2\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Password reset for paste@example.com; sign in with the new password.\n")
        #expect(
            try sandbox.run(["signin", "--email", "paste@example.com", "--password-stdin"], stdin: "pasted-pass-2")
                .status == 0)

        try sandbox.run(["reset-password", "--email", "paste@example.com"])
        let second = try #require(emulator.lastOobCode(for: "paste@example.com", requestType: "PASSWORD_RESET")).link
        let file = sandbox.root.appendingPathComponent("link.txt")
        try Data(("  " + second + "\n").utf8).write(to: file)
        let fromFile = try sandbox.run(
            ["reset-password", "--code", "@" + file.path], environment: ["FAUTH_PASSWORD": "file-pass-3"])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(
            try sandbox.run(["signin", "--email", "paste@example.com", "--password-stdin"], stdin: "file-pass-3").status
                == 0)
    }

    @Test func aBogusCodeOrALinkOfAnotherKindIsRefusedWithExit8() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("bogus@example.com")
        try expectSessionUnchanged(sandbox) {
            expectFailure(
                try sandbox.run(
                    ["reset-password", "--json", "--code", "not-a-real-code", "--password-stdin"], stdin: "whatever-4"),
                status: 8, code: "invalid-action-code")
            try sandbox.run(["verify-email"])
            let verifyLink = try #require(emulator.lastOobCode(for: "bogus@example.com", requestType: "VERIFY_EMAIL"))
                .link
            let before = emulator.requestCount("accounts:resetPassword")
            let wrongKind = try sandbox.run(
                ["reset-password", "--json", "--code", verifyLink, "--password-stdin"], stdin: "whatever-4")
            expectFailure(wrongKind, status: 8, code: "invalid-action-code")
            #expect(emulator.requestCount("accounts:resetPassword") == before, "refused before any request")
        }
        #expect(
            try sandbox.run(["signin", "--email", "bogus@example.com", "--password-stdin"], stdin: "secret-pass-1")
                .status == 0)
    }

    @Test func theAnswerForAnUnknownEmailDependsOnEnumerationProtection() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("known@example.com")
        emulator.configure(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": false]])
        expectFailure(
            try sandbox.run(["reset-password", "--json", "--email", "nobody@example.com"]), status: 6,
            code: "user-not-found")
        emulator.configure(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]])
        let unknown = try sandbox.run(["reset-password", "--email", "nobody@example.com"])
        let known = try sandbox.run(["reset-password", "--email", "known@example.com"])
        #expect(unknown.status == 0 && known.status == 0, "\(unknown.stderr)\(known.stderr)")
        #expect(unknown.stdout.contains("the answer is the same whether or not one does"), "\(unknown.stdout)")
        #expect(unknown.stdout.replacingOccurrences(of: "nobody", with: "known") == known.stdout)
        #expect(emulator.lastOobCode(for: "nobody@example.com", requestType: "PASSWORD_RESET") == nil)
    }

    @Test func emailAndCodeTogetherOrNeitherIsAUsageError() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        expectFailure(try sandbox.run(["reset-password", "--json"]), status: 2, code: "usage")
        expectFailure(
            try sandbox.run(["reset-password", "--json", "--email", "a@example.com", "--code", "C"]), status: 2,
            code: "usage")
        expectFailure(
            try sandbox.run(["reset-password", "--json", "--email", "a@example.com", "--password-stdin"], stdin: "x"),
            status: 2, code: "usage")
        expectFailure(try sandbox.run(["reset-password", "--json", "--code", "C"]), status: 2, code: "usage")
    }
}
