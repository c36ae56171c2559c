import CCryptoShim

/// A message digest libcrypto computes, for hashing, HMAC and PBKDF2.
package enum DigestAlgorithm: Sendable, CaseIterable {
    case md5, sha1, sha256, sha512

    /// The shim's number for the digest.
    var kind: Int32 {
        switch self {
        case .md5: Int32(FAUTH_CRYPTO_MD5.rawValue)
        case .sha1: Int32(FAUTH_CRYPTO_SHA1.rawValue)
        case .sha256: Int32(FAUTH_CRYPTO_SHA256.rawValue)
        case .sha512: Int32(FAUTH_CRYPTO_SHA512.rawValue)
        }
    }

    /// The digest's length in bytes.
    package var length: Int { fauth_crypto_digest_length(kind) }

    /// The digest of `data`.
    package func hash(_ data: some Collection<UInt8>) throws(CryptoError) -> [UInt8] {
        try Libcrypto.load()
        let input = Array(data)
        var out = [UInt8](repeating: 0, count: Int(FAUTH_CRYPTO_MAX_DIGEST))
        var written = 0
        guard fauth_crypto_digest(kind, input, input.count, &out, &written) == 0 else { throw CryptoError.last() }
        return Array(out.prefix(written))
    }

    /// The HMAC of `data` under `key` with this digest.
    package func hmac(key: some Collection<UInt8>, data: some Collection<UInt8>) throws(CryptoError) -> [UInt8] {
        try Libcrypto.load()
        let keyBytes = Array(key)
        let input = Array(data)
        var out = [UInt8](repeating: 0, count: Int(FAUTH_CRYPTO_MAX_DIGEST))
        var written = 0
        guard fauth_crypto_hmac(kind, keyBytes, keyBytes.count, input, input.count, &out, &written) == 0 else {
            throw CryptoError.last()
        }
        return Array(out.prefix(written))
    }
}
