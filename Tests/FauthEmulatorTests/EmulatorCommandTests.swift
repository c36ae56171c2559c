import Testing

@testable import FauthEmulator

private func parse(_ line: String) throws(EmulatorUsageError) -> EmulatorCommand {
    try EmulatorCommand.parse(line.split(separator: " ").map(String.init))
}

private func usageError(_ line: String) -> String? {
    do {
        _ = try parse(line)
        return nil
    } catch {
        return error.description
    }
}

@Suite("fauth-emulator command line")
struct EmulatorCommandTests {
    @Test func noArgumentsServesWithDefaults() throws {
        #expect(try EmulatorCommand.parse([]) == .serve(EmulatorOptions()))
        let defaults = EmulatorOptions()
        #expect(defaults.host == "127.0.0.1")
        #expect(defaults.port == nil)
        #expect(defaults.projectId == "demo-fauth")
        #expect(
            defaults.maxConnections == 10_000 && defaults.idleTimeoutSeconds == 15 && defaults.requestMemoryMiB == 64)
    }

    @Test func signTokensIsAFlag() throws {
        var expected = EmulatorOptions()
        expected.signTokens = true
        #expect(EmulatorOptions().signTokens == false)
        #expect(try parse("--sign-tokens") == .serve(expected))
        #expect(try parse("exec --sign-tokens -- true") == .exec(expected, command: ["true"]))
        #expect(usageError("--sign-token") == "unknown option --sign-token (did you mean --sign-tokens?)")
    }

    @Test func quietIsAFlag() throws {
        var expected = EmulatorOptions()
        expected.quiet = true
        #expect(EmulatorOptions().quiet == false)
        #expect(try parse("--quiet") == .serve(expected))
        #expect(try parse("exec --quiet -- true") == .exec(expected, command: ["true"]))
        #expect(usageError("--quite") == "unknown option --quite (did you mean --quiet?)")
    }

    @Test func serviceLimitsAreOptions() throws {
        var expected = EmulatorOptions()
        expected.maxConnections = 50
        expected.idleTimeoutSeconds = 2.5
        expected.requestMemoryMiB = 8
        #expect(try parse("--max-connections 50 --idle-timeout 2.5 --request-memory 8") == .serve(expected))
        #expect(try parse("--max-connections=50 --idle-timeout=2.5 --request-memory=8") == .serve(expected))
        #expect(usageError("--max-connections 0") == "invalid --max-connections 0: expected a number from 1 to 1000000")
        #expect(
            usageError("--idle-timeout -1")
                == "invalid --idle-timeout -1: expected seconds, more than 0 and at most 86400")
        #expect(
            usageError("--idle-timeout nan")
                == "invalid --idle-timeout nan: expected seconds, more than 0 and at most 86400")
        #expect(usageError("--request-memory lots") == "invalid --request-memory lots: expected MiB from 1 to 65536")
    }

    @Test func everyOptionInBothSpellings() throws {
        let expected = EmulatorOptions(
            host: "0.0.0.0", port: 0, projectId: "p1", importDirectory: "in", exportOnExitDirectory: "out")
        #expect(try parse("--host 0.0.0.0 --port 0 --project p1 --import in --export-on-exit out") == .serve(expected))
        #expect(try parse("--host=0.0.0.0 --port=0 --project=p1 --import=in --export-on-exit=out") == .serve(expected))
    }

    @Test func bracketedIPv6HostsAreUnwrapped() throws {
        #expect(try parse("--host [::1]") == .serve(EmulatorOptions(host: "::1")))
        #expect(EmulatorOptions.authority(host: "::1", port: 9099) == "[::1]:9099")
        #expect(EmulatorOptions.authority(host: "127.0.0.1", port: 80) == "127.0.0.1:80")
    }

    @Test func execTakesTheCommandAfterTheDoubleDash() throws {
        #expect(
            try parse("exec --port 5000 -- sh -c exit --help")
                == .exec(EmulatorOptions(port: 5000), command: ["sh", "-c", "exit", "--help"]))
        #expect(try parse("exec ./test.sh --verbose") == .exec(EmulatorOptions(), command: ["./test.sh", "--verbose"]))
    }

    @Test func helpAndVersion() throws {
        #expect(try parse("--help") == .help)
        #expect(try parse("-h") == .help)
        #expect(try parse("exec --help") == .help)
        #expect(try parse("--port 1 --version") == .version(json: false))
        #expect(try parse("--version --json") == .version(json: true))
        #expect(try parse("--json --version") == .version(json: true))
        #expect(throws: EmulatorUsageError.self) { try parse("--json") }
        #expect(EmulatorCommand.usage.contains("--export-on-exit DIR"))
    }

    @Test func unknownOptionsSuggestTheClosestOne() {
        #expect(usageError("--prot 1") == "unknown option --prot (did you mean --port?)")
        #expect(usageError("--projcet x") == "unknown option --projcet (did you mean --project?)")
        #expect(usageError("--export-on-exti d") == "unknown option --export-on-exti (did you mean --export-on-exit?)")
        #expect(usageError("--versoin") == "unknown option --versoin (did you mean --version?)")
        #expect(usageError("--frobnicate") == "unknown option --frobnicate")
        #expect(usageError("exce") == "unexpected argument exce (did you mean exec?)")
        #expect(usageError("start") == "unexpected argument start")
    }

    @Test func badValuesAreUsageErrors() {
        #expect(usageError("--port") == "option --port needs a value")
        #expect(usageError("--port http") == "invalid port http: expected a number from 0 to 65535")
        #expect(usageError("--port 65536") == "invalid port 65536: expected a number from 0 to 65535")
        #expect(usageError("--port -1") == "invalid port -1: expected a number from 0 to 65535")
        #expect(usageError("--project=") == "--project needs a non-empty value")
        #expect(usageError("--project a/b") == "invalid project ID a/b: use letters, digits, '-', '.', '_' or ':'")
        #expect(usageError("--project=a?b") == "invalid project ID a?b: use letters, digits, '-', '.', '_' or ':'")
        #expect(usageError("--project example.com:my_project-1") == nil)
        #expect(usageError("--host=") == "--host needs a non-empty value")
        #expect(usageError("exec --port 1") != nil)
        #expect(usageError("exec --") != nil)
        #expect(usageError("--port 1 -- ls") == "unexpected argument ls")
    }

    @Test func editDistance() {
        #expect(EmulatorCommand.editDistance("", "abc") == 3)
        #expect(EmulatorCommand.editDistance("kitten", "sitting") == 3)
        #expect(EmulatorCommand.editDistance("port", "port") == 0)
        #expect(EmulatorCommand.editDistance("exce", "exec") == 1)
        #expect(EmulatorCommand.closest(to: "--hots", among: ["--host", "--port"]) == "--host")
    }

    @Test func exitStatusFollowsTheShellConvention() {
        #expect(ExecRunner.exitStatus(3 << 8) == 3)
        #expect(ExecRunner.exitStatus(0) == 0)
        #expect(ExecRunner.exitStatus(9) == 137)
        #expect(ExecRunner.exitStatus(15 | 0x80) == 143)  // core dumped flag does not matter
    }

    @Test func commandsAreFoundOnTheGivenSearchPath() {
        #expect(ExecRunner.resolve("sh", searchPath: "/nonexistent:/bin:/usr/bin")?.hasSuffix("/sh") == true)
        #expect(ExecRunner.resolve("./x", searchPath: "") == "./x")
        #expect(ExecRunner.resolve("no-such-command-here", searchPath: "/bin:/usr/bin") == nil)
        #expect(ExecRunner.resolve("bin", searchPath: "/") == nil)  // a directory is not a command
    }

    @Test func procStatLinesAreParsedWhateverTheCommandName() {
        #expect(ProcessTree.parseStat("42 (sleep) S 7 42 42 0") ?? ("?", 0) == ("S", 7))
        #expect(ProcessTree.parseStat("42 (a) b) (c) Z 1 0") ?? ("?", 0) == ("Z", 1))
        #expect(ProcessTree.parseStat("garbage") == nil)
    }
}
