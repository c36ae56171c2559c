import CCryptoShim

/// An RSA key held by libcrypto: a private key (which can sign) or a public key (which can verify).
package final class RSAKey: @unchecked Sendable {  // libcrypto's keys are safe to use from several threads once made
    private let key: OpaquePointer

    private init(_ key: OpaquePointer) {
        self.key = key
    }

    deinit {
        fauth_crypto_key_free(key)
    }

    /// Wraps what a shim constructor returned, refusing a key that is not RSA.
    private static func wrap(_ key: OpaquePointer?) throws(CryptoError) -> RSAKey {
        guard let key else { throw CryptoError.last() }
        guard fauth_crypto_key_is_rsa(key) == 1 else {
            fauth_crypto_key_free(key)
            throw CryptoError("not an RSA key")
        }
        return RSAKey(key)
    }

    /// A new key pair of `bits` bits, public exponent 65537.
    package static func generate(bits: Int = 2048) throws(CryptoError) -> RSAKey {
        try Libcrypto.load()
        return try wrap(fauth_crypto_rsa_generate(Int32(bits)))
    }

    /// A private key from unencrypted PEM (PKCS#8 or PKCS#1).
    package static func privateKey(pem: String) throws(CryptoError) -> RSAKey {
        try Libcrypto.load()
        let bytes = Array(pem.utf8)
        return try wrap(fauth_crypto_private_key_from_pem(bytes, bytes.count))
    }

    /// A private key from DER (PKCS#8 or PKCS#1).
    package static func privateKey(der: [UInt8]) throws(CryptoError) -> RSAKey {
        try Libcrypto.load()
        return try wrap(fauth_crypto_private_key_from_der(der, der.count))
    }

    /// A public key from SubjectPublicKeyInfo PEM ("PUBLIC KEY").
    package static func publicKey(pem: String) throws(CryptoError) -> RSAKey {
        try Libcrypto.load()
        let bytes = Array(pem.utf8)
        return try wrap(fauth_crypto_public_key_from_pem(bytes, bytes.count))
    }

    /// A public key from SubjectPublicKeyInfo DER.
    package static func publicKey(der: [UInt8]) throws(CryptoError) -> RSAKey {
        try Libcrypto.load()
        return try wrap(fauth_crypto_public_key_from_der(der, der.count))
    }

    /// The public key of a PEM X.509 certificate.
    package static func publicKey(certificatePEM: String) throws(CryptoError) -> RSAKey {
        try Libcrypto.load()
        let bytes = Array(certificatePEM.utf8)
        return try wrap(fauth_crypto_public_key_from_certificate_pem(bytes, bytes.count))
    }

    /// A public key from its modulus and exponent, big-endian unsigned bytes (a JWK's `n` and `e`, decoded).
    package static func publicKey(modulus: [UInt8], exponent: [UInt8]) throws(CryptoError) -> RSAKey {
        try Libcrypto.load()
        return try wrap(fauth_crypto_rsa_public_key(modulus, modulus.count, exponent, exponent.count))
    }

    /// The key's size in bits.
    package var bits: Int { Int(fauth_crypto_key_bits(key)) }

    /// The private key as PKCS#8 PEM ("PRIVATE KEY").
    package func privateKeyPEM() throws(CryptoError) -> String {
        var out = fauth_crypto_buffer()
        guard fauth_crypto_private_key_pem(key, &out) == 0 else { throw CryptoError.last() }
        return String(decoding: out.take(), as: UTF8.self)
    }

    /// The private key as PKCS#8 DER.
    package func privateKeyDER() throws(CryptoError) -> [UInt8] {
        var out = fauth_crypto_buffer()
        guard fauth_crypto_private_key_der(key, &out) == 0 else { throw CryptoError.last() }
        return out.take()
    }

    /// The public key as SubjectPublicKeyInfo PEM ("PUBLIC KEY").
    package func publicKeyPEM() throws(CryptoError) -> String {
        var out = fauth_crypto_buffer()
        guard fauth_crypto_public_key_pem(key, &out) == 0 else { throw CryptoError.last() }
        return String(decoding: out.take(), as: UTF8.self)
    }

    /// The public key as SubjectPublicKeyInfo DER.
    package func publicKeyDER() throws(CryptoError) -> [UInt8] {
        var out = fauth_crypto_buffer()
        guard fauth_crypto_public_key_der(key, &out) == 0 else { throw CryptoError.last() }
        return out.take()
    }

    /// The modulus and public exponent, big-endian without leading zeros (a JWK's `n` and `e` before base64url).
    package func components() throws(CryptoError) -> (modulus: [UInt8], exponent: [UInt8]) {
        var modulus = fauth_crypto_buffer()
        var exponent = fauth_crypto_buffer()
        guard fauth_crypto_rsa_components(key, &modulus, &exponent) == 0 else { throw CryptoError.last() }
        return (modulus.take(), exponent.take())
    }

    /// A self-signed X.509 certificate (PEM) for this private key, `CN=commonName`, valid from `notBefore` (Unix
    /// seconds) for `validSeconds`.
    package func selfSignedCertificatePEM(
        commonName: String, notBefore: Int64, validSeconds: Int64
    ) throws(CryptoError) -> String {
        var out = fauth_crypto_buffer()
        guard fauth_crypto_self_signed_certificate_pem(key, commonName, notBefore, validSeconds, &out) == 0 else {
            throw CryptoError.last()
        }
        return String(decoding: out.take(), as: UTF8.self)
    }

    /// The RS256 signature (RSASSA-PKCS1-v1_5 with SHA-256) of `data`, with this private key.
    package func signRS256(_ data: some Collection<UInt8>) throws(CryptoError) -> [UInt8] {
        let input = Array(data)
        var out = fauth_crypto_buffer()
        guard fauth_crypto_sign_rs256(key, input, input.count, &out) == 0 else { throw CryptoError.last() }
        return out.take()
    }

    /// Whether `signature` is this key's valid RS256 signature of `data`.
    package func verifyRS256(_ data: some Collection<UInt8>, signature: [UInt8]) -> Bool {
        let input = Array(data)
        return fauth_crypto_verify_rs256(key, input, input.count, signature, signature.count) == 1
    }
}
