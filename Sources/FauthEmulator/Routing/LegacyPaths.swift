/// Firebase's emulator rewrites the legacy v3 API (`/www.googleapis.com/identitytoolkit/v3/relyingparty/<name>`) to v1.
enum LegacyPaths {
    /// v3 method name → v1 path segment.
    private static let v1Names: [String: String] = [
        "signupNewUser": "accounts:signUp",
        "verifyPassword": "accounts:signInWithPassword",
        "verifyAssertion": "accounts:signInWithIdp",
        "verifyCustomToken": "accounts:signInWithCustomToken",
        "emailLinkSignin": "accounts:signInWithEmailLink",
        "getAccountInfo": "accounts:lookup",
        "setAccountInfo": "accounts:update",
        "deleteAccount": "accounts:delete",
        "createAuthUri": "accounts:createAuthUri",
        "getOobConfirmationCode": "accounts:sendOobCode",
        "resetPassword": "accounts:resetPassword",
        "sendVerificationCode": "accounts:sendVerificationCode",
        "verifyPhoneNumber": "accounts:signInWithPhoneNumber",
        "getProjectConfig": "projects",
        "getRecaptchaParam": "recaptchaParams",
    ]

    /// The v1 segments for a legacy v3 path; any other path is returned unchanged.
    static func rewrite(_ segments: [String]) -> [String] {
        guard segments.count == 5, segments[0] == "www.googleapis.com", segments[1] == "identitytoolkit",
              segments[2] == "v3", segments[3] == "relyingparty", let name = v1Names[segments[4]]
        else { return segments }
        return ["identitytoolkit.googleapis.com", "v1", name]
    }
}
