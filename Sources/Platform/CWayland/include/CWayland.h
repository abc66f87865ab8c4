// The Wayland client library and the protocol glue wayland-scanner generated from
// wayland-protocols' input-method v1 and data/wayland (scripts/wayland-scanner.sh Sources/Platform/CWayland
// regenerates it).
#ifndef CWAYLAND_H
#define CWAYLAND_H

#include <stddef.h>
#include <wayland-client.h>
#include "input-method-unstable-v1-client-protocol.h"
#include "input-method-unstable-v2-client-protocol.h"
#include "virtual-keyboard-unstable-v1-client-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "wlr-data-control-unstable-v1-client-protocol.h"

/// The interfaces Swift binds globals with, by address (Swift cannot take the address of a
/// C `extern const`).
static inline const struct wl_interface *clavis_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *clavis_input_method_manager_interface(void) {
    return &zwp_input_method_manager_v2_interface;
}
static inline const struct wl_interface *clavis_input_method_v1_interface(void) { return &zwp_input_method_v1_interface; }
static inline const struct wl_interface *clavis_input_panel_v1_interface(void) { return &zwp_input_panel_v1_interface; }
static inline const struct wl_interface *clavis_virtual_keyboard_manager_interface(void) {
    return &zwp_virtual_keyboard_manager_v1_interface;
}
static inline const struct wl_interface *clavis_virtual_pointer_manager_interface(void) {
    return &zwlr_virtual_pointer_manager_v1_interface;
}
static inline const struct wl_interface *clavis_data_control_manager_interface(void) {
    return &zwlr_data_control_manager_v1_interface;
}

/// Drops libwayland's own log lines (Clavis says what failed itself).
void clavis_wayland_quiet_log(void);

/// A sealed, unlinked in-memory file holding `size` bytes of `data`, for a keymap the
/// compositor maps read-only; -1 with errno set when it cannot be made.
int clavis_wayland_keymap_fd(const char *data, size_t size);

#endif
