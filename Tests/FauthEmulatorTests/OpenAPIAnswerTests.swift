import FauthJSON
import Testing

@testable import FauthEmulator

/// What `/emulator/openapi.json` declares each route answers, against real answers: requests driven through the
/// emulator by `OpenAPIAnswerRecorder`, one group of routes per `exercise…Routes()`, so that an undocumented member, a
/// missing required one, a wrong type, an undeclared page, redirect or 501, or a declaration no request reached fails.
@Suite("/emulator/openapi.json answer schemas")
struct OpenAPIAnswerTests {
    @Test func realAnswersOfEveryDeclaredRouteMatchTheirDeclarations() throws {
        let recorder = try OpenAPIAnswerRecorder()
        try recorder.exerciseCoreRoutes()
        try recorder.exerciseSignInRoutes()
        try recorder.exercisePagesRoutes()
        try recorder.exerciseAdminRoutes()
        try recorder.validate()
    }
}

extension OpenAPIAnswerRecorder {
    /// The root, the document itself, project info, sign-up, password sign-in, the Secure Token refresh, out-of-band
    /// codes, deletion, the emulator's code lists and `DELETE accounts`, and Firebase's error body in its three forms.
    func exerciseCoreRoutes() throws {
        try send("GET", "/")
        try send("GET", "/emulator/openapi.json")
        try send("GET", v1 + "projects" + key)
        try send("GET", v1 + "recaptchaParams" + key)
        let user = try send(
            "POST", v1 + "accounts:signUp" + key,
            ["email": "answers@example.com", "password": "secret123", "displayName": "A"])
        try send("POST", v1 + "accounts:signUp" + key, [:])
        try send("POST", v1 + "accounts:signUp", ["email": "admin-made@example.com"], owner: true)
        try send(
            "POST", v1 + "accounts:signInWithPassword" + key, ["email": "answers@example.com", "password": "secret123"])
        try send(
            "POST", "/securetoken.googleapis.com/v1/token" + key,
            ["grant_type": "refresh_token", "refresh_token": user["refreshToken"] ?? .null])
        try send(
            "POST", v1 + "accounts:sendOobCode" + key,
            ["requestType": "PASSWORD_RESET", "email": "answers@example.com"])
        try send(
            "POST", v1 + "accounts:sendOobCode",
            ["requestType": "PASSWORD_RESET", "email": "answers@example.com", "returnOobLink": true], owner: true)
        try send("GET", control + "oobCodes")
        try send("GET", control + "tenants/t-1/oobCodes")
        try send("GET", control + "verificationCodes")
        try send("POST", v1 + "accounts:delete" + key, ["idToken": user["idToken"] ?? .null])
        try send("DELETE", control + "accounts")
        // Error answers: a business 400 (no `status`), a schema 400 (`INVALID_ARGUMENT`), a missing credential.
        try send(
            "POST", v1 + "accounts:signInWithPassword" + key, ["email": "nobody@example.com", "password": "x12345"])
        try send("POST", v1 + "accounts:signUp" + key, ["email": 5])
        try send("POST", v1 + "accounts:signUp", ["email": "no-key@example.com"])
    }
}
