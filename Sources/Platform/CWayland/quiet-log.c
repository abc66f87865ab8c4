// libwayland prints its own lines on connection failures (to stderr, from the client
// library); Clavis reports those failures in one line of its own, so the library's are
// dropped. A C function because the handler takes a va_list.
#include <stdarg.h>
#include "CWayland.h"

static void discard(const char *format, va_list arguments) {
    (void)format;
    (void)arguments;
}

void clavis_wayland_quiet_log(void) {
    wl_log_set_handler_client(discard);
}
