/* libcanberra, opened at the first key click rather than when Clavis starts.
 *
 * Linking it mapped libcanberra, libpulse, libsndfile and its codecs (FLAC, Vorbis, Opus,
 * MP3) into every Clavis process, about 2 MB resident and 16 libraries to load before the
 * first frame, though a keyboard with clicks turned off never plays a sound. These functions
 * have libcanberra's own signatures (its header gives the types and property names), called
 * through pointers that clavis_canberra_open() looks up once with dlopen/dlsym. */
#pragma once
#include <canberra.h>

/* Opens libcanberra; NULL when ready (then and on every later call), else why not (dlerror's
 * text). Must come before any function below. */
const char *clavis_canberra_open(void);

int clavis_ca_context_create(ca_context **context);
int clavis_ca_context_change_props_full(ca_context *context, ca_proplist *properties);
int clavis_ca_context_open(ca_context *context);
int clavis_ca_context_cache_full(ca_context *context, ca_proplist *properties);
int clavis_ca_context_play_full(ca_context *context, uint32_t id, ca_proplist *properties,
                                ca_finish_callback_t callback, void *userdata);
int clavis_ca_proplist_create(ca_proplist **list);
int clavis_ca_proplist_destroy(ca_proplist *list);
int clavis_ca_proplist_sets(ca_proplist *list, const char *key, const char *value);
const char *clavis_ca_strerror(int code);
