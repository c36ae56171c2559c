import FauthJSON
import FauthText

extension RouteTable {
    /// `GET /emulator/device[?user_code=]`: where a person types the device's code, then picks or adds an account.
    static let emulatorDevicePage = Route(
        "GET", DevicePageRoutes.pagePath, access: .open, answer: .htmlRefusing, handler: DevicePageRoutes.page)
    /// `GET /emulator/device/approve?user_code=&rawId=` or `…&email=[&displayName=…]`: approves with that identity.
    static let emulatorDeviceApprove = Route(
        "GET", DevicePageRoutes.approvePath, access: .open, answer: .htmlRefusing, handler: DevicePageRoutes.approve)
    /// `GET /emulator/device/deny?user_code=`: denies the code.
    static let emulatorDeviceDeny = Route(
        "GET", DevicePageRoutes.denyPath, access: .open, answer: .htmlRefusing, handler: DevicePageRoutes.deny)
}

/// The emulated verification page of the device flow (RFC 8628, 3.3), the emulator's stand-in for
/// https://www.google.com/device and https://github.com/login/device: the code form, then the same account chooser
/// as the IdP page (`IdpSignInPage`) with a Deny button.
enum DevicePageRoutes {
    /// The page's path (the `verification_uri` the device endpoints hand out).
    static let pagePath = DeviceMessagePage.codeFormPath
    /// Where the chooser's forms submit to.
    static let approvePath = "/emulator/device/approve"
    /// Where the Deny button submits to.
    static let denyPath = "/emulator/device/deny"

    /// The code form, or for a pending `user_code` the account chooser of its provider.
    static func page(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        guard let typed = request.query("user_code"), !typed.isEmpty else {
            return HTTPResponse.html(200, codeForm(problem: nil))
        }
        guard let code = pendingCode(typed, state) else {
            return HTTPResponse.html(
                400, codeForm(problem: "That code is not waiting for approval: it is wrong, expired or used."))
        }
        return HTTPResponse.html(200, chooser(code, request, state).html)
    }

    /// Approves the code with the chosen or added identity.
    static func approve(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        guard let code = pendingCode(request.query("user_code") ?? "", state) else {
            return HTTPResponse.html(
                400, codeForm(problem: "That code is not waiting for approval: it is wrong, expired or used."))
        }
        var page = chooser(code, request, state)
        guard let claims = IdpHandlerRoutes.chosenClaims(request, page: &page) else {
            return HTTPResponse.html(400, page.html)
        }
        _ = state.deviceCodes.approve(userCode: code.userCode, claims: claims, nowMillis: Timestamp.nowMillis())
        let who = claims["email"]?.string ?? claims["sub"]?.string ?? ""
        return HTTPResponse.html(
            200,
            DeviceMessagePage(
                title: "Device approved",
                message: "Signed in as \(who). You can close this tab and go back to the device."
            ).html)
    }

    /// Denies the code.
    static func deny(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        guard let code = pendingCode(request.query("user_code") ?? "", state) else {
            return HTTPResponse.html(
                400, codeForm(problem: "That code is not waiting for approval: it is wrong, expired or used."))
        }
        _ = state.deviceCodes.deny(userCode: code.userCode, nowMillis: Timestamp.nowMillis())
        return HTTPResponse.html(
            200,
            DeviceMessagePage(title: "Device denied", message: "The device was not signed in. You can close this tab.")
                .html)
    }

    /// The pending, unexpired code the person typed.
    private static func pendingCode(_ typed: String, _ state: EmulatorState) -> DeviceCode? {
        guard let index = state.deviceCodes.index(userCode: typed) else { return nil }
        let code = state.deviceCodes.codes[index]
        return code.status == .pending && !code.isExpired(at: Timestamp.nowMillis()) ? code : nil
    }

    private static func codeForm(problem: String?) -> String {
        var page = DeviceMessagePage(
            title: "Connect a device", message: "Enter the code the device shows.", asksForCode: true)
        page.problem = problem
        return page.html
    }

    /// The IdP page's chooser for the code's provider, submitting to `approvePath`, with a Deny button.
    private static func chooser(_ code: DeviceCode, _ request: RouteRequest, _ state: EmulatorState) -> IdpSignInPage {
        var page = IdpHandlerRoutes.chooser(code.server.providerId, request, state)
        page = IdpSignInPage(
            providerId: page.providerId, carried: [("user_code", code.userCode), ("scopes", code.scope)],
            accounts: page.accounts)
        page.action = approvePath
        page.subtitle = "Approve the device showing \(code.userCode)"
        page.footer = """
            <form method="get" action="\(denyPath)"><input type="hidden" name="user_code" value="\(HTMLText.escaped(code.userCode))">\
            <button type="submit" class="secondary">Deny</button></form>
            """
        return page
    }
}
