import FauthJSON
import Foundation
import Testing

/// Which session file a command uses: a session path (`--session` or `FAUTH_SESSION`) and an explicit `--profile`
/// together are a usage error naming both; otherwise a flag beats its environment variable; `status` and every JSON
/// result name the file used.
@Suite struct SessionChoiceTests {
    @Test func aSessionPathWithAnExplicitProfileIsAUsageErrorNamingBoth() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let other = sandbox.root.appendingPathComponent("other.json").path
        #expect(try sandbox.run(["signin", "--anonymous", "-q", "--session", other]).status == 0)
        let before = FileManager.default.contents(atPath: other)
        for (arguments, environment, names) in [
            (["--profile", "bob", "--session", other], [String: String](), "--session"),
            (["--profile", "bob"], ["FAUTH_SESSION": other], "FAUTH_SESSION"),
        ] {
            for command in [["status"], ["signout"]] {
                let run = try sandbox.run(arguments + command + ["--json"], environment: environment)
                expectFailure(run, status: 2, code: "usage")
                let message = run.error["message"]?.string ?? ""
                #expect(message.contains("--profile") && message.contains(names), "\(message)")
                #expect(run.error["sessionFile"] == nil, "no file was chosen: \(run.stderr)")
            }
        }
        #expect(FileManager.default.contents(atPath: other) == before, "the other session file was left as it was")
    }

    @Test func aFlagBeatsTheEnvironmentAndStatusNamesTheSessionFileUsed() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let chosen = sandbox.root.appendingPathComponent("chosen.json").path
        let signin = try sandbox.run(
            ["signin", "--anonymous", "--json", "--session", chosen],
            environment: ["FAUTH_PROFILE": "bob"])
        #expect(signin.status == 0, "\(signin.stderr)")
        #expect(signin.json["sessionFile"] == .string(chosen), "\(signin.stdout)")
        #expect(sandbox.sessionBytes(profile: "bob") == nil)
        let both = ["FAUTH_SESSION": chosen, "FAUTH_PROFILE": "bob"]
        let status = try sandbox.run(["status", "--json"], environment: both)
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.json["sessionFile"] == .string(chosen) && status.json["profile"] == .null, "\(status.stdout)")
        let text = try sandbox.run(["status"], environment: ["FAUTH_SESSION": chosen])
        #expect(
            text.stdout.contains("session file: \(chosen)\n") && !text.stdout.contains("profile:"),
            "\(text.stdout)")
        let other = ["FAUTH_PROFILE": "x"]
        #expect(try sandbox.run(["signin", "--anonymous", "-q", "--profile", "bob"], environment: other).status == 0)
        let profile = try sandbox.run(["status", "--json", "--profile", "bob"], environment: other)
        let bobs = sandbox.sessionPath(profile: "bob")
        #expect(profile.json["profile"] == "bob" && profile.json["sessionFile"] == .string(bobs), "\(profile.stdout)")
    }

    /// A JSON error names the session file the command had chosen, as a result does: a script that fails on one
    /// profile sees which file, named by flag, variable or profile.
    @Test func aJSONErrorNamesTheSessionFileTheCommandChose() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let chosen = sandbox.root.appendingPathComponent("nobody.json").path
        for (arguments, environment) in [
            (["--session", chosen], [String: String]()), ([], ["FAUTH_SESSION": chosen]),
            (["--profile", "carol"], [:]),
        ] {
            let run = try sandbox.run(["token", "--json"] + arguments, environment: environment)
            expectFailure(run, status: 4, code: "not-signed-in")
            let expected = arguments.first == "--profile" ? sandbox.sessionPath(profile: "carol") : chosen
            #expect(run.error["sessionFile"] == .string(expected), "\(run.stderr)")
        }
    }
}
