/// The answer to a token refresh.
public struct RefreshTokenResponse: Sendable, Equatable {
    /// The new ID token, refresh token and lifetime.
    public var tokens: SessionTokens
    /// The user's uid (`user_id`).
    public var userId: String?
    /// The project id (`project_id`).
    public var projectId: String?

    /// Makes a response.
    public init(tokens: SessionTokens, userId: String? = nil, projectId: String? = nil) {
        self.tokens = tokens
        self.userId = userId
        self.projectId = projectId
    }
}
