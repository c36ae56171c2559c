import FauthCrypto
import FauthJSON
import Foundation
import Testing

/// Makes JWTs for the verification tests: signed with an emulator's own key (read from its export, as a restart
/// would), with another key, with HMAC, or not at all, over any claims.
struct TokenForge {
    /// The key the emulator signs ID tokens with, and its `kid`.
    let key: RSAKey
    let kid: String
    /// The emulator's project.
    let projectId: String

    /// The signing key `emulator` uses now, read from an export of its state.
    init(emulator: RunningEmulator) throws {
        let directory = NSTemporaryDirectory() + "fauth-forge-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try emulator.emulator.exportState(to: directory)
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/auth_export/fauth_signing_keys.json"))
        let keys = try #require(try JSONValue.parse(Array(data))["idTokenKeys"]?.array)
        let current = try #require(keys.last)
        key = try RSAKey.privateKey(pem: #require(current["privateKey"]?.string))
        kid = try #require(current["kid"]?.string)
        projectId = emulator.projectId
    }

    /// Base64url without padding.
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Claims of a valid ID token for `uid` issued now.
    func claims(uid: String = "forged-user", now: Int = Int(Date().timeIntervalSince1970)) -> JSONObject {
        [
            "iss": .string("https://securetoken.google.com/\(projectId)"), "aud": .string(projectId),
            "sub": .string(uid), "user_id": .string(uid), "auth_time": .number(Double(now - 60)),
            "iat": .number(Double(now - 60)), "exp": .number(Double(now + 3540)),
            "firebase": ["identities": [:], "sign_in_provider": "custom"],
        ]
    }

    /// `header.payload.` with the given header, before any signature.
    static func signingInput(header: JSONObject, claims: JSONObject) -> String {
        encode(JSONValue.object(header).serializedBytes()) + "." + encode(JSONValue.object(claims).serializedBytes())
    }

    /// An RS256 JWT of `claims` signed with `key` (the emulator's by default) under `kid`.
    func rs256(_ claims: JSONObject, key: RSAKey? = nil, kid: String? = nil) throws -> String {
        let input = Self.signingInput(
            header: ["alg": "RS256", "kid": .string(kid ?? self.kid), "typ": "JWT"], claims: claims)
        return input + "." + Self.encode(try (key ?? self.key).signRS256(input.utf8))
    }

    /// An unsigned JWT (`alg: none`), with the emulator's `kid` when `withKid`.
    func unsigned(_ claims: JSONObject, withKid: Bool) -> String {
        var header: JSONObject = ["alg": "none", "typ": "JWT"]
        if withKid { header["kid"] = .string(kid) }
        return Self.signingInput(header: header, claims: claims) + "."
    }

    /// The algorithm-confusion attack: HS256 with the emulator's public key (PEM) as the HMAC secret.
    func hs256WithPublicKey(_ claims: JSONObject) throws -> String {
        let input = Self.signingInput(header: ["alg": "HS256", "kid": .string(kid), "typ": "JWT"], claims: claims)
        let secret = Array(try key.publicKeyPEM().utf8)
        return input + "." + Self.encode(try DigestAlgorithm.sha256.hmac(key: secret, data: Array(input.utf8)))
    }
}
