import FauthJSON

/// The HTTP status and raw server message of a failure that came from the backend.
package struct ServerDetail: Sendable, Equatable {
    /// The HTTP status of the answer (200 for the backend's soft errors).
    package var status: Int
    /// The server's `error.message` verbatim (or `errorMessage` of a soft error); nil when the body had none.
    package var message: String?

    /// Makes a server detail.
    package init(status: Int, message: String? = nil) {
        self.status = status
        self.message = message
    }
}

/// The transport or system error behind a failure (the SDK's `NSUnderlyingErrorKey`).
package struct UnderlyingError: Sendable, Equatable {
    /// Where the code comes from, e.g. `curl` or `posix`.
    package var domain: String
    /// The code in that domain, e.g. a `CURLcode` or an `errno`.
    package var code: Int
    /// A description of the underlying error; never holds a secret.
    package var message: String

    /// Makes an underlying error.
    package init(domain: String, code: Int, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }
}

extension SystemError {
    /// The form of this error that goes into `FauthError.underlying`.
    var underlying: UnderlyingError {
        UnderlyingError(domain: "posix", code: Int(code), message: "\(operation): \(description)")
    }
}

/// A failure of any fauth operation: a stable code plus what the server and the system said (`docs/design/errors.md`).
package struct FauthError: Error, Sendable, Equatable {
    /// The stable code; it alone decides the exit status.
    package var code: ErrorCode
    /// For developers: the server's detail (after the first `:`) when there is one, else the code's default text.
    package var message: String
    /// A failure reason where the server gives one, e.g. the `WEAK_PASSWORD` detail.
    package var reason: String?
    /// The HTTP status and raw message, when the failure came from the backend.
    package var server: ServerDetail?
    /// The transport or system error that caused the failure.
    package var underlying: UnderlyingError?
    /// The email concerned by a conflict (`email-already-in-use`, `account-exists-with-different-credential`, …).
    package var email: String?
    /// For `account-exists-with-different-credential`: how the existing account can sign in.
    package var signInMethods: [String]?
    /// For `second-factor-required`: the factors and until when the pending step is kept, never the pending
    /// credential.
    package var secondFactor: SecondFactorChallenge?
    /// For `password-does-not-meet-requirements`: every requirement of the project's policy, each with whether the
    /// password meets it.
    package var requirements: [PasswordRequirement]?
    /// What the failure has to do with the caller's inputs, for a front end to word (never in the JSON object).
    package var inputProblem: InputProblem?
    /// What to run next, for a front end to word as its own command (never in the JSON object).
    package var nextStep: NextStep?
    /// For `server-changed`: what the server had already done when fauth failed.
    package var serverChange: ServerChange?

    /// Makes an error; a nil or empty `message` falls back to the code's default text.
    package init(
        _ code: ErrorCode, message: String? = nil, reason: String? = nil, server: ServerDetail? = nil,
        underlying: UnderlyingError? = nil
    ) {
        self.code = code
        if let message, !message.isEmpty {
            self.message = message
        } else {
            self.message = code.defaultMessage
        }
        self.reason = reason
        self.server = server
        self.underlying = underlying
    }

    /// The process exit status for this error.
    package var exitStatus: Int32 { code.exitStatus }
}
