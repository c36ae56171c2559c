import FauthHTTPCodec
import FauthJSON

/// Firebase's emulator rewrites the legacy v3 API (`/www.googleapis.com/identitytoolkit/v3/relyingparty/<name>`) to
/// v1 before routing, and so do we for Google's own path (`/identitytoolkit/v3/relyingparty/<name>`, as a client sends
/// it to `www.googleapis.com`, e.g. through a TLS front): most methods by path only; `downloadAccount` and
/// `uploadAccount` to the admin `accounts:batchGet` / `accounts:batchCreate` of the body's `targetProjectId`;
/// `signOutUser` answers 501.
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

    /// v3 methods that become an admin request on the body's `targetProjectId`: name → (method, v1 segment).
    private static let adminRewrites: [String: (method: String, segment: String)] = [
        "downloadAccount": ("GET", "accounts:batchGet"),
        "uploadAccount": ("POST", "accounts:batchCreate"),
    ]

    private static let v1Prefix = "/identitytoolkit.googleapis.com/v1/"

    /// The request a legacy v3 request stands for, or nil for any other request; `segments` are the request path's.
    static func rewrite(_ request: HTTPRequest, segments: [String]) throws(APIError) -> HTTPRequest? {
        let segments = segments.first == "www.googleapis.com" ? Array(segments.dropFirst()) : segments
        guard segments.count == 4, segments[0] == "identitytoolkit", segments[1] == "v3", segments[2] == "relyingparty"
        else { return nil }
        let name = segments[3]
        var rewritten = request
        if let v1Name = v1Names[name] {
            rewritten.path = v1Prefix + v1Name
        } else if name == "signOutUser", request.method == "POST" {
            throw APIError.notImplemented("signOutUser is not implemented in the Auth Emulator.")
        } else if let target = adminRewrites[name], request.method == "POST" {
            var body = try RequestBody.parse(request, acceptsForm: false)
            guard let projectId = body["targetProjectId"]?.string, !projectId.isEmpty else {
                throw APIError.badRequest("INSUFFICIENT_PERMISSION")
            }
            body["targetProjectId"] = nil
            rewritten.method = target.method
            rewritten.path = v1Prefix + "projects/" + FormURLEncoding.encode(projectId) + "/" + target.segment
            if target.method == "GET" {
                // The body's members join the query, as a URL-encoded form, and the body goes.
                let pairs = body.map { (name: $0.key, value: $0.value.string ?? $0.value.serialized()) }
                let bodyQuery = FormURLEncoding.encode(pairs)
                rewritten.query = request.query.isEmpty ? bodyQuery : request.query + "&" + bodyQuery
                rewritten.body = []
                rewritten.headers.removeAll {
                    $0.name.lowercased() == "content-type" || $0.name.lowercased() == "content-length"
                }
            } else {
                rewritten.body = JSONValue.object(body).serializedBytes(pretty: false)
            }
        }
        return rewritten
    }
}
