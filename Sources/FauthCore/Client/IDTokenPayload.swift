import FauthJSON

/// The decoded payload of a Firebase ID token, for people and scripts (`fauth token --claims`, `status`): every
/// claim, and the custom claims an admin set (`customAttributes`, the Admin SDKs' `set_custom_user_claims`).
/// The signature is not checked, as for `IDTokenClaims`.
package struct IDTokenPayload: Sendable, Equatable {
    /// Every claim of the payload.
    package let claims: JSONObject

    /// The claims Firebase itself puts in an ID token, and the names it reserves (a custom claim cannot use them).
    static let firebaseClaims: Set = [
        "iss", "aud", "auth_time", "user_id", "sub", "iat", "exp", "email", "email_verified", "phone_number", "name",
        "picture", "firebase", "provider_id", "acr", "amr", "at_hash", "azp", "cnf", "c_hash", "jti", "nbf", "nonce",
    ]

    /// The payload of `token`; nil when it is not a JWT.
    package init?(token: String) {
        guard let claims = JWTPayload.decode(token) else { return nil }
        self.claims = claims
    }

    /// The custom claims: every claim but Firebase's own and the reserved names.
    package var customClaims: JSONObject {
        var custom = JSONObject()
        for (key, value) in claims where !Self.firebaseClaims.contains(key) { custom[key] = value }
        return custom
    }
}
