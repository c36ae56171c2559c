import FauthJSON

extension RouteTable {
    /// `POST /identitytoolkit.googleapis.com/v2/accounts/passkeyEnrollment:start`.
    static let passkeyEnrollmentStart = Route(
        "POST", "/identitytoolkit.googleapis.com/v2/accounts/passkeyEnrollment:start",
        access: .apiKey, schema: .startPasskeyEnrollment,
        answer: .json(
            .object(required: [
                "credentialCreationOptions": .object(required: [
                    "rp": .object(required: ["name": .string, "id": .string]),
                    "user": .object(required: ["id": .string, "name": .string, "displayName": .string]),
                    "challenge": .string,
                    "pubKeyCredParams": .array(.object(required: ["type": .string, "alg": .integer])),
                    "timeout": .integer, "attestation": .string,
                ])
            ])),
        handler: PasskeyRoutes.startEnrollment)
    /// `POST /identitytoolkit.googleapis.com/v2/accounts/passkeyEnrollment:finalize`.
    static let passkeyEnrollmentFinalize = Route(
        "POST", "/identitytoolkit.googleapis.com/v2/accounts/passkeyEnrollment:finalize",
        access: .apiKey, schema: .finalizePasskeyEnrollment,
        answer: .json(.object(required: ["localId": .string, "idToken": .string, "refreshToken": .string])),
        handler: PasskeyRoutes.finalizeEnrollment)
    /// `POST /identitytoolkit.googleapis.com/v2/accounts/passkeySignIn:start`.
    static let passkeySignInStart = Route(
        "POST", "/identitytoolkit.googleapis.com/v2/accounts/passkeySignIn:start",
        access: .apiKey, schema: .startPasskeySignIn,
        answer: .json(
            .object(required: [
                "credentialRequestOptions": .object(required: [
                    "challenge": .string, "rpId": .string, "userVerification": .string,
                ])
            ])),
        handler: PasskeyRoutes.startSignIn)
    /// `POST /identitytoolkit.googleapis.com/v2/accounts/passkeySignIn:finalize`.
    static let passkeySignInFinalize = Route(
        "POST", "/identitytoolkit.googleapis.com/v2/accounts/passkeySignIn:finalize",
        access: .apiKey, schema: .finalizePasskeySignIn,
        answer: .json(.object(required: ["idToken": .string, "refreshToken": .string])),
        handler: PasskeyRoutes.finalizeSignIn)
}

/// Firebase's emulator's mock passkeys: the start routes hand out WebAuthn options for the relying party `localhost`
/// with a random challenge, and the finalize routes trust the credential id of the authenticator's response (no
/// attestation or signature is checked). Enrolled passkeys show in lookups as `passkeyInfo`; `accounts:update`'s
/// `deletePasskey` removes them; sign-ins are with provider `passkey`.
enum PasskeyRoutes {
    private static let relyingParty = "localhost"

    /// `passkeyEnrollment:start`: the options for `navigator.credentials.create` for the ID token's user.
    static func startEnrollment(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        let idToken = try request.requireField("idToken", else: "MISSING_ID_TOKEN")
        let user = try state.parseIdToken(idToken, in: project, nowMillis: Timestamp.nowMillis()).user
        let options: JSONObject = [
            "rp": ["name": .string(relyingParty), "id": .string(relyingParty)],
            "user": [
                "id": .string(Base64.encode(Array(user.localId.utf8))),
                "name": .string(nonEmpty(user.email) ?? "user@example.com"),
                "displayName": .string(nonEmpty(user.displayName) ?? "User"),
            ],
            "challenge": .string(challenge()),
            "pubKeyCredParams": [["type": "public-key", "alg": -7], ["type": "public-key", "alg": -257]],
            "timeout": 60000,
            "attestation": "none",
        ]
        return .json(["credentialCreationOptions": .object(options)])
    }

    /// `passkeyEnrollment:finalize`: stores the response's credential id under `name` (else `displayName`, else
    /// "Unnamed Passkey") and returns tokens signed in with `passkey`.
    static func finalizeEnrollment(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let nowMillis = Timestamp.nowMillis()
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        let idToken = try request.requireField("idToken", else: "MISSING_ID_TOKEN")
        let credentialId = try credentialId(request, "authenticatorRegistrationResponse")
        var user = try state.parseIdToken(idToken, in: project, nowMillis: nowMillis).user
        try ensure(project.user(passkeyCredentialId: credentialId) == nil, "CREDENTIAL_ALREADY_IN_USE")
        let name =
            [try request.string("name"), try request.string("displayName")].compactMap(nonEmpty).first
            ?? "Unnamed Passkey"
        user.passkeys = (user.passkeys ?? []) + [PasskeyInfo(credentialId: credentialId, name: name)]
        project.save(user)
        let tokens = state.issueTokens(for: user, in: project, signInProvider: "passkey", nowMillis: nowMillis)
        return .json([
            "localId": .string(user.localId), "idToken": .string(tokens.idToken),
            "refreshToken": .string(tokens.refreshToken),
        ])
    }

    /// `passkeySignIn:start`: the options for `navigator.credentials.get`.
    static func startSignIn(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        try state.checkProjectEnabled(try state.project(for: request))
        let options: JSONObject = [
            "challenge": .string(challenge()), "rpId": .string(relyingParty), "userVerification": "required",
        ]
        return .json(["credentialRequestOptions": .object(options)])
    }

    /// `passkeySignIn:finalize`: signs in the user the response's credential id is enrolled for.
    static func finalizeSignIn(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        let credentialId = try credentialId(request, "authenticatorAuthenticationResponse")
        guard let user = project.user(passkeyCredentialId: credentialId) else {
            throw APIError.badRequest("PASSKEY_CREDENTIAL_NOT_FOUND")
        }
        try ensure(!user.disabled, "USER_DISABLED")
        let tokens = state.signIn(user, signInProvider: "passkey", in: project, nowMillis: Timestamp.nowMillis())
        return .json(["idToken": .string(tokens.idToken), "refreshToken": .string(tokens.refreshToken)])
    }

    /// The `id` of the authenticator's response in `field`: MISSING_AUTHENTICATOR_RESPONSE without the response,
    /// INVALID_CREDENTIAL_ID without a non-empty id.
    private static func credentialId(_ request: RouteRequest, _ field: String) throws(APIError) -> String {
        try ensure(request.isTruthy(field), "MISSING_AUTHENTICATOR_RESPONSE")
        guard let id = nonEmpty(try request.object(field)?["id"]?.string) else {
            throw APIError.badRequest("INVALID_CREDENTIAL_ID")
        }
        return id
    }

    private static func challenge() -> String { Base64.encode(Array(RandomID.alphanumeric(count: 32).utf8)) }

    private static func nonEmpty(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }
}
