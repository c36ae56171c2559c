import FauthJSON
import Foundation
import Testing

/// Command lines fauth refuses before sending anything: exit 2, code `usage`, a clear message.
@Suite struct UsageTests {
    @Test func anUnknownFlagIsAUsageErrorWithASuggestion() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("flags@example.com")
        let requests = emulator.requestCount("accounts:signInWithPassword")
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(["signin", "--emial", "a@example.com", "--json"])
            expectFailure(run, status: 2, code: "usage")
            #expect(run.error["message"]?.string?.contains("did you mean '--email'") == true)
            let text = try sandbox.run(["sigin"])
            #expect(text.status == 2)
            #expect(text.stderr.contains("did you mean 'signin'"))
            #expect(text.stderr.contains("hint: "))
        }
        #expect(emulator.requestCount("accounts:signInWithPassword") == requests)
    }

    @Test func noPasswordSourceWithoutATerminalFailsInsteadOfWaiting() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("prompt@example.com")
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(["signin", "--json", "--email", "prompt@example.com"])
            expectFailure(run, status: 2, code: "usage")
            #expect(run.error["message"]?.string?.contains("--password-stdin") == true)
        }
        #expect(emulator.requestCount("accounts:signInWithPassword") == 0)
    }

    @Test func aPasswordOnTheCommandLineIsRefused() throws {
        let sandbox = try FauthSandbox(emulator: nil)
        let run = try sandbox.run(["signin", "--email", "a@example.com", "--password", "hunter2", "--json"])
        expectFailure(run, status: 2, code: "usage")
        #expect(!run.stderr.contains("hunter2"))
    }

    @Test func optionsTakeValuesInBothFormsAndDoubleDashEndsThem() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let run = try sandbox.run(
            ["--json", "signup", "--email=dash@example.com", "--password-stdin"], stdin: "secret-pass-1")
        #expect(run.status == 0, "\(run.stderr)")
        let unlink = try sandbox.run(["unlink", "--json", "--", "--not-a-provider"])
        expectFailure(unlink, status: 7, code: "no-such-provider")
    }

    @Test func conflictingCredentialsAreRefused() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("conflict@example.com")
        try expectSessionUnchanged(sandbox) {
            expectFailure(
                try sandbox.run(["signin", "--anonymous", "--email", "x@example.com", "--json"]), status: 2,
                code: "usage")
            expectFailure(try sandbox.run(["signin", "--json"]), status: 2, code: "usage")
            expectFailure(
                try sandbox.run(["signin", "--anonymous", "--json", "--profile", "../etc"]), status: 2, code: "usage")
            expectFailure(try sandbox.run(["token", "--timeout", "soon", "--json"]), status: 2, code: "usage")
            expectFailure(
                try sandbox.run(["signin", "--anonymous", "--password-stdin", "--json"]), status: 2, code: "usage")
        }
    }

    @Test func noAPIKeyAndNoEmulatorIsAUsageError() throws {
        let sandbox = try FauthSandbox(emulator: nil)
        let run = try sandbox.run(["signin", "--anonymous", "--json"])
        expectFailure(run, status: 2, code: "usage")
    }

    @Test func helpAndVersionGoToStdout() throws {
        let sandbox = try FauthSandbox(emulator: nil)
        let help = try sandbox.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Commands:"))
        let page = try sandbox.run(["help", "signin"])
        #expect(page.status == 0 && page.stdout.contains("--custom-token"))
        #expect(try sandbox.run(["link", "--help"]).stdout.contains("--provider"))
        let version = try sandbox.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("fauth "))
    }
}
