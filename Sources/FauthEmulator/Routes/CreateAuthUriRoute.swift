import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:createAuthUri`.
    static let createAuthUri = Route(
        "POST", "/identitytoolkit.googleapis.com/v1/accounts:createAuthUri", access: .apiKey,
        schema: .createAuthUri,
        answer: .json(
            .object(
                required: ["kind": .string, "sessionId": .string],
                optional: [
                    "registered": .boolean, "allProviders": .array(.string), "signinMethods": .array(.string),
                    "authUri": .string, "providerId": .string,
                ])),
        handler: CreateAuthUriRoute.handle)
}

/// `accounts:createAuthUri`: whether an email is registered and how it can sign in (hidden with email privacy on).
enum CreateAuthUriRoute {
    /// Handles the route, with Firebase's check order.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        // Firebase's emulator answers 501 "Sign-in with IDP is not yet supported." here; fauth's serves its sign-in page.
        if request.isTruthy("providerId") { return try providerSignIn(request, project: project, state: state) }
        let identifier = try request.requireField("identifier", else: "MISSING_IDENTIFIER")
        let continueUri = try request.requireField("continueUri", else: "MISSING_CONTINUE_URI")
        try ensure(state.config.acceptsEmail(identifier), "INVALID_IDENTIFIER")
        try ensure(isAbsoluteURI(continueUri), "INVALID_CONTINUE_URI")
        let sessionId =
            try request.string("sessionId").flatMap { $0.isEmpty ? nil : $0 } ?? RandomID.alphanumeric(count: 27)
        var response: JSONObject = ["kind": "identitytoolkit#CreateAuthUriResponse"]
        if state.config.improvedEmailPrivacy {
            response["sessionId"] = .string(sessionId)
            return HTTPResponse.json(response)
        }
        let email = identifier.lowercased()
        let matches = project.users(email: email) + project.usersByProviderEmail(email)
        // With duplicate emails allowed only an account with a top-level email counts.
        let user = state.config.allowDuplicateEmails ? matches.first { $0.email != nil } : matches.first
        var allProviders: [String] = []
        var signinMethods: [String] = []
        for info in user?.providerUserInfo ?? [] {
            if info.providerId == "password" {
                allProviders.append("password")
                if user?.passwordHash != nil { signinMethods.append("password") }
                if user?.emailLinkSignin == true { signinMethods.append("emailLink") }
            } else if info.providerId != "phone", !state.config.allowDuplicateEmails {
                allProviders.append(info.providerId)
                signinMethods.append(info.providerId)
            }
        }
        response["registered"] = .bool(user != nil)
        response["allProviders"] = .array(allProviders.map { .string($0) })
        response["sessionId"] = .string(sessionId)
        response["signinMethods"] = .array(signinMethods.map { .string($0) })
        return HTTPResponse.json(response)
    }
}
