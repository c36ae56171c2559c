// libssl: resolve the functions one client connection needs once, then drive them over memory buffers. The
// functions come from the system's libssl through dlopen or, when the build links OpenSSL's archives into the binary
// (FAUTH_OPENSSL_LINKED, set by scripts/build-release), from those by name. Either way no OpenSSL header is needed:
// the numbers below are OpenSSL's stable ABI (openssl/ssl.h, bio.h, x509_vfy.h, tls1.h).
#include "CTLSShim.h"

#include "CLibraryLoader.h"

#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

enum {
    SSL_VERIFY_PEER = 1,
    SSL_CTRL_MODE = 33,
    SSL_CTRL_SET_TLSEXT_HOSTNAME = 55,
    SSL_CTRL_SET_MIN_PROTO_VERSION = 123,
    SSL_MODE_RELEASE_BUFFERS = 0x10,
    TLSEXT_NAMETYPE_HOST_NAME = 0,
    TLS1_2_VERSION = 0x0303,
    SSL_ERROR_WANT_READ = 2,
    SSL_ERROR_ZERO_RETURN = 6,
    BIO_C_SET_BUF_MEM_EOF_RETURN = 130,
    X509_V_FLAG_PARTIAL_CHAIN = 0x80000,
};

static struct {
    const void *(*client_method)(void);
    void *(*ctx_new)(const void *);
    void (*ctx_free)(void *);
    void (*ctx_set_verify)(void *, int, void *);
    int (*ctx_load_verify_locations)(void *, const char *, const char *);
    int (*ctx_set_default_verify_paths)(void *);
    long (*ctx_ctrl)(void *, int, long, void *);
    void *(*ctx_get0_param)(void *);
    int (*ctx_set_alpn_protos)(void *, const unsigned char *, unsigned int);
    void *(*ssl_new)(void *);
    void (*ssl_free)(void *);
    void (*ssl_set_bio)(void *, void *, void *);
    void (*ssl_set_connect_state)(void *);
    long (*ssl_ctrl)(void *, int, long, void *);
    int (*ssl_set1_host)(void *, const char *);
    void *(*ssl_get0_param)(void *);
    int (*ssl_do_handshake)(void *);
    int (*ssl_read)(void *, void *, int);
    int (*ssl_write)(void *, const void *, int);
    int (*ssl_get_error)(const void *, int);
    long (*ssl_get_verify_result)(const void *);
    const void *(*bio_s_mem)(void);
    void *(*bio_new)(const void *);
    int (*bio_free)(void *);
    int (*bio_read)(void *, void *, int);
    int (*bio_write)(void *, const void *, int);
    long (*bio_ctrl)(void *, int, long, void *);
    int (*param_set_flags)(void *, unsigned long);
    int (*param_set1_ip_asc)(void *, const char *);
    const char *(*verify_cert_error_string)(long);
    const char *(*version)(int);
    const char *(*default_cert_file)(void);
    const char *(*default_cert_dir)(void);
    unsigned long (*err_get_error)(void);
    void (*err_error_string_n)(unsigned long, char *, size_t);
    void (*err_clear_error)(void);
} ssl;

struct fauth_tls {
    void *ssl;
    void *input;   // bytes from the server, owned by `ssl`
    void *output;  // bytes for the server, owned by `ssl`
    int attached;  // whether `ssl` owns the two buffers
};

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = -1;
static fauth_library library = {.message = "libssl was not loaded"};

/// Every function the shim calls: the field of `ssl` that holds it, and its name in libssl or libcrypto.
#define FAUTH_TLS_FUNCTIONS(X) \
    X(client_method, TLS_client_method) \
    X(ctx_new, SSL_CTX_new) \
    X(ctx_free, SSL_CTX_free) \
    X(ctx_set_verify, SSL_CTX_set_verify) \
    X(ctx_load_verify_locations, SSL_CTX_load_verify_locations) \
    X(ctx_set_default_verify_paths, SSL_CTX_set_default_verify_paths) \
    X(ctx_ctrl, SSL_CTX_ctrl) \
    X(ctx_get0_param, SSL_CTX_get0_param) \
    X(ctx_set_alpn_protos, SSL_CTX_set_alpn_protos) \
    X(ssl_new, SSL_new) \
    X(ssl_free, SSL_free) \
    X(ssl_set_bio, SSL_set_bio) \
    X(ssl_set_connect_state, SSL_set_connect_state) \
    X(ssl_ctrl, SSL_ctrl) \
    X(ssl_set1_host, SSL_set1_host) \
    X(ssl_get0_param, SSL_get0_param) \
    X(ssl_do_handshake, SSL_do_handshake) \
    X(ssl_read, SSL_read) \
    X(ssl_write, SSL_write) \
    X(ssl_get_error, SSL_get_error) \
    X(ssl_get_verify_result, SSL_get_verify_result) \
    X(bio_s_mem, BIO_s_mem) \
    X(bio_new, BIO_new) \
    X(bio_free, BIO_free) \
    X(bio_read, BIO_read) \
    X(bio_write, BIO_write) \
    X(bio_ctrl, BIO_ctrl) \
    X(param_set_flags, X509_VERIFY_PARAM_set_flags) \
    X(param_set1_ip_asc, X509_VERIFY_PARAM_set1_ip_asc) \
    X(verify_cert_error_string, X509_verify_cert_error_string) \
    X(version, OpenSSL_version) \
    X(default_cert_file, X509_get_default_cert_file) \
    X(default_cert_dir, X509_get_default_cert_dir) \
    X(err_get_error, ERR_get_error) \
    X(err_error_string_n, ERR_error_string_n) \
    X(err_clear_error, ERR_clear_error)

#if defined(FAUTH_OPENSSL_LINKED)
// Only each function's address is taken, so a declaration without its real type serves.
#define DECLARE(field, name) extern void name(void);
FAUTH_TLS_FUNCTIONS(DECLARE)
#define RESOLVE(field, name) *(void **)(&ssl.field) = (void *)&name;

static void load(void) {
#else
#if defined(__APPLE__)
static const char *const library_names[] = {"libssl.3.dylib", "libssl.dylib"};
#else
static const char *const library_names[] = {"libssl.so.3", "libssl.so.1.1", "libssl.so"};
#endif
#define RESOLVE(field, name) *(void **)(&ssl.field) = fauth_library_symbol(&library, #name);

static void load(void) {
    if (fauth_library_open(&library, library_names, sizeof(library_names) / sizeof(library_names[0])) != 0) {
        return;
    }
#endif
    FAUTH_TLS_FUNCTIONS(RESOLVE)
    if (!library.missing) {
        load_status = 0;
    }
}

int fauth_tls_load(const char **message) {
    pthread_once(&load_once, load);
    if (load_status != 0 && message != NULL) {
        *message = library.message;
    }
    return load_status;
}

const char *fauth_tls_version(void) {
    return ssl.version(0);  // OPENSSL_VERSION: "OpenSSL 3.0.19 27 Jan 2026"
}

int fauth_tls_is_linked(void) {
#if defined(FAUTH_OPENSSL_LINKED)
    return 1;
#else
    return 0;
#endif
}

/// Whether `path` is a folder holding a certificate under its subject hash ("1a2b3c4d.0"), as `openssl rehash`
/// names them: only such a folder can answer OpenSSL's lookups.
static int is_hashed_folder(const char *path) {
    DIR *folder = opendir(path);
    if (folder == NULL) {
        return 0;
    }
    int hashed = 0;
    struct dirent *entry;
    while (!hashed && (entry = readdir(folder)) != NULL) {
        const char *name = entry->d_name;
        size_t length = strlen(name);
        hashed = length > 9 && strspn(name, "0123456789abcdef") == 8 && name[8] == '.'
            && strspn(name + 9, "0123456789") == length - 9;
    }
    closedir(folder);
    return hashed;
}

void *fauth_tls_context_new(const char *ca_file, const char *ca_directory, int *file_deferred) {
    ssl.err_clear_error();
    *file_deferred = 0;
    void *context = ssl.ctx_new(ssl.client_method());
    if (context == NULL) {
        return NULL;
    }
    static const unsigned char alpn[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};
    ssl.ctx_set_verify(context, SSL_VERIFY_PEER, NULL);
    ssl.ctx_ctrl(context, SSL_CTRL_SET_MIN_PROTO_VERSION, TLS1_2_VERSION, NULL);
    ssl.ctx_ctrl(context, SSL_CTRL_MODE, SSL_MODE_RELEASE_BUFFERS, NULL);
    // An intermediate CA among the trusted ones is an anchor of its own, as curl has it.
    ssl.param_set_flags(ssl.ctx_get0_param(context), X509_V_FLAG_PARTIAL_CHAIN);
    int system = ca_file == NULL && ca_directory == NULL;
    const char *directory = system ? ssl.default_cert_dir() : ca_directory;
    int loaded;
    if ((system || ca_file != NULL) && directory != NULL && is_hashed_folder(directory)) {
        // A hashed folder is read one certificate at a time, as a chain needs it; the bundle waits for
        // fauth_tls_context_add_file (parsing all of it costs more memory than the rest of a command).
        loaded = ssl.ctx_load_verify_locations(context, NULL, directory);
        *file_deferred = loaded == 1;
    } else {
        loaded = system ? ssl.ctx_set_default_verify_paths(context)
                        : ssl.ctx_load_verify_locations(context, ca_file, ca_directory);
    }
    if (loaded != 1 || ssl.ctx_set_alpn_protos(context, alpn, sizeof(alpn)) != 0) {
        ssl.ctx_free(context);
        return NULL;
    }
    return context;
}

int fauth_tls_context_add_file(void *context, const char *ca_file) {
    ssl.err_clear_error();
    const char *file = ca_file != NULL ? ca_file : ssl.default_cert_file();
    return ssl.ctx_load_verify_locations(context, file, NULL) == 1 ? 0 : -1;
}

int fauth_tls_memory_file(void) {
    enum { MFD_CLOEXEC_FLAG = 1 };  // MFD_CLOEXEC, without asking the headers for _GNU_SOURCE
    return (int)syscall(SYS_memfd_create, "fauth-ca-file", MFD_CLOEXEC_FLAG);
}

void fauth_tls_context_free(void *context) {
    ssl.ctx_free(context);
}

fauth_tls *fauth_tls_new(void *context, const char *host, int is_address) {
    fauth_tls *tls = calloc(1, sizeof(fauth_tls));
    if (tls == NULL) {
        return NULL;
    }
    tls->ssl = ssl.ssl_new(context);
    tls->input = ssl.bio_new(ssl.bio_s_mem());
    tls->output = ssl.bio_new(ssl.bio_s_mem());
    if (tls->ssl == NULL || tls->input == NULL || tls->output == NULL) {
        fauth_tls_free(tls);
        return NULL;
    }
    ssl.bio_ctrl(tls->input, BIO_C_SET_BUF_MEM_EOF_RETURN, -1, NULL);  // empty input: "wants more", not EOF
    ssl.ssl_set_bio(tls->ssl, tls->input, tls->output);
    tls->attached = 1;
    ssl.ssl_set_connect_state(tls->ssl);
    int named = is_address
        ? ssl.param_set1_ip_asc(ssl.ssl_get0_param(tls->ssl), host)
        : (ssl.ssl_ctrl(tls->ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_HOST_NAME, (void *)host) == 1
           && ssl.ssl_set1_host(tls->ssl, host) == 1);
    if (!named) {
        fauth_tls_free(tls);
        return NULL;
    }
    return tls;
}

void fauth_tls_free(fauth_tls *tls) {
    if (tls->attached) {
        ssl.ssl_free(tls->ssl);  // and both buffers, which it owns
    } else {
        if (tls->ssl != NULL) ssl.ssl_free(tls->ssl);
        if (tls->input != NULL) ssl.bio_free(tls->input);
        if (tls->output != NULL) ssl.bio_free(tls->output);
    }
    free(tls);
}

/// What a failed step's result means for the caller.
static int outcome(fauth_tls *tls, int result) {
    int error = ssl.ssl_get_error(tls->ssl, result);
    if (error == SSL_ERROR_WANT_READ) {
        return FAUTH_TLS_WANTS_INPUT;
    }
    return error == SSL_ERROR_ZERO_RETURN ? FAUTH_TLS_CLOSED : FAUTH_TLS_FAILED;
}

int fauth_tls_handshake(fauth_tls *tls) {
    ssl.err_clear_error();
    int result = ssl.ssl_do_handshake(tls->ssl);
    return result == 1 ? FAUTH_TLS_DONE : outcome(tls, result);
}

int fauth_tls_write(fauth_tls *tls, const void *bytes, int count) {
    ssl.err_clear_error();
    int result = ssl.ssl_write(tls->ssl, bytes, count);  // a memory buffer takes all of it
    return result == count ? count : FAUTH_TLS_FAILED;
}

int fauth_tls_read(fauth_tls *tls, void *buffer, int size) {
    ssl.err_clear_error();
    int result = ssl.ssl_read(tls->ssl, buffer, size);
    return result > 0 ? result : outcome(tls, result);
}

int fauth_tls_feed(fauth_tls *tls, const void *bytes, int count) {
    return ssl.bio_write(tls->input, bytes, count) == count ? 0 : -1;
}

int fauth_tls_take_output(fauth_tls *tls, void *buffer, int size) {
    int count = ssl.bio_read(tls->output, buffer, size);
    return count > 0 ? count : 0;
}

long fauth_tls_verify_result(fauth_tls *tls) {
    return ssl.ssl_get_verify_result(tls->ssl);
}

const char *fauth_tls_verify_text(long result) {
    return ssl.verify_cert_error_string(result);
}

void fauth_tls_failure(char *buffer, size_t size) {
    unsigned long first = ssl.err_get_error();
    if (first == 0) {
        snprintf(buffer, size, "%s", "");
    } else {
        ssl.err_error_string_n(first, buffer, size);
    }
    ssl.err_clear_error();
}
