import FauthJSON

/// The Secure Token API's `token` call: a new ID token (and refresh token) for a refresh token.
public struct RefreshTokenEndpoint: Endpoint {
    /// The refresh token.
    public var refreshToken: String

    /// Makes a refresh request.
    public init(refreshToken: String) {
        self.refreshToken = refreshToken
    }

    /// Secure Token v1.
    public static let service = Service.secureToken
    /// `token`.
    public static let path = "token"
    /// Idempotent: the old refresh token stays valid, so a repeat is harmless.
    public static let isIdempotent = true

    /// `{grantType: "refresh_token", refreshToken}` (JSON, as the SDKs send it).
    public var body: JSONValue {
        ["grantType": "refresh_token", "refreshToken": .string(refreshToken)]
    }

    /// The refresh token.
    public var secrets: [String] { [refreshToken] }

    /// Decodes the snake_case answer; the ID token is `id_token`, or `access_token` when that is absent.
    public static func decode(_ json: JSONValue) throws(FauthError) -> RefreshTokenResponse {
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
