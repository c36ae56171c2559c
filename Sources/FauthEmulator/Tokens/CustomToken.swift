import FauthJSON

/// A custom token as `accounts:signInWithCustomToken` reads it: an emulator-only strict JSON object string, or
/// any JWT whose `aud` is the Identity Toolkit audience (signature, iss, sub, iat and exp unchecked).
struct CustomToken: Sendable {
    /// The audience a custom-token JWT must carry.
    static let audience = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"

    /// The user id: `uid`, else `user_id` (a string, number or boolean).
    let localId: String
    /// The developer claims to add to the ID tokens (`claims`), validated.
    let claims: JSONObject

    /// Reads `token` for a project or tenant (`tenantId`), checking in Firebase's order: strict JSON,
    /// JWT format, tenant, audience, identifier, claims.
    init(_ token: String, tenantId: String?) throws(APIError) {
        let payload: JSONObject
        if token.hasPrefix("{") {
            guard let object = (try? JSONValue.parse(token))?.object else {
                throw .badRequest(
                    "INVALID_CUSTOM_TOKEN : ((Auth Emulator only accepts strict JSON or JWTs as fake custom tokens.))")
            }
            payload = object
        } else {
            let decoded = IDToken.decodePayload(token)
            try Self.checkTenant(decoded, tenantId: tenantId)
            guard let object = decoded else { throw .badRequest("INVALID_CUSTOM_TOKEN : Invalid assertion format") }
            let audience = object["aud"].map(Self.javaScriptText) ?? "undefined"
            try ensure(
                object["aud"]?.string == Self.audience,
                "INVALID_CUSTOM_TOKEN : ((Invalid aud (audience): \(audience) Note: Firebase ID Tokens / third-party tokens cannot be used with signInWithCustomToken.))"
            )
            payload = object
        }
        // `uid` wins when present, even empty (JavaScript's `??`).
        guard let localId = Self.identifier(payload["uid"]) ?? Self.identifier(payload["user_id"]), !localId.isEmpty
        else {
            throw .badRequest("MISSING_IDENTIFIER")
        }
        self.localId = localId
        if let claims = payload["claims"] {
            self.claims = try CustomClaims.validate(claims)
        } else {
            self.claims = JSONObject()
        }
    }

    /// A JWT for a tenant carries its `tenant_id` (checked before the JWT's format, as Firebase does); the JSON form
    /// is not checked, to stay easy to write.
    private static func checkTenant(_ payload: JSONObject?, tenantId: String?) throws(APIError) {
        guard let tenantId else { return }
        try ensure(payload?["tenant_id"]?.string == tenantId, "TENANT_ID_MISMATCH")
    }

    /// A string, number or boolean as text (JavaScript's `toString`); nil for anything else.
    static func identifier(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: return text
        case .number?, .bool?: return value.map(javaScriptText)
        default: return nil
        }
    }

    private static func javaScriptText(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.serialized()
    }
}

/// The developer claims Firebase accepts in custom tokens and `customAttributes`.
enum CustomClaims {
    /// The largest `customAttributes` string accepted.
    static let maximumSerializedLength = 1000
    /// Claim names reserved by JWT and Firebase.
    static let forbiddenNames = [
        "iss", "aud", "sub", "iat", "exp", "nbf", "jti", "nonce", "azp", "acr", "amr", "cnf",
        "auth_time", "firebase", "at_hash", "c_hash",
    ]

    /// The claims object, or `INVALID_CLAIMS` (not an object) / `FORBIDDEN_CLAIM : <name>` (a reserved name).
    static func validate(_ claims: JSONValue) throws(APIError) -> JSONObject {
        guard let object = claims.object else { throw .badRequest("INVALID_CLAIMS") }
        for name in forbiddenNames where object[name] != nil {
            throw .badRequest("FORBIDDEN_CLAIM : \(name)")
        }
        return object
    }

    /// Validates a serialized `customAttributes` string: `CLAIMS_TOO_LARGE`, then `INVALID_CLAIMS`, then the names.
    static func validate(serialized text: String) throws(APIError) -> JSONObject {
        try ensure(text.utf16.count <= maximumSerializedLength, "CLAIMS_TOO_LARGE")
        guard let value = try? JSONValue.parse(text) else { throw .badRequest("INVALID_CLAIMS") }
        return try validate(value)
    }
}
