// A minimal view of libsecret (the freedesktop Secret Service client), loaded at run time with dlopen.
//
// Building needs no libsecret or GLib headers: the few types used here are libsecret's and GLib's stable ABI
// (SecretSchema, GError). Every call runs with a GCancellable that a watchdog thread cancels at the deadline, so no
// call outlives `timeout_ms`.
#pragma once

#include <stddef.h>

/// What a call to the Secret Service came to.
typedef enum {
    FAUTH_SECRET_OK = 0,
    /// libsecret (or a function of it) could not be loaded.
    FAUTH_SECRET_UNAVAILABLE = 1,
    /// No Secret Service owns its name on the session bus (and none can be started).
    FAUTH_SECRET_NO_SERVICE = 2,
    /// The default collection is locked.
    FAUTH_SECRET_LOCKED = 3,
    /// There is no default collection.
    FAUTH_SECRET_NO_COLLECTION = 4,
    /// The deadline passed before the Secret Service answered.
    FAUTH_SECRET_TIMED_OUT = 5,
    /// Any other failure (the bus, the service refused): `message` says which.
    FAUTH_SECRET_FAILED = 6,
} fauth_secret_status;

/// The outcome of a call: its status and, when it failed, libsecret's or GLib's message.
typedef struct {
    fauth_secret_status status;
    char message[512];
} fauth_secret_result;

/// One attribute of an item: a name of fauth's schema and its value (never a secret).
typedef struct {
    const char *name;
    const char *value;
} fauth_secret_attribute;

/// Loads libsecret-1.so.0 (once per process, thread-safe). Returns 0 on success; otherwise -1 and, when `message`
/// is not NULL, points it at a static description of why loading failed.
int fauth_secret_load(const char **message);

/// Checks, within `timeout_ms`, that the Secret Service answers and that its default collection exists and is
/// unlocked. With `unlock`, a locked default collection is unlocked through the Secret Service's prompt (on a
/// desktop, its unlock dialog), waited for within the same `timeout_ms`; a prompt dismissed leaves it locked.
fauth_secret_result fauth_secret_check(int timeout_ms, int unlock);

/// Stores `secret` (UTF-8) in the default collection as the item with exactly these attributes and `label`,
/// replacing the item that has them, within `timeout_ms`.
fauth_secret_result fauth_secret_store(const fauth_secret_attribute *attributes, size_t count, const char *label,
                                       const char *secret, int timeout_ms);

/// Looks up the secret of the item with these attributes, within `timeout_ms`: `*secret` is set to a copy the
/// caller frees with `fauth_secret_free`, or NULL when there is no such item.
fauth_secret_result fauth_secret_lookup(const fauth_secret_attribute *attributes, size_t count, char **secret,
                                        int timeout_ms);

/// Deletes every item that has these attributes (among others), within `timeout_ms`; `*removed` says whether any
/// was.
fauth_secret_result fauth_secret_clear(const fauth_secret_attribute *attributes, size_t count, int *removed,
                                       int timeout_ms);

/// Collects, within `timeout_ms` and without unlocking anything, the value of the attribute `name` of every item that
/// has these attributes (among others): `*values` is set to those values, each NUL-terminated, one after another,
/// `*length` bytes in all, in a buffer the caller frees with `free` (NULL when there is none).
fauth_secret_result fauth_secret_search(const fauth_secret_attribute *attributes, size_t count, const char *name,
                                        char **values, size_t *length, int timeout_ms);

/// Wipes and frees a secret `fauth_secret_lookup` returned.
void fauth_secret_free(char *secret);
