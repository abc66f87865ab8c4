/* libxkbregistry, opened when the list of XKB layouts is first asked for rather than when
 * Clavis starts.
 *
 * Linking it mapped libxml2 and ICU into every Clavis process. These functions have
 * libxkbregistry's own signatures (its header gives the types), called through pointers that
 * clavis_rxkb_open() looks up once with dlopen/dlsym. */
#pragma once
#include <stdbool.h>
#include <xkbcommon/xkbregistry.h>

/* Opens libxkbregistry; NULL when ready (then and on every later call), else why not
 * (dlerror's text). Must come before any function below. */
const char *clavis_rxkb_open(void);

struct rxkb_context *clavis_rxkb_context_new(enum rxkb_context_flags flags);
bool clavis_rxkb_context_parse_default_ruleset(struct rxkb_context *context);
struct rxkb_context *clavis_rxkb_context_unref(struct rxkb_context *context);
struct rxkb_layout *clavis_rxkb_layout_first(struct rxkb_context *context);
struct rxkb_layout *clavis_rxkb_layout_next(struct rxkb_layout *layout);
const char *clavis_rxkb_layout_get_name(struct rxkb_layout *layout);
const char *clavis_rxkb_layout_get_variant(struct rxkb_layout *layout);
const char *clavis_rxkb_layout_get_description(struct rxkb_layout *layout);
struct rxkb_iso639_code *clavis_rxkb_layout_get_iso639_first(struct rxkb_layout *layout);
struct rxkb_iso639_code *clavis_rxkb_iso639_code_next(struct rxkb_iso639_code *code);
const char *clavis_rxkb_iso639_code_get_code(struct rxkb_iso639_code *code);
