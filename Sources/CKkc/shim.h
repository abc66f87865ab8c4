#include <libkkc/libkkc.h>

/* The next segment of a decoded path (a struct field, which Swift cannot reach through the
 * opaque GObject type). */
static inline KkcSegment *clavis_kkc_segment_next(KkcSegment *segment) { return segment->next; }
