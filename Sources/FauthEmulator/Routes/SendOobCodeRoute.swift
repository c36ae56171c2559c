import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:sendOobCode`.
    static let sendOobCode = Route(
        "POST", "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode", access: .apiKey,
        schema: .sendOobCode,
        answer: .json(
            .object(
                required: ["kind": .string, "email": .string], optional: ["oobCode": .string, "oobLink": .string])),
        handler: SendOobCodeRoute.handle)
}

/// `accounts:sendOobCode`: issues an email action code; the link is logged and listed, never mailed.
enum SendOobCodeRoute {
    /// Handles the route, with Firebase's check order per request type.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        let requestType = try request.string("requestType") ?? "OOB_REQ_TYPE_UNSPECIFIED"
        try ensure(requestType != "OOB_REQ_TYPE_UNSPECIFIED", "MISSING_REQ_TYPE")
        let returnOobLink = try request.bool("returnOobLink") ?? false
        try ensure(!returnOobLink || request.isPrivileged, "INSUFFICIENT_PERMISSION")
        let continueUrl = try request.string("continueUrl").flatMap { $0.isEmpty ? nil : $0 }
        if let continueUrl {
            try ensure(
                isAbsoluteURI(continueUrl),
                "INVALID_CONTINUE_URI : ((expected an absolute URI with valid scheme and host))")
        }
        let now = Timestamp.nowMillis()
        let email: String
        var newEmail: String?
        switch requestType {
        case "EMAIL_SIGNIN":
            try ensure(state.signInSettings(for: project).enableEmailLinkSignin, "OPERATION_NOT_ALLOWED")
            email = try request.requireField("email", else: "MISSING_EMAIL").lowercased()
        case "PASSWORD_RESET":
            email = try request.requireField("email", else: "MISSING_EMAIL").lowercased()
            if project.user(email: email) == nil {
                try ensure(state.config.improvedEmailPrivacy, "EMAIL_NOT_FOUND")
                return HTTPResponse.json([
                    "kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": .string(email),
                ])
            }
        case "VERIFY_EMAIL":
            email = try targetUser(
                request, state: state, project: project, idTokenMissing: "INVALID_ID_TOKEN", nowMillis: now)
        case "VERIFY_AND_CHANGE_EMAIL":
            let wanted = try request.requireField("newEmail", else: "MISSING_NEW_EMAIL").lowercased()
            email = try targetUser(
                request, state: state, project: project, idTokenMissing: "MISSING_ID_TOKEN", nowMillis: now)
            try ensure(project.user(email: wanted) == nil, "EMAIL_EXISTS")
            newEmail = wanted
        default:
            throw APIError.notImplemented(requestType)
        }
        let oob = project.issueOobCode(
            requestType: requestType, email: email, newEmail: newEmail,
            host: state.linkAuthority,
            continueUrl: continueUrl)
        var response: JSONObject = ["kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": .string(email)]
        if returnOobLink {
            response["oobCode"] = .string(oob.code)
            response["oobLink"] = .string(oob.oobLink)
        } else if let line = ConsoleMessages.line(for: oob) {
            // As Firebase's emulator: a link asked for in the answer is not printed too.
            state.site.console.print(line)
        }
        return HTTPResponse.json(response)
    }

    /// The email of the user a verification code is for: by `email` on the admin path (returnOobLink, no idToken),
    /// else the ID token's user (`idTokenMissing` when there is no idToken); MISSING_EMAIL when that user has none.
    private static func targetUser(
        _ request: RouteRequest, state: EmulatorState, project: ProjectState,
        idTokenMissing: String, nowMillis: Int
    ) throws(APIError) -> String {
        let idToken = try request.string("idToken") ?? ""
        if try request.bool("returnOobLink") == true, idToken.isEmpty {
            let email = try request.requireField("email", else: "MISSING_EMAIL")
            guard let user = project.user(email: email) else { throw APIError.badRequest("USER_NOT_FOUND") }
            return user.email ?? email.lowercased()
        }
        try ensure(!idToken.isEmpty, idTokenMissing)
        let user = try state.parseIdToken(idToken, in: project, nowMillis: nowMillis).user
        guard let email = user.email else { throw APIError.badRequest("MISSING_EMAIL") }
        return email
    }
}
