import FauthJSON
import FauthTestSupport
import Testing

@testable import FauthEmulator

extension OpenAPIAnswerRecorder {
    /// The device authorization servers (tokens, every OAuth error, Firebase's error body for a malformed request),
    /// their control routes, the device, IdP and iframe pages (each page and its refusal), the IdP page's redirect,
    /// the email action link (its answers, refusals and redirects), every 501 route, and the emulator's code lists
    /// with a code of each kind in them.
    func exercisePagesRoutes() throws {
        try fixture.configure(["fauth": ["deviceFlow": ["intervalSeconds": 0]]])
        try exerciseGoogleDeviceFlow()
        try exerciseGitHubDeviceFlow()
        try exerciseOpenIDDeviceFlow()
        try exerciseIdpPages()
        try exerciseActionLinks()
        try exerciseNotImplementedRoutes()
        // The emulator's list of SMS codes with one in it.
        try send("POST", v1 + "accounts:sendVerificationCode" + key, ["phoneNumber": "+15555550199"])
        let codes = try send("GET", control + "verificationCodes")
        #expect(codes["verificationCodes"]?.array?.isEmpty == false)
    }

    /// Google's device flow: a code, each OAuth error of a poll, a slowed poll, the approved tokens, the code list.
    private func exerciseGoogleDeviceFlow() throws {
        let codePath = "/oauth2.googleapis.com/device/code"
        let tokenPath = "/oauth2.googleapis.com/token"
        let code = try send("POST", codePath, form: "client_id=tv&scope=openid%20email")
        let userCode = try #require(code["user_code"]?.string)
        try send("POST", codePath, ["scope": "openid"])  // 401 invalid_client
        try send("POST", codePath, [1])  // 400: Firebase's error body, the body is no object
        let poll: JSONObject = [
            "grant_type": .string(DeviceAuthorizationRoutes.grantType), "client_id": "tv", "client_secret": "s",
            "device_code": code["device_code"] ?? .null,
        ]
        let deviceCode = try #require(code["device_code"]?.string)
        let pending = try send(
            "POST", tokenPath,
            form: "grant_type=\(formEncoded(DeviceAuthorizationRoutes.grantType))&client_id=tv&client_secret=s"
                + "&device_code=\(formEncoded(deviceCode))")
        #expect(pending["error"] == "authorization_pending")
        try send("POST", tokenPath, .object(changed(poll, "grant_type", "password")))  // unsupported
        try send("POST", tokenPath, .object(changed(poll, "client_secret", nil)))  // 401 invalid_client
        try send(
            "POST", control + "deviceCodes/\(userCode):approve", ["email": "pages-tv@example.com", "displayName": "TV"])
        let tokens = try send("POST", tokenPath, .object(changed(poll, "scope", "openid email")))
        #expect(tokens["id_token"] != nil && tokens["scope"] == "openid email")
        try send("POST", tokenPath, .object(poll))  // invalid_grant: the code is used
        try send("POST", control + "deviceCodes/\(userCode):deny")  // 400: no longer pending
        // A second code, with an interval of a fraction, slowed down: its poll answers `slow_down` with the new one.
        try fixture.configure(["fauth": ["deviceFlow": ["intervalSeconds": 0.5]]])
        let slowCode = try send("POST", codePath, ["client_id": "tv"])
        try fixture.configure(["fauth": ["deviceFlow": ["intervalSeconds": 0]]])
        #expect(slowCode["interval"]?.number == 0.5)
        try send("POST", control + "deviceCodes/\(slowCode["user_code"]?.string ?? ""):slowDown")
        let slowed = try send("POST", tokenPath, .object(changed(poll, "device_code", slowCode["device_code"])))
        #expect(slowed["error"] == "slow_down" && slowed["interval"]?.number == 5.5)
        let listed = try send("GET", control + "deviceCodes")
        #expect(listed["deviceCodes"]?.array?.map { $0["polls"]?.array?.count } == [3, 1])
    }

    /// GitHub's device flow: its OAuth errors answered with 200, approval on the device page, the access token with
    /// and without a scope.
    private func exerciseGitHubDeviceFlow() throws {
        let codePath = "/github.com/login/device/code"
        let tokenPath = "/github.com/login/oauth/access_token"
        for scope in [nil, "read:user"] as [String?] {
            var request: JSONObject = ["client_id": "cli"]
            request["scope"] = scope.map(JSONValue.string)
            let code = try send("POST", codePath, .object(request))
            let userCode = try #require(code["user_code"]?.string)
            var poll: JSONObject = [
                "grant_type": .string(DeviceAuthorizationRoutes.grantType), "client_id": "cli",
                "device_code": code["device_code"] ?? .null,
            ]
            poll["scope"] = scope.map(JSONValue.string)
            let pending = try send("POST", tokenPath, .object(poll))
            #expect(pending["error"] == "authorization_pending")
            let page = try exchange("GET", DevicePageRoutes.pagePath + "?user_code=" + userCode)
            #expect(page.status == 200)
            let approved = try exchange(
                "GET", DevicePageRoutes.approvePath + "?user_code=\(userCode)&email=pages-octo%40example.com")
            #expect(approved.status == 200)
            let tokens = try send("POST", tokenPath, .object(poll))
            #expect(tokens["access_token"] != nil && tokens["scope"] == scope.map(JSONValue.string))
        }
        try send("POST", codePath, [:])  // 401 invalid_client
        try send("POST", tokenPath, ["grant_type": .string(DeviceAuthorizationRoutes.grantType)])  // 401
        let slowCode = try send("POST", codePath, ["client_id": "cli"])
        try send("POST", control + "deviceCodes/\(slowCode["user_code"]?.string ?? ""):slowDown")
        let slowed = try send(
            "POST", tokenPath,
            [
                "grant_type": .string(DeviceAuthorizationRoutes.grantType), "client_id": "cli",
                "device_code": slowCode["device_code"] ?? .null,
            ])
        #expect(slowed["error"] == "slow_down" && slowed["interval"]?.number == 5)
        let wrong = try send(
            "POST", tokenPath,
            ["grant_type": .string(DeviceAuthorizationRoutes.grantType), "client_id": "cli", "device_code": "nope"])
        #expect(wrong["error"] == "incorrect_device_code")
    }

    /// An emulated OpenID provider: discovery, its code with `verification_uri_complete`, denial on the device page,
    /// an unknown provider (Firebase's 404), and the device page's refusals.
    private func exerciseOpenIDDeviceFlow() throws {
        let issuer = DeviceAuthorizationServer.oidcPrefix + "/oidc.tv"
        try send("GET", issuer + "/.well-known/openid-configuration")
        try send("GET", DeviceAuthorizationServer.oidcPrefix + "/saml.tv/.well-known/openid-configuration")  // 404
        try send("POST", DeviceAuthorizationServer.oidcPrefix + "/saml.tv/device/code", ["client_id": "tv"])  // 404
        try send("POST", DeviceAuthorizationServer.oidcPrefix + "/saml.tv/token", ["client_id": "tv"])  // 404
        let code = try send("POST", issuer + "/device/code", ["client_id": "tv"])
        let userCode = try #require(code["user_code"]?.string)
        try send("POST", issuer + "/device/code", [:])  // 401 invalid_client
        for refused in [
            DevicePageRoutes.pagePath + "?user_code=NOPE-NOPE", DevicePageRoutes.approvePath + "?user_code=NOPE",
            DevicePageRoutes.approvePath + "?user_code=\(userCode)&email=no-at-sign",
            DevicePageRoutes.denyPath + "?user_code=NOPE",
        ] {
            #expect(try exchange("GET", refused).status == 400, "\(refused)")
        }
        #expect(try exchange("GET", DevicePageRoutes.pagePath).status == 200)
        #expect(try exchange("GET", DevicePageRoutes.denyPath + "?user_code=" + userCode).status == 200)
        let poll: JSONObject = [
            "grant_type": .string(DeviceAuthorizationRoutes.grantType), "client_id": "tv",
            "device_code": code["device_code"] ?? .null,
        ]
        let denied = try send("POST", issuer + "/token", .object(poll))
        #expect(denied["error"] == "access_denied")
        try send("POST", issuer + "/token", .object(changed(poll, "grant_type", nil)))  // unsupported
        let approvedCode = try send("POST", issuer + "/device/code", ["client_id": "tv"])
        try send("POST", control + "deviceCodes/\(approvedCode["user_code"]?.string ?? ""):approve", [:])
        let approvedPoll = changed(changed(poll, "device_code", approvedCode["device_code"]), "scope", "openid")
        let tokens = try send("POST", issuer + "/token", .object(approvedPoll))
        #expect(tokens["id_token"] != nil && tokens["scope"] == "openid")
    }

    /// The IdP page and its refusal, its finish as a redirect, as the Firebase JS SDK's auth event page and refused,
    /// and the JS SDK's iframe.
    private func exerciseIdpPages() throws {
        let page = IdpHandlerRoutes.pagePath + "?apiKey=fake-key&providerId=google.com"
        #expect(try exchange("GET", page).status == 200)
        #expect(try exchange("GET", IdpHandlerRoutes.pagePath + "?providerId=google.com").status == 400)
        let finish =
            IdpHandlerRoutes.finishPath + "?apiKey=fake-key&providerId=google.com&email=pages-idp%40example.com"
        let redirected = try exchange("GET", finish + "&redirectUrl=http%3A%2F%2Flocalhost%2Fcallback&state=s")
        #expect(redirected.status == 303)
        #expect(try exchange("GET", finish).status == 400)
        #expect(try exchange("GET", finish + "&authType=signInViaPopup&appName=app&eventId=e").status == 200)
        #expect(try exchange("GET", AuthIframePage.path + "?apiKey=fake-key&appName=app").status == 200)
    }

    /// The email action link: verified, email changed, password reset (JSON answers or a redirect to the
    /// `continueUrl`), a sign-in link's redirect, and its refusals (the page's own and Firebase's error body).
    private func exerciseActionLinks() throws {
        let user = try send(
            "POST", v1 + "accounts:signUp" + key, ["email": "pages-link@example.com", "password": "secret123"])
        let idToken = user["idToken"] ?? .null
        let action = "/emulator/action?apiKey=fake-key"
        func link(_ request: JSONObject) throws -> String {
            let sent = try send(
                "POST", v1 + "accounts:sendOobCode", .object(changed(request, "returnOobLink", true)),
                owner: true)
            return try #require(sent["oobCode"]?.string, "\(request): \(sent)")
        }
        let verify = try link(["requestType": "VERIFY_EMAIL", "idToken": idToken])
        #expect(try exchange("GET", action + "&mode=verifyEmail&oobCode=" + verify).status == 200)
        let verifyAgain = try link(["requestType": "VERIFY_EMAIL", "idToken": idToken])
        let continued = try exchange(
            "GET", action + "&mode=verifyEmail&continueUrl=http%3A%2F%2Flocalhost%2Fdone&oobCode=" + verifyAgain)
        #expect(continued.status == 303)
        let reset = try link(["requestType": "PASSWORD_RESET", "email": "pages-link@example.com"])
        #expect(try exchange("GET", action + "&mode=resetPassword&oobCode=" + reset).status == 400)
        #expect(
            try exchange("GET", action + "&mode=resetPassword&newPassword=secret456&oobCode=" + reset).status == 200)
        let change = try link(
            ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": idToken, "newEmail": "pages-changed@example.com"])
        let taken = try link(
            ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": idToken, "newEmail": "pages-taken@example.com"])
        let listed = try send("GET", control + "oobCodes")
        #expect(listed["oobCodes"]?.array?.contains { $0["newEmail"] == "pages-changed@example.com" } == true)
        try send("POST", v1 + "accounts:signUp" + key, ["email": "pages-taken@example.com", "password": "secret123"])
        let exists = try exchange("GET", action + "&mode=verifyAndChangeEmail&oobCode=" + taken)
        #expect(exists.status == 400)  // EMAIL_EXISTS, Firebase's error body
        #expect(try exchange("GET", action + "&mode=verifyAndChangeEmail&oobCode=" + change).status == 200)
        let signIn = try exchange(
            "GET", action + "&mode=signIn&oobCode=any&continueUrl=http%3A%2F%2Flocalhost%2Fapp")
        #expect(signIn.status == 303)
        #expect(try exchange("GET", "/emulator/action?mode=verifyEmail&oobCode=x").status == 400)
        #expect(try exchange("GET", action + "&mode=nonsense&oobCode=x").status == 400)
    }

    /// Every route Firebase's emulator answers 501, called with the owner's credential, and one with a credential
    /// that is not (Firebase's 401, which names the header).
    private func exerciseNotImplementedRoutes() throws {
        let refused = try send(
            "GET", "/identitytoolkit.googleapis.com/v2/defaultSupportedIdps",
            headers: [("Authorization", "Bearer not-the-owner")])
        #expect(refused["error"]?["errors"]?.array?.first?["location"] == "Authorization")
        for route in RouteTable.all {
            guard case .notImplemented = route.answer else { continue }
            for pattern in route.patterns {
                let path = pattern.template.replacingOccurrences(of: "{project}", with: EmulatorFixture.projectId)
                    .replacingOccurrences(of: "{tenant}", with: "t-1").replacingOccurrences(of: "{id}", with: "c-1")
                let answered = try exchange(route.method, path + key, route.method == "GET" ? nil : [:], owner: true)
                #expect(answered.status == 501, "\(route.method) \(path)")
            }
        }
    }

    /// `object` with `name` set to `value`, or removed when `value` is nil.
    private func changed(_ object: JSONObject, _ name: String, _ value: JSONValue?) -> JSONObject {
        var object = object
        object[name] = value
        return object
    }
}
