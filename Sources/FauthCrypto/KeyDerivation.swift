import CCryptoShim

/// Password-based key derivation: PBKDF2 (RFC 8018) and scrypt (RFC 7914).
package enum KeyDerivation {
    /// PBKDF2 with HMAC over `digest`: `length` bytes from the password and salt after `iterations` rounds.
    package static func pbkdf2(
        password: [UInt8], salt: [UInt8], iterations: UInt32, digest: DigestAlgorithm, length: Int
    ) throws(CryptoError) -> [UInt8] {
        try Libcrypto.load()
        var out = [UInt8](repeating: 0, count: length)
        guard
            fauth_crypto_pbkdf2(
                digest.kind, password, password.count, salt, salt.count, iterations, &out, length) == 0
        else { throw CryptoError.last() }
        return out
    }

    /// scrypt with cost `n` (a power of two), block size `r` and parallelism `p`, using at most `maxMemory` bytes
    /// (0: libcrypto's default, 32 MiB): `length` bytes.
    package static func scrypt(
        password: [UInt8], salt: [UInt8], n: UInt64, r: UInt64, p: UInt64, maxMemory: UInt64 = 0, length: Int
    ) throws(CryptoError) -> [UInt8] {
        try Libcrypto.load()
        var out = [UInt8](repeating: 0, count: length)
        guard
            fauth_crypto_scrypt(password, password.count, salt, salt.count, n, r, p, maxMemory, &out, length) == 0
        else { throw CryptoError.last() }
        return out
    }
}
