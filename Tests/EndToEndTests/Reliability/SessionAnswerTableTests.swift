import FauthJSON
import Foundation
import Testing

/// A session command as a user runs it, and the session it starts from.
struct SessionCommand: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let stdin: String?
    /// Whether the session is an anonymous user's (for `link`), else a password user's.
    let anonymous: Bool

    var testDescription: String { arguments.joined(separator: " ") }

    static let password = "secret-pass-1"
    static let all: [SessionCommand] = [
        .init(arguments: ["status"], stdin: nil, anonymous: false),
        .init(arguments: ["token", "--force-refresh"], stdin: nil, anonymous: false),
        .init(arguments: ["providers"], stdin: nil, anonymous: false),
        .init(
            arguments: ["link", "--email", "linked@example.com", "--password-stdin"], stdin: password, anonymous: true),
        .init(arguments: ["unlink", "password"], stdin: nil, anonymous: false),
        .init(arguments: ["update", "--display-name", "Ada"], stdin: nil, anonymous: false),
        .init(arguments: ["delete", "--yes"], stdin: nil, anonymous: false),
        .init(arguments: ["verify-email"], stdin: nil, anonymous: false),
        .init(arguments: ["reauth", "--password-stdin"], stdin: password, anonymous: false),
    ]

    /// A sandbox signed in as this command needs, against `emulator`; returns it and the user's uid.
    func prepare(_ emulator: RunningEmulator) throws -> (FauthSandbox, String) {
        let sandbox = try FauthSandbox(emulator: emulator)
        let run =
            anonymous
            ? try sandbox.run(["signin", "--anonymous", "--json"])
            : try sandbox.signUp("holder@example.com", password: Self.password)
        #expect(run.status == 0, "\(run.stderr)")
        return (sandbox, run.json["user"]?["uid"]?.string ?? "")
    }
}

extension SessionCommand {
    /// `reauth` sends a credential, not the session's token: the server's answer is about that credential, so a
    /// failure leaves the session as it was (man page), and `user-not-found` is `user-mismatch`, as the Apple SDK's
    /// `reauthenticate` has it (the same exit status, 6).
    var sendsTheSessionToken: Bool { arguments[0] != "reauth" }

    /// The code this command gives for `code`, the code of the server's answer.
    func code(for code: String) -> String {
        !sendsTheSessionToken && code == "user-not-found" ? "user-mismatch" : code
    }
}

/// A server answer (its `error.message`), and what every session command must make of it.
struct SessionAnswer: Sendable, CustomTestStringConvertible {
    let message: String
    let status: Int32
    let code: String
    /// Whether the session file stays (a dead session is removed).
    let sessionKept: Bool

    var testDescription: String { message }

    static let all: [SessionAnswer] = [
        .init(message: "USER_DISABLED", status: 6, code: "user-disabled", sessionKept: false),
        .init(message: "USER_NOT_FOUND", status: 6, code: "user-not-found", sessionKept: false),
        .init(message: "TOKEN_EXPIRED", status: 4, code: "user-token-expired", sessionKept: false),
        .init(message: "INVALID_ID_TOKEN", status: 4, code: "invalid-user-token", sessionKept: false),
        .init(message: "INVALID_REFRESH_TOKEN", status: 4, code: "invalid-user-token", sessionKept: false),
        .init(message: "CREDENTIAL_TOO_OLD_LOGIN_AGAIN", status: 5, code: "requires-recent-login", sessionKept: true),
    ]

    /// Makes every request the emulator gets answer HTTP 400 with this message, whatever its route.
    func inject(into emulator: RunningEmulator) {
        emulator.inject(
            route: "*", times: 10, ["status": 400, "body": .string(#"{"error":{"code":400,"message":"\#(message)"}}"#)])
    }
}

/// What an administrator does to the signed-in account through the emulator's own routes.
enum AdminChange: String, CaseIterable, Sendable {
    case disabled, deleted

    /// The answers the emulator really gives a session of such an account: Firebase's emulator forgets a deleted
    /// user's refresh tokens (`INVALID_REFRESH_TOKEN` to a refresh), and answers `USER_NOT_FOUND` to its ID token.
    var possibleAnswers: Set<String> {
        switch self {
        case .disabled: ["USER_DISABLED"]
        case .deleted: ["USER_NOT_FOUND", "INVALID_REFRESH_TOKEN", "EMAIL_NOT_FOUND"]
        }
    }

    func apply(to emulator: RunningEmulator, uid: String) {
        let answer =
            switch self {
            case .disabled:
                emulator.call(
                    "POST", "/identitytoolkit.googleapis.com/v1/projects/\(emulator.projectId)/accounts:update",
                    body: ["localId": .string(uid), "disableUser": true], bearerOwner: true)
            case .deleted:
                emulator.call("DELETE", "/emulator/v1/projects/\(emulator.projectId)/accounts")
            }
        #expect(answer.status == 200, "\(answer.json)")
    }
}

/// Every session command maps the same server answer to the same code and exit status, and does the same to the
/// session (issue 10): the real `fauth` against the real emulator. The in-process table over the same rule is
/// FauthCoreTests' `SessionAnswerTableTests`.
@Suite struct SessionAnswerTableTests {
    @Test(arguments: SessionAnswer.all, SessionCommand.all)
    func everyCommandMapsTheSameAnswerToTheSameCode(answer: SessionAnswer, command: SessionCommand) throws {
        let emulator = try RunningEmulator()
        let (sandbox, _) = try command.prepare(emulator)
        let before = try #require(sandbox.sessionBytes())
        answer.inject(into: emulator)

        let run = try sandbox.guardedRun(command.arguments + ["--json"], stdin: command.stdin)
        expectFailure(run, status: answer.status, code: command.code(for: answer.code))
        #expect(
            run.error["server"]?["message"]?.string == answer.message, "the server's answer, verbatim: \(run.stderr)")
        if answer.sessionKept || !command.sendsTheSessionToken {
            #expect(sandbox.sessionBytes() == before, "the session file changed")
        } else {
            #expect(sandbox.sessionBytes() == nil, "a dead session is removed")
        }
    }

    /// An account the administrator disabled or deleted: whatever the emulator really answers each command's first
    /// call, the command gives that answer's code from the table above, in text as in JSON.
    @Test(arguments: AdminChange.allCases, SessionCommand.all)
    func anAccountChangedByTheAdminGetsTheCodeOfTheServersAnswer(change: AdminChange, command: SessionCommand) throws {
        let emulator = try RunningEmulator()
        let (sandbox, uid) = try command.prepare(emulator)
        let before = try #require(sandbox.sessionBytes())
        change.apply(to: emulator, uid: uid)

        let run = try sandbox.guardedRun(command.arguments + ["--json"], stdin: command.stdin)
        let message = try #require(run.error["server"]?["message"]?.string, "no server answer in \(run.stderr)")
        #expect(change.possibleAnswers.contains(message), "\(message)")
        let code =
            message == "EMAIL_NOT_FOUND"
            ? "user-not-found" : SessionAnswer.all.first { $0.message == message }?.code ?? "?"
        let status: Int32 = code == "user-not-found" || code == "user-disabled" ? 6 : 4
        expectFailure(run, status: status, code: command.code(for: code))
        #expect(command.sendsTheSessionToken ? sandbox.sessionBytes() == nil : sandbox.sessionBytes() == before)
        if command.arguments == ["status"] {
            try sandbox.signUp("other@example.com")  // a session again, for the text form
            change.apply(to: emulator, uid: try #require(sandbox.session()?["user"]?["uid"]?.string))
            let text = try sandbox.guardedRun(command.arguments)
            #expect(text.status == status && text.stderr.contains("(\(code))\n"), "\(text.stderr)")
        }
    }
}
