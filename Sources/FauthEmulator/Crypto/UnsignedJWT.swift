import FauthJSON

/// Unsigned JWTs (`alg: none`), as Firebase's emulator mints its ID tokens and the provider tokens it hands out.
enum UnsignedJWT {
    /// The JWT header Firebase's emulator writes.
    static let header: JSONValue = ["alg": "none", "typ": "JWT"]

    /// The header as it starts every token: base64url, then the dot.
    private static let encodedHeader = Base64.encodeURL(header.serializedBytes()) + "."

    /// The unsigned JWT (`header.payload.`) for `payload`.
    static func encode(_ payload: JSONObject) -> String {
        encodedHeader + Base64.encodeURL(JSONValue.object(payload).serializedBytes()) + "."
    }
}
