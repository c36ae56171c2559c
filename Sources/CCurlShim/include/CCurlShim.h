// A minimal, non-variadic view of libcurl's easy interface, loaded at run time with dlopen.
//
// Building needs no libcurl headers: the few option numbers, info numbers and result codes used here are libcurl's
// stable ABI (curl/curl.h: CURLOPTTYPE_LONG = 0, CURLOPTTYPE_OBJECTPOINT = 10000, CURLOPTTYPE_FUNCTIONPOINT = 20000,
// CURLOPTTYPE_OFF_T = 30000, CURLINFO_LONG = 0x200000).
#pragma once

#include <stddef.h>
#include <stdint.h>

/// libcurl's `curl_slist`: a linked list of strings (header lines).
typedef struct fauth_curl_slist {
    char *data;
    struct fauth_curl_slist *next;
} fauth_curl_slist;

/// libcurl's write and header callback: returns the number of bytes taken; anything else aborts the transfer.
typedef size_t (*fauth_curl_data_callback)(char *data, size_t size, size_t count, void *context);

/// libcurl's CURLOPT_PREREQFUNCTION callback, called once a connection is made or reused and before a request is
/// written on it, with the connected peer's address: 0 (CURL_PREREQFUNC_OK) lets the request go, 1 aborts it.
typedef int (*fauth_curl_prereq_callback)(void *context, char *peer_address, char *local_address, int peer_port,
                                          int local_port);

/// The size libcurl requires of a CURLOPT_ERRORBUFFER buffer (CURL_ERROR_SIZE).
enum { FAUTH_CURL_ERROR_SIZE = 256 };

/// `CURLoption` numbers used by the transport.
enum {
    FAUTH_CURLOPT_WRITEDATA = 10001,
    FAUTH_CURLOPT_URL = 10002,
    FAUTH_CURLOPT_PROXY = 10004,
    FAUTH_CURLOPT_ERRORBUFFER = 10010,
    FAUTH_CURLOPT_WRITEFUNCTION = 20011,
    FAUTH_CURLOPT_POSTFIELDS = 10015,
    FAUTH_CURLOPT_HTTPHEADER = 10023,
    FAUTH_CURLOPT_HEADERDATA = 10029,
    FAUTH_CURLOPT_CUSTOMREQUEST = 10036,
    FAUTH_CURLOPT_CAINFO = 10065,
    FAUTH_CURLOPT_CAPATH = 10097,
    FAUTH_CURLOPT_NOPROXY = 10177,
    FAUTH_CURLOPT_FOLLOWLOCATION = 52,
    FAUTH_CURLOPT_SSL_VERIFYPEER = 64,
    FAUTH_CURLOPT_HEADERFUNCTION = 20079,
    FAUTH_CURLOPT_HTTPGET = 80,
    FAUTH_CURLOPT_SSL_VERIFYHOST = 81,
    FAUTH_CURLOPT_HTTP_VERSION = 84,
    FAUTH_CURLOPT_NOSIGNAL = 99,
    FAUTH_CURLOPT_TIMEOUT_MS = 155,
    FAUTH_CURLOPT_CONNECTTIMEOUT_MS = 156,
    FAUTH_CURLOPT_MAXFILESIZE_LARGE = 30117,
    FAUTH_CURLOPT_POSTFIELDSIZE_LARGE = 30120,
    FAUTH_CURLOPT_SSLVERSION = 32,
    FAUTH_CURLOPT_PROXY_CAINFO = 10246,
    FAUTH_CURLOPT_PROXY_CAPATH = 10247,
    FAUTH_CURLOPT_PROXY_SSLVERSION = 250,
    FAUTH_CURLOPT_PREREQFUNCTION = 20312,
    FAUTH_CURLOPT_PREREQDATA = 10313,
    FAUTH_CURLOPT_PROTOCOLS_STR = 10318,
};

/// `CURL_SSLVERSION_TLSv1_2`, for FAUTH_CURLOPT_SSLVERSION and FAUTH_CURLOPT_PROXY_SSLVERSION: TLS 1.2 at least.
enum { FAUTH_CURL_SSLVERSION_TLSv1_2 = 6 };

/// `CURL_HTTP_VERSION_2TLS`, a value for FAUTH_CURLOPT_HTTP_VERSION: HTTP/2 over TLS when the server offers it
/// (ALPN), HTTP/1.1 otherwise and for plain http://.
enum { FAUTH_CURL_HTTP_VERSION_2TLS = 4 };

/// `CURLINFO_RESPONSE_CODE` (CURLINFO_LONG + 2), `CURLINFO_SSL_VERIFYRESULT` (CURLINFO_LONG + 13),
/// `CURLINFO_HTTP_CONNECTCODE` (CURLINFO_LONG + 22: the proxy's answer to CONNECT, 0 when none) and
/// `CURLINFO_PROXY_SSL_VERIFYRESULT` (CURLINFO_LONG + 47: the https proxy's certificate verification result).
enum {
    FAUTH_CURLINFO_RESPONSE_CODE = 0x200002, FAUTH_CURLINFO_SSL_VERIFYRESULT = 0x20000D,
    FAUTH_CURLINFO_HTTP_CONNECTCODE = 0x200016, FAUTH_CURLINFO_PROXY_SSL_VERIFYRESULT = 0x20002F
};

/// `CURLcode` values the transport tells apart.
enum {
    FAUTH_CURLE_OK = 0,
    FAUTH_CURLE_UNSUPPORTED_PROTOCOL = 1,
    FAUTH_CURLE_FAILED_INIT = 2,
    FAUTH_CURLE_COULDNT_RESOLVE_PROXY = 5,
    FAUTH_CURLE_COULDNT_RESOLVE_HOST = 6,
    FAUTH_CURLE_COULDNT_CONNECT = 7,
    FAUTH_CURLE_WEIRD_SERVER_REPLY = 8,
    FAUTH_CURLE_PARTIAL_FILE = 18,
    FAUTH_CURLE_WRITE_ERROR = 23,
    FAUTH_CURLE_OPERATION_TIMEDOUT = 28,
    FAUTH_CURLE_ABORTED_BY_CALLBACK = 42,
    FAUTH_CURLE_SSL_CONNECT_ERROR = 35,
    FAUTH_CURLE_BAD_FUNCTION_ARGUMENT = 43,
    FAUTH_CURLE_GOT_NOTHING = 52,
    FAUTH_CURLE_SSL_ENGINE_NOTFOUND = 53,
    FAUTH_CURLE_SSL_ENGINE_SETFAILED = 54,
    FAUTH_CURLE_SEND_ERROR = 55,
    FAUTH_CURLE_RECV_ERROR = 56,
    FAUTH_CURLE_SSL_CERTPROBLEM = 58,
    FAUTH_CURLE_SSL_CIPHER = 59,
    FAUTH_CURLE_PEER_FAILED_VERIFICATION = 60,
    FAUTH_CURLE_FILESIZE_EXCEEDED = 63,
    FAUTH_CURLE_SSL_ENGINE_INITFAILED = 66,
    FAUTH_CURLE_SSL_CACERT_BADFILE = 77,
    FAUTH_CURLE_SSL_SHUTDOWN_FAILED = 80,
    FAUTH_CURLE_SSL_CRL_BADFILE = 82,
    FAUTH_CURLE_SSL_ISSUER_ERROR = 83,
    FAUTH_CURLE_SSL_PINNEDPUBKEYNOTMATCH = 90,
    FAUTH_CURLE_SSL_INVALIDCERTSTATUS = 91,
    FAUTH_CURLE_SSL_CLIENTCERT = 98,
};

/// Loads libcurl (once per process, thread-safe) and initialises it. Returns 0 on success; otherwise -1 and, when
/// `message` is not NULL, points it at a static description of why loading failed.
int fauth_curl_load(const char **message);

/// The loaded libcurl's version ("7.88.1") and TLS library ("OpenSSL/3.0.19"), from `curl_version_info`; both
/// point at libcurl's static text, or at "" when libcurl is not loaded or has no TLS library.
void fauth_curl_versions(const char **curl_version, const char **tls_version);

/// A new anonymous file in memory (memfd, close-on-exec), which its path under /proc/self/fd opens again from the
/// start: where a CA bundle that came through a pipe is kept, so that libcurl can read it by path as often as it
/// needs. -1 when it cannot be made (errno says why).
int fauth_curl_memory_file(void);

/// `curl_easy_init`; NULL when libcurl is not loaded or the handle cannot be made.
void *fauth_curl_easy_init(void);
/// `curl_easy_cleanup`.
void fauth_curl_easy_cleanup(void *handle);
/// `curl_easy_reset`: every option back to its default; live connections and caches are kept.
void fauth_curl_easy_reset(void *handle);
/// `curl_easy_setopt` for a `long` option.
int fauth_curl_setopt_long(void *handle, int option, long value);
/// `curl_easy_setopt` for a pointer option (strings, lists, buffers, callback context).
int fauth_curl_setopt_pointer(void *handle, int option, const void *value);
/// `curl_easy_setopt` for a write or header callback.
int fauth_curl_setopt_callback(void *handle, int option, fauth_curl_data_callback callback);
/// `curl_easy_setopt` for CURLOPT_PREREQFUNCTION.
int fauth_curl_setopt_prereq(void *handle, int option, fauth_curl_prereq_callback callback);
/// `curl_easy_setopt` for a `curl_off_t` option.
int fauth_curl_setopt_off_t(void *handle, int option, int64_t value);
/// `curl_easy_perform`.
int fauth_curl_easy_perform(void *handle);
/// `curl_easy_getinfo` for a `long` item.
int fauth_curl_getinfo_long(void *handle, int info, long *value);
/// `curl_easy_strerror`.
const char *fauth_curl_strerror(int code);
/// `curl_slist_append`: copies `line`; returns the new head, or NULL when out of memory.
fauth_curl_slist *fauth_curl_slist_append(fauth_curl_slist *list, const char *line);
/// `curl_slist_free_all`.
void fauth_curl_slist_free_all(fauth_curl_slist *list);
