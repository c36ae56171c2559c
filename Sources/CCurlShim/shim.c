// libcurl through dlopen: resolve a handful of functions once, then forward to them.
#define _GNU_SOURCE  // memfd_create
#include "CCurlShim.h"

#include "CLibraryLoader.h"

#include <pthread.h>
#include <stdio.h>
#include <sys/mman.h>

typedef void *(*easy_init_fn)(void);
typedef void (*easy_cleanup_fn)(void *);
typedef void (*easy_reset_fn)(void *);
typedef int (*easy_setopt_fn)(void *, int, ...);
typedef int (*easy_perform_fn)(void *);
typedef int (*easy_getinfo_fn)(void *, int, ...);
typedef const char *(*easy_strerror_fn)(int);
typedef int (*global_init_fn)(long);
typedef fauth_curl_slist *(*slist_append_fn)(fauth_curl_slist *, const char *);
typedef void (*slist_free_all_fn)(fauth_curl_slist *);

/// The first fields of libcurl's `curl_version_info_data`, the same in every version since 7.10.
typedef struct {
    int age;
    const char *version;
    unsigned int version_num;
    const char *host;
    int features;
    const char *ssl_version;
} version_info;
typedef version_info *(*version_info_fn)(int);

static struct {
    easy_init_fn easy_init;
    easy_cleanup_fn easy_cleanup;
    easy_reset_fn easy_reset;
    easy_setopt_fn easy_setopt;
    easy_perform_fn easy_perform;
    easy_getinfo_fn easy_getinfo;
    easy_strerror_fn easy_strerror;
    slist_append_fn slist_append;
    slist_free_all_fn slist_free_all;
    version_info_fn version_info;
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = -1;
static fauth_library library = {.message = "libcurl was not loaded"};

#if defined(__APPLE__)
static const char *const library_names[] = {"libcurl.4.dylib", "libcurl.dylib"};
#else
static const char *const library_names[] = {"libcurl.so.4", "libcurl.so"};
#endif

/// CURL_GLOBAL_DEFAULT (CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32).
static const long global_init_default = 3;

static void load(void) {
    if (fauth_library_open(&library, library_names, sizeof(library_names) / sizeof(library_names[0])) != 0) {
        return;
    }
    curl.easy_init = (easy_init_fn)fauth_library_symbol(&library, "curl_easy_init");
    curl.easy_cleanup = (easy_cleanup_fn)fauth_library_symbol(&library, "curl_easy_cleanup");
    curl.easy_reset = (easy_reset_fn)fauth_library_symbol(&library, "curl_easy_reset");
    curl.easy_setopt = (easy_setopt_fn)fauth_library_symbol(&library, "curl_easy_setopt");
    curl.easy_perform = (easy_perform_fn)fauth_library_symbol(&library, "curl_easy_perform");
    curl.easy_getinfo = (easy_getinfo_fn)fauth_library_symbol(&library, "curl_easy_getinfo");
    curl.easy_strerror = (easy_strerror_fn)fauth_library_symbol(&library, "curl_easy_strerror");
    curl.slist_append = (slist_append_fn)fauth_library_symbol(&library, "curl_slist_append");
    curl.slist_free_all = (slist_free_all_fn)fauth_library_symbol(&library, "curl_slist_free_all");
    curl.version_info = (version_info_fn)fauth_library_symbol(&library, "curl_version_info");
    global_init_fn global_init = (global_init_fn)fauth_library_symbol(&library, "curl_global_init");
    if (library.missing) {
        return;
    }
    int code = global_init(global_init_default);
    if (code != FAUTH_CURLE_OK) {
        snprintf(library.message, sizeof(library.message), "curl_global_init failed (%d)", code);
        return;
    }
    load_status = 0;
}

int fauth_curl_load(const char **message) {
    pthread_once(&load_once, load);
    if (load_status != 0 && message != NULL) {
        *message = library.message;
    }
    return load_status;
}

void fauth_curl_versions(const char **curl_version, const char **tls_version) {
    const version_info *info = load_status == 0 ? curl.version_info(0) : NULL;  // CURLVERSION_FIRST: these fields
    *curl_version = info != NULL && info->version != NULL ? info->version : "";
    *tls_version = info != NULL && info->ssl_version != NULL ? info->ssl_version : "";
}

int fauth_curl_memory_file(void) {
    return memfd_create("fauth-ca-bundle", MFD_CLOEXEC);
}

void *fauth_curl_easy_init(void) {
    return load_status == 0 ? curl.easy_init() : NULL;
}

void fauth_curl_easy_cleanup(void *handle) {
    curl.easy_cleanup(handle);
}

void fauth_curl_easy_reset(void *handle) {
    curl.easy_reset(handle);
}

int fauth_curl_setopt_long(void *handle, int option, long value) {
    return curl.easy_setopt(handle, option, value);
}

int fauth_curl_setopt_pointer(void *handle, int option, const void *value) {
    return curl.easy_setopt(handle, option, value);
}

int fauth_curl_setopt_callback(void *handle, int option, fauth_curl_data_callback callback) {
    return curl.easy_setopt(handle, option, callback);
}

int fauth_curl_setopt_prereq(void *handle, int option, fauth_curl_prereq_callback callback) {
    return curl.easy_setopt(handle, option, callback);
}

int fauth_curl_setopt_off_t(void *handle, int option, int64_t value) {
    return curl.easy_setopt(handle, option, value);
}

int fauth_curl_easy_perform(void *handle) {
    return curl.easy_perform(handle);
}

int fauth_curl_getinfo_long(void *handle, int info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}

const char *fauth_curl_strerror(int code) {
    return curl.easy_strerror(code);
}

fauth_curl_slist *fauth_curl_slist_append(fauth_curl_slist *list, const char *line) {
    return curl.slist_append(list, line);
}

void fauth_curl_slist_free_all(fauth_curl_slist *list) {
    curl.slist_free_all(list);
}
