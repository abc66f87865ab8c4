#include "clavis_lazy_library.h"
#include <dlfcn.h>
#include <string.h>

/* dlerror's text is overwritten by the next dl call: the caller keeps a copy. */
static const char *failure(void) {
    const char *message = dlerror();
    return strdup(message ? message : "unknown error");
}

const char *clavis_lazy_library_open(const char *soname, const char *const *names, void **slots) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!library) return failure();
    for (size_t index = 0; names[index]; index++) {
        slots[index] = dlsym(library, names[index]);
        if (!slots[index]) return failure();
    }
    return NULL;
}
