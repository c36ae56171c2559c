import CCryptoShim

/// AES-256 in counter mode (NIST SP 800-38A): encryption and decryption are the same operation.
package enum AES256CTR {
    /// `input` encrypted (or decrypted) under a 32-byte key from a 16-byte initial counter block.
    package static func apply(key: [UInt8], iv: [UInt8], to input: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard key.count == 32, iv.count == 16 else {
            throw CryptoError("AES-256-CTR needs a 32-byte key and a 16-byte counter block")
        }
        try Libcrypto.load()
        var out = [UInt8](repeating: 0, count: input.count)
        guard fauth_crypto_aes256_ctr(key, iv, input, input.count, &out) == 0 else { throw CryptoError.last() }
        return out
    }
}
