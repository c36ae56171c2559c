import FauthJSON
import Foundation
import Testing

/// The command line's edges with the real binary: an option never swallows the next option as its value, server
/// text cannot rewrite the terminal, and output that cannot be written fails with `io-error`.
@Suite struct InputAndOutputTests {
    @Test func anOptionLackingItsValueNamesItInsteadOfTakingTheNextOption() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("dash@example.com")
        let providers = try sandbox.run(["providers", "--email", "--json"])
        expectFailure(providers, status: 2, code: "usage")
        #expect(
            providers.error["message"]?.string?.hasPrefix(
                "option --email needs a value (EMAIL), not the option '--json'") == true)
        let signin = try sandbox.run(["signin", "--email", "--password-stdin"], stdin: "secret-pass-1")
        #expect(signin.status == 2)
        #expect(
            signin.stderr.hasPrefix("fauth: option --email needs a value (EMAIL), not the option '--password-stdin'"),
            "\(signin.stderr)")
        #expect(
            emulator.requestCount("accounts:createAuthUri") == 0
                && emulator.requestCount("accounts:signInWithPassword") == 0)
        let dashed = try sandbox.run(["providers", "--email=-odd@example.com", "--json"])
        #expect(dashed.status == 0, "\(dashed.stderr)")
    }

    /// fauth reads its environment as the kernel passed it: a UTF-8 value whole (two-byte letters and all), and a
    /// value that is not UTF-8 (a stray byte, a truncated, overlong or surrogate sequence) as a usage error naming
    /// the variable, never repaired into other text.
    @Test func environmentValuesAreReadAsUTF8AndOthersAreAUsageErrorNamingTheVariable() throws {
        let sandbox = try FauthSandbox(emulator: nil)
        let accented = try sandbox.guardedRun(["token"], shell: #"export FAUTH_TIMEOUT="$(printf '5\303\251s')"; "#)
        #expect(accented.status == 2)
        #expect(
            accented.stderr.hasPrefix("fauth: FAUTH_TIMEOUT: '5\u{E9}s' is not a number of seconds. (usage)"),
            "\(accented.stderr)")
        for bytes in [#"a\377"#, #"\303"#, #"\300\257"#, #"\355\240\200"#, #"ok\342\202"#] {
            let run = try sandbox.guardedRun(
                ["status"], shell: #"export FAUTH_PROFILE="$(printf '"# + bytes + #"')"; "#)
            #expect(run.status == 2, "\(bytes)")
            #expect(
                run.stderr.hasPrefix("fauth: the environment variable FAUTH_PROFILE is not valid UTF-8 (usage)"),
                "\(bytes): \(run.stderr)")
        }
    }

    @Test func aDisplayNameHoldingEscapeSequencesIsPrintedEscaped() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let claims: JSONValue = [
            "sub": "g-esc", "email": "esc@example.com", "email_verified": true,
            "name": .string("Eve\u{1B}]0;owned\u{07}\u{1B}[2J"),
        ]
        let signin = try sandbox.run(["signin", "--provider", "google.com", "--id-token", claims.serialized()])
        #expect(signin.status == 0, "\(signin.stderr)")
        let providers = try sandbox.run(["providers"])
        #expect(providers.status == 0, "\(providers.stderr)")
        #expect(!providers.stdout.contains("\u{1B}") && !providers.stdout.contains("\u{07}"), "\(providers.stdout)")
        #expect(providers.stdout.contains(#""Eve\x1B]0;owned\x07\x1B[2J""#), "\(providers.stdout)")
        let json = try sandbox.run(["providers", "--json"])
        #expect(json.json.array?.first?["displayName"]?.string == "Eve\u{1B}]0;owned\u{07}\u{1B}[2J")
    }

    /// Bidi controls and invisible format characters (U+200B–U+200F, U+202A–U+202E, U+2066–U+2069, U+FEFF) could
    /// reorder or hide what a line shows: text output escapes them as it does C0 and C1; JSON keeps them exact.
    @Test func bidiAndInvisibleCharactersArePrintedEscapedAndKeptInJSON() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let name = "Eve\u{202E}gpj.exe\u{200B}\u{2066}x\u{FEFF}"
        let claims: JSONValue = [
            "sub": "g-bidi", "email": "bidi@example.com", "email_verified": true,
            "name": .string(name),
        ]
        #expect(try sandbox.run(["signin", "--provider", "google.com", "--id-token", claims.serialized()]).status == 0)
        let providers = try sandbox.run(["providers"])
        #expect(providers.stdout.contains(#""Eve\u{202E}gpj.exe\u{200B}\u{2066}x\u{FEFF}""#), "\(providers.stdout)")
        #expect(!providers.stdout.unicodeScalars.contains { [0x202E, 0x200B, 0x2066, 0xFEFF].contains($0.value) })
        #expect(try sandbox.run(["providers", "--json"]).json.array?.first?["displayName"]?.string == name)
        let bidi = #"{"error":{"code":400,"message":"ODD\u202eDDO"}}"#
        emulator.inject(route: "accounts:lookup", ["status": 400, "body": .string(bidi)])
        let error = try sandbox.run(["providers"])
        #expect(error.status == 1 && error.stderr.contains(#"ODD\u{202E}DDO"#), "\(error.stderr)")
    }

    /// A lone surrogate escape in the server's message (invalid JSON text) keeps the message, with U+FFFD for it.
    @Test func aLoneSurrogateInTheServersMessageKeepsTheMessage() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("odd@example.com")
        let lone = #"{"error":{"code":400,"message":"ODD\ud800X"}}"#
        emulator.inject(route: "accounts:lookup", ["status": 400, "body": .string(lone)])
        let run = try sandbox.run(["providers", "--json"])
        #expect(run.status == 1 && run.error["server"]?["message"] == "ODD\u{FFFD}X", "\(run.stderr)")
        let message = run.error["message"]?.string ?? ""
        #expect(!message.contains("without an error message") && message.contains("ODD\u{FFFD}X"), "\(run.stderr)")
    }

    @Test func anUnknownServerMessageHoldingEscapeSequencesIsPrintedEscaped() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("odd@example.com")
        emulator.inject(
            route: "accounts:lookup",
            ["status": 400, "body": #"{"error":{"code":400,"message":"ODD\u001b[31mRED\u0007"}}"#])
        let run = try sandbox.run(["providers"])
        #expect(run.status == 1)
        #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{07}"), "\(run.stderr)")
        #expect(run.stderr.contains(#"ODD\x1B[31mRED\x07"#), "\(run.stderr)")
    }

    @Test(arguments: [["token"], ["providers"], ["status"], ["--version"]])
    func outputThatCannotBeWrittenIsAnIOError(arguments: [String]) throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("full@example.com")
        let run = try sandbox.guardedRun(arguments, shell: "exec >/dev/full; ")
        #expect(run.status == 1, "\(arguments): \(run.stderr)")
        #expect(
            run.stderr.hasPrefix("fauth: cannot write to standard output: No space left on device (io-error)"),
            "\(run.stderr)")
        let json = try sandbox.guardedRun(arguments + ["--json"], shell: "exec >/dev/full; ")
        #expect(json.status == 1)
        #expect(json.error["code"]?.string == "io-error" && json.error["exitCode"]?.int == 1, "\(json.stderr)")
    }

    @Test(arguments: [["token"], ["providers"], ["--version"]])
    func outputToAPipeWhoseReaderIsGoneIsAnIOError(arguments: [String]) throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("pipe@example.com")
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        close(ends[0])  // the reader is gone before fauth starts: its first write gets EPIPE (and SIGPIPE)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        defer { close(ends[1]) }
        let json = try FauthRun(
            finished: sandbox.start(raw: (arguments + ["--json"]).map { Array($0.utf8) }, inherited: [(ends[1], 1)]),
            within: 60)
        #expect(json.status == 1, "\(arguments): \(json.stderr)")
        #expect(json.error["code"]?.string == "io-error" && json.error["exitCode"]?.int == 1, "\(json.stderr)")
        #expect(
            json.error["message"]?.string?.hasPrefix("cannot write to standard output: Broken pipe") == true,
            "\(json.stderr)")
        // With stderr closed too, the error has nowhere to go: fauth still ends at once with exit 1.
        let both = try FauthRun(
            finished: sandbox.start(raw: arguments.map { Array($0.utf8) }, inherited: [(ends[1], 1), (ends[1], 2)]),
            within: 60)
        #expect(both.status == 1)
    }
}
