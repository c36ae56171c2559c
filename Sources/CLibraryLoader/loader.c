#include "CLibraryLoader.h"

#include <dlfcn.h>
#include <stdio.h>

int fauth_library_open(fauth_library *library, const char *const *names, size_t count) {
    snprintf(library->message, sizeof(library->message), "%s", count > 0 ? names[0] : "no library name");
    for (size_t index = 0; index < count; index++) {
        library->handle = dlopen(names[index], RTLD_LAZY | RTLD_LOCAL);
        if (library->handle != NULL) {
            return 0;
        }
        if (index == 0) {
            const char *reason = dlerror();
            snprintf(library->message, sizeof(library->message), "%s", reason != NULL ? reason : names[0]);
        }
    }
    return -1;
}

void *fauth_library_symbol(fauth_library *library, const char *name) {
    void *address = dlsym(library->handle, name);  // the handle's dependencies are searched too
    if (address == NULL && library->missing == 0) {
        library->missing = 1;
        snprintf(library->message, sizeof(library->message), "symbol %s not found", name);
    }
    return address;
}
