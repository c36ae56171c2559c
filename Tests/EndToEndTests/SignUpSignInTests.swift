import FauthJSON
import Foundation
import Testing

/// `fauth signup` and `fauth signin` with email/password and anonymous accounts, run as the real binary.
@Suite struct SignUpSignInTests {
    @Test func signUpCreatesTheAccountAndASecureSession() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let run = try sandbox.signUp("Alice@Example.com")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["isNewUser"] == true)
        #expect(run.json["providerId"] == "password")
        #expect(run.json["user"]?["email"] == "alice@example.com")
        #expect(run.json["user"]?["providers"]?.array?.first?["providerId"] == "password")
        #expect(run.json["expiresAt"]?.string?.hasSuffix("Z") == true)
        let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.sessionPath())
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = (sandbox.sessionPath() as NSString).deletingLastPathComponent
        #expect((try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int) == 0o700)
        #expect(sandbox.session()?["user"]?["uid"] == run.json["user"]?["uid"])
    }

    @Test func signInWithPasswordReplacesTheSession() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let created = try sandbox.signUp("bob@example.com")
        try sandbox.run(["signout"])
        let run = try sandbox.run(
            ["signin", "--json", "--email", "bob@example.com", "--password-file", "/dev/stdin"],
            stdin: "secret-pass-1\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["isNewUser"] == false)
        #expect(run.json["user"]?["uid"] == created.json["user"]?["uid"])
    }

    @Test func passwordComesFromTheEnvironmentToo() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("env@example.com")
        let run = try sandbox.run(
            ["signin", "--email", "env@example.com"], environment: ["FAUTH_PASSWORD": "secret-pass-1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("env@example.com"))
    }

    @Test func anonymousSignInMakesAnAnonymousUser() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let run = try sandbox.run(["signin", "--anonymous", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["isNewUser"] == true)
        #expect(run.json["providerId"] == "anonymous")
        #expect(run.json["user"]?["isAnonymous"] == true)
        #expect(run.json["user"]?["providers"] == [])
    }

    @Test func wrongPasswordIsRejectedAndTheSessionKept() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("carol@example.com")
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(
                ["signin", "--json", "--email", "carol@example.com", "--password-stdin"], stdin: "not-her-password")
            expectFailure(run, status: 6, code: "wrong-password")
            #expect(run.error["server"]?["message"] == "INVALID_PASSWORD")
        }
    }

    @Test func unknownUserIsRejected() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("dave@example.com")
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(
                ["signin", "--json", "--email", "nobody@example.com", "--password-stdin"], stdin: "whatever-1")
            expectFailure(run, status: 6, code: "user-not-found")
        }
    }

    @Test func emailAlreadyInUseIsAConflict() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("erin@example.com")
        try expectSessionUnchanged(sandbox) {
            expectFailure(try sandbox.signUp("ERIN@example.com"), status: 7, code: "email-already-in-use")
        }
    }

    @Test func weakPasswordCarriesTheServersReason() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let run = try sandbox.signUp("frank@example.com", password: "abc")
        expectFailure(run, status: 8, code: "weak-password")
        #expect(run.error["reason"] == "Password should be at least 6 characters")
        #expect(sandbox.sessionBytes() == nil)
    }

    @Test func invalidEmailIsRejectedInput() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("gina@example.com")
        try expectSessionUnchanged(sandbox) {
            expectFailure(try sandbox.signUp("not-an-email"), status: 8, code: "invalid-email")
        }
    }

    @Test func emptyPasswordAtSignInFailsBeforeAnyRequest() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let before = emulator.requestCount("accounts:signInWithPassword")
        let run = try sandbox.run(["signin", "--json", "--email", "h@example.com", "--password-stdin"], stdin: "\n")
        expectFailure(run, status: 6, code: "wrong-password")
        #expect(emulator.requestCount("accounts:signInWithPassword") == before)
    }

    @Test func textModeSaysWhoSignedIn() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let run = try sandbox.run(
            ["signup", "--email", "text@example.com", "--password-stdin"], stdin: "secret-pass-1")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Signed up and signed in as text@example.com (uid "))
        #expect(
            try sandbox.run(
                ["signin", "-q", "--email", "text@example.com", "--password-stdin"], stdin: "secret-pass-1"
            ).stdout.isEmpty)
    }
}
