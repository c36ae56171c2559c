import FauthCore
import FauthJSON
import FauthTestSupport
import Foundation
import Testing

@testable import FauthCLI

/// The account lifecycle commands in-process against a scripted transport: the confirmation `delete` asks for,
/// what each command sends, and what it prints. Any request the test did not script fails it.
@Suite struct CommandLineAccountTests {
    /// A context signed in as ada@example.com (uid U1) through a scripted sign-in; the transport has no reply left.
    func signedIn(_ transport: ScriptedTransport) throws -> TestContext {
        let context = try TestContext.scripted(transport)
        transport.reply(to: "accounts:signInWithPassword", CommandLineServerTests.signInReply)
        transport.reply(to: "accounts:lookup", CommandLineServerTests.lookupReply())
        context.environment["FAUTH_PASSWORD"] = "pw-123456"
        let run = context.run(["signin", "--email", "ada@example.com"])
        #expect(run.status == 0, "\(run.stderr)")
        context.environment["FAUTH_PASSWORD"] = nil
        return context
    }

    func sessionPath(_ context: TestContext) -> String {
        (context.environment["XDG_STATE_HOME"] ?? "") + "/fauth/sessions/default.json"
    }

    @Test func deleteTypedBackDeletesTheAccountAndRemovesTheSession() throws {
        let transport = ScriptedTransport()
        let context = try signedIn(transport)
        defer { context.removeStateFolder() }
        transport.reply(to: "accounts:delete", .json(200, #"{"kind": "identitytoolkit#DeleteAccountResponse"}"#))
        context.secretAnswers = [.secret(Array("Ada@Example.com".utf8))]
        let run = context.run(["delete"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Deleted the account of ada@example.com (uid U1); its session was removed.\n")
        #expect(context.prompts.count == 1 && context.prompts[0].contains("Type its email"))
        #expect(
            transport.requests(to: "accounts:delete").first?.json?["idToken"]?.string == CommandLineServerTests.idToken)
        #expect(!FileManager.default.fileExists(atPath: sessionPath(context)))
        transport.expectAllRepliesUsed()
    }

    @Test func deleteWithAnotherAnswerIsCancelledAndSendsNothing() throws {
        let transport = ScriptedTransport()
        let context = try signedIn(transport)
        defer { context.removeStateFolder() }
        let before = FileManager.default.contents(atPath: sessionPath(context))
        context.secretAnswers = [.secret(Array("someone@example.com".utf8))]
        let run = context.run(["delete", "--json"])
        #expect(run.status == 3)
        #expect(run.error?["code"] as? String == "cancelled")
        #expect(transport.requests(to: "accounts:delete").isEmpty)
        #expect(FileManager.default.contents(atPath: sessionPath(context)) == before)
    }

    @Test func deleteWithoutYesAndWithoutATerminalIsAUsageErrorAndSendsNothing() throws {
        let transport = ScriptedTransport()
        let context = try signedIn(transport)
        defer { context.removeStateFolder() }
        context.secretAnswers = [.noTerminal]
        let run = context.run(["delete"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("delete needs --yes"), "\(run.stderr)")
        let noInput = context.run(["delete", "--no-input", "--json"])
        #expect(noInput.status == 2 && noInput.error?["code"] as? String == "usage")
        #expect(context.prompts.count == 1, "--no-input never prompts")
        #expect(transport.requests(to: "accounts:delete").isEmpty)
        #expect(FileManager.default.fileExists(atPath: sessionPath(context)))
    }

    @Test func deleteTooLongAfterSignInNamesReauthAndKeepsTheSession() throws {
        let transport = ScriptedTransport()
        let context = try signedIn(transport)
        defer { context.removeStateFolder() }
        let before = FileManager.default.contents(atPath: sessionPath(context))
        transport.reply(to: "accounts:delete", .firebaseError(400, "CREDENTIAL_TOO_OLD_LOGIN_AGAIN"))
        let run = context.run(["delete", "--yes"])
        #expect(run.status == 5)
        #expect(
            run.stderr.contains("(requires-recent-login)\nhint: run 'fauth reauth', then 'fauth delete' again\n"),
            "\(run.stderr)")
        #expect(FileManager.default.contents(atPath: sessionPath(context)) == before)
        transport.expectAllRepliesUsed()
    }

    @Test func updateAsksForANewPasswordTwiceAndRefusesTwoDifferentOnes() throws {
        let transport = ScriptedTransport()
        let context = try signedIn(transport)
        defer { context.removeStateFolder() }
        context.secretAnswers = [.secret(Array("first-pass-1".utf8)), .secret(Array("other-pass-2".utf8))]
        let differ = context.run(["update", "--new-password"])
        #expect(differ.status == 2 && differ.stderr.contains("the two passwords typed differ"), "\(differ.stderr)")
        #expect(transport.requests(to: "accounts:update").isEmpty)
        transport.reply(to: "passwordPolicy", method: "GET", CommandLineServerTests.noPasswordPolicy)
        transport.reply(to: "accounts:update", .json(200, #"{"localId": "U1", "email": "ada@example.com"}"#))
        transport.reply(to: "accounts:lookup", CommandLineServerTests.lookupReply())
        context.secretAnswers = [.secret(Array("same-pass-3".utf8)), .secret(Array("same-pass-3".utf8))]
        let run = context.run(["update", "--new-password"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(context.prompts.suffix(2) == ["New password: ", "New password again: "])
        #expect(transport.requests(to: "accounts:update").first?.json?["password"]?.string == "same-pass-3")
        transport.expectAllRepliesUsed()
    }
}
