import FauthCrypto
import FauthJSON
import Foundation
import Testing

@testable import FauthCore

/// The Admin SDKs' checks against Google (no emulator): what no key document, however empty, may let through.
struct FirebaseTokenVerifierTests {
    static let key = try! RSAKey.generate()
    static let kid = "0123456789abcdef0123456789abcdef01234567"
    static let url = "https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com"
    let now = 1_800_000_000.0

    /// Base64url without padding.
    func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    func claims() -> JSONObject {
        [
            "iss": "https://securetoken.google.com/p", "aud": "p", "sub": "u", "iat": .number(now - 10),
            "auth_time": .number(now - 10), "exp": .number(now + 3000),
        ]
    }

    func token(_ header: JSONObject, _ claims: JSONObject, sign: Bool = true) throws -> String {
        let input =
            encode(JSONValue.object(header).serializedBytes()) + "."
            + encode(JSONValue.object(claims).serializedBytes())
        return input + "." + (sign ? encode(try Self.key.signRS256(input.utf8)) : "")
    }

    /// Verifies with a document of `certificates`, counting the fetches.
    func verify(_ token: String, certificates: [String: String], acceptsUnsigned: Bool = false) throws(FauthError)
        -> VerifiedToken
    {
        let verifier = FirebaseTokenVerifier(kind: .idToken, projectId: "p", acceptsUnsigned: acceptsUnsigned)
        return try verifier.verify(token, now: now) { _ throws(FauthError) in
            (PublicKeyDocument(url: Self.url, certificates: certificates, fetchedAt: now, maxAge: 3600), false)
        }
    }

    func reason(_ token: String, certificates: [String: String], acceptsUnsigned: Bool = false) -> String? {
        do {
            _ = try verify(token, certificates: certificates, acceptsUnsigned: acceptsUnsigned)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func unsignedTokensNeverPassAgainstGoogle() throws {
        let unsigned = try token(["alg": "none", "typ": "JWT"], claims(), sign: false)
        #expect(reason(unsigned, certificates: [:]) == "kid", "an empty key set is not an emulator that does not sign")
        let withKid = try token(["alg": "none", "kid": .string(Self.kid)], claims(), sign: false)
        #expect(reason(withKid, certificates: [:]) == "algorithm")
        #expect(reason(unsigned, certificates: [:], acceptsUnsigned: true) == nil, "only an emulator's empty key set")
        let certificate = try Self.key.selfSignedCertificatePEM(commonName: "x", notBefore: 0, validSeconds: 1 << 33)
        #expect(reason(unsigned, certificates: [Self.kid: certificate], acceptsUnsigned: true) == "kid")
    }

    @Test func aSignedTokenPassesAndEachCheckRefuses() throws {
        let certificate = try Self.key.selfSignedCertificatePEM(commonName: "x", notBefore: 0, validSeconds: 1 << 33)
        let keys = [Self.kid: certificate]
        let header: JSONObject = ["alg": "RS256", "kid": .string(Self.kid)]
        let verified = try verify(token(header, claims()), certificates: keys)
        #expect(verified.kid == Self.kid && verified.claims["sub"] == "u" && verified.algorithm == "RS256")
        var expired = claims()
        expired["exp"] = .number(now - 11)
        let expiredToken = try token(header, expired)
        do throws(FauthError) {
            _ = try verify(expiredToken, certificates: keys)
            Issue.record("an expired token passed")
        } catch {
            #expect(error.code == .idTokenExpired)
        }
        var withinSkew = claims()
        withinSkew["exp"] = .number(now - 9)
        withinSkew["iat"] = .number(now + 9)
        #expect(reason(try token(header, withinSkew), certificates: keys) == nil, "10 seconds of skew")
        var future = claims()
        future["iat"] = .number(now + 11)
        #expect(reason(try token(header, future), certificates: keys) == "issued-at")
        var badAuthTime = claims()
        badAuthTime["auth_time"] = .number(now + 11)
        #expect(reason(try token(header, badAuthTime), certificates: keys) == "auth-time")
        #expect(reason(try token(["alg": "RS256", "kid": "a/../b"], claims()), certificates: keys) == "kid")
        #expect(reason("a.b", certificates: keys) == "malformed")
        #expect(reason(try token(header, claims()) + "=", certificates: keys) == "malformed", "no padding")
    }

    @Test func anUnknownKidFetchesTheKeysOnceMore() throws {
        let certificate = try Self.key.selfSignedCertificatePEM(commonName: "x", notBefore: 0, validSeconds: 1 << 33)
        let verifier = FirebaseTokenVerifier(kind: .idToken, projectId: "p", acceptsUnsigned: false)
        var fetches: [Bool] = []
        let signed = try token(["alg": "RS256", "kid": .string(Self.kid)], claims())
        let verified = try verifier.verify(signed, now: now) { refetch throws(FauthError) in
            fetches.append(refetch)
            let certificates = refetch ? [Self.kid: certificate] : [:]
            return (
                PublicKeyDocument(url: Self.url, certificates: certificates, fetchedAt: now, maxAge: 3600), !refetch
            )
        }
        #expect(fetches == [false, true] && verified.keysFromCache == false)
    }

    @Test func maxAgeComesFromCacheControl() {
        #expect(PublicKeyDocument.maxAge(cacheControl: "public, max-age=19845, must-revalidate, no-transform") == 19845)
        #expect(PublicKeyDocument.maxAge(cacheControl: "max-age=999999") == 86_400)
        #expect(PublicKeyDocument.maxAge(cacheControl: "no-cache, max-age=60") == 0)
        #expect(PublicKeyDocument.maxAge(cacheControl: nil) == 0)
        #expect(PublicKeyDocument.maxAge(cacheControl: "max-age=-5") == 0)
    }
}
