import FauthCrypto
import FauthJSON
import FauthTestSupport
import Foundation
import Testing

@testable import FauthEmulator

/// `--sign-tokens` and its config route: RS256 ID tokens and session cookies with a `kid`, the keys published where
/// Google publishes them, rotation, and the keys kept by export and import.
@Suite("Token signing over real sockets")
struct TokenSigningTests {
    static let x509Path = "/www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com"
    static let jwksPath = "/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"
    static let cookieX509Path = "/www.googleapis.com/identitytoolkit/v3/relyingparty/publicKeys"
    static let cookieJWKSPath = "/identitytoolkit.googleapis.com/v1/sessionCookiePublicKeys"

    /// The JSON document at `path` and its Cache-Control header.
    func document(_ fixture: EmulatorFixture, _ path: String, host: String? = nil) throws -> (JSONObject, String?) {
        let response: TestHTTPClient.Response
        if let host {
            try fixture.client.sendRaw(Array("GET \(path) HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8))
            response = try fixture.client.readResponse()
        } else {
            response = try fixture.client.send(method: "GET", path: path)
        }
        #expect(response.status == 200, "\(path)")
        let object = try #require(try JSONValue.parse(response.body).object)
        return (object, TestHTTPClient.header("Cache-Control", in: response.headers))
    }

    /// Base64url text decoded, or a test failure.
    func decoded(_ text: some StringProtocol) throws -> [UInt8] {
        try #require(JWTPayload.base64URLDecode(Array(text.utf8)))
    }

    /// The header and the signature check of `token` against the certificate its `kid` names in `certificates`.
    func verify(_ token: String, with certificates: JSONObject) throws -> (header: JSONObject, valid: Bool) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        let header = try #require(try JSONValue.parse(decoded(parts[0])).object)
        guard let kid = header["kid"]?.string, let pem = certificates[kid]?.string else { return (header, false) }
        let signature = try decoded(parts[2])
        let key = try RSAKey.publicKey(certificatePEM: pem)
        return (header, key.verifyRS256(Array("\(parts[0]).\(parts[1])".utf8), signature: signature))
    }

    @Test func unsignedByDefaultWithNoKeysPublished() throws {
        let fixture = try EmulatorFixture()
        let token = try #require(try fixture.signUp("a@example.com")["idToken"]?.string)
        #expect(token.hasSuffix("."))
        #expect(try document(fixture, Self.x509Path).0.isEmpty)
        #expect(try document(fixture, Self.jwksPath).0["keys"] == [])
        #expect(try fixture.control("GET", "config").json["fauth"]?["signTokens"] == false)
    }

    @Test func signedTokensVerifyAgainstThePublishedKeys() throws {
        let fixture = try EmulatorFixture()
        try fixture.configure(["fauth": ["signTokens": true]])
        #expect(try fixture.control("GET", "config").json["fauth"]?["signTokens"] == true)
        let created = try fixture.signUp("a@example.com")
        let token = try #require(created["idToken"]?.string)
        let (certificates, cacheControl) = try document(fixture, Self.x509Path)
        #expect(cacheControl?.contains("max-age=3600") == true)
        let (header, valid) = try verify(token, with: certificates)
        #expect(valid && header["alg"] == "RS256" && header["typ"] == "JWT" && certificates.count == 1)
        #expect(header["kid"]?.string?.utf8.count == 40)
        // The claims are the unsigned token's: the lookup still finds the user by this token.
        #expect(try fixture.lookup(token)?["localId"] == created["localId"])
        let refreshed = try fixture.refresh(#require(created["refreshToken"]?.string))
        #expect(try verify(#require(refreshed.json["id_token"]?.string), with: certificates).valid)
        // The JWKS holds the same key, by its modulus and exponent.
        let jwks = try document(fixture, Self.jwksPath).0
        let jwk = try #require(jwks["keys"]?.array?.first)
        #expect(jwk["kid"] == header["kid"] && jwk["alg"] == "RS256" && jwk["kty"] == "RSA" && jwk["use"] == "sig")
        let modulus = try decoded(#require(jwk["n"]?.string))
        let exponent = try decoded(#require(jwk["e"]?.string))
        let parts = token.split(separator: ".")
        #expect(
            try RSAKey.publicKey(modulus: modulus, exponent: exponent).verifyRS256(
                Array("\(parts[0]).\(parts[1])".utf8), signature: decoded(parts[2])))
        // By Host header, as production paths are.
        #expect(
            try document(
                fixture, "/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com",
                host: "www.googleapis.com"
            ).0 == certificates)
    }

    @Test func sessionCookiesAreSignedWithTheirOwnKeys() throws {
        let fixture = try EmulatorFixture()
        try fixture.configure(["fauth": ["signTokens": true]])
        let idToken = try #require(try fixture.signUp("a@example.com")["idToken"])
        let result = try fixture.client.json(
            path: "/identitytoolkit.googleapis.com/v1/projects/\(EmulatorFixture.projectId):createSessionCookie",
            body: ["idToken": idToken], headers: [("Authorization", "Bearer owner")])
        let cookie = try #require(result.json["sessionCookie"]?.string)
        let cookieKeys = try document(fixture, Self.cookieX509Path).0
        #expect(try verify(cookie, with: cookieKeys).valid)
        #expect(try !verify(cookie, with: document(fixture, Self.x509Path).0).valid, "not with the ID-token keys")
        let jwks = try document(fixture, Self.cookieJWKSPath).0
        #expect(jwks["keys"]?.array?.first?["kid"]?.string == cookieKeys.keys.first)
        #expect(try document(fixture, "/v1/sessionCookiePublicKeys", host: "identitytoolkit.googleapis.com").0 == jwks)
    }

    @Test func rotationSignsWithANewKeyAndKeepsTheOldOnePublished() throws {
        let fixture = try EmulatorFixture()
        try fixture.configure(["fauth": ["signTokens": true]])
        let before = try #require(try fixture.signUp("a@example.com")["idToken"]?.string)
        let rotated = try fixture.control("POST", "signingKeys:rotate", [:])
        #expect(rotated.status == 200 && rotated.json["keys"]?.array?.count == 2)
        let after = try #require(try fixture.signIn("a@example.com")["idToken"]?.string)
        let certificates = try document(fixture, Self.x509Path).0
        let old = try verify(before, with: certificates)
        let new = try verify(after, with: certificates)
        #expect(old.valid && new.valid && old.header["kid"] != new.header["kid"])
        // Rotating with no overlap drops both older keys at once.
        #expect(try fixture.control("POST", "signingKeys:rotate", ["keepPreviousSeconds": 0]).status == 200)
        let latest = try document(fixture, Self.x509Path).0
        #expect(latest.count == 1 && latest[old.header["kid"]?.string ?? ""] == nil)
        #expect(try !verify(after, with: latest).valid)
        #expect(try fixture.control("POST", "signingKeys:rotate", ["keepPreviousSeconds": -1]).status == 400)
    }

    @Test func turningSigningOffUnpublishesAndMintsUnsignedTokens() throws {
        let fixture = try EmulatorFixture()
        try fixture.configure(["fauth": ["signTokens": true]])
        try fixture.configure(["fauth": ["signTokens": false]])
        #expect(try #require(try fixture.signUp("a@example.com")["idToken"]?.string).hasSuffix("."))
        #expect(try document(fixture, Self.x509Path).0.isEmpty)
        #expect(try fixture.control("PATCH", "config", ["fauth": ["signTokens": "yes"]]).status == 400)
    }

    @Test func exportAndImportKeepTheKeys() throws {
        let directory = NSTemporaryDirectory() + "fauth-signing-export-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = AuthEmulator(projectId: EmulatorFixture.projectId)
        try first.signTokens()
        let fixture = try EmulatorFixture(first)
        let token = try #require(try fixture.signUp("a@example.com")["idToken"]?.string)
        let certificates = try document(fixture, Self.x509Path).0
        try first.exportState(to: directory)
        let file = directory + "/auth_export/fauth_signing_keys.json"
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
        #expect(mode & 0o077 == 0, "private keys are owner-only")
        let second = AuthEmulator(projectId: EmulatorFixture.projectId)
        try second.importState(from: directory)
        let restored = try EmulatorFixture(second)
        #expect(try document(restored, Self.x509Path).0.keys.sorted() == certificates.keys.sorted())
        let again = try #require(try restored.signIn("a@example.com")["idToken"]?.string)
        #expect(try verify(token, with: document(restored, Self.x509Path).0).valid)
        #expect(try verify(again, with: certificates).valid, "the restarted emulator signs with the same key")
    }
}
