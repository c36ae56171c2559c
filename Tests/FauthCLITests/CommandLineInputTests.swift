import FauthCore
import FauthJSON
import FauthTestSupport
import Foundation
import Testing

@testable import FauthCLI

/// Input at the command line, run in-process: options never swallow the next option, every input is bounded and
/// must be valid UTF-8 (checked before any request: the test context fails on any network use), server text is
/// escaped for the terminal, and a failed write to stdout is `io-error`.
@Suite struct CommandLineInputTests {
    @Test func anOptionLackingItsValueIsNamedInsteadOfTakingTheNextOption() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        let providers = context.run(["providers", "--email", "--json"])
        #expect(providers.status == 2)
        #expect(
            (providers.error?["message"] as? String)?.hasPrefix(
                "option --email needs a value (EMAIL), not the option '--json'") == true)
        let signin = context.run(["signin", "--email", "--password-stdin"])
        #expect(signin.status == 2)
        #expect(
            signin.stderr.hasPrefix("fauth: option --email needs a value (EMAIL), not the option '--password-stdin'"))
        #expect(context.prompts.isEmpty)
    }

    @Test func aPasswordPastItsBoundIsAUsageErrorFromEverySource() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        context.standardInput = [UInt8](repeating: UInt8(ascii: "x"), count: 20_000_000)
        let stdin = context.run(["signup", "--email", "a@example.com", "--password-stdin"])
        #expect(stdin.status == 2)
        #expect(
            stdin.stderr.hasPrefix("fauth: --password-stdin: the input is longer than 16386 bytes (usage)"),
            "\(stdin.stderr)")
        context.files["big"] = [UInt8](repeating: 0, count: 100_000)
        #expect(context.run(["signup", "--email", "a@example.com", "--password-file", "big"]).status == 2)
        context.environment["FAUTH_PASSWORD"] = String(repeating: "é", count: 4097)
        let characters = context.run(["signup", "--email", "a@example.com"])
        #expect(characters.status == 2)
        #expect(
            characters.stderr.hasPrefix(
                "fauth: the password is longer than 4096 characters (Firebase's maximum) (usage)"))
        context.environment["FAUTH_PASSWORD"] = nil
        context.secretAnswers = [.secret([UInt8](repeating: UInt8(ascii: "y"), count: 16_387))]
        #expect(context.run(["signup", "--email", "a@example.com"]).status == 2)
    }

    @Test func aPasswordThatIsNotUTF8IsRefusedNotRepaired() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        for bytes: [UInt8] in [[0x70, 0x77, 0xFF, 0xFE, 0x33, 0x34], [0x70, 0x77, 0x80, 0x80, 0x33, 0x34]] {
            context.standardInput = bytes + [0x0A]
            let run = context.run(["signup", "--email", "a@example.com", "--password-stdin", "--json"])
            #expect(run.status == 2)
            #expect(run.error?["message"] as? String == "--password-stdin: the input is not valid UTF-8")
        }
        context.secretAnswers = [.secret([0xC3])]
        #expect(
            context.run(["signin", "--email", "a@example.com"]).stderr.hasPrefix(
                "fauth: the password typed: the input is not valid UTF-8"))
        context.malformedVariables = ["FAUTH_PASSWORD"]
        #expect(
            context.run(["signin", "--email", "a@example.com"]).stderr.hasPrefix(
                "fauth: the environment variable FAUTH_PASSWORD is not valid UTF-8 (usage)"))
    }

    @Test func argumentsAndVariablesThatAreNotUTF8AreRefused() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        let email: [UInt8] = Array("ada".utf8) + [0xFF] + Array("@example.com".utf8)
        let run = context.run(raw: [Array("providers".utf8), Array("--email".utf8), email, Array("--json".utf8)])
        #expect(run.status == 2)
        #expect(
            run.error?["message"] as? String == "argument 3 is not valid UTF-8: fauth takes its arguments as UTF-8 text"
        )
        context.malformedVariables = ["FAUTH_PROFILE"]
        #expect(
            context.run(["status"]).stderr.hasPrefix(
                "fauth: the environment variable FAUTH_PROFILE is not valid UTF-8 (usage)"))
        context.malformedVariables = ["SSL_CERT_FILE"]
        #expect(
            context.run(["status"]).stderr.hasPrefix(
                "fauth: the environment variable SSL_CERT_FILE is not valid UTF-8 (usage)"))
        context.malformedVariables = ["LC_WHATEVER"]
        #expect(context.run(["signout"]).status == 0, "a variable fauth does not read does not matter")
    }

    @Test func tokensAreBoundedAndMustBeUTF8() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        context.files["zero"] = [UInt8](repeating: 0, count: 70_000)
        let file = context.run(["signin", "--provider", "google.com", "--id-token", "@zero"])
        #expect(file.status == 2)
        #expect(file.stderr.hasPrefix("fauth: --id-token @zero: the input is longer than 65536 bytes (usage)"))
        let argv = context.run(["signin", "--custom-token", String(repeating: "t", count: 65_537)])
        #expect(argv.stderr.hasPrefix("fauth: --custom-token is longer than 65536 bytes (usage)"))
        context.standardInput = [0x65, 0x79, 0xC0, 0xAF]
        let stdin = context.run(["signin", "--custom-token", "@-"])
        #expect(stdin.stderr.hasPrefix("fauth: --custom-token @-: the input is not valid UTF-8 (usage)"))
    }

    @Test func serverTextIsEscapedForTheTerminalAndKeptInJSON() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        context.environment["FIREBASE_AUTH_EMULATOR_HOST"] = nil
        context.environment["FAUTH_API_KEY"] = "k"
        let transport = ScriptedTransport()
        context.transport = transport
        let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}"
        transport.reply(
            to: "accounts:createAuthUri",
            .json(200, JSONValue.object(["signinMethods": [.string("password" + hostile)]]).serialized()))
        let text = context.run(["providers", "--email", "a@example.com"])
        #expect(text.stdout == "password\\x1B]0;owned\\x07\\x1B[2J\\u{009B}\n")
        transport.reply(to: "accounts:createAuthUri", .firebaseError(400, "WEIRD" + hostile))
        let error = context.run(["providers", "--email", "a@example.com"])
        #expect(error.status == 1)
        #expect(
            !error.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B },
            "\(error.stderr)")
        #expect(error.stderr.contains("WEIRD\\x1B]0;owned"))
        transport.reply(to: "accounts:createAuthUri", .firebaseError(400, "WEIRD" + hostile))
        let json = context.run(["providers", "--email", "a@example.com", "--json"])
        #expect((json.error?["server"] as? [String: Any])?["message"] as? String == "WEIRD" + hostile)
        transport.expectAllRepliesUsed()
    }

    @Test func aFailedWriteToStdoutIsAnIOError() throws {
        let context = TestContext()
        context.outputFailure = FauthError(
            .ioError, message: "cannot write to standard output: No space left on device")
        for arguments in [["completion", "bash"], ["--version"], ["help"]] {
            let run = context.run(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(
                run.stderr == "fauth: cannot write to standard output: No space left on device (io-error)\n",
                "\(arguments)")
        }
        let json = context.run(["completion", "zsh", "--json"])
        #expect(
            json.status == 1 && json.error?["code"] as? String == "io-error" && json.error?["exitCode"] as? Int == 1)
    }
}
