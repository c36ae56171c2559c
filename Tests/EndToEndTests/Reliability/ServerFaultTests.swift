import FauthJSON
import Foundation
import Testing

/// One kind of bad answer the emulator can give instead of the real one, and what fauth must make of it.
struct ServerFault: Sendable, CustomTestStringConvertible {
    let name: String
    let fault: JSONObject
    let status: Int32
    let code: String
    /// The server message fauth must keep verbatim in `error.server.message`, when there is one.
    let serverMessage: String?

    var testDescription: String { name }

    static let unknownMessage = "FAUTH_SOMETHING_NEW : a message no table lists"
    static let invalidKeyMessage = "API key not valid. Please pass a valid API key."
    static let invalidKeyBody =
        #"{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID","domain":"googleapis.com"}]}}"#

    static let all: [ServerFault] = [
        .init(
            name: "503",
            fault: [
                "status": 503, "body": #"{"error":{"code":503,"message":"The service is currently unavailable."}}"#,
            ],
            status: 10, code: "service-unavailable", serverMessage: nil),
        .init(
            name: "502 HTML",
            fault: ["status": 502, "body": "<html><body>Bad Gateway</body></html>", "contentType": "text/html"],
            status: 10, code: "service-unavailable", serverMessage: nil),
        .init(
            name: "429", fault: ["status": 429, "body": "Too Many Requests", "contentType": "text/plain"],
            status: 10, code: "too-many-requests", serverMessage: nil),
        .init(
            name: "HTML 500",
            fault: [
                "status": 500, "body": "<html><body>Internal Server Error</body></html>", "contentType": "text/html",
            ],
            status: 1, code: "internal-error", serverMessage: nil),
        .init(
            name: "malformed JSON 200", fault: ["status": 200, "body": #"{"idToken": "abc", "#],
            status: 1, code: "internal-error", serverMessage: nil),
        .init(
            name: "[] 200", fault: ["status": 200, "body": "[]"], status: 1, code: "internal-error", serverMessage: nil),
        .init(
            name: "{} 200", fault: ["status": 200, "body": "{}"], status: 1, code: "internal-error", serverMessage: nil),
        .init(
            name: "redirect", fault: ["redirect": "http://127.0.0.1:9/elsewhere"], status: 1, code: "internal-error",
            serverMessage: nil),
        .init(
            name: "dropped connection", fault: ["dropConnection": true], status: 10, code: "network-error",
            serverMessage: nil),
        .init(
            name: "slower than --timeout", fault: ["delayMs": 8000], status: 10, code: "network-error",
            serverMessage: nil),
        .init(
            name: "unknown message",
            fault: ["status": 400, "body": .string(#"{"error":{"code":400,"message":"\#(unknownMessage)"}}"#)],
            status: 1, code: "internal-error", serverMessage: unknownMessage),
        .init(
            name: "API key not valid", fault: ["status": 400, "body": .string(invalidKeyBody)],
            status: 11, code: "invalid-api-key", serverMessage: invalidKeyMessage),
    ]
}

/// A command that talks to the server, the session it starts from, and the call it makes first.
struct ServerCommand: Sendable, CustomTestStringConvertible {
    enum Setup: Sendable { case passwordUser, anonymousUser, expiringPasswordUser }

    let name: String
    let arguments: [String]
    let stdin: String?
    let setup: Setup
    /// The route of the first request (faults are injected on every route; this one is counted).
    let firstRoute: String
    /// Whether that first call may be repeated (lookup, refresh, createAuthUri).
    let idempotent: Bool

    var testDescription: String { name }

    static let password = "secret-pass-1"
    static let all: [ServerCommand] = [
        .init(
            name: "signup", arguments: ["signup", "--email", "new@example.com", "--password-stdin"], stdin: password,
            setup: .passwordUser, firstRoute: "accounts:signUp", idempotent: false),
        .init(
            name: "signin password", arguments: ["signin", "--email", "holder@example.com", "--password-stdin"],
            stdin: password,
            setup: .passwordUser, firstRoute: "accounts:signInWithPassword", idempotent: false),
        .init(
            name: "signin anonymous", arguments: ["signin", "--anonymous"], stdin: nil,
            setup: .passwordUser, firstRoute: "accounts:signUp", idempotent: false),
        .init(
            name: "link", arguments: ["link", "--email", "linked@example.com", "--password-stdin"], stdin: password,
            setup: .anonymousUser, firstRoute: "accounts:signUp", idempotent: false),
        .init(
            name: "unlink", arguments: ["unlink", "password"], stdin: nil,
            setup: .passwordUser, firstRoute: "accounts:lookup", idempotent: true),
        .init(
            name: "reauth", arguments: ["reauth", "--password-stdin"], stdin: password,
            setup: .passwordUser, firstRoute: "accounts:signInWithPassword", idempotent: false),
        .init(
            name: "providers", arguments: ["providers"], stdin: nil,
            setup: .passwordUser, firstRoute: "accounts:lookup", idempotent: true),
        .init(
            name: "providers --email", arguments: ["providers", "--email", "holder@example.com"], stdin: nil,
            setup: .passwordUser, firstRoute: "accounts:createAuthUri", idempotent: true),
        .init(
            name: "token (expiring)", arguments: ["token"], stdin: nil,
            setup: .expiringPasswordUser, firstRoute: "token", idempotent: true),
        .init(
            name: "token --force-refresh", arguments: ["token", "--force-refresh"], stdin: nil,
            setup: .passwordUser, firstRoute: "token", idempotent: true),
        .init(
            name: "status", arguments: ["status"], stdin: nil,
            setup: .passwordUser, firstRoute: "accounts:lookup", idempotent: true),
    ]

    /// A sandbox signed in as this command needs, against `emulator`.
    func prepare(_ emulator: RunningEmulator) throws -> FauthSandbox {
        let sandbox = try FauthSandbox(emulator: emulator)
        switch setup {
        case .anonymousUser:
            #expect(try sandbox.guardedRun(["signin", "--anonymous"]).status == 0)
        case .expiringPasswordUser:
            emulator.configure(["fauth": ["idTokenLifetimeSeconds": 120]])
            #expect(try sandbox.signUp("holder@example.com", password: Self.password).status == 0)
        case .passwordUser:
            #expect(try sandbox.signUp("holder@example.com", password: Self.password).status == 0)
        }
        return sandbox
    }
}

/// Every kind of server fault against every command that talks to the server: the documented code and exit
/// status, `retryable` right, unknown messages kept verbatim, bounded retries, and the session file untouched.
@Suite struct ServerFaultTests {
    @Test(arguments: ServerFault.all, ServerCommand.all)
    func aServerFaultGivesItsDocumentedErrorAndChangesNothing(fault: ServerFault, command: ServerCommand) throws {
        let emulator = try RunningEmulator()
        let sandbox = try command.prepare(emulator)
        let before = try #require(sandbox.sessionBytes())
        let requestsBefore = emulator.requestCount(command.firstRoute)
        emulator.inject(route: "*", times: 10, fault.fault)

        // 5 s: a loaded machine can spend a shorter timeout before the first answer (start-up, loading libcurl),
        // which would end the command with a timeout instead of the fault's error.
        let run = try sandbox.guardedRun(
            command.arguments + ["--json", "--timeout", "5"], stdin: command.stdin, within: 60)

        if fault.name == "{} 200" && command.name == "providers --email" {
            // An empty createAuthUri answer is a valid one: the email has no sign-in methods.
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.json == [])
        } else {
            expectFailure(run, status: fault.status, code: fault.code)
            #expect(run.error["retryable"]?.bool == (fault.status == 10), "retryable; stderr: \(run.stderr)")
            if let message = fault.serverMessage {
                #expect(run.error["server"]?["message"]?.string == message, "the server's message, verbatim")
            }
        }
        #expect(sandbox.sessionBytes() == before, "the session file changed")
        #expect(sandbox.sessionFolderEntries().sorted() == ["default.json", "default.json.lock"])

        let attempts = emulator.requestCount(command.firstRoute) - requestsBefore
        let retried = fault.status == 10 && fault.name != "slower than --timeout"
        if command.idempotent && retried {
            #expect((1...3).contains(attempts), "an idempotent call is retried at most twice: \(attempts) attempts")
        } else {
            #expect(attempts == 1, "\(attempts) attempts; only idempotent calls that may succeed later are repeated")
        }
    }

    /// With time to spare, an idempotent call is tried three times, backing off within the announced ceilings
    /// (0.5 s, then 1 s): the total wait is bounded whatever the server does.
    @Test(arguments: [
        (["providers"], "accounts:lookup"), (["status"], "accounts:lookup"), (["token", "--force-refresh"], "token"),
        (["providers", "--email", "holder@example.com"], "accounts:createAuthUri"),
    ])
    func retriesBackOffWithinABoundedTotal(arguments: [String], route: String) throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("holder@example.com").status == 0)
        let before = emulator.requestCount(route)
        emulator.inject(route: "*", times: 10, ["status": 503, "body": "unavailable", "contentType": "text/plain"])
        let run = try sandbox.guardedRun(arguments + ["--json", "--verbose", "--timeout", "10"], within: 60)
        #expect(run.status == 10, "\(run.stderr)")
        let waits = run.stderr.split(separator: "\n").compactMap { line -> Double? in
            guard let range = line.range(of: "retrying in ") else { return nil }
            return Double(line[range.upperBound...].prefix { $0 != " " })
        }
        #expect(waits.count == 2, "two retries announced: \(run.stderr)")
        #expect(zip(waits, [0.5, 1.0]).allSatisfy { $0 <= $1 }, "back-off within its ceilings: \(waits)")
        #expect(emulator.requestCount(route) - before == 3)
    }
}
