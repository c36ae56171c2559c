import FauthJSON
import Foundation
import Testing

/// Email enumeration protection (`emailPrivacyConfig.enableImprovedEmailPrivacy`) on and off: the generic answers
/// are explained instead of reading as "no such account", and `update --email` goes through a verification.
@Suite struct EnumerationProtectionTests {
    @Test func aFailedPasswordSignInIsExplainedOnlyWithProtectionOn() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("known@example.com", profile: "owner")
        emulator.configure(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]])
        for email in ["known@example.com", "nobody@example.com"] {
            let run = try sandbox.run(["signin", "--email", email, "--password-stdin"], stdin: "wrong-pass-9")
            #expect(run.status == 6 && run.stderr.contains("(invalid-credential)"), "\(run.stderr)")
            #expect(
                run.stderr.contains(
                    "hint: the email or the password is wrong, or no account uses the email: with email "
                        + "enumeration protection on, the server does not say which"), "\(run.stderr)")
        }
        emulator.configure(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": false]])
        let wrong = try sandbox.run(
            ["signin", "--email", "known@example.com", "--password-stdin"], stdin: "wrong-pass-9")
        #expect(
            wrong.status == 6 && wrong.stderr.contains("(wrong-password)") && !wrong.stderr.contains("enumeration"),
            "\(wrong.stderr)")
        let unknown = try sandbox.run(
            ["signin", "--email", "nobody@example.com", "--password-stdin"], stdin: "wrong-pass-9")
        #expect(
            unknown.status == 6 && unknown.stderr.contains("(user-not-found)")
                && !unknown.stderr.contains("enumeration"))
    }

    @Test func anEmptyProvidersListIsExplainedOnStderr() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("known@example.com")
        let off = try sandbox.run(["providers", "--email", "nobody@example.com"])
        #expect(
            off.status == 0 && off.stdout.isEmpty && off.stderr == "fauth: no account uses nobody@example.com.\n",
            "\(off.stderr)")
        #expect(try sandbox.run(["providers", "--email", "known@example.com"]).stdout == "password\n")

        emulator.configure(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]])
        for email in ["nobody@example.com", "known@example.com"] {
            let on = try sandbox.run(["providers", "--email", email])
            #expect(on.status == 0 && on.stdout.isEmpty)
            #expect(
                on.stderr
                    == "fauth: the server lists no sign-in methods for \(email) and does not say whether an account "
                    + "uses it (the project's email enumeration protection hides them).\n", "\(on.stderr)")
            let json = try sandbox.run(["providers", "--json", "--email", email])
            #expect(json.json == [] && json.stderr.isEmpty, "the JSON shape stays: \(json.stderr)")
        }
        #expect(try sandbox.run(["providers", "-q", "--email", "nobody@example.com"]).stderr.isEmpty)
    }

    @Test func updateEmailGoesThroughAVerificationWithProtectionOn() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("before@example.com")
        emulator.configure(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]])
        let run = try sandbox.run(["update", "--json", "--email", "after@example.com", "--display-name", "Ada"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["pendingEmail"] == "after@example.com" && run.json["updated"] == ["displayName"])
        #expect(run.json["user"]?["email"] == "before@example.com" && run.json["user"]?["displayName"] == "Ada")
        let codes =
            emulator.call("GET", "/emulator/v1/projects/\(emulator.projectId)/oobCodes").json["oobCodes"]?.array ?? []
        let change = try #require(codes.last { $0["requestType"] == "VERIFY_AND_CHANGE_EMAIL" })
        #expect(change["newEmail"] == "after@example.com", "\(change)")
        let verified = try sandbox.run(["verify-email", "--code", change["oobLink"]?.string ?? ""])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(try sandbox.run(["status", "--json"]).json["user"]?["email"] == "after@example.com")

        let text = try sandbox.run(["update", "--email", "third@example.com"])
        #expect(
            text.stdout == "The project has email enumeration protection on: an email changes only once verified.\n"
                + "A verification email was sent to third@example.com; the email changes when its link is followed.\n",
            "\(text.stdout)")

        emulator.configure(["emailPrivacyConfig": ["enableImprovedEmailPrivacy": false]])
        let direct = try sandbox.run(["update", "--json", "--email", "direct@example.com"])
        #expect(
            direct.status == 0 && direct.json["updated"] == ["email"] && direct.json["pendingEmail"] == .null,
            "\(direct.stdout)")
        #expect(direct.json["user"]?["email"] == "direct@example.com")
    }
}
