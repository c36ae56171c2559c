/// What an operation had changed on the server when it then failed locally (the error contract's server-changed
/// rule): the failure says so, as `server-changed`, and never advises running the same command again.
package enum ServerChange: Sendable, Equatable {
    /// An account was created (by a sign-up, an anonymous sign-in or a first sign-in with a provider).
    case accountCreated(uid: String, email: String?, providerId: String)
    /// The signed-in user's account was changed (a link, an unlink, an update, a second factor enrolled).
    case accountChanged
    /// The signed-in user's account was deleted.
    case accountDeleted
}

extension FauthError {
    /// `server-changed`: `failure` came after `change` was made on the server. The server's and the system's detail
    /// are kept; the message says what the server did and what failed (a temporary failure's own words, which
    /// advise a retry, are left out).
    package init(serverChanged change: ServerChange, after failure: FauthError) {
        let words = failure.message.hasSuffix(".") ? String(failure.message.dropLast()) : failure.message
        let detail = failure.code.isRetryable ? failure.code.rawValue : "\(failure.code.rawValue): \(words)"
        let message: String
        var nextStep: NextStep? = .recoverFrom(change)
        switch change {
        case .accountCreated(let uid, _, "anonymous"):
            message =
                "An anonymous account (uid \(uid)) was created on the server, but fauth could not keep its "
                + "session (\(detail)); nothing can sign in to it again."
            nextStep = nil
        case .accountCreated(let uid, let email, let providerId):
            message =
                "The account \(email ?? uid) was created on the server (\(providerId)), but fauth could not "
                + "finish signing in (\(detail))."
        case .accountChanged:
            message = "The account was changed on the server, but fauth could not update the session (\(detail))."
        case .accountDeleted:
            message = "The account was deleted on the server, but fauth could not remove its session (\(detail))."
        }
        self.init(.serverChanged, message: message, server: failure.server, underlying: failure.underlying)
        self.serverChange = change
        self.nextStep = nextStep
    }
}
