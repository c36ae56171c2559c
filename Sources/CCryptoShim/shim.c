// libcrypto through dlopen: resolve the functions once, then do each operation with them. The prototypes below are
// OpenSSL 3's (openssl/*.h), declared here over `void *` for libcrypto's opaque types.
#include "CCryptoShim.h"

#include "CLibraryLoader.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*password_callback)(char *buffer, int size, int writing, void *context);

static struct {
    const char *(*version)(int);
    unsigned long (*err_get_error)(void);
    void (*err_error_string_n)(unsigned long, char *, size_t);
    void (*err_clear_error)(void);
    int (*rand_bytes)(unsigned char *, int);
    const void *(*md5)(void);
    const void *(*sha1)(void);
    const void *(*sha256)(void);
    const void *(*sha512)(void);
    int (*digest)(const void *, size_t, unsigned char *, unsigned int *, const void *, void *);
    unsigned char *(*hmac)(const void *, const void *, int, const unsigned char *, size_t, unsigned char *,
                           unsigned int *);
    int (*pbkdf2)(const char *, int, const unsigned char *, int, int, const void *, int, unsigned char *);
    int (*scrypt)(const char *, size_t, const unsigned char *, size_t, uint64_t, uint64_t, uint64_t, uint64_t,
                  unsigned char *, size_t);
    void *(*cipher_ctx_new)(void);
    void (*cipher_ctx_free)(void *);
    const void *(*aes_256_ctr)(void);
    int (*encrypt_init)(void *, const void *, void *, const unsigned char *, const unsigned char *);
    int (*encrypt_update)(void *, unsigned char *, int *, const unsigned char *, int);
    int (*encrypt_final)(void *, unsigned char *, int *);
    void *(*pkey_ctx_new_id)(int, void *);
    void (*pkey_ctx_free)(void *);
    int (*keygen_init)(void *);
    int (*set_rsa_keygen_bits)(void *, int);
    int (*keygen)(void *, void **);
    void *(*pkey_new)(void);
    void (*pkey_free)(void *);
    int (*pkey_assign)(void *, int, void *);
    int (*pkey_get_base_id)(const void *);
    int (*pkey_get_bits)(const void *);
    int (*pkey_get_bn_param)(const void *, const char *, void **);
    void *(*bio_new)(const void *);
    const void *(*bio_s_mem)(void);
    void *(*bio_new_mem_buf)(const void *, int);
    int (*bio_free)(void *);
    long (*bio_ctrl)(void *, int, long, void *);
    void *(*pem_read_private_key)(void *, void **, password_callback, void *);
    void *(*pem_read_pubkey)(void *, void **, password_callback, void *);
    void *(*pem_read_x509)(void *, void **, password_callback, void *);
    int (*pem_write_private_key)(void *, const void *, const void *, const unsigned char *, int, password_callback,
                                 void *);
    int (*pem_write_pubkey)(void *, const void *);
    int (*pem_write_x509)(void *, const void *);
    void *(*d2i_auto_private_key)(void **, const unsigned char **, long);
    void *(*d2i_pubkey)(void **, const unsigned char **, long);
    int (*i2d_pkcs8_private_key_bio)(void *, const void *, const void *, const char *, int, password_callback,
                                     void *);
    int (*i2d_pubkey)(const void *, unsigned char **);
    void *(*rsa_new)(void);
    void (*rsa_free)(void *);
    int (*rsa_set0_key)(void *, void *, void *, void *);
    void *(*bn_bin2bn)(const unsigned char *, int, void *);
    int (*bn_num_bits)(const void *);
    int (*bn_bn2bin)(const void *, unsigned char *);
    void (*bn_free)(void *);
    void *(*x509_new)(void);
    void (*x509_free)(void *);
    int (*x509_set_version)(void *, long);
    void *(*x509_get_serial_number)(void *);
    int (*asn1_integer_set_uint64)(void *, uint64_t);
    void *(*x509_getm_not_before)(const void *);
    void *(*x509_getm_not_after)(const void *);
    void *(*asn1_time_set)(void *, int64_t);
    int (*x509_set_pubkey)(void *, void *);
    void *(*x509_get_subject_name)(const void *);
    int (*x509_name_add_entry_by_txt)(void *, const char *, int, const unsigned char *, int, int, int);
    int (*x509_set_issuer_name)(void *, const void *);
    int (*x509_sign)(void *, void *, const void *);
    void *(*x509_get_pubkey)(void *);
    void *(*md_ctx_new)(void);
    void (*md_ctx_free)(void *);
    int (*digest_sign_init)(void *, void **, const void *, void *, void *);
    int (*digest_sign)(void *, unsigned char *, size_t *, const unsigned char *, size_t);
    int (*digest_verify_init)(void *, void **, const void *, void *, void *);
    int (*digest_verify)(void *, const unsigned char *, size_t, const unsigned char *, size_t);
} crypto;

/// OpenSSL's constants used here: EVP_PKEY_RSA (NID_rsaEncryption), BIO_CTRL_INFO, MBSTRING_UTF8, OPENSSL_VERSION.
enum { pkey_rsa = 6, bio_ctrl_info = 3, mbstring_utf8 = 0x1000, openssl_version = 0 };

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = -1;
static fauth_library library = {.message = "libcrypto was not loaded"};
static _Thread_local char last_error[512];

#if defined(__APPLE__)
static const char *const library_names[] = {"libcrypto.3.dylib"};
#else
static const char *const library_names[] = {"libcrypto.so.3"};
#endif

#define RESOLVE(field, name) (*(void **)&crypto.field = fauth_library_symbol(&library, name))

static void load(void) {
    if (fauth_library_open(&library, library_names, sizeof(library_names) / sizeof(library_names[0])) != 0) {
        return;
    }
    RESOLVE(version, "OpenSSL_version");
    RESOLVE(err_get_error, "ERR_get_error");
    RESOLVE(err_error_string_n, "ERR_error_string_n");
    RESOLVE(err_clear_error, "ERR_clear_error");
    RESOLVE(rand_bytes, "RAND_bytes");
    RESOLVE(md5, "EVP_md5");
    RESOLVE(sha1, "EVP_sha1");
    RESOLVE(sha256, "EVP_sha256");
    RESOLVE(sha512, "EVP_sha512");
    RESOLVE(digest, "EVP_Digest");
    RESOLVE(hmac, "HMAC");
    RESOLVE(pbkdf2, "PKCS5_PBKDF2_HMAC");
    RESOLVE(scrypt, "EVP_PBE_scrypt");
    RESOLVE(cipher_ctx_new, "EVP_CIPHER_CTX_new");
    RESOLVE(cipher_ctx_free, "EVP_CIPHER_CTX_free");
    RESOLVE(aes_256_ctr, "EVP_aes_256_ctr");
    RESOLVE(encrypt_init, "EVP_EncryptInit_ex");
    RESOLVE(encrypt_update, "EVP_EncryptUpdate");
    RESOLVE(encrypt_final, "EVP_EncryptFinal_ex");
    RESOLVE(pkey_ctx_new_id, "EVP_PKEY_CTX_new_id");
    RESOLVE(pkey_ctx_free, "EVP_PKEY_CTX_free");
    RESOLVE(keygen_init, "EVP_PKEY_keygen_init");
    RESOLVE(set_rsa_keygen_bits, "EVP_PKEY_CTX_set_rsa_keygen_bits");
    RESOLVE(keygen, "EVP_PKEY_keygen");
    RESOLVE(pkey_new, "EVP_PKEY_new");
    RESOLVE(pkey_free, "EVP_PKEY_free");
    RESOLVE(pkey_assign, "EVP_PKEY_assign");
    RESOLVE(pkey_get_base_id, "EVP_PKEY_get_base_id");
    RESOLVE(pkey_get_bits, "EVP_PKEY_get_bits");
    RESOLVE(pkey_get_bn_param, "EVP_PKEY_get_bn_param");
    RESOLVE(bio_new, "BIO_new");
    RESOLVE(bio_s_mem, "BIO_s_mem");
    RESOLVE(bio_new_mem_buf, "BIO_new_mem_buf");
    RESOLVE(bio_free, "BIO_free");
    RESOLVE(bio_ctrl, "BIO_ctrl");
    RESOLVE(pem_read_private_key, "PEM_read_bio_PrivateKey");
    RESOLVE(pem_read_pubkey, "PEM_read_bio_PUBKEY");
    RESOLVE(pem_read_x509, "PEM_read_bio_X509");
    RESOLVE(pem_write_private_key, "PEM_write_bio_PrivateKey");
    RESOLVE(pem_write_pubkey, "PEM_write_bio_PUBKEY");
    RESOLVE(pem_write_x509, "PEM_write_bio_X509");
    RESOLVE(d2i_auto_private_key, "d2i_AutoPrivateKey");
    RESOLVE(d2i_pubkey, "d2i_PUBKEY");
    RESOLVE(i2d_pkcs8_private_key_bio, "i2d_PKCS8PrivateKey_bio");
    RESOLVE(i2d_pubkey, "i2d_PUBKEY");
    RESOLVE(rsa_new, "RSA_new");
    RESOLVE(rsa_free, "RSA_free");
    RESOLVE(rsa_set0_key, "RSA_set0_key");
    RESOLVE(bn_bin2bn, "BN_bin2bn");
    RESOLVE(bn_num_bits, "BN_num_bits");
    RESOLVE(bn_bn2bin, "BN_bn2bin");
    RESOLVE(bn_free, "BN_free");
    RESOLVE(x509_new, "X509_new");
    RESOLVE(x509_free, "X509_free");
    RESOLVE(x509_set_version, "X509_set_version");
    RESOLVE(x509_get_serial_number, "X509_get_serialNumber");
    RESOLVE(asn1_integer_set_uint64, "ASN1_INTEGER_set_uint64");
    RESOLVE(x509_getm_not_before, "X509_getm_notBefore");
    RESOLVE(x509_getm_not_after, "X509_getm_notAfter");
    RESOLVE(asn1_time_set, "ASN1_TIME_set");
    RESOLVE(x509_set_pubkey, "X509_set_pubkey");
    RESOLVE(x509_get_subject_name, "X509_get_subject_name");
    RESOLVE(x509_name_add_entry_by_txt, "X509_NAME_add_entry_by_txt");
    RESOLVE(x509_set_issuer_name, "X509_set_issuer_name");
    RESOLVE(x509_sign, "X509_sign");
    RESOLVE(x509_get_pubkey, "X509_get_pubkey");
    RESOLVE(md_ctx_new, "EVP_MD_CTX_new");
    RESOLVE(md_ctx_free, "EVP_MD_CTX_free");
    RESOLVE(digest_sign_init, "EVP_DigestSignInit");
    RESOLVE(digest_sign, "EVP_DigestSign");
    RESOLVE(digest_verify_init, "EVP_DigestVerifyInit");
    RESOLVE(digest_verify, "EVP_DigestVerify");
    if (!library.missing) {
        load_status = 0;
    }
}

int fauth_crypto_load(const char **message) {
    pthread_once(&load_once, load);
    if (load_status != 0 && message != NULL) {
        *message = library.message;
    }
    return load_status;
}

const char *fauth_crypto_version(void) {
    return load_status == 0 ? crypto.version(openssl_version) : "";
}

/// Records why the operation failed, with libcrypto's first queued error when there is one, and returns -1.
static int fail(const char *reason) {
    if (load_status != 0) {
        snprintf(last_error, sizeof(last_error), "%s: %s", reason, library.message);
        return -1;
    }
    unsigned long code = crypto.err_get_error();
    if (code != 0) {
        char detail[256];
        crypto.err_error_string_n(code, detail, sizeof(detail));
        snprintf(last_error, sizeof(last_error), "%s (%s)", reason, detail);
    } else {
        snprintf(last_error, sizeof(last_error), "%s", reason);
    }
    crypto.err_clear_error();
    return -1;
}

/// `fail`, for the functions that return a pointer.
static void *fail_null(const char *reason) {
    fail(reason);
    return NULL;
}

const char *fauth_crypto_last_error(void) {
    return last_error;
}

void fauth_crypto_buffer_free(fauth_crypto_buffer *buffer) {
    if (buffer != NULL) {
        free(buffer->bytes);
        buffer->bytes = NULL;
        buffer->length = 0;
    }
}

/// A non-NULL address for empty input (libcrypto refuses NULL keys and data even when their length is 0).
static const uint8_t *nonnull(const uint8_t *bytes) {
    static const uint8_t empty[1] = {0};
    return bytes != NULL ? bytes : empty;
}

int fauth_crypto_random(uint8_t *out, size_t count) {
    if (load_status != 0 || count > INT_MAX) {
        return fail("random bytes unavailable");
    }
    return crypto.rand_bytes(out, (int)count) == 1 ? 0 : fail("RAND_bytes failed");
}

/// libcrypto's EVP_MD for the kind, or NULL (libcrypto not loaded, or an unknown kind).
static const void *message_digest(int kind) {
    if (load_status != 0) {
        return NULL;
    }
    switch (kind) {
        case FAUTH_CRYPTO_MD5: return crypto.md5();
        case FAUTH_CRYPTO_SHA1: return crypto.sha1();
        case FAUTH_CRYPTO_SHA256: return crypto.sha256();
        case FAUTH_CRYPTO_SHA512: return crypto.sha512();
        default: return NULL;
    }
}

size_t fauth_crypto_digest_length(int kind) {
    switch (kind) {
        case FAUTH_CRYPTO_MD5: return 16;
        case FAUTH_CRYPTO_SHA1: return 20;
        case FAUTH_CRYPTO_SHA256: return 32;
        case FAUTH_CRYPTO_SHA512: return 64;
        default: return 0;
    }
}

int fauth_crypto_digest(int kind, const uint8_t *data, size_t length, uint8_t *out, size_t *out_length) {
    const void *md = message_digest(kind);
    unsigned int written = 0;
    if (md == NULL || crypto.digest(nonnull(data), length, out, &written, md, NULL) != 1) {
        return fail("digest failed");
    }
    *out_length = written;
    return 0;
}

int fauth_crypto_hmac(int kind, const uint8_t *key, size_t key_length, const uint8_t *data, size_t length,
                      uint8_t *out, size_t *out_length) {
    const void *md = message_digest(kind);
    unsigned int written = 0;
    if (md == NULL || key_length > INT_MAX ||
        crypto.hmac(md, nonnull(key), (int)key_length, nonnull(data), length, out, &written) == NULL) {
        return fail("HMAC failed");
    }
    *out_length = written;
    return 0;
}

int fauth_crypto_pbkdf2(int kind, const uint8_t *password, size_t password_length, const uint8_t *salt,
                        size_t salt_length, uint32_t iterations, uint8_t *out, size_t out_length) {
    const void *md = message_digest(kind);
    if (md == NULL || password_length > INT_MAX || salt_length > INT_MAX || iterations == 0 ||
        iterations > INT_MAX || out_length == 0 || out_length > INT_MAX) {
        return fail("PBKDF2 refused its parameters");
    }
    int status = crypto.pbkdf2((const char *)nonnull(password), (int)password_length, nonnull(salt),
                               (int)salt_length, (int)iterations, md, (int)out_length, out);
    return status == 1 ? 0 : fail("PBKDF2 failed");
}

int fauth_crypto_scrypt(const uint8_t *password, size_t password_length, const uint8_t *salt, size_t salt_length,
                        uint64_t n, uint64_t r, uint64_t p, uint64_t max_memory, uint8_t *out, size_t out_length) {
    if (load_status != 0) {
        return fail("scrypt unavailable");
    }
    int status = crypto.scrypt((const char *)nonnull(password), password_length, nonnull(salt), salt_length, n, r, p,
                               max_memory, out, out_length);
    return status == 1 ? 0 : fail("scrypt failed");
}

int fauth_crypto_aes256_ctr(const uint8_t *key, const uint8_t *iv, const uint8_t *in, size_t length, uint8_t *out) {
    if (load_status != 0 || length > INT_MAX) {
        return fail("AES-256-CTR refused its input");
    }
    void *context = crypto.cipher_ctx_new();
    int written = 0, last = 0;
    int ok = context != NULL && crypto.encrypt_init(context, crypto.aes_256_ctr(), NULL, key, iv) == 1 &&
             crypto.encrypt_update(context, out, &written, nonnull(in), (int)length) == 1 &&
             crypto.encrypt_final(context, out + written, &last) == 1 && (size_t)(written + last) == length;
    crypto.cipher_ctx_free(context);
    return ok ? 0 : fail("AES-256-CTR failed");
}

fauth_crypto_key *fauth_crypto_rsa_generate(int bits) {
    if (load_status != 0) {
        return fail_null("RSA key generation unavailable");
    }
    void *context = crypto.pkey_ctx_new_id(pkey_rsa, NULL);
    void *key = NULL;
    int ok = context != NULL && crypto.keygen_init(context) == 1 &&
             crypto.set_rsa_keygen_bits(context, bits) > 0 && crypto.keygen(context, &key) == 1;
    crypto.pkey_ctx_free(context);
    return ok ? (fauth_crypto_key *)key : fail_null("RSA key generation failed");
}

void fauth_crypto_key_free(fauth_crypto_key *key) {
    if (key != NULL && load_status == 0) {
        crypto.pkey_free(key);
    }
}

int fauth_crypto_key_is_rsa(const fauth_crypto_key *key) {
    return crypto.pkey_get_base_id(key) == pkey_rsa ? 1 : 0;
}

int fauth_crypto_key_bits(const fauth_crypto_key *key) {
    return crypto.pkey_get_bits(key);
}

/// Declines to read a password: encrypted PEM is refused instead of prompting on the terminal.
static int no_password(char *buffer, int size, int writing, void *context) {
    (void)buffer, (void)size, (void)writing, (void)context;
    return -1;
}

/// Reads one object from PEM text with `reader` (a PEM_read_bio_* function); NULL on failure.
static void *read_pem(void *(*reader)(void *, void **, password_callback, void *), const uint8_t *pem,
                      size_t length) {
    if (load_status != 0 || length > INT_MAX) {
        return NULL;
    }
    void *bio = crypto.bio_new_mem_buf(nonnull(pem), (int)length);
    void *object = bio != NULL ? reader(bio, NULL, no_password, NULL) : NULL;
    crypto.bio_free(bio);
    return object;
}

fauth_crypto_key *fauth_crypto_private_key_from_pem(const uint8_t *pem, size_t length) {
    void *key = read_pem(crypto.pem_read_private_key, pem, length);
    return key != NULL ? key : fail_null("not a PEM private key");
}

fauth_crypto_key *fauth_crypto_public_key_from_pem(const uint8_t *pem, size_t length) {
    void *key = read_pem(crypto.pem_read_pubkey, pem, length);
    return key != NULL ? key : fail_null("not a PEM public key");
}

fauth_crypto_key *fauth_crypto_public_key_from_certificate_pem(const uint8_t *pem, size_t length) {
    void *certificate = read_pem(crypto.pem_read_x509, pem, length);
    if (certificate == NULL) {
        return fail_null("not a PEM certificate");
    }
    void *key = crypto.x509_get_pubkey(certificate);
    crypto.x509_free(certificate);
    return key != NULL ? key : fail_null("the certificate's public key is unreadable");
}

fauth_crypto_key *fauth_crypto_private_key_from_der(const uint8_t *der, size_t length) {
    const unsigned char *cursor = der;
    void *key = load_status == 0 && length <= LONG_MAX ? crypto.d2i_auto_private_key(NULL, &cursor, (long)length)
                                                       : NULL;
    return key != NULL ? key : fail_null("not a DER private key");
}

fauth_crypto_key *fauth_crypto_public_key_from_der(const uint8_t *der, size_t length) {
    const unsigned char *cursor = der;
    void *key = load_status == 0 && length <= LONG_MAX ? crypto.d2i_pubkey(NULL, &cursor, (long)length) : NULL;
    return key != NULL ? key : fail_null("not a DER public key");
}

fauth_crypto_key *fauth_crypto_rsa_public_key(const uint8_t *modulus, size_t modulus_length, const uint8_t *exponent,
                                              size_t exponent_length) {
    if (load_status != 0 || modulus_length == 0 || modulus_length > 2048 || exponent_length == 0 ||
        exponent_length > 16) {
        return fail_null("not an RSA public key");
    }
    void *n = crypto.bn_bin2bn(modulus, (int)modulus_length, NULL);
    void *e = crypto.bn_bin2bn(exponent, (int)exponent_length, NULL);
    void *rsa = crypto.rsa_new();
    if (n == NULL || e == NULL || rsa == NULL || crypto.rsa_set0_key(rsa, n, e, NULL) != 1) {
        crypto.bn_free(n);
        crypto.bn_free(e);
        crypto.rsa_free(rsa);
        return fail_null("not an RSA public key");
    }
    void *key = crypto.pkey_new();
    if (key == NULL || crypto.pkey_assign(key, pkey_rsa, rsa) != 1) {
        crypto.rsa_free(rsa);
        crypto.pkey_free(key);
        return fail_null("not an RSA public key");
    }
    return key;
}

/// Copies a memory BIO's contents into `out` (malloc) and frees the BIO. 0 on success, -1 otherwise.
static int take_bio(void *bio, int written, fauth_crypto_buffer *out, const char *reason) {
    char *data = NULL;
    long length = written == 1 ? crypto.bio_ctrl(bio, bio_ctrl_info, 0, &data) : -1;
    int ok = length > 0 && data != NULL && (out->bytes = malloc((size_t)length)) != NULL;
    if (ok) {
        memcpy(out->bytes, data, (size_t)length);
        out->length = (size_t)length;
    }
    crypto.bio_free(bio);
    return ok ? 0 : fail(reason);
}

int fauth_crypto_private_key_pem(const fauth_crypto_key *key, fauth_crypto_buffer *out) {
    void *bio = crypto.bio_new(crypto.bio_s_mem());
    int written = bio != NULL ? crypto.pem_write_private_key(bio, key, NULL, NULL, 0, NULL, NULL) : 0;
    return take_bio(bio, written, out, "cannot write the private key as PEM");
}

int fauth_crypto_private_key_der(const fauth_crypto_key *key, fauth_crypto_buffer *out) {
    void *bio = crypto.bio_new(crypto.bio_s_mem());
    int written = bio != NULL ? crypto.i2d_pkcs8_private_key_bio(bio, key, NULL, NULL, 0, NULL, NULL) : 0;
    return take_bio(bio, written, out, "cannot write the private key as DER");
}

int fauth_crypto_public_key_pem(const fauth_crypto_key *key, fauth_crypto_buffer *out) {
    void *bio = crypto.bio_new(crypto.bio_s_mem());
    int written = bio != NULL ? crypto.pem_write_pubkey(bio, key) : 0;
    return take_bio(bio, written, out, "cannot write the public key as PEM");
}

int fauth_crypto_public_key_der(const fauth_crypto_key *key, fauth_crypto_buffer *out) {
    int length = crypto.i2d_pubkey(key, NULL);
    if (length <= 0 || (out->bytes = malloc((size_t)length)) == NULL) {
        return fail("cannot write the public key as DER");
    }
    unsigned char *cursor = out->bytes;
    out->length = (size_t)crypto.i2d_pubkey(key, &cursor);
    return 0;
}

/// One big number parameter of the key ("n", "e") as big-endian bytes. 0 on success, -1 otherwise.
static int big_number(const fauth_crypto_key *key, const char *name, fauth_crypto_buffer *out) {
    void *number = NULL;
    if (crypto.pkey_get_bn_param(key, name, &number) != 1 || number == NULL) {
        return fail("not an RSA key");
    }
    size_t length = ((size_t)crypto.bn_num_bits(number) + 7) / 8;
    out->bytes = malloc(length > 0 ? length : 1);
    if (out->bytes != NULL) {
        out->length = (size_t)crypto.bn_bn2bin(number, out->bytes);
    }
    crypto.bn_free(number);
    return out->bytes != NULL ? 0 : fail("out of memory");
}

int fauth_crypto_rsa_components(const fauth_crypto_key *key, fauth_crypto_buffer *modulus,
                                fauth_crypto_buffer *exponent) {
    if (big_number(key, "n", modulus) != 0) {
        return -1;
    }
    if (big_number(key, "e", exponent) != 0) {
        fauth_crypto_buffer_free(modulus);
        return -1;
    }
    return 0;
}

int fauth_crypto_self_signed_certificate_pem(const fauth_crypto_key *key, const char *common_name, int64_t not_before,
                                             int64_t valid_seconds, fauth_crypto_buffer *out) {
    uint64_t serial = 0;
    if (fauth_crypto_random((uint8_t *)&serial, sizeof(serial)) != 0) {
        return -1;
    }
    serial &= INT64_MAX;  // a positive serial number of at most 63 bits
    void *certificate = crypto.x509_new();
    void *name = certificate != NULL ? crypto.x509_get_subject_name(certificate) : NULL;
    int ok = name != NULL && crypto.x509_set_version(certificate, 2) == 1 &&
             crypto.asn1_integer_set_uint64(crypto.x509_get_serial_number(certificate), serial | 1) == 1 &&
             crypto.asn1_time_set(crypto.x509_getm_not_before(certificate), not_before) != NULL &&
             crypto.asn1_time_set(crypto.x509_getm_not_after(certificate), not_before + valid_seconds) != NULL &&
             crypto.x509_set_pubkey(certificate, (void *)key) == 1 &&
             crypto.x509_name_add_entry_by_txt(name, "CN", mbstring_utf8, (const unsigned char *)common_name, -1, -1,
                                               0) == 1 &&
             crypto.x509_set_issuer_name(certificate, name) == 1 &&
             crypto.x509_sign(certificate, (void *)key, crypto.sha256()) > 0;
    if (!ok) {
        crypto.x509_free(certificate);
        return fail("cannot make the certificate");
    }
    void *bio = crypto.bio_new(crypto.bio_s_mem());
    int written = bio != NULL ? crypto.pem_write_x509(bio, certificate) : 0;
    crypto.x509_free(certificate);
    return take_bio(bio, written, out, "cannot write the certificate as PEM");
}

int fauth_crypto_sign_rs256(const fauth_crypto_key *key, const uint8_t *data, size_t length,
                            fauth_crypto_buffer *signature) {
    if (load_status != 0 || fauth_crypto_key_is_rsa(key) != 1) {
        return fail("RS256 needs an RSA private key");
    }
    void *context = crypto.md_ctx_new();
    size_t size = 0;
    int ok = context != NULL &&
             crypto.digest_sign_init(context, NULL, crypto.sha256(), NULL, (void *)key) == 1 &&
             crypto.digest_sign(context, NULL, &size, nonnull(data), length) == 1 &&
             (signature->bytes = malloc(size)) != NULL &&
             crypto.digest_sign(context, signature->bytes, &size, nonnull(data), length) == 1;
    crypto.md_ctx_free(context);
    if (!ok) {
        fauth_crypto_buffer_free(signature);
        return fail("RS256 signing failed");
    }
    signature->length = size;
    return 0;
}

int fauth_crypto_verify_rs256(const fauth_crypto_key *key, const uint8_t *data, size_t length,
                              const uint8_t *signature, size_t signature_length) {
    if (load_status != 0 || fauth_crypto_key_is_rsa(key) != 1) {
        return fail("RS256 needs an RSA public key");
    }
    void *context = crypto.md_ctx_new();
    if (context == NULL || crypto.digest_verify_init(context, NULL, crypto.sha256(), NULL, (void *)key) != 1) {
        crypto.md_ctx_free(context);
        return fail("RS256 verification could not start");
    }
    int status = crypto.digest_verify(context, nonnull(signature), signature_length, nonnull(data), length);
    crypto.md_ctx_free(context);
    if (status != 1) {
        fail("RS256 signature mismatch");
        return 0;
    }
    return 1;
}
