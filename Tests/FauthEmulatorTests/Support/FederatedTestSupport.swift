import FauthJSON

@testable import FauthEmulator

/// `application/x-www-form-urlencoded` encoding of one value (everything but unreserved characters escaped).
func formEncoded(_ value: String) -> String {
    var output = ""
    for byte in value.utf8 {
        let isUnreserved =
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || "-._~".utf8.contains(byte)
        output +=
            isUnreserved
            ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
    return output
}

extension EmulatorFixture {
    /// `accounts:signInWithIdp` with `claims` as a strict-JSON fake `id_token` in the postBody.
    func signInWithIdp(_ providerId: String = "google.com", claims: JSONValue, extra: JSONObject = [:]) throws -> (
        status: Int, json: JSONValue
    ) {
        var body: JSONObject = [
            "requestUri": "http://localhost",
            "postBody": .string("providerId=\(providerId)&id_token=\(formEncoded(claims.serialized()))"),
            "returnSecureToken": true,
        ]
        for (key, value) in extra { body[key] = value }
        return try call("signInWithIdp", .object(body))
    }

    /// Sends `body` to an admin route `/identitytoolkit.googleapis.com/v1/projects/<p>[/tenants/<t>]/<suffix>`.
    func adminProject(
        _ suffix: String, _ body: JSONValue? = nil, method: String = "POST", tenant: String? = nil,
        headers: [(String, String)] = [("Authorization", "Bearer owner")]
    ) throws -> (status: Int, json: JSONValue) {
        let tenantPart = tenant.map { "/tenants/\($0)" } ?? ""
        return try client.json(
            method: method,
            path: "/identitytoolkit.googleapis.com/v1/projects/\(Self.projectId)\(tenantPart)/\(suffix)",
            body: body, headers: headers)
    }

    /// Sends `body` to a v2 MFA client route (`mfaEnrollment:start`, `mfaSignIn:finalize`, …).
    func mfa(_ name: String, _ body: JSONValue) throws -> (status: Int, json: JSONValue) {
        try client.json(path: "/identitytoolkit.googleapis.com/v2/accounts/\(name)?key=fake-key", body: body)
    }
}

extension EmulatorFixture {
    /// The `accounts:lookup` user object for the `idToken` of a sign-in response.
    func lookupUser(_ response: JSONValue) throws -> JSONValue? {
        guard let idToken = response["idToken"]?.string else { return nil }
        return try lookup(idToken)
    }
}
