import FauthCore
import Testing

@testable import FauthCLI

/// The parser as a user meets it, run in-process: what argv gives on stdout, stderr and in the exit status.
@Suite struct CommandLineParserTests {
    @Test func anUnknownOptionIsAUsageErrorWithASuggestionAndAHint() {
        let run = TestContext().run(["signin", "--emial", "a@example.com"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr
                == "fauth: unknown option '--emial'; did you mean '--email'? (usage)\nhint: see 'fauth signin --help'\n"
        )
    }

    @Test func withJSONTheUsageErrorIsOneObjectOnStderr() {
        let run = TestContext().run(["sigin", "--json"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.error?["code"] as? String == "usage")
        #expect(run.error?["exitCode"] as? Int == 2)
        #expect(run.error?["action"] as? String == "fix-command")
        #expect((run.error?["message"] as? String)?.contains("did you mean 'signin'") == true)
    }

    @Test func noCommandPrintsTheOverviewOnStderrAsAUsageError() {
        let run = TestContext().run([])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == HelpText.overview())
    }

    @Test func versionAndHelpGoToStdout() {
        let context = TestContext()
        #expect(context.run(["--version"]).stdout == HelpText.version + "\n")
        #expect(context.run(["--help"]).stdout == HelpText.overview())
        let page = context.run(["help", "signin"])
        #expect(page.status == 0 && page.stdout.contains("--custom-token"))
        #expect(context.run(["signin", "--help"]).stdout == page.stdout)
        #expect(context.run(["signin", "-h", "--json"]).stdout == page.stdout, "help is text even with --json")
    }

    @Test func versionWithVerboseAlsoNamesTheTLSLibrary() {
        let context = TestContext()
        let lines = context.run(["--version", "--verbose"]).stdout.split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[0] == HelpText.version && lines[2].isEmpty)
        #expect(lines[1] == "HTTP: " + CurlTransport.libraryDescription)
        #expect(lines[1].hasPrefix("HTTP: libcurl/") && lines[1].contains(" OpenSSL/"), "this machine's libcurl")
        #expect(context.run(["-v", "--version"]).stdout == context.run(["--version", "--verbose"]).stdout)
    }

    @Test func helpOnAnUnknownCommandPointsToTheOverview() {
        let run = TestContext().run(["help", "frobnicate"])
        #expect(run.status == 2)
        #expect(run.stderr == "fauth: no help for unknown command 'frobnicate' (usage)\nhint: see 'fauth --help'\n")
    }

    @Test func aPasswordOnTheCommandLineIsRefusedWithoutEchoingIt() {
        let run = TestContext().run(["signin", "--email", "a@example.com", "--password", "hunter2", "--json"])
        #expect(run.status == 2)
        #expect(run.error?["code"] as? String == "usage")
        #expect(!run.stderr.contains("hunter2"))
    }

    @Test func aBadTimeoutIsAUsageErrorBeforeAnyRequest() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        for value in ["soon", "0", "-1", "inf", "nan"] {
            let run = context.run(["signin", "--anonymous", "--timeout", value])
            #expect(run.status == 2, "--timeout \(value): \(run.stderr)")
            #expect(
                run.stderr.hasSuffix("(usage)\nhint: see 'fauth signin --help'\n"), "--timeout \(value): \(run.stderr)")
        }
    }

    @Test func oneCredentialAtATime() throws {
        let context = TestContext()
        for arguments in [
            ["signin", "--anonymous", "--email", "x@example.com"], ["signin", "--anonymous", "--password-stdin"],
            ["link", "--email", "x@example.com", "--id-token", "t"],
            ["signin", "--custom-token", "t", "--provider", "google.com"],
        ] {
            let run = context.run(arguments + ["--json"])
            #expect(run.status == 2, "\(arguments)")
            #expect(run.error?["code"] as? String == "usage", "\(arguments)")
        }
    }
}
