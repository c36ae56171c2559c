extension RouteTable {
    /// `GET /identitytoolkit.googleapis.com/v2/passwordPolicy`: fauth's `passwordPolicy`, or 501 as in Firebase's emulator.
    static let passwordPolicy = Route("GET", "/identitytoolkit.googleapis.com/v2/passwordPolicy", access: .apiKey) {
        _, state throws(APIError) in
        guard let policy = state.config.passwordPolicy else {
            throw APIError.notImplemented("getPasswordPolicy is not implemented in the Auth Emulator.")
        }
        return HTTPResponse.json(policy.json)
    }

    /// Routes Firebase's emulator answers with 501 "`<operationId>` is not implemented in the Auth Emulator.".
    static let notImplementedRoutes: [Route] = [
        ("POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithGameCenter", "signInWithGameCenter"),
        ("POST", "/identitytoolkit.googleapis.com/v1/accounts:verifyIosClient", "verifyIosClient"),
        ("POST", "/identitytoolkit.googleapis.com/v1/accounts:revokeToken", "revokeToken"),
        ("GET", "/identitytoolkit.googleapis.com/v2/recaptchaConfig", "getRecaptchaConfig"),
        ("GET", "/identitytoolkit.googleapis.com/v1/sessionCookiePublicKeys", "getSessionCookiePublicKeys"),
        ("POST", "/identitytoolkit.googleapis.com/v2/accounts:revokeToken", "revokeToken"),
    ].map { method, path, operation in
        Route(method, path, access: .apiKey) { _, _ throws(APIError) in
            throw APIError.notImplemented("\(operation) is not implemented in the Auth Emulator.")
        }
    }
}
