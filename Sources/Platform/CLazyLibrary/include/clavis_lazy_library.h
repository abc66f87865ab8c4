/* Shared libraries opened on first use rather than when Clavis starts: each is a set of
 * function pointers filled once by dlopen/dlsym. Linking them instead would map them, and all
 * they need, into every Clavis process whether or not it ever uses them. */
#pragma once
#include <stddef.h>

/* Opens `soname` and stores each symbol of the NULL-terminated `names` in the slot of the
 * same index; NULL on success, else a copy of dlerror's text. Callers run it once
 * (pthread_once). */
const char *clavis_lazy_library_open(const char *soname, const char *const *names, void **slots);
