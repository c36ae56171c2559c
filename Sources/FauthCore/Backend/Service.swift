/// The Google API a backend call goes to.
package enum Service: Sendable, Equatable {
    /// Identity Toolkit v1 (`identitytoolkit.googleapis.com/v1/accounts:…`): sign-up, sign-in, account management.
    case identityToolkitV1
    /// Identity Toolkit v2 (`identitytoolkit.googleapis.com/v2/…`): multi-factor and password policy.
    case identityToolkitV2
    /// Secure Token v1 (`securetoken.googleapis.com/v1/token`): ID token refresh.
    case secureToken

    /// The production host name, which is also the first path segment on an emulator.
    var host: String {
        switch self {
        case .identityToolkitV1, .identityToolkitV2: return "identitytoolkit.googleapis.com"
        case .secureToken: return "securetoken.googleapis.com"
        }
    }

    /// The API version path segment.
    var version: String {
        switch self {
        case .identityToolkitV1, .secureToken: return "v1"
        case .identityToolkitV2: return "v2"
        }
    }

    /// Whether request bodies carry the configured `tenantId` (every Identity Toolkit call does).
    var takesTenantId: Bool {
        self != .secureToken
    }
}
