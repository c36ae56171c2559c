// A small view of OpenSSL 3's libcrypto, loaded at run time with dlopen: random bytes, digests, HMAC, PBKDF2,
// scrypt, AES-256-CTR, RSA keys (PEM and DER), self-signed X.509 certificates, RS256 signatures.
//
// Building needs no OpenSSL headers: the functions are declared here by what they do, over opaque key handles, and
// the shim resolves libcrypto's (stable, OPENSSL_3.0.0) symbols on first use. Nothing is loaded before
// `fauth_crypto_load` is called, so a program that never needs cryptography never opens libcrypto.
#pragma once

#include <stddef.h>
#include <stdint.h>

/// Bytes the shim allocated (with malloc): free them with `fauth_crypto_buffer_free`.
typedef struct fauth_crypto_buffer {
    uint8_t *bytes;
    size_t length;
} fauth_crypto_buffer;

/// The digests the shim offers (for `fauth_crypto_digest`, `fauth_crypto_hmac`, `fauth_crypto_pbkdf2`).
typedef enum fauth_crypto_digest_kind {
    FAUTH_CRYPTO_MD5 = 0,
    FAUTH_CRYPTO_SHA1 = 1,
    FAUTH_CRYPTO_SHA256 = 2,
    FAUTH_CRYPTO_SHA512 = 3,
} fauth_crypto_digest_kind;

/// The largest digest, in bytes (SHA-512).
enum { FAUTH_CRYPTO_MAX_DIGEST = 64 };

/// An RSA key (private, or public only) held by libcrypto: an `EVP_PKEY`.
typedef struct fauth_crypto_key fauth_crypto_key;

/// Loads libcrypto (once per process, thread-safe). Returns 0 on success; otherwise -1 and, when `message` is not
/// NULL, points it at a static description of why loading failed.
int fauth_crypto_load(const char **message);

/// The loaded libcrypto's version text ("OpenSSL 3.0.19 ..."), or "" when it is not loaded.
const char *fauth_crypto_version(void);

/// Why the last failing call on this thread failed: libcrypto's error queue's first entry (which is then cleared),
/// or the shim's own reason. Points at thread-local storage valid until the next call on this thread.
const char *fauth_crypto_last_error(void);

/// Frees a buffer the shim returned and resets it; NULL-safe.
void fauth_crypto_buffer_free(fauth_crypto_buffer *buffer);

/// `RAND_bytes`: `count` cryptographically strong random bytes. 0 on success, -1 otherwise.
int fauth_crypto_random(uint8_t *out, size_t count);

/// The digest's length in bytes, 0 for an unknown kind.
size_t fauth_crypto_digest_length(int kind);

/// `EVP_Digest`: writes the digest of `data` to `out` (at least FAUTH_CRYPTO_MAX_DIGEST bytes) and its length to
/// `out_length`. 0 on success, -1 otherwise.
int fauth_crypto_digest(int kind, const uint8_t *data, size_t length, uint8_t *out, size_t *out_length);

/// `HMAC` with the digest: writes the MAC to `out` (at least FAUTH_CRYPTO_MAX_DIGEST bytes). 0 on success, -1
/// otherwise.
int fauth_crypto_hmac(int kind, const uint8_t *key, size_t key_length, const uint8_t *data, size_t length,
                      uint8_t *out, size_t *out_length);

/// `PKCS5_PBKDF2_HMAC`: derives `out_length` bytes. 0 on success, -1 otherwise.
int fauth_crypto_pbkdf2(int kind, const uint8_t *password, size_t password_length, const uint8_t *salt,
                        size_t salt_length, uint32_t iterations, uint8_t *out, size_t out_length);

/// `EVP_PBE_scrypt` with cost `n` (a power of two), block size `r`, parallelism `p`, at most `max_memory` bytes
/// (0: libcrypto's default of 32 MiB): derives `out_length` bytes. 0 on success, -1 otherwise.
int fauth_crypto_scrypt(const uint8_t *password, size_t password_length, const uint8_t *salt, size_t salt_length,
                        uint64_t n, uint64_t r, uint64_t p, uint64_t max_memory, uint8_t *out, size_t out_length);

/// AES-256 in counter mode with a 32-byte key and a 16-byte initial counter block: writes `length` bytes to `out`
/// (encryption and decryption are the same). 0 on success, -1 otherwise.
int fauth_crypto_aes256_ctr(const uint8_t *key, const uint8_t *iv, const uint8_t *in, size_t length, uint8_t *out);

/// A new RSA key pair of `bits` bits (public exponent 65537); NULL on failure.
fauth_crypto_key *fauth_crypto_rsa_generate(int bits);

/// Frees a key; NULL-safe.
void fauth_crypto_key_free(fauth_crypto_key *key);

/// 1 when the key is RSA, 0 otherwise.
int fauth_crypto_key_is_rsa(const fauth_crypto_key *key);

/// The key's size in bits.
int fauth_crypto_key_bits(const fauth_crypto_key *key);

/// A private key from PEM (PKCS#8 "PRIVATE KEY" or PKCS#1 "RSA PRIVATE KEY", unencrypted); NULL on failure.
fauth_crypto_key *fauth_crypto_private_key_from_pem(const uint8_t *pem, size_t length);

/// A private key from DER (PKCS#8 or PKCS#1); NULL on failure.
fauth_crypto_key *fauth_crypto_private_key_from_der(const uint8_t *der, size_t length);

/// A public key from PEM ("PUBLIC KEY", SubjectPublicKeyInfo); NULL on failure.
fauth_crypto_key *fauth_crypto_public_key_from_pem(const uint8_t *pem, size_t length);

/// A public key from DER (SubjectPublicKeyInfo); NULL on failure.
fauth_crypto_key *fauth_crypto_public_key_from_der(const uint8_t *der, size_t length);

/// The public key of a PEM X.509 certificate ("CERTIFICATE"); NULL on failure.
fauth_crypto_key *fauth_crypto_public_key_from_certificate_pem(const uint8_t *pem, size_t length);

/// An RSA public key from its modulus and public exponent, big-endian unsigned bytes (a JWK's `n` and `e`);
/// NULL on failure.
fauth_crypto_key *fauth_crypto_rsa_public_key(const uint8_t *modulus, size_t modulus_length, const uint8_t *exponent,
                                              size_t exponent_length);

/// The private key as PKCS#8 PEM. 0 on success, -1 otherwise.
int fauth_crypto_private_key_pem(const fauth_crypto_key *key, fauth_crypto_buffer *out);

/// The private key as PKCS#8 DER. 0 on success, -1 otherwise.
int fauth_crypto_private_key_der(const fauth_crypto_key *key, fauth_crypto_buffer *out);

/// The public key as SubjectPublicKeyInfo PEM ("PUBLIC KEY"). 0 on success, -1 otherwise.
int fauth_crypto_public_key_pem(const fauth_crypto_key *key, fauth_crypto_buffer *out);

/// The public key as SubjectPublicKeyInfo DER. 0 on success, -1 otherwise.
int fauth_crypto_public_key_der(const fauth_crypto_key *key, fauth_crypto_buffer *out);

/// An RSA key's modulus and public exponent, big-endian unsigned bytes without leading zeros. 0 on success, -1
/// otherwise.
int fauth_crypto_rsa_components(const fauth_crypto_key *key, fauth_crypto_buffer *modulus,
                                fauth_crypto_buffer *exponent);

/// A self-signed X.509 v3 certificate (PEM) for the key, subject and issuer `CN=common_name`, valid from
/// `not_before` for `valid_seconds` (Unix seconds), signed with SHA-256, with a random serial number. 0 on success,
/// -1 otherwise.
int fauth_crypto_self_signed_certificate_pem(const fauth_crypto_key *key, const char *common_name, int64_t not_before,
                                             int64_t valid_seconds, fauth_crypto_buffer *out);

/// An RS256 signature (RSASSA-PKCS1-v1_5 with SHA-256) of `data` with the private key. 0 on success, -1 otherwise.
int fauth_crypto_sign_rs256(const fauth_crypto_key *key, const uint8_t *data, size_t length,
                            fauth_crypto_buffer *signature);

/// Checks an RS256 signature of `data` with the (RSA) key: 1 valid, 0 invalid, -1 when it could not be checked.
int fauth_crypto_verify_rs256(const fauth_crypto_key *key, const uint8_t *data, size_t length,
                              const uint8_t *signature, size_t signature_length);
