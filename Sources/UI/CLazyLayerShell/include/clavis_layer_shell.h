/* gtk-layer-shell, opened when a keyboard window becomes a Wayland layer surface rather than
 * when Clavis starts.
 *
 * Linking it mapped the library into every Clavis process, X11 ones included, which never
 * use it (0.15 MB resident). These functions have gtk-layer-shell's own signatures (its header
 * gives the types), called through pointers that clavis_layer_shell_open() looks up once with
 * dlopen/dlsym. */
#pragma once
#include <gtk-layer-shell/gtk-layer-shell.h>

/* Opens libgtk-layer-shell; NULL when ready (then and on every later call), else why not
 * (dlerror's text). Must come before any function below. */
const char *clavis_layer_shell_open(void);

/* Whether the compositor offers layer surfaces; false when the library cannot be opened. */
gboolean clavis_gtk_layer_is_supported(void);
void clavis_gtk_layer_init_for_window(GtkWindow *window);
void clavis_gtk_layer_set_namespace(GtkWindow *window, const char *name_space);
void clavis_gtk_layer_set_layer(GtkWindow *window, GtkLayerShellLayer layer);
void clavis_gtk_layer_set_keyboard_mode(GtkWindow *window, GtkLayerShellKeyboardMode mode);
void clavis_gtk_layer_set_anchor(GtkWindow *window, GtkLayerShellEdge edge, gboolean anchor_to_edge);
void clavis_gtk_layer_set_margin(GtkWindow *window, GtkLayerShellEdge edge, int margin_size);
void clavis_gtk_layer_auto_exclusive_zone_enable(GtkWindow *window);
/* The output the surface goes on; NULL lets the compositor choose (the focused one). */
void clavis_gtk_layer_set_monitor(GtkWindow *window, GdkMonitor *monitor);
