import FauthCrypto
import FauthJSON

/// A token that passed every check, with how it was verified.
package struct VerifiedToken: Sendable {
    /// The token's claims.
    package let claims: JSONObject
    /// The header's `alg` (`RS256`, or `none` for an emulator that does not sign).
    package let algorithm: String
    /// The key that verified the signature; nil for an unsigned token.
    package let kid: String?
    /// Where the certificates came from.
    package let keysURL: String
    /// Whether the certificates were read from the cache rather than fetched for this verification.
    package let keysFromCache: Bool
    /// Whether the user's revocation and disabled state were checked with the backend (`--check-revoked`).
    package var checkedRevocation = false
}

/// Verifies a Firebase ID token or session cookie as the Admin SDKs' `verifyIdToken` and `verifySessionCookie` do:
/// header `alg` RS256 with a `kid` naming a published key, `aud` the project, `iss` its issuer, `sub` a non-empty
/// user id of at most 128 characters, the RS256 signature against that key, `iat` and `auth_time` not in the
/// future and `exp` not past (each with `clockSkew` seconds of tolerance). Each refusal is the kind's code in the
/// Admin SDK's words, with its `reason`.
package struct FirebaseTokenVerifier: Sendable {
    /// What is verified.
    package let kind: FirebaseTokenKind
    /// The project the token must be for.
    package let projectId: String
    /// Whether an unsigned token (`alg: none`) may pass: only against an emulator that publishes no keys.
    package let acceptsUnsigned: Bool

    /// The seconds a clock may be off: `iat` and `auth_time` up to this far in the future, and `exp` this far in
    /// the past, still pass.
    package static let clockSkew: Double = 10
    /// The longest `sub` (user id) Firebase issues.
    static let maximumSubjectLength = 128
    /// The audience of a custom token, which the Admin SDKs name when one is given instead of an ID token.
    static let customTokenAudience =
        "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
    /// The characters a `kid` may hold (Google's are 40 hex digits): anything else is refused before any lookup.
    static let maximumKidLength = 128

    /// Makes a verifier.
    package init(kind: FirebaseTokenKind, projectId: String, acceptsUnsigned: Bool) {
        self.kind = kind
        self.projectId = projectId
        self.acceptsUnsigned = acceptsUnsigned
    }

    /// Verifies `token` at `now` (Unix seconds) with the certificates `keys` gives: `keys(false)` may come from the
    /// cache; `keys(true)` is fetched afresh, asked at most once, when the `kid` names no key of a cached document.
    package func verify(
        _ token: String, now: Double, keys: (_ refetch: Bool) throws(FauthError) -> (PublicKeyDocument, cached: Bool)
    ) throws(FauthError) -> VerifiedToken {
        guard let jws = CompactJWS(token) else {
            throw invalid(
                "malformed",
                "Decoding \(kind.noun) failed. Make sure you passed a string that represents a complete \(kind.noun).")
        }
        let algorithm = jws.header["alg"]?.string
        if jws.payload["aud"]?.string == Self.customTokenAudience {
            throw invalid(
                "audience",
                "verify\(kind == .idToken ? "IdToken" : "SessionCookie")() expects \(article) "
                    + "\(kind == .idToken ? "ID token" : "session cookie"), but was given a custom token.")
        }
        var (document, cached) = try keys(false)
        let unsigned = acceptsUnsigned && document.certificates.isEmpty
        let kid = jws.header["kid"]?.string
        if unsigned {
            guard algorithm == "none", jws.signature.isEmpty else {
                throw invalid(
                    "algorithm",
                    "\(kind.noun) has algorithm \"\(algorithm ?? "")\" but the emulator publishes no keys: its tokens "
                        + "are unsigned (alg \"none\").")
            }
        } else {
            guard let kid else { throw invalid("kid", "\(kind.noun) has no \"kid\" claim.") }
            guard algorithm == "RS256" else {
                throw invalid(
                    "algorithm",
                    "\(kind.noun) has incorrect algorithm. Expected \"RS256\" but got \"\(algorithm ?? "undefined")\".")
            }
            guard kid.utf8.count <= Self.maximumKidLength,
                kid.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
            else {
                throw invalid("kid", "\(kind.noun) has a \"kid\" claim that is not a key id.")
            }
        }
        try checkContent(jws.payload)
        if !unsigned, let kid {
            if document.certificates[kid] == nil, cached {
                (document, cached) = try keys(true)
            }
            guard let certificate = document.certificates[kid] else {
                throw invalid(
                    "kid",
                    "\(kind.noun) has \"kid\" claim which does not correspond to a known public key. Most likely the "
                        + "\(kind == .idToken ? "ID token" : "session cookie") is expired, so get a fresh token from "
                        + "your client app and try again.")
            }
            try checkSignature(jws, certificate: certificate)
        }
        try checkTimes(jws.payload, now: now)
        return VerifiedToken(
            claims: jws.payload, algorithm: algorithm ?? "none", kid: unsigned ? nil : kid, keysURL: document.url,
            keysFromCache: cached)
    }

    /// `aud`, `iss` and `sub`, in the Admin SDKs' order.
    private func checkContent(_ payload: JSONObject) throws(FauthError) {
        let audience = payload["aud"]?.string
        guard audience == projectId else {
            throw invalid(
                "audience",
                "\(kind.noun) has incorrect \"aud\" (audience) claim. Expected \"\(projectId)\" but got "
                    + "\"\(describe(payload["aud"]))\". Make sure the \(shortNoun) comes from the same Firebase "
                    + "project as the service account used to authenticate this SDK.")
        }
        let issuer = kind.issuer(projectId: projectId)
        guard payload["iss"]?.string == issuer else {
            throw invalid(
                "issuer",
                "\(kind.noun) has incorrect \"iss\" (issuer) claim. Expected \"\(issuer)\" but got "
                    + "\"\(describe(payload["iss"]))\".")
        }
        guard let subject = payload["sub"]?.string else {
            throw invalid("subject", "\(kind.noun) has no \"sub\" (subject) claim.")
        }
        guard !subject.isEmpty else {
            throw invalid("subject", "\(kind.noun) has an empty string \"sub\" (subject) claim.")
        }
        guard subject.count <= Self.maximumSubjectLength else {
            throw invalid("subject", "\(kind.noun) has \"sub\" (subject) claim longer than 128 characters.")
        }
    }

    /// The RS256 signature against the certificate's RSA key (2048 bits at least).
    private func checkSignature(_ jws: CompactJWS, certificate: String) throws(FauthError) {
        let key: RSAKey
        do {
            try Libcrypto.load()
            key = try RSAKey.publicKey(certificatePEM: certificate)
        } catch {
            if error.message.hasPrefix("libcrypto") { throw FauthError(.internalError, message: error.message) }
            throw invalid("kid", "The public key for the \"kid\" claim is not a readable RSA certificate.")
        }
        guard key.bits >= 2048, key.verifyRS256(jws.signingInput, signature: jws.signature) else {
            throw invalid("signature", "\(kind.noun) has invalid signature.")
        }
    }

    /// `exp` not past, `iat` and `auth_time` not in the future, each number present.
    private func checkTimes(_ payload: JSONObject, now: Double) throws(FauthError) {
        guard let expiry = payload["exp"]?.number else {
            throw invalid("expiry", "\(kind.noun) has no \"exp\" (expiration time) claim.")
        }
        guard let issuedAt = payload["iat"]?.number else {
            throw invalid("issued-at", "\(kind.noun) has no \"iat\" (issued-at time) claim.")
        }
        guard issuedAt <= now + Self.clockSkew else {
            throw invalid("issued-at", "\(kind.noun) has \"iat\" (issued-at time) claim in the future.")
        }
        if let authTime = payload["auth_time"] {
            guard let seconds = authTime.number, seconds <= now + Self.clockSkew else {
                throw invalid("auth-time", "\(kind.noun) has \"auth_time\" claim in the future or not a number.")
            }
        }
        guard expiry > now - Self.clockSkew else {
            var error = FauthError(
                kind.expiredCode,
                message: "\(kind.noun) has expired. Get a fresh \(shortNoun) from your client app and try again "
                    + "(auth/\(kind.expiredCode.rawValue)).")
            error.reason = "expired"
            throw error
        }
    }

    /// "ID token" or "session cookie".
    private var shortNoun: String { kind == .idToken ? "ID token" : "session cookie" }
    /// "an" or "a", before `shortNoun`.
    private var article: String { kind == .idToken ? "an" : "a" }

    /// The kind's invalid code with `reason`.
    private func invalid(_ reason: String, _ message: String) -> FauthError {
        var error = FauthError(kind.invalidCode, message: message)
        error.reason = reason
        return error
    }

    /// A claim's value for a message: a string as it is, anything else as JSON, `undefined` when absent.
    private func describe(_ value: JSONValue?) -> String {
        guard let value else { return "undefined" }
        return String((value.string ?? value.serialized()).prefix(200))
    }
}

extension UInt8 {
    /// An ASCII letter or digit.
    fileprivate var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
