// A small, non-variadic view of OpenSSL's libssl for one TLS client connection over memory buffers: the system's
// libssl loaded at run time with dlopen, or OpenSSL linked into the binary by the release build (building needs no
// OpenSSL headers either way). The connection never touches a socket: the caller moves ciphertext between the
// socket and the connection (fauth_tls_feed, fauth_tls_take_output), so every wait, deadline and socket error stays
// with the caller.
#pragma once

#include <stddef.h>

/// One client connection: an SSL object and its two memory buffers.
typedef struct fauth_tls fauth_tls;

/// What a handshake, read or write step came to.
enum {
    /// The handshake is done.
    FAUTH_TLS_DONE = 1,
    /// The step needs more bytes from the server: take the output, feed what arrives, and call again.
    FAUTH_TLS_WANTS_INPUT = 0,
    /// The step failed; `fauth_tls_failure` says why.
    FAUTH_TLS_FAILED = -1,
    /// A read found the server's clean close of the TLS session: no more data will come.
    FAUTH_TLS_CLOSED = -2,
};

/// Loads libssl, or finds the linked-in functions (once per process, thread-safe). Returns 0 on success; otherwise
/// -1 and, when `message` is not NULL, points it at a static description of why loading failed.
int fauth_tls_load(const char **message);

/// OpenSSL's name for itself and its version, such as "OpenSSL 3.0.19 27 Jan 2026" (after a successful load).
const char *fauth_tls_version(void);

/// 1 when OpenSSL is linked into the binary, 0 when libssl is loaded at run time.
int fauth_tls_is_linked(void);

/// A client context that verifies the server's certificate chain against `ca_file` and `ca_directory` (either may be
/// NULL; both NULL: the system's bundle and folder) and requires TLS 1.2 or later. When there is both a file and a
/// hashed folder, only the folder is consulted at first and `*file_deferred` is set to 1: the file is added by
/// `fauth_tls_context_add_file` (0 otherwise). NULL when the authorities cannot be loaded; then `fauth_tls_failure`
/// says why.
void *fauth_tls_context_new(const char *ca_file, const char *ca_directory, int *file_deferred);
/// Adds the file a context deferred (`ca_file`, or NULL for the system's bundle) to its authorities. Returns 0, or -1
/// when it cannot be loaded; then `fauth_tls_failure` says why.
int fauth_tls_context_add_file(void *context, const char *ca_file);
/// A new anonymous file in memory (memfd, close-on-exec), which its path under /proc/self/fd opens again from the
/// start: where a CA bundle that came through a pipe is kept, so that libssl and libcurl can read it by path as often
/// as they need. -1 when it cannot be made (errno says why).
int fauth_tls_memory_file(void);
/// Frees a context made by `fauth_tls_context_new`.
void fauth_tls_context_free(void *context);

/// A connection to `host` (a name, sent as SNI, or an IP address literal, `is_address` not 0), whose certificate must
/// name it. NULL when out of memory.
fauth_tls *fauth_tls_new(void *context, const char *host, int is_address);
/// Frees a connection.
void fauth_tls_free(fauth_tls *tls);

/// Runs the handshake as far as the bytes fed so far allow.
int fauth_tls_handshake(fauth_tls *tls);
/// Encrypts `count` bytes into the output (all of them, or FAUTH_TLS_FAILED).
int fauth_tls_write(fauth_tls *tls, const void *bytes, int count);
/// Decrypts into `buffer`: the number of bytes (> 0), FAUTH_TLS_WANTS_INPUT, FAUTH_TLS_CLOSED or FAUTH_TLS_FAILED.
int fauth_tls_read(fauth_tls *tls, void *buffer, int size);
/// Hands bytes received from the server to the connection. Returns 0, or -1 when out of memory.
int fauth_tls_feed(fauth_tls *tls, const void *bytes, int count);
/// Moves up to `size` bytes that must go to the server into `buffer`; returns how many (0: nothing waits).
int fauth_tls_take_output(fauth_tls *tls, void *buffer, int size);

/// OpenSSL's certificate verification result (X509_V_OK = 0 when the chain verified or was not checked yet).
long fauth_tls_verify_result(fauth_tls *tls);
/// OpenSSL's words for a verification result.
const char *fauth_tls_verify_text(long result);
/// Why the latest step on this thread failed, in OpenSSL's words (the thread's error queue, emptied), written into
/// `buffer`; "" when OpenSSL recorded nothing.
void fauth_tls_failure(char *buffer, size_t size);
