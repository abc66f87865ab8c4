#include "clavis_xkbregistry.h"
#include "clavis_lazy_library.h"
#include <pthread.h>

static struct {
    struct rxkb_context *(*context_new)(enum rxkb_context_flags);
    bool (*context_parse_default_ruleset)(struct rxkb_context *);
    struct rxkb_context *(*context_unref)(struct rxkb_context *);
    struct rxkb_layout *(*layout_first)(struct rxkb_context *);
    struct rxkb_layout *(*layout_next)(struct rxkb_layout *);
    const char *(*layout_get_name)(struct rxkb_layout *);
    const char *(*layout_get_variant)(struct rxkb_layout *);
    const char *(*layout_get_description)(struct rxkb_layout *);
    struct rxkb_iso639_code *(*layout_get_iso639_first)(struct rxkb_layout *);
    struct rxkb_iso639_code *(*iso639_code_next)(struct rxkb_iso639_code *);
    const char *(*iso639_code_get_code)(struct rxkb_iso639_code *);
} rxkb;

static const char *const names[] = {
    "rxkb_context_new", "rxkb_context_parse_default_ruleset", "rxkb_context_unref",
    "rxkb_layout_first", "rxkb_layout_next", "rxkb_layout_get_name", "rxkb_layout_get_variant",
    "rxkb_layout_get_description", "rxkb_layout_get_iso639_first", "rxkb_iso639_code_next",
    "rxkb_iso639_code_get_code", NULL,
};

static const char *failure = NULL;

static void open_once(void) {
    failure = clavis_lazy_library_open("libxkbregistry.so.0", names, (void **)&rxkb);
}

const char *clavis_rxkb_open(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, open_once);
    return failure;
}

struct rxkb_context *clavis_rxkb_context_new(enum rxkb_context_flags flags) {
    return rxkb.context_new(flags);
}

bool clavis_rxkb_context_parse_default_ruleset(struct rxkb_context *context) {
    return rxkb.context_parse_default_ruleset(context);
}

struct rxkb_context *clavis_rxkb_context_unref(struct rxkb_context *context) {
    return rxkb.context_unref(context);
}

struct rxkb_layout *clavis_rxkb_layout_first(struct rxkb_context *context) {
    return rxkb.layout_first(context);
}

struct rxkb_layout *clavis_rxkb_layout_next(struct rxkb_layout *layout) {
    return rxkb.layout_next(layout);
}

const char *clavis_rxkb_layout_get_name(struct rxkb_layout *layout) {
    return rxkb.layout_get_name(layout);
}

const char *clavis_rxkb_layout_get_variant(struct rxkb_layout *layout) {
    return rxkb.layout_get_variant(layout);
}

const char *clavis_rxkb_layout_get_description(struct rxkb_layout *layout) {
    return rxkb.layout_get_description(layout);
}

struct rxkb_iso639_code *clavis_rxkb_layout_get_iso639_first(struct rxkb_layout *layout) {
    return rxkb.layout_get_iso639_first(layout);
}

struct rxkb_iso639_code *clavis_rxkb_iso639_code_next(struct rxkb_iso639_code *code) {
    return rxkb.iso639_code_next(code);
}

const char *clavis_rxkb_iso639_code_get_code(struct rxkb_iso639_code *code) {
    return rxkb.iso639_code_get_code(code);
}
