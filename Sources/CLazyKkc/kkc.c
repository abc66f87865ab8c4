#include "clavis_kkc.h"
#include "clavis_lazy_library.h"
#include <pthread.h>

/* libkkc.h's public struct, to reach `next` without its headers (which need libgee's and
 * json-glib's include paths): GObject, a private pointer, then the next segment. */
struct _KkcSegment {
    GObject parent_instance;
    gpointer priv;
    KkcSegment *next;
};

static struct {
    void (*init)(void);
    KkcLanguageModel *(*language_model_load)(const gchar *, GError **);
    KkcDecoder *(*decoder_create)(KkcLanguageModel *);
    KkcSegment **(*decoder_decode)(KkcDecoder *, const gchar *, gint, gint *, gint, gint *);
    const gchar *(*segment_get_input)(KkcSegment *);
    const gchar *(*segment_get_output)(KkcSegment *);
} kkc;

static const char *const names[] = {
    "kkc_init", "kkc_language_model_load", "kkc_decoder_create", "kkc_decoder_decode",
    "kkc_segment_get_input", "kkc_segment_get_output", NULL,
};

static const char *failure = NULL;

static void open_once(void) {
    failure = clavis_lazy_library_open("libkkc.so.2", names, (void **)&kkc);
    if (!failure) kkc.init();
}

const char *clavis_kkc_open(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, open_once);
    return failure;
}

KkcLanguageModel *clavis_kkc_language_model_load(const gchar *name, GError **error) {
    return kkc.language_model_load(name, error);
}

KkcDecoder *clavis_kkc_decoder_create(KkcLanguageModel *model) {
    return kkc.decoder_create(model);
}

KkcSegment **clavis_kkc_decoder_decode(KkcDecoder *decoder, const gchar *input, gint nbest,
                                       gint *constraint, gint constraint_length, gint *result_length) {
    return kkc.decoder_decode(decoder, input, nbest, constraint, constraint_length, result_length);
}

const gchar *clavis_kkc_segment_get_input(KkcSegment *segment) {
    return kkc.segment_get_input(segment);
}

const gchar *clavis_kkc_segment_get_output(KkcSegment *segment) {
    return kkc.segment_get_output(segment);
}

KkcSegment *clavis_kkc_segment_next(KkcSegment *segment) {
    return segment->next;
}
