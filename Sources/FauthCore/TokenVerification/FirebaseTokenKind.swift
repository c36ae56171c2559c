/// What `verify-token` verifies: an ID token or a session cookie, each with its issuer, its published keys and its
/// error codes, as the Admin SDKs' `verifyIdToken` and `verifySessionCookie` have them.
package enum FirebaseTokenKind: Sendable, Equatable {
    case idToken, sessionCookie

    /// How the Admin SDKs' messages name it: "Firebase ID token", "Firebase session cookie".
    package var noun: String {
        self == .idToken ? "Firebase ID token" : "Firebase session cookie"
    }

    /// The issuer a token of `projectId` carries.
    package func issuer(projectId: String) -> String {
        (self == .idToken ? "https://securetoken.google.com/" : "https://session.firebase.google.com/") + projectId
    }

    /// Where Google publishes the certificates (`{kid: PEM}`), after `https://www.googleapis.com/` (and after an
    /// emulator's `http://HOST:PORT/www.googleapis.com/`).
    package var certificatesPath: String {
        switch self {
        case .idToken: "robot/v1/metadata/x509/securetoken@system.gserviceaccount.com"
        case .sessionCookie: "identitytoolkit/v3/relyingparty/publicKeys"
        }
    }

    /// The code of a token past its `exp`.
    package var expiredCode: ErrorCode { self == .idToken ? .idTokenExpired : .sessionCookieExpired }
    /// The code of a token issued before the user's tokens were revoked.
    package var revokedCode: ErrorCode { self == .idToken ? .idTokenRevoked : .sessionCookieRevoked }
    /// The code of any other refusal (with its reason).
    package var invalidCode: ErrorCode { self == .idToken ? .invalidIdToken : .invalidSessionCookie }
}
