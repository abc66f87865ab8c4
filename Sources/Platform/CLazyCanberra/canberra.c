#include "clavis_canberra.h"
#include "clavis_lazy_library.h"
#include <pthread.h>

static struct {
    int (*context_create)(ca_context **);
    int (*context_change_props_full)(ca_context *, ca_proplist *);
    int (*context_open)(ca_context *);
    int (*context_cache_full)(ca_context *, ca_proplist *);
    int (*context_play_full)(ca_context *, uint32_t, ca_proplist *, ca_finish_callback_t, void *);
    int (*proplist_create)(ca_proplist **);
    int (*proplist_destroy)(ca_proplist *);
    int (*proplist_sets)(ca_proplist *, const char *, const char *);
    const char *(*strerror)(int);
} ca;

static const char *const names[] = {
    "ca_context_create", "ca_context_change_props_full", "ca_context_open", "ca_context_cache_full",
    "ca_context_play_full", "ca_proplist_create", "ca_proplist_destroy", "ca_proplist_sets",
    "ca_strerror", NULL,
};

static const char *failure = NULL;

static void open_once(void) {
    failure = clavis_lazy_library_open("libcanberra.so.0", names, (void **)&ca);
}

const char *clavis_canberra_open(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, open_once);
    return failure;
}

int clavis_ca_context_create(ca_context **context) {
    return ca.context_create(context);
}

int clavis_ca_context_change_props_full(ca_context *context, ca_proplist *properties) {
    return ca.context_change_props_full(context, properties);
}

int clavis_ca_context_open(ca_context *context) {
    return ca.context_open(context);
}

int clavis_ca_context_cache_full(ca_context *context, ca_proplist *properties) {
    return ca.context_cache_full(context, properties);
}

int clavis_ca_context_play_full(ca_context *context, uint32_t id, ca_proplist *properties,
                                ca_finish_callback_t callback, void *userdata) {
    return ca.context_play_full(context, id, properties, callback, userdata);
}

int clavis_ca_proplist_create(ca_proplist **list) {
    return ca.proplist_create(list);
}

int clavis_ca_proplist_destroy(ca_proplist *list) {
    return ca.proplist_destroy(list);
}

int clavis_ca_proplist_sets(ca_proplist *list, const char *key, const char *value) {
    return ca.proplist_sets(list, key, value);
}

const char *clavis_ca_strerror(int code) {
    return ca.strerror(code);
}
