/* The keyboard's drawing area, with one ATK object per key so screen readers and switch
 * access see the keys (GTK 3 gives a plain drawing area a single, childless accessible).
 * Subclassing GObject types needs C; everything else about the keys is decided in Swift. */
#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* One key as assistive technologies see it. Coordinates are in the area's own pixels. */
typedef struct {
    const char *id;           /* the layout's key id: keys with the same ids in the same order are updated in place */
    const char *name;         /* what it types or does: "q", "Shift", "Return, Next" */
    const char *description;  /* its state in words, or NULL: "caps lock" */
    AtkRole role;             /* ATK_ROLE_PUSH_BUTTON, or ATK_ROLE_TOGGLE_BUTTON for shift */
    gboolean checked;         /* a toggle that is on */
    double x, y, width, height;
} ClavisKeyInfo;

/* Asked for the keys (answer with clavis_keyboard_area_set_keys) when an assistive
 * technology first looks, and after clavis_keyboard_area_invalidate while one is looking. */
typedef void (*ClavisKeysRefresh)(gpointer data);
/* A key's action was invoked (from an idle, as GTK's own buttons do), by its index. */
typedef void (*ClavisKeyActivate)(guint index, gpointer data);

GtkWidget *clavis_keyboard_area_new(void);
void clavis_keyboard_area_set_handlers(GtkWidget *area, ClavisKeysRefresh refresh, ClavisKeyActivate activate,
                                       gpointer data, GDestroyNotify destroy);
/* The keys changed (layer, layout, shift, size): cheap while nothing reads them. */
void clavis_keyboard_area_invalidate(GtkWidget *area);
/* Replaces the keys; names, states and extents of unchanged keys are updated in place,
 * other changes replace the children (children-changed signals). */
void clavis_keyboard_area_set_keys(GtkWidget *area, const ClavisKeyInfo *keys, guint count);

G_END_DECLS
