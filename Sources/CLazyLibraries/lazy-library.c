#include "clavis_lazy_library.h"
#include <dlfcn.h>

const char *clavis_lazy_library_open(const char *soname, const char *const *names, void **slots) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
    for (size_t index = 0; names[index]; index++) {
        slots[index] = dlsym(library, names[index]);
        if (!slots[index]) return dlerror();
    }
    return NULL;
}
