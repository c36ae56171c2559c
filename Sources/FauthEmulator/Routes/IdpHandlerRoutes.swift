import FauthJSON

extension RouteTable {
    /// `GET /emulator/auth/handler?apiKey=&providerId=[&redirectUrl=&state=…]`: the fake IdP's account chooser.
    static let emulatorIdpPage = Route(
        "GET", IdpHandlerRoutes.pagePath, access: .open, answer: .htmlRefusing, handler: IdpHandlerRoutes.page)
    /// `GET /emulator/auth/handler/finish?…&rawId=` or `…&email=[&displayName=&screenName=&photoUrl=]`: the chosen
    /// identity, sent back to `redirectUrl` (a fauth-emulator extension; Firebase's page finishes in JavaScript).
    static let emulatorIdpFinish = Route(
        "GET", IdpHandlerRoutes.finishPath, access: .open, answer: .redirect(or: .htmlRefusing),
        handler: IdpHandlerRoutes.finish)
    /// `GET /emulator/auth/iframe?apiKey=&appName=`: the helper page the Firebase JS SDK embeds for its popup and
    /// redirect flows.
    static let emulatorAuthIframe = Route("GET", AuthIframePage.path, access: .open, answer: .html) {
        _, _ throws(APIError) in
        HTTPResponse.html(200, AuthIframePage.html)
    }
}

/// The emulator's fake IdP: the sign-in page that `createAuthUri`'s `authUri` opens, and its form's target, which
/// redirects (303) to `redirectUrl` with `providerId`, `id_token` (fake claims, as Firebase's page makes them) and
/// `state` in the query: the callback URL that `signInWithIdp` takes as `requestUri`. Opened by the Firebase JS SDK
/// (with `authType`), the form's target instead answers the page that hands the SDK its auth event.
enum IdpHandlerRoutes {
    /// The page's path (Firebase's emulator serves its widget there).
    static let pagePath = IdpSignInPage.path
    /// The path the page's forms submit to.
    static let finishPath = IdpSignInPage.finishPath

    /// Shows the account chooser.
    static func page(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        guard let providerId = requiredParameters(request) else { return missingParameters }
        var page = chooser(providerId, request, state)
        if let hint = request.query("loginHint") { page.filled["email"] = hint }
        return html(200, page)
    }

    /// Turns the chosen or added account into fake IdP claims and redirects to `redirectUrl` with them.
    static func finish(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        guard let providerId = requiredParameters(request) else { return missingParameters }
        var page = chooser(providerId, request, state)
        if let authType = request.query("authType") {
            return webSDKFinish(authType, providerId, request, state, page: &page)
        }
        guard let redirectUrl = request.query("redirectUrl"), isAbsoluteURI(redirectUrl) else {
            page.problem = "This page was opened without an absolute redirectUrl to return to."
            return html(400, page)
        }
        guard let claims = chosenClaims(request, page: &page) else { return html(400, page) }
        var callback: [(name: String, value: String)] = [
            ("providerId", providerId), ("id_token", JSONValue.object(claims).serialized()),
        ]
        if let returned = request.query("state") { callback.append(("state", returned)) }
        return ActionLinkRoute.redirect(try ActionLinkRoute.signInTarget(redirectUrl, adding: callback))
    }

    /// The Firebase JS SDK's flows: the page that hands the SDK the auth event for the chosen identity, or the
    /// chooser again (400) saying why the query cannot make one (an `authType` the SDK does not send, no `appName`,
    /// a redirect without an http or https `redirectUrl`).
    static func webSDKFinish(
        _ authType: String, _ providerId: String, _ request: RouteRequest, _ state: EmulatorState,
        page: inout IdpSignInPage
    ) -> HTTPResponse {
        guard let delivery = WebSDKAuthEvent.delivery(of: authType) else {
            page.problem = "This page was opened with an authType the Firebase JS SDK does not send: \(authType)."
            return html(400, page)
        }
        guard let appName = request.query("appName"), !appName.isEmpty else {
            page.problem = "This page was opened without the appName the Firebase JS SDK sends."
            return html(400, page)
        }
        let redirectUrl = request.query("redirectUrl")
        if delivery == .redirect {
            guard let redirectUrl, isAbsoluteURI(redirectUrl),
                ["http:", "https:"].contains(where: { redirectUrl.lowercased().hasPrefix($0) })
            else {
                page.problem = "This page was opened without an http or https redirectUrl to return to."
                return html(400, page)
            }
        }
        guard let claims = chosenClaims(request, page: &page) else { return html(400, page) }
        let tenantId = [request.query("tid"), request.query("tenantId")].compactMap { $0 }.first { !$0.isEmpty }
        let event = WebSDKAuthEvent(
            type: authType, eventId: request.query("eventId"),
            urlResponse: WebSDKAuthEvent.urlResponse(
                authority: state.linkAuthority, providerId: providerId, claims: claims),
            sessionId: RandomID.alphanumeric(count: 27), tenantId: tenantId)
        let result = AuthEventPage(
            event: event, storageKey: (request.query("apiKey") ?? "") + ":" + appName, delivery: delivery,
            redirectUrl: delivery == .redirect ? redirectUrl : nil,
            who: claims["email"]?.string ?? claims["sub"]?.string ?? "")
        return HTTPResponse.html(200, result.html)
    }

    /// The fake IdP claims of the account the chooser's form picked (`rawId`) or added (`email`, …); nil with
    /// `page.problem` set when it names no listed account or no email.
    static func chosenClaims(_ request: RouteRequest, page: inout IdpSignInPage) -> JSONObject? {
        if let rawId = request.query("rawId") {
            guard let info = page.accounts.first(where: { $0.rawId == rawId }) else {
                page.problem = "That account no longer exists in this emulator."
                return nil
            }
            return fakeClaims(
                sub: rawId, name: info.displayName, screenName: info.screenName, email: info.email,
                picture: info.photoUrl)
        }
        let field = { (name: String) in request.query(name).flatMap { $0.isEmpty ? nil : $0 } }
        page.filled = Dictionary(
            uniqueKeysWithValues: IdpSignInPage.formFields.compactMap { name in field(name).map { (name, $0) } })
        guard let email = field("email"), email.contains("@") else {
            page.problem = field("email") == nil ? "Email required." : "The email is missing an \"@\"."
            return nil
        }
        return fakeClaims(
            sub: RandomID.digits(count: 40), name: field("displayName"), screenName: field("screenName"),
            email: email, picture: field("photoUrl"))
    }

    /// The provider, when the query has the `apiKey` and `providerId` Firebase's page requires.
    private static func requiredParameters(_ request: RouteRequest) -> String? {
        guard let apiKey = request.query("apiKey"), !apiKey.isEmpty,
            let providerId = request.query("providerId"), !providerId.isEmpty
        else { return nil }
        return providerId
    }

    /// Firebase's answer to a page request without `apiKey` or `providerId`: JSON as Express writes it (indented),
    /// under the HTML content type the handler had already set.
    private static let missingParameters = HTTPResponse(
        status: 400, headers: [("Content-Type", "text/html; charset=utf-8")],
        body: JSONValue.object(["authEmulator": ["error": "missing apiKey or providerId query parameters"]])
            .serializedBytes(pretty: true))

    /// The chooser for the project the query names (`tenantId`, or Firebase's short `tid`), listing every account
    /// linked to `providerId`.
    static func chooser(_ providerId: String, _ request: RouteRequest, _ state: EmulatorState) -> IdpSignInPage {
        let tenantId = [request.query("tenantId"), request.query("tid")].compactMap { $0 }.first { !$0.isEmpty }
        let project = state.project(tenantId: tenantId)
        let accounts = project.allUsers.flatMap { user in user.providerUserInfo.filter { $0.providerId == providerId } }
        return IdpSignInPage(providerId: providerId, carried: request.http.queryItems, accounts: accounts)
    }

    /// The fake IdP claims Firebase's page puts in `id_token`: the profile, an always-verified email, and empty
    /// registered claims; absent values are left out.
    static func fakeClaims(sub: String, name: String?, screenName: String?, email: String?, picture: String?)
        -> JSONObject
    {
        var claims: JSONObject = ["sub": .string(sub), "iss": "", "aud": "", "exp": 0, "iat": 0]
        claims["name"] = name.map(JSONValue.string)
        claims["screen_name"] = screenName.map(JSONValue.string)
        claims["email"] = email.map(JSONValue.string)
        claims["email_verified"] = true
        claims["picture"] = picture.map(JSONValue.string)
        return claims
    }

    static func html(_ status: Int, _ page: IdpSignInPage) -> HTTPResponse {
        HTTPResponse.html(status, page.html)
    }
}
