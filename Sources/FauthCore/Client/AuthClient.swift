#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The client operations, as the Firebase Apple SDK's `Auth` and `User` offer them, over one profile's session
/// file. Every step that changes the session holds the session lock from reading to writing; a failure leaves
/// the file as it was, unless the server says the session is dead, when it is removed.
///
/// One concern per file: signing in (`AuthClient+SignIn.swift`), the signed-in user's operations
/// (`AuthClient+User.swift`), and the session machinery they run in, the lock, the refresh and the dead-session
/// rule (`AuthClient+Session.swift`, with `TokenRefreshRule`).
public struct AuthClient: Sendable {
    /// The resolved project settings.
    public let configuration: ResolvedConfiguration
    /// The profile's session file.
    public let store: SessionStore
    let backend: Backend
    let now: @Sendable () -> Date
    /// Receives what a successful operation wants the user to know (`FauthWarning`).
    let warn: (@Sendable (FauthWarning) -> Void)?

    /// Makes a client; `trace` receives one line per request for `--verbose`, `warn` the warnings.
    public init(configuration: ResolvedConfiguration, store: SessionStore, transport: any HTTPTransport,
                trace: (@Sendable (String) -> Void)? = nil, warn: (@Sendable (FauthWarning) -> Void)? = nil,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.configuration = configuration
        self.store = store
        self.backend = Backend(configuration: configuration.backendConfiguration, transport: transport, trace: trace)
        self.warn = warn
        self.now = now
    }

    /// The user `idToken` belongs to, looked up afresh (`accounts:lookup`).
    func lookUpUser(idToken: String) throws -> UserRecord {
        UserRecord(try backend.call(LookupEndpoint(idToken: idToken)).user, idToken: idToken)
    }

    /// A session for new tokens: the user looked up with them, the project settings they were made with.
    func makeSession(_ tokens: SessionTokens, replacing previous: Session?) throws -> Session {
        Session(tokens: tokens, user: try lookUpUser(idToken: tokens.idToken), project: configuration.projectSettings,
                previous: previous, now: now())
    }

    /// `second-factor-required`, listing the factors of a sign-in that needs one.
    func secondFactorError(_ outcome: SignInOutcome) -> FauthError {
        var error = FauthError(.secondFactorRequired)
        if case .secondFactorRequired(_, let enrollments) = outcome {
            error.mfa = ["factors": .array(enrollments.map(\.jsonObject))]
        }
        return error
    }
}
