import FauthJSON

/// The credential part of a `signInWithIdp` request: the merged parameters, the provider and the claims.
struct IdpCredential: Sendable {
    /// The profile read from the claims.
    let profile: IdpProfile
    /// The `requestUri` with the `postBody` and fragment merged in.
    let requestUri: IdpRequestURI
    /// The `id_token` parameter, when present and non-empty.
    let idToken: String?
    /// The `access_token` parameter, when present and non-empty.
    let accessToken: String?
    /// The SAMLResponse's `assertion.attributeStatements`, the ID token's `firebase.sign_in_attributes`.
    let signInAttributes: JSONValue?

    /// Reads and checks the credential: requestUri, providerId, then the claims of id_token or access_token (an
    /// access token this emulator handed out for a device code has the claims `issuedClaims` gives it).
    init(_ request: RouteRequest, issuedClaims: (String) -> JSONObject?) throws(APIError) {
        let requestUri = try request.requireField("requestUri", else: "MISSING_REQUEST_URI")
        guard let uri = IdpRequestURI(absolute: requestUri, postBody: try request.string("postBody")) else {
            throw .badRequest("INVALID_REQUEST_URI")
        }
        self.requestUri = uri
        guard let providerId = uri.value("providerId")?.lowercased(), !providerId.isEmpty else {
            throw .badRequest("INVALID_CREDENTIAL_OR_PROVIDER_ID : Invalid IdP response/credential: \(uri)")
        }
        idToken = uri.value("id_token").flatMap { $0.isEmpty ? nil : $0 }
        accessToken = uri.value("access_token").flatMap { $0.isEmpty ? nil : $0 }
        let claims: JSONObject
        if let fromIdToken = try IdpClaims.parse(idToken) {
            claims = fromIdToken
        } else if let accessToken, let issued = issuedClaims(accessToken) {
            claims = issued
        } else if let fromAccessToken = try IdpClaims.parse(accessToken) {
            claims = fromAccessToken
        } else if let idToken {
            throw .badRequest(
                "INVALID_IDP_RESPONSE : Unable to parse id_token: \(idToken) ((Auth Emulator only accepts strict JSON or JWTs as fake id_tokens.))"
            )
        } else if accessToken != nil, providerId == "google.com" || providerId == "apple.com" {
            throw .notImplemented(
                "The Auth Emulator only support sign-in with \(providerId) using id_token, not access_token. Please update your code to use id_token."
            )
        } else if accessToken != nil {
            throw .notImplemented("The Auth Emulator does not support \(providerId) sign-in with credentials.")
        } else {
            throw .notImplemented("The Auth Emulator only supports sign-in with credentials (id_token required).")
        }
        // A SAMLResponse is read and checked whenever one is sent, whatever the provider.
        let samlResponse = try uri.value("SAMLResponse").flatMap { $0.isEmpty ? nil : $0 }.map(Self.samlResponse)
        signInAttributes = samlResponse?["assertion"]?["attributeStatements"]
        profile = IdpProfile(providerId: providerId, claims: claims, samlResponse: samlResponse)
    }

    /// The fake SAMLResponse: a JSON object with `assertion.subject.nameId`.
    private static func samlResponse(_ text: String) throws(APIError) -> JSONObject {
        guard let response = (try? JSONValue.parse(text))?.object else {
            throw .unexpected("Unexpected token in SAMLResponse", reason: "SyntaxError")
        }
        let assertion = response["assertion"]
        try ensure(
            assertion.map(JavaScriptTruthiness.isTruthy) ?? false,
            "INVALID_IDP_RESPONSE ((Missing assertion in SAMLResponse.))")
        try ensure(
            assertion?["subject"].map(JavaScriptTruthiness.isTruthy) ?? false,
            "INVALID_IDP_RESPONSE ((Missing assertion.subject in SAMLResponse.))")
        try ensure(
            assertion?["subject"]?["nameId"].map(JavaScriptTruthiness.isTruthy) ?? false,
            "INVALID_IDP_RESPONSE ((Missing assertion.subject.nameId in SAMLResponse.))")
        return response
    }
}
