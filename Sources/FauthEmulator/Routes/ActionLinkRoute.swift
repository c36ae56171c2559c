import FauthHTTPCodec
import FauthJSON

extension RouteTable {
    /// `GET /emulator/action?mode=&oobCode=&apiKey=[&continueUrl=][&newPassword=][&tenantId=]`: what opening an OOB
    /// link does (no credential needed, as in Firebase's emulator).
    static let emulatorAction = Route(
        "GET", "/emulator/action", access: .open,
        answer: .redirect(or: .jsonRefusing(ActionLinkRoute.appliedAnswer, refusal: .authEmulator)),
        handler: ActionLinkRoute.handle)
}

/// The landing page of the emulator's OOB links: applies the code and answers `{"authEmulator": {success|error, …}}`,
/// or redirects (303) to the link's `continueUrl`.
enum ActionLinkRoute {
    /// The answer of an applied link without a `continueUrl`: what was done, and to which email (`newEmail` for a
    /// changed one).
    static let appliedAnswer = AnswerSchema.object(required: [
        "authEmulator": .object(required: ["success": .string], optional: ["email": .string, "newEmail": .string])
    ])

    /// Handles one opened link.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        guard let apiKey = request.query("apiKey"), !apiKey.isEmpty else {
            return answer(
                400,
                [
                    "error": "missing apiKey query parameter",
                    "instructions": "Please modify the URL to specify an apiKey, such as ...&apiKey=YOUR_API_KEY",
                ])
        }
        guard let code = request.query("oobCode"), !code.isEmpty else {
            return answer(
                400,
                [
                    "error": "missing oobCode query parameter",
                    "instructions": "Please modify the URL to specify an oobCode, such as ...&oobCode=YOUR_OOB_CODE",
                ])
        }
        let project = state.project(tenantId: request.query("tenantId").flatMap { $0.isEmpty ? nil : $0 })
        let continueUrl = request.query("continueUrl").flatMap { $0.isEmpty ? nil : $0 }
        switch request.query("mode") {
        case "recoverEmail":
            let retry =
                "If you're trying to test the reverting email flow, try changing the email again to generate a new link."
            guard project.oobCode(code)?.requestType == "RECOVER_EMAIL" else {
                return answer(
                    400,
                    ["error": "Requested mode does not match the OOB code provided.", "instructions": .string(retry)])
            }
            return try applying(
                code, in: project,
                expired: "Your request to revert your email has expired or the link has already been used.",
                retry: retry
            ) { reply in
                answer(200, ["success": "The email has been successfully reset.", "email": reply["email"] ?? .null])
            }
        case "resetPassword":
            return try resetPassword(code, request: request, continueUrl: continueUrl, in: project, state: state)
        case "verifyEmail":
            return try applying(
                code, in: project,
                expired: "Your request to verify your email has expired or the link has already been used.",
                retry: "Try verifying your email again."
            ) { reply in
                continueUrl.map(redirect)
                    ?? answer(
                        200, ["success": "The email has been successfully verified.", "email": reply["email"] ?? .null])
            }
        case "verifyAndChangeEmail":
            return try applying(
                code, in: project,
                expired: "Your request to change your email has expired or the link has already been used.",
                retry: "Try changing your email again."
            ) { reply in
                continueUrl.map(redirect)
                    ?? answer(
                        200,
                        ["success": "The email has been successfully changed.", "newEmail": reply["newEmail"] ?? .null])
            }
        case "signIn":
            guard let continueUrl else {
                return answer(
                    400,
                    [
                        "error": "Missing continueUrl query parameter",
                        "instructions": "To sign in, append &continueUrl=YOUR_APP_URL to the link.",
                    ])
            }
            return redirect(
                try signInTarget(continueUrl, adding: request.http.queryItems.filter { $0.name != "continueUrl" }))
        default:
            return answer(400, ["error": "Invalid mode"])
        }
    }

    /// Applies an email code as `accounts:update {oobCode}` does; an unknown code or type is the `expired` page.
    private static func applying(
        _ code: String, in project: ProjectState, expired: String, retry: String,
        then success: (JSONObject) -> HTTPResponse
    ) throws(APIError) -> HTTPResponse {
        let reply: JSONObject
        do {
            reply = try UpdateRoute.applyOobCode(code, project: project)
        } catch  where error.httpStatus == 501 || error.message == "INVALID_OOB_CODE" {
            return answer(400, ["error": .string(expired), "instructions": .string(retry)])
        }
        return success(reply)
    }

    private static func resetPassword(
        _ code: String, request: RouteRequest, continueUrl: String?, in project: ProjectState,
        state: EmulatorState
    ) throws(APIError) -> HTTPResponse {
        guard let oob = project.oobCode(code), oob.requestType == "PASSWORD_RESET" else {
            return answer(
                400,
                [
                    "error": "Your request to reset your password has expired or the link has already been used.",
                    "instructions": "Try resetting your password again.",
                ])
        }
        let template = JSONValue.string(oob.oobLink + "&newPassword=NEW_PASSWORD_HERE")
        guard let newPassword = request.query("newPassword"), !newPassword.isEmpty else {
            return answer(
                400,
                [
                    "error": "missing newPassword query parameter",
                    "instructions": .string(
                        "To reset the password for \(oob.email), send an HTTP GET request to the following URL."),
                    "instructions2": "You may use a web browser or any HTTP client, such as curl.",
                    "urlTemplate": template,
                ])
        }
        guard newPassword != "NEW_PASSWORD_HERE" else {
            return answer(
                400,
                [
                    "error": "newPassword must be something other than 'NEW_PASSWORD_HERE'",
                    "instructions": "The string 'NEW_PASSWORD_HERE' is just a placeholder.",
                    "instructions2": "Please change the URL to specify a new password instead.",
                    "urlTemplate": template,
                ])
        }
        let reply = try ResetPasswordRoute.answer(oobCode: code, newPassword: newPassword, in: project, state: state)
        return continueUrl.map(redirect)
            ?? answer(
                200, ["success": "The password has been successfully updated.", "email": reply["email"] ?? .null])
    }

    /// `continueUrl` with each of the link's other parameters set in its query (as `URLSearchParams.set` does).
    static func signInTarget(_ continueUrl: String, adding parameters: [(name: String, value: String)]) throws(APIError)
        -> String
    {
        guard isAbsoluteURI(continueUrl) else { throw APIError.unexpected("Invalid URL", reason: "TypeError") }
        var rest = Substring(continueUrl)
        var fragment = ""
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[hash...])
            rest = rest[..<hash]
        }
        var query: [(name: String, value: String)] = []
        if let question = rest.firstIndex(of: "?") {
            query = FormURLEncoding.decode(String(rest[rest.index(after: question)...]))
            rest = rest[..<question]
        }
        for parameter in parameters {
            if let index = query.firstIndex(where: { $0.name == parameter.name }) {
                query[index].value = parameter.value
                query = query.enumerated().filter { $0.offset <= index || $0.element.name != parameter.name }.map(
                    \.element)
            } else {
                query.append(parameter)
            }
        }
        let encoded = FormURLEncoding.encode(query)
        return String(rest) + (encoded.isEmpty ? "" : "?" + encoded) + fragment
    }

    private static func answer(_ status: Int, _ fields: JSONObject) -> HTTPResponse {
        .expressJSON(["authEmulator": .object(fields)], status: status)
    }

    /// A 303 to `location`, with the plain-text body Express writes.
    static func redirect(_ location: String) -> HTTPResponse {
        HTTPResponse(
            status: 303, headers: [("Location", location), ("Content-Type", "text/plain; charset=utf-8")],
            body: Array("See Other. Redirecting to \(location)".utf8))
    }
}
