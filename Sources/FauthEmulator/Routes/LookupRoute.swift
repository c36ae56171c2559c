import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:lookup`.
    static let lookup = Route(
        "POST", "/identitytoolkit.googleapis.com/v1/accounts:lookup", access: .apiKey,
        schema: .lookup, answer: LookupRoute.answer, handler: LookupRoute.handle)
}

/// `accounts:lookup`: the ID token's user, or (privileged) users by localId, email, phone number or federated id.
enum LookupRoute {
    /// The answer (`GetAccountInfoResponse`): `users` only when some account matched.
    static let answer = RouteAnswer.json(.object(required: ["kind": .string], optional: ["users": .array(.userInfo)]))

    /// Handles the route.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        let users = try request.isPrivileged ? adminMatches(request, project) : [ownUser(request, state, project)]
        // The accounts are copies: their answer is built after the state's lock is released.
        return HTTPResponse.json { [users] in
            var response: JSONObject = ["kind": "identitytoolkit#GetAccountInfoResponse"]
            if !users.isEmpty { response["users"] = .array(users.map { .object($0.accountInfo) }) }
            return response
        }
    }

    private static func ownUser(_ request: RouteRequest, _ state: EmulatorState, _ project: ProjectState)
        throws(APIError) -> UserRecord
    {
        let idToken = try request.requireField("idToken", else: "MISSING_ID_TOKEN")
        return try state.parseIdToken(
            idToken, in: project, nowMillis: Timestamp.nowMillis(), decoded: request.idTokenPayload
        ).user
    }

    /// The users matching any of the privileged selectors, de-duplicated, in selector order.
    static func adminMatches(_ request: RouteRequest, _ project: ProjectState) throws(APIError) -> [UserRecord] {
        try rejectUnimplemented(request.body["initialEmail"] != nil, "Lookup by initialEmail is not implemented.")
        var found: [UserRecord] = []
        func add(_ user: UserRecord?) {
            if let user, !found.contains(where: { $0.localId == user.localId }) { found.append(user) }
        }
        for localId in try request.strings("localId") ?? [] { add(project.user(localId: localId)) }
        for email in try request.strings("email") ?? [] { project.users(email: email).forEach(add) }
        for phone in try request.strings("phoneNumber") ?? [] { add(project.user(phoneNumber: phone)) }
        if let entries = try request.array("federatedUserId") {
            for entry in entries {
                if let providerId = entry["providerId"]?.string, let rawId = entry["rawId"]?.string {
                    add(project.user(providerId: providerId, rawId: rawId))
                }
            }
        }
        return found
    }
}
