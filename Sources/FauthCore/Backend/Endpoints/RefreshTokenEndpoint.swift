import FauthJSON

/// The Secure Token API's `token` call: a new ID token (and refresh token) for a refresh token.
package struct RefreshTokenEndpoint: Endpoint {
    /// The refresh token.
    package var refreshToken: String

    /// Makes a refresh request.
    package init(refreshToken: String) {
        self.refreshToken = refreshToken
    }

    /// Secure Token v1.
    package static let service = Service.secureToken
    /// `token`.
    package static let path = "token"
    /// Idempotent: the old refresh token stays valid, so a repeat is harmless.
    package static let isIdempotent = true

    /// `{grantType: "refresh_token", refreshToken}` (JSON, as the SDKs send it).
    package var body: JSONValue {
        ["grantType": "refresh_token", "refreshToken": .string(refreshToken)]
    }

    /// The refresh token.
    package var secrets: [String] { [refreshToken] }

    /// Decodes the snake_case answer; the ID token is `id_token`, or `access_token` when that is absent.
    package static func decode(_ json: JSONValue) throws(FauthError) -> RefreshTokenResponse {
        let reader = try ResponseReader(json, endpoint: path)
        let idToken = try reader.optionalString("id_token") ?? ""
        let accessToken = try reader.optionalString("access_token") ?? ""
        let refreshToken = try reader.string("refresh_token")
        guard !(idToken.isEmpty && accessToken.isEmpty), !refreshToken.isEmpty else {
            throw ResponseReader.malformed(path, "no ID token or refresh token")
        }
        return RefreshTokenResponse(
            tokens: SessionTokens(
                idToken: idToken.isEmpty ? accessToken : idToken, refreshToken: refreshToken,
                expiresIn: try reader.integer("expires_in", in: SessionTokens.lifetimeRange)),
            userId: try reader.optionalString("user_id"),
            projectId: try reader.optionalString("project_id"))
    }
}
