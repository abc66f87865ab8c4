/* libkkc, opened when a Japanese keyboard first converts rather than when Clavis starts.
 *
 * Linking libkkc mapped it and what it needs (libgee, json-glib, libmarisa) into every Clavis
 * process, Japanese or not. These functions have libkkc's own signatures, called through
 * pointers that clavis_kkc_open() looks up once with dlopen/dlsym. */
#pragma once
#include <glib-object.h>

G_BEGIN_DECLS

typedef struct _KkcLanguageModel KkcLanguageModel;
typedef struct _KkcDecoder KkcDecoder;
typedef struct _KkcSegment KkcSegment;

/* Opens libkkc and calls kkc_init(); NULL when ready (then and on every later call), else
 * why not (dlerror's text). Must come before any function below. */
const char *clavis_kkc_open(void);

KkcLanguageModel *clavis_kkc_language_model_load(const gchar *name, GError **error);
KkcDecoder *clavis_kkc_decoder_create(KkcLanguageModel *model);
KkcSegment **clavis_kkc_decoder_decode(KkcDecoder *decoder, const gchar *input, gint nbest,
                                       gint *constraint, gint constraint_length, gint *result_length);
const gchar *clavis_kkc_segment_get_input(KkcSegment *segment);
const gchar *clavis_kkc_segment_get_output(KkcSegment *segment);
/* The next segment of a decoded path (a struct field, which Swift cannot reach through the
 * opaque GObject type). */
KkcSegment *clavis_kkc_segment_next(KkcSegment *segment);

G_END_DECLS
