extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:delete`.
    static let delete = Route(
        "POST", "/identitytoolkit.googleapis.com/v1/accounts:delete", access: .apiKey,
        schema: .delete, answer: .json(.object(required: ["kind": .string])), handler: DeleteRoute.handle)
}

/// `accounts:delete`: the ID token's user, or (privileged) a user by localId.
enum DeleteRoute {
    /// Handles the route.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        let now = Timestamp.nowMillis()
        let user: UserRecord
        if request.isPrivileged {
            let localId = try request.requireField("localId", else: "MISSING_LOCAL_ID")
            guard let found = project.user(localId: localId) else { throw APIError.badRequest("USER_NOT_FOUND") }
            user = found
        } else {
            let idToken = try request.requireField("idToken", else: "MISSING_ID_TOKEN")
            let token = try state.parseIdToken(idToken, in: project, nowMillis: now)
            if !request.isPrivileged { try state.checkRecentLogin(token, nowMillis: now) }
            user = token.user
        }
        project.deleteUser(localId: user.localId)
        return HTTPResponse.json(["kind": "identitytoolkit#DeleteAccountResponse"])
    }
}
