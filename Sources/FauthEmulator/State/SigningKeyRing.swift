import FauthCrypto
import FauthJSON

/// One RSA key the emulator signs with and publishes: its `kid`, the key pair and its self-signed certificate.
struct SigningKey: Sendable {
    /// The key id tokens name in their header: the SHA-1 of the public key (DER), in hex, 40 characters as Google's.
    let kid: String
    /// The key pair.
    let key: RSAKey
    /// A self-signed X.509 certificate for the public key, as Google publishes its keys.
    let certificatePEM: String
    /// When the key was made, in Unix seconds.
    let createdAt: Int
    /// When a rotation retired it (it no longer signs), in Unix seconds; nil for the key that signs.
    var retiredAt: Int?
    /// Until when a retired key stays published, in Unix seconds.
    var publishedUntil: Int?

    /// The certificates' common name, as on Google's.
    static let commonName = "securetoken.system.gserviceaccount.com"
    /// How long a certificate is valid: ten years, so that an exported key still has a valid certificate when it is
    /// imported again (Google's are valid about two weeks, and are replaced as they rotate).
    static let certificateValidity: Int64 = 10 * 365 * 24 * 3600

    /// A new 2048-bit key made at `now`.
    static func generate(now: Int) throws(CryptoError) -> SigningKey {
        try SigningKey(key: RSAKey.generate(bits: 2048), createdAt: now)
    }

    /// A key made at `createdAt` (a new certificate is made for it).
    init(key: RSAKey, createdAt: Int, retiredAt: Int? = nil, publishedUntil: Int? = nil) throws(CryptoError) {
        let digest = try DigestAlgorithm.sha1.hash(key.publicKeyDER())
        kid = digest.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        self.key = key
        certificatePEM = try key.selfSignedCertificatePEM(
            commonName: Self.commonName, notBefore: Int64(createdAt) - 3600, validSeconds: Self.certificateValidity)
        self.createdAt = createdAt
        self.retiredAt = retiredAt
        self.publishedUntil = publishedUntil
    }

    /// The public key as a JWK (`kty`, `alg`, `use`, `kid`, `n`, `e`), as Google's JWKS lists it.
    func jwk() throws(CryptoError) -> JSONValue {
        let (modulus, exponent) = try key.components()
        return [
            "kty": "RSA", "alg": "RS256", "use": "sig", "kid": .string(kid),
            "n": .string(Base64.encodeURL(modulus)), "e": .string(Base64.encodeURL(exponent)),
        ]
    }
}

/// The keys of one kind of token (ID tokens, or session cookies): the newest signs; keys a rotation retired stay
/// published for a while, so that the tokens they signed still verify, then are dropped.
struct SigningKeyRing: Sendable {
    /// The keys, oldest first; the last one signs.
    private(set) var keys: [SigningKey] = []
    /// The most keys kept: a rotation beyond it drops the oldest retired key at once.
    static let maximumKeys = 8

    /// The key that signs, made now if there is none yet.
    mutating func signingKey(now: Int) throws(CryptoError) -> SigningKey {
        if let key = keys.last { return key }
        keys = [try SigningKey.generate(now: now)]
        return keys[0]
    }

    /// The keys published at `now`: the signing key and the retired keys still in their window.
    func published(now: Int) -> [SigningKey] {
        keys.filter { ($0.publishedUntil ?? Int.max) > now }
    }

    /// Adds a new signing key; the current one stops signing, and it and the keys retired before stay published for
    /// at most `keepPublishedSeconds` more.
    mutating func rotate(now: Int, keepPublishedSeconds: Int) throws(CryptoError) {
        let next = try SigningKey.generate(now: now)
        if let last = keys.indices.last { keys[last].retiredAt = now }
        for index in keys.indices {
            keys[index].publishedUntil = min(keys[index].publishedUntil ?? Int.max, now + keepPublishedSeconds)
        }
        keys.removeAll { ($0.publishedUntil ?? Int.max) <= now }
        keys.append(next)
        if keys.count > Self.maximumKeys { keys.removeFirst(keys.count - Self.maximumKeys) }
    }

    /// The ring as the export keeps it: each key's PKCS#8 PEM and times.
    func exported() throws(CryptoError) -> JSONValue {
        var list: [JSONValue] = []
        for key in keys {
            var entry: JSONObject = [
                "kid": .string(key.kid), "privateKey": .string(try key.key.privateKeyPEM()),
                "createdAt": .number(Double(key.createdAt)),
            ]
            if let retiredAt = key.retiredAt { entry["retiredAt"] = .number(Double(retiredAt)) }
            if let until = key.publishedUntil { entry["publishedUntil"] = .number(Double(until)) }
            list.append(.object(entry))
        }
        return .array(list)
    }

    /// A ring read back from `exported()`; throws a message naming what is wrong.
    init(exported value: JSONValue) throws(CryptoError) {
        guard let list = value.array, list.count <= Self.maximumKeys else {
            throw CryptoError("signing keys: expected a list of at most \(Self.maximumKeys) keys")
        }
        for entry in list {
            guard let pem = entry["privateKey"]?.string, pem.utf8.count <= 16_384,
                let createdAt = entry["createdAt"]?.int
            else { throw CryptoError("signing keys: each key needs privateKey (PEM) and createdAt") }
            let key = try RSAKey.privateKey(pem: pem)
            guard key.bits >= 2048 else { throw CryptoError("signing keys: a key has fewer than 2048 bits") }
            keys.append(
                try SigningKey(
                    key: key, createdAt: createdAt, retiredAt: entry["retiredAt"]?.int,
                    publishedUntil: entry["publishedUntil"]?.int))
        }
    }

    /// An empty ring.
    init() {}
}

extension String {
    /// The string with zeros before it up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
