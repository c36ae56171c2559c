import FauthTestSupport
import Foundation
import Testing

@testable import FauthCore

/// Every session command maps the same server answer to the same code and does the same to the session (issue 10):
/// a rejected ID token is refreshed once and the call retried; only a refused refresh, or a user gone or disabled,
/// ends the session.
@Suite struct SessionAnswerTableTests {
    enum Command: String, CaseIterable, Sendable {
        case providers, unlink, link, status

        /// The endpoint of the command's first call with the session's ID token.
        var firstCall: String { self == .link ? "accounts:signUp" : "accounts:lookup" }

        /// Scripts the answers of a successful run (after the first call was answered).
        func scriptSuccess(_ account: FakeAccount, on transport: ScriptedTransport) {
            switch self {
            case .providers, .status:
                transport.reply(to: "accounts:lookup", account.lookupReply())
            case .unlink:
                transport.reply(to: "accounts:lookup", account.lookupReply())
                // accounts:update answers with the providers left: unlink makes no second lookup
                transport.reply(
                    to: "accounts:update",
                    .json(200, #"{"localId":"U1","providerUserInfo":[{"providerId":"password"}]}"#))
            case .link:  // the sign-up cached that the backend serves no password policy: link does not ask again
                transport.reply(to: "accounts:signUp", account.signInReply(serial: 3))
                transport.reply(to: "accounts:lookup", account.lookupReply())
            }
        }

        func run(_ client: AuthClient) throws {
            switch self {
            case .providers: _ = try client.providers()
            case .unlink: _ = try client.unlink(providerId: "google.com")
            case .link: _ = try client.link(.password(email: "ada@example.com", password: "secret123"))
            case .status: _ = try client.status()
            }
        }
    }

    /// A signed-in client (the account has a password and a Google provider, so unlink has one to remove).
    private func signedIn(_ transport: ScriptedTransport, folder: TemporaryFolder) throws -> (AuthClient, FakeAccount) {
        var account = FakeAccount()
        account.providers = ["password", "google.com"]
        account.scriptSignUp(on: transport)
        let configuration = try ConfigurationResolver.resolve(
            flags: ConfigurationInputs(emulatorHost: BackendProbe.emulatorHost), environment: [:], session: nil)
        let client = AuthClient(
            configuration: configuration, store: SessionStore(path: folder.file("s.json")), transport: transport)
        _ = try client.signUp(email: "ada@example.com", password: "secret123")
        return (client, account)
    }

    @Test(arguments: Command.allCases, ["INVALID_ID_TOKEN", "TOKEN_EXPIRED"])
    func aRejectedTokenIsRefreshedOnceAndTheCallRetried(command: Command, message: String) throws {
        let transport = ScriptedTransport()
        let folder = TemporaryFolder()
        let (client, account) = try signedIn(transport, folder: folder)
        var linkAccount = account
        if command == .link { linkAccount.providers = ["google.com"] }
        transport.reply(to: command.firstCall, .firebaseError(400, message))
        transport.reply(to: "token", account.refreshReply(serial: 2))
        command.scriptSuccess(linkAccount, on: transport)
        if command == .link {  // the session's user must not have a password yet for link to send anything
            try client.store.withLock { file in
                var session = try #require(try file.read())
                session.user.providers.removeAll { $0.providerId == "password" }
                try file.write(session)
            }
        }
        try command.run(client)
        transport.expectAllRepliesUsed()
        let calls = transport.requests(to: command.firstCall)  // [sign-up's, the rejected one, the retry, …]
        #expect(calls.count >= 3)
        #expect(calls[1].json?["idToken"]?.string == account.idToken(serial: 1))
        #expect(
            calls[2].json?["idToken"]?.string == account.idToken(serial: 2), "the retry carries the refreshed token")
        #expect(try client.store.load() != nil)
    }

    /// (the first call's answer, the refresh's answer or nil when there is none, the code, whether the session stays)
    static let answers: [(String, String?, ErrorCode, Bool)] = [
        ("INVALID_ID_TOKEN", "INVALID_REFRESH_TOKEN", .invalidUserToken, false),
        ("TOKEN_EXPIRED", "TOKEN_EXPIRED", .userTokenExpired, false),
        ("INVALID_ID_TOKEN", "USER_DISABLED", .userDisabled, false),
        ("USER_DISABLED", nil, .userDisabled, false),
        ("USER_NOT_FOUND", nil, .userNotFound, false),
        ("CREDENTIAL_TOO_OLD_LOGIN_AGAIN", nil, .requiresRecentLogin, true),
    ]

    @Test(arguments: Command.allCases.filter { $0 != .link }, 0..<answers.count)
    func everyCommandMapsTheSameAnswerToTheSameCode(command: Command, row: Int) throws {
        let (first, refresh, code, kept) = Self.answers[row]
        let transport = ScriptedTransport()
        let folder = TemporaryFolder()
        let (client, _) = try signedIn(transport, folder: folder)
        transport.reply(to: command.firstCall, .firebaseError(400, first))
        if let refresh {
            transport.reply(to: "token", .firebaseError(400, refresh))
        }
        let error = try #require(fauthError { try command.run(client) })
        #expect(error.code == code, "status reports the server's code as every command does")
        #expect(error.server?.message == refresh ?? first)
        #expect((try client.store.load() != nil) == kept)
        transport.expectAllRepliesUsed()
    }

    @Test func aRefreshedTokenTheServerStillRejectsIsReportedAndTheSessionKept() throws {
        let transport = ScriptedTransport()
        let folder = TemporaryFolder()
        let (client, account) = try signedIn(transport, folder: folder)
        transport.reply(to: "accounts:lookup", .firebaseError(400, "INVALID_ID_TOKEN"))
        transport.reply(to: "token", account.refreshReply(serial: 2))
        transport.reply(to: "accounts:lookup", .firebaseError(400, "INVALID_ID_TOKEN"))
        #expect(fauthError { _ = try client.providers() }?.code == .invalidUserToken)
        #expect(try client.store.load()?.idToken == account.idToken(serial: 2), "the accepted refresh is kept")
        transport.expectAllRepliesUsed()
    }

    @Test func aCachedTokenThatIsNotAJWTIsRefreshedNotPrinted() throws {
        let transport = ScriptedTransport()
        let folder = TemporaryFolder()
        let (client, account) = try signedIn(transport, folder: folder)
        try client.store.withLock { file in
            var session = try #require(try file.read())
            session.idToken = "not-a-jwt"
            try file.write(session)
        }
        transport.reply(to: "token", account.refreshReply(serial: 2))
        #expect(try client.idToken(forceRefresh: false).token == account.idToken(serial: 2))
        let before = try Data(contentsOf: URL(fileURLWithPath: client.store.path))
        transport.reply(
            to: "token", .json(200, #"{"id_token":"still-not-a-jwt","refresh_token":"RT3","expires_in":"3600"}"#))
        #expect(fauthError { _ = try client.idToken(forceRefresh: true) }?.code == .malformedJWT)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: client.store.path)) == before,
            "a refresh answered with a non-JWT leaves the session as it was")
        transport.expectAllRepliesUsed()
    }
}
