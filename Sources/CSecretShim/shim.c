// libsecret through dlopen: resolve its few non-variadic functions (and GLib's, through its dependencies) once,
// then run each call with a cancellable that a watchdog thread cancels at the deadline.
#include "CSecretShim.h"

#include "CLibraryLoader.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/// GLib's GError.
typedef struct {
    uint32_t domain;
    int code;
    char *message;
} gerror;

/// libsecret's SecretSchemaAttribute and SecretSchema (secret-schema.h; stable since 0.6).
typedef struct {
    const char *name;
    int type;  // SECRET_SCHEMA_ATTRIBUTE_STRING = 0
} schema_attribute;

typedef struct {
    const char *name;
    int flags;  // SECRET_SCHEMA_NONE = 0
    schema_attribute attributes[32];
    int reserved;
    void *reserved1, *reserved2, *reserved3, *reserved4, *reserved5, *reserved6, *reserved7;
} secret_schema;

typedef void *(*hash_table_new_fn)(void *, void *);
typedef int (*hash_table_insert_fn)(void *, void *, void *);
typedef void (*hash_table_unref_fn)(void *);
typedef void *(*cancellable_new_fn)(void);
typedef void (*cancellable_cancel_fn)(void *);
typedef void (*object_unref_fn)(void *);
typedef void (*error_free_fn)(gerror *);
typedef uint32_t (*quark_fn)(void);
typedef void *(*service_get_sync_fn)(int, void *, gerror **);
typedef void *(*collection_for_alias_sync_fn)(void *, const char *, int, void *, gerror **);
typedef int (*collection_get_locked_fn)(void *);
typedef int (*storev_sync_fn)(const secret_schema *, void *, const char *, const char *, const char *, void *,
                              gerror **);
typedef char *(*lookupv_sync_fn)(const secret_schema *, void *, void *, gerror **);
typedef int (*clearv_sync_fn)(const secret_schema *, void *, void *, gerror **);
typedef void (*password_free_fn)(char *);
typedef void *(*searchv_sync_fn)(const secret_schema *, void *, int, void *, gerror **);
typedef void *(*retrievable_get_attributes_fn)(void *);
typedef void *(*hash_table_lookup_fn)(void *, const void *);
typedef void (*list_free_fn)(void *);
typedef int (*service_unlock_sync_fn)(void *, void *, void *, void **, gerror **);

/// GLib's GList (a doubly linked list node).
typedef struct glist {
    void *data;
    struct glist *next, *prev;
} glist;

static struct {
    hash_table_new_fn hash_table_new;
    hash_table_insert_fn hash_table_insert;
    hash_table_unref_fn hash_table_unref;
    void *str_hash;
    void *str_equal;
    cancellable_new_fn cancellable_new;
    cancellable_cancel_fn cancellable_cancel;
    object_unref_fn object_unref;
    error_free_fn error_free;
    quark_fn io_error_quark;
    quark_fn dbus_error_quark;
    quark_fn secret_error_quark;
    service_get_sync_fn service_get_sync;
    collection_for_alias_sync_fn collection_for_alias_sync;
    collection_get_locked_fn collection_get_locked;
    storev_sync_fn storev_sync;
    lookupv_sync_fn lookupv_sync;
    clearv_sync_fn clearv_sync;
    password_free_fn password_free;
    searchv_sync_fn searchv_sync;
    retrievable_get_attributes_fn retrievable_get_attributes;
    hash_table_lookup_fn hash_table_lookup;
    list_free_fn list_free;
    service_unlock_sync_fn service_unlock_sync;
} lib;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = -1;
static fauth_library library = {.message = "libsecret was not loaded"};
static const char *const library_names[] = {"libsecret-1.so.0", "libsecret-1.so"};

/// fauth's schema: every item fauth stores has these attributes, and no secret among them.
static const secret_schema schema = {
    .name = "io.github.fauth.Session",
    .flags = 0,
    .attributes =
        {
            {"application", 0},
            {"kind", 0},
            {"folder", 0},
            {"session", 0},
            {"profile", 0},
            {"backend", 0},
            {"slot", 0},
            {NULL, 0},
        },
};

// GIO's G_IO_ERROR_CANCELLED and G_IO_ERROR_TIMED_OUT, GDBus's G_DBUS_ERROR_SERVICE_UNKNOWN, G_DBUS_ERROR_NO_REPLY,
// G_DBUS_ERROR_NAME_HAS_NO_OWNER and G_DBUS_ERROR_TIMEOUT, libsecret's SECRET_ERROR_IS_LOCKED and
// SECRET_ERROR_NO_SUCH_OBJECT.
enum { io_cancelled = 19, io_timed_out = 24 };
enum { dbus_service_unknown = 2, dbus_no_reply = 3, dbus_name_has_no_owner = 5, dbus_timeout = 16 };
enum { secret_is_locked = 2, secret_no_such_object = 3 };

static void load(void) {
    if (fauth_library_open(&library, library_names, sizeof(library_names) / sizeof(library_names[0])) != 0) {
        return;
    }
    lib.hash_table_new = (hash_table_new_fn)fauth_library_symbol(&library, "g_hash_table_new");
    lib.hash_table_insert = (hash_table_insert_fn)fauth_library_symbol(&library, "g_hash_table_insert");
    lib.hash_table_unref = (hash_table_unref_fn)fauth_library_symbol(&library, "g_hash_table_unref");
    lib.str_hash = fauth_library_symbol(&library, "g_str_hash");
    lib.str_equal = fauth_library_symbol(&library, "g_str_equal");
    lib.cancellable_new = (cancellable_new_fn)fauth_library_symbol(&library, "g_cancellable_new");
    lib.cancellable_cancel = (cancellable_cancel_fn)fauth_library_symbol(&library, "g_cancellable_cancel");
    lib.object_unref = (object_unref_fn)fauth_library_symbol(&library, "g_object_unref");
    lib.error_free = (error_free_fn)fauth_library_symbol(&library, "g_error_free");
    lib.io_error_quark = (quark_fn)fauth_library_symbol(&library, "g_io_error_quark");
    lib.dbus_error_quark = (quark_fn)fauth_library_symbol(&library, "g_dbus_error_quark");
    lib.secret_error_quark = (quark_fn)fauth_library_symbol(&library, "secret_error_get_quark");
    lib.service_get_sync = (service_get_sync_fn)fauth_library_symbol(&library, "secret_service_get_sync");
    lib.collection_for_alias_sync =
        (collection_for_alias_sync_fn)fauth_library_symbol(&library, "secret_collection_for_alias_sync");
    lib.collection_get_locked = (collection_get_locked_fn)fauth_library_symbol(&library, "secret_collection_get_locked");
    lib.storev_sync = (storev_sync_fn)fauth_library_symbol(&library, "secret_password_storev_sync");
    lib.lookupv_sync = (lookupv_sync_fn)fauth_library_symbol(&library, "secret_password_lookupv_sync");
    lib.clearv_sync = (clearv_sync_fn)fauth_library_symbol(&library, "secret_password_clearv_sync");
    lib.password_free = (password_free_fn)fauth_library_symbol(&library, "secret_password_free");
    lib.searchv_sync = (searchv_sync_fn)fauth_library_symbol(&library, "secret_password_searchv_sync");
    lib.retrievable_get_attributes =
        (retrievable_get_attributes_fn)fauth_library_symbol(&library, "secret_retrievable_get_attributes");
    lib.hash_table_lookup = (hash_table_lookup_fn)fauth_library_symbol(&library, "g_hash_table_lookup");
    lib.list_free = (list_free_fn)fauth_library_symbol(&library, "g_list_free");
    lib.service_unlock_sync = (service_unlock_sync_fn)fauth_library_symbol(&library, "secret_service_unlock_sync");
    if (!library.missing) {
        load_status = 0;
    }
}

int fauth_secret_load(const char **message) {
    pthread_once(&load_once, load);
    if (load_status != 0 && message != NULL) {
        *message = library.message;
    }
    return load_status;
}

/// A cancellable and the watchdog thread that cancels it when the deadline passes first.
typedef struct {
    void *cancellable;
    pthread_t thread;
    pthread_mutex_t mutex;
    pthread_cond_t done_signal;
    int done;
    int fired;
    struct timespec deadline;
} watchdog;

static void *watch(void *context) {
    watchdog *dog = context;
    pthread_mutex_lock(&dog->mutex);
    int waited = 0;
    while (!dog->done && waited != ETIMEDOUT) {
        waited = pthread_cond_timedwait(&dog->done_signal, &dog->mutex, &dog->deadline);
    }
    if (!dog->done) {
        dog->fired = 1;
        lib.cancellable_cancel(dog->cancellable);  // thread-safe; the blocked call returns G_IO_ERROR_CANCELLED
    }
    pthread_mutex_unlock(&dog->mutex);
    return NULL;
}

static int watchdog_start(watchdog *dog, int timeout_ms) {
    memset(dog, 0, sizeof(*dog));
    dog->cancellable = lib.cancellable_new();
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&dog->done_signal, &attributes);
    pthread_condattr_destroy(&attributes);
    pthread_mutex_init(&dog->mutex, NULL);
    clock_gettime(CLOCK_MONOTONIC, &dog->deadline);
    long long nanoseconds = dog->deadline.tv_nsec + (long long)(timeout_ms > 0 ? timeout_ms : 0) * 1000000LL;
    dog->deadline.tv_sec += (time_t)(nanoseconds / 1000000000LL);
    dog->deadline.tv_nsec = (long)(nanoseconds % 1000000000LL);
    return pthread_create(&dog->thread, NULL, watch, dog);
}

/// Stops the watchdog; returns whether it fired (the deadline passed).
static int watchdog_stop(watchdog *dog) {
    pthread_mutex_lock(&dog->mutex);
    dog->done = 1;
    pthread_cond_signal(&dog->done_signal);
    pthread_mutex_unlock(&dog->mutex);
    pthread_join(dog->thread, NULL);
    pthread_cond_destroy(&dog->done_signal);
    pthread_mutex_destroy(&dog->mutex);
    lib.object_unref(dog->cancellable);
    return dog->fired;
}

static fauth_secret_result result(fauth_secret_status status, const char *message) {
    fauth_secret_result outcome = {.status = status};
    snprintf(outcome.message, sizeof(outcome.message), "%s", message != NULL ? message : "");
    return outcome;
}

/// The outcome a GError stands for (freed here); `fired` when the watchdog cancelled the call.
static fauth_secret_result failure(gerror *error, int fired) {
    fauth_secret_status status = FAUTH_SECRET_FAILED;
    if (fired) {
        status = FAUTH_SECRET_TIMED_OUT;
    } else if (error != NULL && error->domain == lib.io_error_quark()) {
        status = error->code == io_cancelled || error->code == io_timed_out ? FAUTH_SECRET_TIMED_OUT : status;
    } else if (error != NULL && error->domain == lib.dbus_error_quark()) {
        if (error->code == dbus_service_unknown || error->code == dbus_name_has_no_owner) {
            status = FAUTH_SECRET_NO_SERVICE;
        } else if (error->code == dbus_no_reply || error->code == dbus_timeout) {
            status = FAUTH_SECRET_TIMED_OUT;
        }
    } else if (error != NULL && error->domain == lib.secret_error_quark()) {
        status = error->code == secret_is_locked ? FAUTH_SECRET_LOCKED : status;
    }
    fauth_secret_result outcome = result(status, error != NULL ? error->message : "no reason given");
    if (error != NULL) {
        lib.error_free(error);
    }
    return outcome;
}

/// A GHashTable of the attributes (keys and values borrowed from the caller, not copied).
static void *attribute_table(const fauth_secret_attribute *attributes, size_t count) {
    void *table = lib.hash_table_new(lib.str_hash, lib.str_equal);
    for (size_t index = 0; index < count; index++) {
        lib.hash_table_insert(table, (void *)attributes[index].name, (void *)attributes[index].value);
    }
    return table;
}

fauth_secret_result fauth_secret_check(int timeout_ms, int unlock) {
    if (fauth_secret_load(NULL) != 0) {
        return result(FAUTH_SECRET_UNAVAILABLE, library.message);
    }
    watchdog dog;
    if (watchdog_start(&dog, timeout_ms) != 0) {
        return result(FAUTH_SECRET_FAILED, "cannot start a thread");
    }
    gerror *error = NULL;
    void *service = lib.service_get_sync(0, dog.cancellable, &error);
    void *collection = NULL;
    if (service != NULL) {
        collection = lib.collection_for_alias_sync(service, "default", 0, dog.cancellable, &error);
    }
    int unlocked = 0;
    if (unlock && collection != NULL && lib.collection_get_locked(collection)) {
        // The Secret Service's own prompt (the desktop's unlock dialog), waited for until the deadline.
        glist objects = {.data = collection, .next = NULL, .prev = NULL};
        unlocked = lib.service_unlock_sync(service, &objects, dog.cancellable, NULL, &error) > 0;
    }
    int fired = watchdog_stop(&dog);
    fauth_secret_result outcome;
    if (service == NULL || (collection == NULL && error != NULL) || (unlock && !unlocked && error != NULL)) {
        outcome = failure(error, fired);
    } else if (collection == NULL) {
        outcome = result(FAUTH_SECRET_NO_COLLECTION, "the Secret Service has no default collection");
    } else if (!unlocked && lib.collection_get_locked(collection)) {
        outcome = result(FAUTH_SECRET_LOCKED,
                         unlock ? "the unlock prompt was dismissed" : "the default collection is locked");
    } else {
        outcome = result(FAUTH_SECRET_OK, NULL);
    }
    if (collection != NULL) {
        lib.object_unref(collection);
    }
    if (service != NULL) {
        lib.object_unref(service);
    }
    return outcome;
}

/// The four item calls, which share their bounds and error handling (`item_call`).
typedef enum { store_item, lookup_item, clear_item, search_items } item_operation;

/// SECRET_SEARCH_ALL: every matching item, not only the first (and never SECRET_SEARCH_UNLOCK: no prompt).
enum { search_all = 1 << 1 };

/// The values of attribute `name` of the retrievables in `list` (which is freed, with them), as NUL-terminated
/// strings one after another in a buffer from malloc: `*length` bytes; NULL when there is none or memory ran out.
static char *attribute_values(glist *list, const char *name, size_t *length) {
    char *values = NULL;
    *length = 0;
    for (glist *node = list; node != NULL; node = node->next) {
        void *table = lib.retrievable_get_attributes(node->data);
        const char *value = table != NULL ? lib.hash_table_lookup(table, name) : NULL;
        if (value != NULL) {
            size_t size = strlen(value) + 1;
            char *grown = realloc(values, *length + size);
            if (grown != NULL) {
                memcpy(grown + *length, value, size);
                values = grown;
                *length += size;
            }
        }
        if (table != NULL) {
            lib.hash_table_unref(table);
        }
        lib.object_unref(node->data);
    }
    lib.list_free(list);
    return values;
}

/// Runs one call on the items with these attributes within `timeout_ms`: `store_item` stores `secret` labelled
/// `label`; `lookup_item` sets `*found` to the secret (NULL when there is no such item); `clear_item` sets `*done` to
/// whether any item was removed; `search_items` sets `*found` to the values of the attribute named `label` of every
/// matching item (`attribute_values`) and `*done` to their length in bytes.
static fauth_secret_result item_call(item_operation operation, const fauth_secret_attribute *attributes, size_t count,
                                     const char *label, const char *secret, char **found, int *done, int timeout_ms) {
    if (fauth_secret_load(NULL) != 0) {
        return result(FAUTH_SECRET_UNAVAILABLE, library.message);
    }
    watchdog dog;
    if (watchdog_start(&dog, timeout_ms) != 0) {
        return result(FAUTH_SECRET_FAILED, "cannot start a thread");
    }
    void *table = attribute_table(attributes, count);
    gerror *error = NULL;
    char *value = NULL;
    int succeeded = 0;
    switch (operation) {
    case store_item:
        succeeded = lib.storev_sync(&schema, table, NULL, label, secret, dog.cancellable, &error);
        break;
    case lookup_item:
        value = lib.lookupv_sync(&schema, table, dog.cancellable, &error);
        succeeded = 1;
        break;
    case clear_item:
        succeeded = lib.clearv_sync(&schema, table, dog.cancellable, &error);  // FALSE, no error: nothing matched
        break;
    case search_items: {
        glist *list = lib.searchv_sync(&schema, table, search_all, dog.cancellable, &error);
        size_t length = 0;
        value = error == NULL ? attribute_values(list, label, &length) : NULL;
        succeeded = (int)length;
        break;
    }
    }
    lib.hash_table_unref(table);
    int fired = watchdog_stop(&dog);
    if (error != NULL || (operation == store_item && !succeeded)) {
        if (value != NULL) {
            operation == search_items ? free(value) : lib.password_free(value);
        }
        return failure(error, fired);
    }
    if (found != NULL) {
        *found = value;
    }
    if (done != NULL) {
        *done = succeeded;
    }
    return result(FAUTH_SECRET_OK, NULL);
}

fauth_secret_result fauth_secret_store(const fauth_secret_attribute *attributes, size_t count, const char *label,
                                       const char *secret, int timeout_ms) {
    return item_call(store_item, attributes, count, label, secret, NULL, NULL, timeout_ms);
}

fauth_secret_result fauth_secret_lookup(const fauth_secret_attribute *attributes, size_t count, char **secret,
                                        int timeout_ms) {
    *secret = NULL;
    return item_call(lookup_item, attributes, count, NULL, NULL, secret, NULL, timeout_ms);
}

fauth_secret_result fauth_secret_clear(const fauth_secret_attribute *attributes, size_t count, int *removed,
                                       int timeout_ms) {
    *removed = 0;
    return item_call(clear_item, attributes, count, NULL, NULL, NULL, removed, timeout_ms);
}

fauth_secret_result fauth_secret_search(const fauth_secret_attribute *attributes, size_t count, const char *name,
                                        char **values, size_t *length, int timeout_ms) {
    *values = NULL;
    int bytes = 0;
    fauth_secret_result outcome = item_call(search_items, attributes, count, name, NULL, values, &bytes, timeout_ms);
    *length = (size_t)bytes;
    return outcome;
}

void fauth_secret_free(char *secret) {
    if (secret != NULL) {
        lib.password_free(secret);
    }
}
