import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:resetPassword`.
    static let resetPassword = Route(
        "POST", "/identitytoolkit.googleapis.com/v1/accounts:resetPassword", access: .apiKey,
        schema: .resetPassword,
        answer: .json(
            .object(
                required: ["kind": .string, "requestType": .string], optional: ["email": .string, "newEmail": .string])),
        handler: ResetPasswordRoute.handle)
}

/// `accounts:resetPassword`: reports an OOB code's purpose, or with `newPassword` consumes a PASSWORD_RESET code.
enum ResetPasswordRoute {
    /// Handles the route.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        return .json(
            try answer(
                oobCode: try request.string("oobCode"), newPassword: try request.string("newPassword"),
                in: project, state: state))
    }

    /// The reply to a code and an optional new password, with Firebase's check order (also used by the
    /// `/emulator/action` links).
    static func answer(
        oobCode: String?, newPassword: String?, in project: ProjectState,
        state: EmulatorState
    ) throws(APIError) -> JSONObject {
        try state.checkProjectEnabled(project)
        try ensure(state.signInSettings(for: project).allowPasswordSignup, "PASSWORD_LOGIN_DISABLED")
        guard let code = oobCode, !code.isEmpty else { throw APIError.badRequest("MISSING_OOB_CODE") }
        guard let oob = project.oobCode(code) else { throw APIError.badRequest("INVALID_OOB_CODE") }
        var response: JSONObject = [
            "kind": "identitytoolkit#ResetPasswordResponse", "requestType": .string(oob.requestType),
        ]
        guard let newPassword, !newPassword.isEmpty else {
            if oob.requestType != "EMAIL_SIGNIN" { response["email"] = .string(oob.email) }
            if let newEmail = oob.newEmail { response["newEmail"] = .string(newEmail) }
            return response
        }
        try ensure(oob.requestType == "PASSWORD_RESET", "INVALID_OOB_CODE")
        try state.checkNewPassword(newPassword)
        _ = project.consumeOobCode(code)
        guard var user = project.user(email: oob.email) else { throw APIError.badRequest("INVALID_OOB_CODE") }
        user.setPassword(newPassword, nowMillis: Timestamp.nowMillis())
        user.emailVerified = true
        user.providerUserInfo.removeAll { $0.providerId != "password" && $0.providerId != "phone" }
        user.syncPasswordProvider()
        project.save(user)
        response["email"] = .string(oob.email)
        return response
    }
}
