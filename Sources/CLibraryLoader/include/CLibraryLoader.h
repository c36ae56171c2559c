// Opening a system library at run time and finding its functions, for the shims that load libcurl, libsecret and
// libssl.
#pragma once

#include <stddef.h>

/// What loading a library came to: the handle, and why it failed (the first name's dlerror, or the first missing
/// symbol's name).
typedef struct fauth_library {
    void *handle;
    int missing;
    char message[512];
} fauth_library;

/// Opens the first of `names` that loads (RTLD_LAZY | RTLD_LOCAL: functions the library's dependencies do not bind
/// at load are bound on first call); 0 on success, -1 with `library->message` set otherwise.
int fauth_library_open(fauth_library *library, const char *const *names, size_t count);

/// The address of `name` in the library or its dependencies; NULL when it is missing, and then `library->missing`
/// is set and, for the first missing one, `library->message` names it.
void *fauth_library_symbol(fauth_library *library, const char *name);
