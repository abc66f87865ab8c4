#include "clavis_layer_shell.h"
#include "clavis_lazy_library.h"
#include <pthread.h>

static struct {
    gboolean (*is_supported)(void);
    void (*init_for_window)(GtkWindow *);
    void (*set_namespace)(GtkWindow *, const char *);
    void (*set_layer)(GtkWindow *, GtkLayerShellLayer);
    void (*set_keyboard_mode)(GtkWindow *, GtkLayerShellKeyboardMode);
    void (*set_anchor)(GtkWindow *, GtkLayerShellEdge, gboolean);
    void (*set_margin)(GtkWindow *, GtkLayerShellEdge, int);
    void (*auto_exclusive_zone_enable)(GtkWindow *);
    void (*set_monitor)(GtkWindow *, GdkMonitor *);
} layer;

static const char *const names[] = {
    "gtk_layer_is_supported", "gtk_layer_init_for_window", "gtk_layer_set_namespace", "gtk_layer_set_layer",
    "gtk_layer_set_keyboard_mode", "gtk_layer_set_anchor", "gtk_layer_set_margin",
    "gtk_layer_auto_exclusive_zone_enable", "gtk_layer_set_monitor", NULL,
};

static const char *failure = NULL;

static void open_once(void) {
    failure = clavis_lazy_library_open("libgtk-layer-shell.so.0", names, (void **)&layer);
}

const char *clavis_layer_shell_open(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, open_once);
    return failure;
}

gboolean clavis_gtk_layer_is_supported(void) {
    return clavis_layer_shell_open() == NULL && layer.is_supported();
}

void clavis_gtk_layer_init_for_window(GtkWindow *window) { layer.init_for_window(window); }

void clavis_gtk_layer_set_namespace(GtkWindow *window, const char *name_space) {
    layer.set_namespace(window, name_space);
}

void clavis_gtk_layer_set_layer(GtkWindow *window, GtkLayerShellLayer level) { layer.set_layer(window, level); }

void clavis_gtk_layer_set_keyboard_mode(GtkWindow *window, GtkLayerShellKeyboardMode mode) {
    layer.set_keyboard_mode(window, mode);
}

void clavis_gtk_layer_set_anchor(GtkWindow *window, GtkLayerShellEdge edge, gboolean anchor_to_edge) {
    layer.set_anchor(window, edge, anchor_to_edge);
}

void clavis_gtk_layer_set_margin(GtkWindow *window, GtkLayerShellEdge edge, int margin_size) {
    layer.set_margin(window, edge, margin_size);
}

void clavis_gtk_layer_auto_exclusive_zone_enable(GtkWindow *window) { layer.auto_exclusive_zone_enable(window); }

void clavis_gtk_layer_set_monitor(GtkWindow *window, GdkMonitor *monitor) { layer.set_monitor(window, monitor); }
