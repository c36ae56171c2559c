import FauthJSON

extension RouteTable {
    /// `GET /identitytoolkit.googleapis.com/v1/projects`: the project number and authorized domains.
    static let projectConfig = Route(
        "GET", "/identitytoolkit.googleapis.com/v1/projects", access: .apiKey,
        answer: .json(.object(required: ["projectId": .string, "authorizedDomains": .array(.string)]))
    ) {
        request, state throws(APIError) in
        try ensure(request.query("tenantId") == nil, "UNSUPPORTED_TENANT_OPERATION")
        return HTTPResponse.json([
            "projectId": .string(EmulatorState.projectNumber), "authorizedDomains": ["localhost"],
        ])
    }

    /// `GET /identitytoolkit.googleapis.com/v1/recaptchaParams`: fake reCAPTCHA parameters.
    static let recaptchaParams = Route(
        "GET", "/identitytoolkit.googleapis.com/v1/recaptchaParams", access: .apiKey,
        answer: .json(.object(required: ["kind": .string, "recaptchaStoken": .string, "recaptchaSiteKey": .string]))
    ) {
        _, _ throws(APIError) in
        HTTPResponse.json([
            "kind": "identitytoolkit#GetRecaptchaParamResponse",
            "recaptchaStoken":
                "This-is-a-fake-token__Dont-send-this-to-the-Recaptcha-service__The-Auth-Emulator-does-not-support-Recaptcha",
            "recaptchaSiteKey": "Fake-key__Do-not-send-this-to-Recaptcha_",
        ])
    }
}
