/// The answer to a token refresh.
package struct RefreshTokenResponse: Sendable, Equatable {
    /// The new ID token, refresh token and lifetime.
    package var tokens: SessionTokens
    /// The user's uid (`user_id`).
    package var userId: String?
    /// The project id (`project_id`).
    package var projectId: String?

    /// Makes a response.
    package init(tokens: SessionTokens, userId: String? = nil, projectId: String? = nil) {
        self.tokens = tokens
        self.userId = userId
        self.projectId = projectId
    }
}
