import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken`.
    static let signInWithCustomToken = Route(
        "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken",
        access: .apiKey, schema: .signInWithCustomToken,
        answer: .json(
            .object(
                required: AnswerSchema.issuedTokens.merging(["kind": .string, "isNewUser": .boolean]) { $1 })),
        handler: SignInWithCustomTokenRoute.handle)
}

/// `accounts:signInWithCustomToken`: signs in (or creates) the token's user with provider `custom`, the token's
/// claims added to every ID token of the session.
enum SignInWithCustomTokenRoute {
    /// Answers one request.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let nowMillis = Timestamp.nowMillis()
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        let token = try CustomToken(
            try request.requireField("token", else: "MISSING_CUSTOM_TOKEN"), tenantId: project.tenantId)
        var user: UserRecord
        let isNewUser: Bool
        if let existing = project.user(localId: token.localId) {
            try ensure(!existing.disabled, "USER_DISABLED")
            user = existing
            isNewUser = false
        } else {
            user = project.newUser(localId: token.localId, nowMillis: nowMillis)
            isNewUser = true
        }
        user.customAuth = true
        var response: JSONObject = ["kind": "identitytoolkit#VerifyCustomTokenResponse", "isNewUser": .bool(isNewUser)]
        state.signIn(user, signInProvider: "custom", in: project, extraClaims: token.claims, nowMillis: nowMillis)
            .add(to: &response)
        return .json(response)
    }
}
