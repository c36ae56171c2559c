import FauthCore
import Foundation
import Testing

@testable import FauthCLI

/// Where secrets come from, run in-process: each source reaches the client (an empty password is refused by the
/// client before any request: the test context fails on any network use), the prompt is asked only when allowed.
@Suite struct CommandLineSecretTests {
    @Test func eachPasswordSourceReachesTheClient() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        context.standardInput = Array("\r\n".utf8)
        let stdin = context.run(["signup", "--email", "a@example.com", "--password-stdin", "--json"])
        #expect(stdin.status == 8 && stdin.error?["code"] as? String == "weak-password", "\(stdin.stderr)")
        context.files["pw.txt"] = Array("\n".utf8)
        let file = context.run(["signup", "--email", "a@example.com", "--password-file", "pw.txt", "--json"])
        #expect(file.status == 8 && file.error?["code"] as? String == "weak-password", "\(file.stderr)")
        context.environment["FAUTH_PASSWORD"] = ""
        let environment = context.run(["signin", "--email", "a@example.com", "--json"])
        #expect(
            environment.status == 6 && environment.error?["code"] as? String == "wrong-password",
            "\(environment.stderr)")
    }

    @Test func thePromptAsksForTheEmailsPassword() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        context.secretAnswers = [.secret([])]
        let run = context.run(["signin", "--email", "ada@example.com"])
        #expect(run.status == 6, "\(run.stderr)")
        #expect(context.prompts == ["Password for ada@example.com: "])
        context.secretAnswers = [.secret([]), .secret([])]
        _ = context.run(["signup", "--email", "ada@example.com"])
        #expect(
            context.prompts.suffix(2) == [
                "New password for ada@example.com: ", "New password for ada@example.com again: ",
            ])
    }

    @Test func ctrlCAtThePromptPrintsTheInterruptedErrorAsEveryErrorIsPrinted() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        context.secretAnswers = [.endOfInput, .endOfInput]
        _ = context.run(["signin", "--email", "a@example.com"])
        _ = context.run(["signin", "--email", "a@example.com", "--json"])
        #expect(context.interruptMessages.first == "fauth: \(ErrorCode.interrupted.defaultMessage) (interrupted)\n")
        let json =
            try JSONSerialization.jsonObject(with: Data((context.interruptMessages.last ?? "").utf8)) as? [String: Any]
        let error = json?["error"] as? [String: Any]
        #expect(error?["code"] as? String == "interrupted" && error?["exitCode"] as? Int == 130)
    }

    @Test func noTerminalIsAUsageErrorAndEndOfInputCancels() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        context.secretAnswers = [.noTerminal, .endOfInput]
        let none = context.run(["signin", "--email", "a@example.com", "--json"])
        #expect(none.status == 2, "\(none.stderr)")
        #expect((none.error?["message"] as? String)?.contains("--password-stdin") == true)
        let cancelled = context.run(["signin", "--email", "a@example.com", "--json"])
        #expect(cancelled.status == 3 && cancelled.error?["code"] as? String == "cancelled", "\(cancelled.stderr)")
    }

    @Test func noInputNeverPrompts() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        let run = context.run(["signin", "--email", "a@example.com", "--no-input"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--no-input forbids the prompt"))
        #expect(context.prompts.isEmpty)
    }

    @Test func passwordSourcesDoNotCombine() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        let run = context.run(["signin", "--email", "a@example.com", "--password-stdin", "--password-file", "f"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("fauth: --password-file does not go with --password-stdin (usage)"))
    }

    @Test func standardInputFeedsOneSecretOnly() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        context.standardInput = Array("token\n".utf8)
        let run = context.run(["signin", "--provider", "google.com", "--id-token", "@-", "--access-token", "@-"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("standard input can feed only one of the secrets"))
    }

    @Test func aTokenFileThatIsEmptyIsAUsageError() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        context.files["custom.jwt"] = Array("\n".utf8)
        let run = context.run(["signin", "--custom-token", "@custom.jwt"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("fauth: --custom-token is empty (usage)"))
    }
}
