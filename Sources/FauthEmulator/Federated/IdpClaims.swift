import FauthJSON

/// The claims of a fake IdP credential (`id_token` or `access_token`): a strict JSON object string, or any JWT
/// whose payload is read without checking its signature.
enum IdpClaims {
    /// The claims of `credential`; nil when there is no credential or it is not a decodable JWT.
    /// A JSON string that does not parse, or claims without a string `sub`, are `INVALID_IDP_RESPONSE`.
    static func parse(_ credential: String?) throws(APIError) -> JSONObject? {
        guard let credential, !credential.isEmpty else { return nil }
        let claims: JSONObject
        if credential.hasPrefix("{") {
            guard let object = (try? JSONValue.parse(credential))?.object else {
                throw .badRequest(
                    "INVALID_IDP_RESPONSE : Unable to parse id_token: \(credential) ((Auth Emulator failed to parse fake id_token as strict JSON.))"
                )
            }
            claims = object
        } else {
            guard let payload = IDToken.decodePayload(credential) else { return nil }
            claims = payload
        }
        try ensure(
            claims["sub"].map(JavaScriptTruthiness.isTruthy) ?? false,
            #"INVALID_IDP_RESPONSE : Invalid Idp Response: id_token missing required fields. ((Missing "sub" field. This field is required and must be a unique identifier.))"#
        )
        try ensure(claims["sub"]?.string != nil, #"INVALID_IDP_RESPONSE : ((The "sub" field must be a string.))"#)
        return claims
    }
}
