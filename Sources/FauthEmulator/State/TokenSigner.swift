import FauthCrypto
import FauthJSON
import Foundation

/// The emulator's token signing, shared by every project as Google's keys are: whether ID tokens and session cookies
/// are signed (RS256, with a `kid`) or left unsigned (`alg: none`, as Firebase's emulator mints them), and the two
/// key rings that sign them. Thread-safe (its own lock, taken inside the state lock, never around it).
final class TokenSigner: @unchecked Sendable {
    private let lock = NSLock()
    private var enabled = false
    private var idTokenKeys = SigningKeyRing()
    private var sessionCookieKeys = SigningKeyRing()

    /// The two kinds of signed token, each with its own keys, as Google's are.
    enum Kind: Sendable {
        case idToken, sessionCookie
    }

    /// `Cache-Control` of the key documents: Google's keys are cached for hours; an hour here.
    static let cacheControl = "public, max-age=3600, must-revalidate, no-transform"
    /// How long a retired ID-token key stays published by default: an ID token's lifetime.
    static let retiredIdTokenKeySeconds = 3600
    /// The longest a session cookie lives, in seconds (14 days, Firebase's maximum and default).
    static let longestSessionCookieSeconds = 14 * 24 * 60 * 60
    /// How long a retired session-cookie key stays published by default: the longest session cookie.
    static let retiredSessionCookieKeySeconds = longestSessionCookieSeconds

    /// Whether tokens are signed.
    var isEnabled: Bool { lock.withLock { enabled } }

    /// Turns signing on or off; turning it on the first time makes the keys (which loads libcrypto).
    func setEnabled(_ on: Bool) throws(CryptoError) {
        lock.lock()
        defer { lock.unlock() }
        if on {
            let now = Self.now()
            _ = try idTokenKeys.signingKey(now: now)
            _ = try sessionCookieKeys.signingKey(now: now)
        }
        enabled = on
    }

    /// The token for `payload`: an RS256 JWT under the kind's signing key when signing is on, else an unsigned one.
    func encode(_ payload: JSONObject, as kind: Kind) -> String {
        lock.lock()
        defer { lock.unlock() }
        guard enabled, let key = ring(kind).keys.last else { return UnsignedJWT.encode(payload) }
        do {
            let header: JSONValue = ["alg": "RS256", "kid": .string(key.kid), "typ": "JWT"]
            let input =
                Base64.encodeURL(header.serializedBytes()) + "."
                + Base64.encodeURL(JSONValue.object(payload).serializedBytes())
            return input + "." + Base64.encodeURL(try key.key.signRS256(input.utf8))
        } catch {
            // libcrypto is loaded and the key made once signing is on: a failure here is a broken library.
            fatalError("cannot sign a token: \(error)")
        }
    }

    /// Adds a new signing key of each kind; the previous ones stay published for `keepPublishedSeconds` (by default
    /// an ID token's lifetime, and a session cookie's longest one). Turns nothing on.
    func rotate(keepPublishedSeconds: Int?) throws(CryptoError) {
        lock.lock()
        defer { lock.unlock() }
        let now = Self.now()
        try idTokenKeys.rotate(now: now, keepPublishedSeconds: keepPublishedSeconds ?? Self.retiredIdTokenKeySeconds)
        try sessionCookieKeys.rotate(
            now: now, keepPublishedSeconds: keepPublishedSeconds ?? Self.retiredSessionCookieKeySeconds)
    }

    /// The published keys of `kind` as `{kid: certificate PEM}`, as Google's x509 documents; `{}` while signing is off.
    func certificates(_ kind: Kind) -> JSONObject {
        var object = JSONObject()
        for key in published(kind) { object[key.kid] = .string(key.certificatePEM) }
        return object
    }

    /// The published keys of `kind` as a JWK set (`{"keys": [...]}`); no keys while signing is off.
    func jwks(_ kind: Kind) throws(CryptoError) -> JSONObject {
        var keys: [JSONValue] = []
        for key in published(kind) { keys.append(try key.jwk()) }
        return ["keys": .array(keys)]
    }

    /// Signing and the keys as the export keeps them (`signTokens`, `idTokenKeys`, `sessionCookieKeys`); nil when no
    /// key was ever made.
    func exported() throws(CryptoError) -> JSONObject? {
        lock.lock()
        defer { lock.unlock() }
        guard !idTokenKeys.keys.isEmpty || !sessionCookieKeys.keys.isEmpty else { return nil }
        return [
            "signTokens": .bool(enabled), "idTokenKeys": try idTokenKeys.exported(),
            "sessionCookieKeys": try sessionCookieKeys.exported(),
        ]
    }

    /// Restores what `exported()` wrote: the keys, and signing on when it was on then.
    func restore(_ object: JSONObject) throws(CryptoError) {
        let idTokens = try SigningKeyRing(exported: object["idTokenKeys"] ?? [])
        let cookies = try SigningKeyRing(exported: object["sessionCookieKeys"] ?? [])
        lock.lock()
        defer { lock.unlock() }
        idTokenKeys = idTokens
        sessionCookieKeys = cookies
        if object["signTokens"]?.bool == true {
            let now = Self.now()
            _ = try idTokenKeys.signingKey(now: now)
            _ = try sessionCookieKeys.signingKey(now: now)
            enabled = true
        }
    }

    private func published(_ kind: Kind) -> [SigningKey] {
        lock.withLock { enabled ? (kind == .idToken ? idTokenKeys : sessionCookieKeys).published(now: Self.now()) : [] }
    }

    private func ring(_ kind: Kind) -> SigningKeyRing {
        kind == .idToken ? idTokenKeys : sessionCookieKeys
    }

    private static func now() -> Int { Timestamp.nowMillis() / 1000 }
}
