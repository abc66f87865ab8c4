/* See clavis_keyboard_area.h. Three GObject types:
 *  - ClavisKeyboardArea: a GtkDrawingArea that holds the key accessibles and the handlers;
 *  - ClavisKeyboardAreaAccessible: its accessible (a GtkWidgetAccessible with the keys as children);
 *  - ClavisKeyAccessible: one key, with AtkComponent (extents) and AtkAction (click). */
#include "clavis_keyboard_area.h"
#include <gtk/gtk-a11y.h>
#include <math.h>
#include <string.h>

/* ---- one key ---- */

typedef struct {
    AtkObject parent;
    GtkWidget *area; /* not a reference: the area clears it when it goes */
    guint index;
    char *id;
    gboolean checked;
    GdkRectangle frame;
} ClavisKeyAccessible;

typedef struct {
    AtkObjectClass parent_class;
} ClavisKeyAccessibleClass;

static void key_component_init(AtkComponentIface *iface);
static void key_action_init(AtkActionIface *iface);

G_DEFINE_TYPE_WITH_CODE(ClavisKeyAccessible, clavis_key_accessible, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, key_component_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, key_action_init))

#define KEY(object) ((ClavisKeyAccessible *) (object))

/* ---- the area ---- */

typedef struct {
    GtkDrawingArea parent;
    GPtrArray *keys;        /* ClavisKeyAccessible *, owned */
    AtkObject *accessible;  /* weak: set once GTK creates it */
    gboolean stale;
    guint refresh_source;
    ClavisKeysRefresh refresh;
    ClavisKeyActivate activate;
    gpointer data;
    GDestroyNotify destroy;
} ClavisKeyboardArea;

typedef struct {
    GtkDrawingAreaClass parent_class;
} ClavisKeyboardAreaClass;

G_DEFINE_TYPE(ClavisKeyboardArea, clavis_keyboard_area, GTK_TYPE_DRAWING_AREA)

#define AREA(object) ((ClavisKeyboardArea *) (object))

typedef struct {
    GtkWidgetAccessible parent;
} ClavisKeyboardAreaAccessible;

typedef struct {
    GtkWidgetAccessibleClass parent_class;
} ClavisKeyboardAreaAccessibleClass;

G_DEFINE_TYPE(ClavisKeyboardAreaAccessible, clavis_keyboard_area_accessible, GTK_TYPE_WIDGET_ACCESSIBLE)

/* ---- key: object ---- */

static void clavis_key_accessible_init(ClavisKeyAccessible *key) {
    (void) key;
}

static void key_finalize(GObject *object) {
    g_free(KEY(object)->id);
    G_OBJECT_CLASS(clavis_key_accessible_parent_class)->finalize(object);
}

static AtkStateSet *key_ref_state_set(AtkObject *object) {
    ClavisKeyAccessible *key = KEY(object);
    AtkStateSet *states = ATK_OBJECT_CLASS(clavis_key_accessible_parent_class)->ref_state_set(object);
    if (key->area == NULL) {
        atk_state_set_add_state(states, ATK_STATE_DEFUNCT);
        return states;
    }
    atk_state_set_add_state(states, ATK_STATE_ENABLED);
    atk_state_set_add_state(states, ATK_STATE_SENSITIVE);
    atk_state_set_add_state(states, ATK_STATE_VISIBLE);
    if (gtk_widget_get_mapped(key->area)) atk_state_set_add_state(states, ATK_STATE_SHOWING);
    if (atk_object_get_role(object) == ATK_ROLE_TOGGLE_BUTTON) {
        atk_state_set_add_state(states, ATK_STATE_CHECKABLE);
        if (key->checked) atk_state_set_add_state(states, ATK_STATE_CHECKED);
    }
    return states;
}

static gint key_index_in_parent(AtkObject *object) {
    return KEY(object)->area ? (gint) KEY(object)->index : -1;
}

static void clavis_key_accessible_class_init(ClavisKeyAccessibleClass *class) {
    G_OBJECT_CLASS(class)->finalize = key_finalize;
    ATK_OBJECT_CLASS(class)->ref_state_set = key_ref_state_set;
    ATK_OBJECT_CLASS(class)->get_index_in_parent = key_index_in_parent;
}

/* ---- key: component ---- */

static void key_get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height,
                            AtkCoordType coords) {
    ClavisKeyAccessible *key = KEY(component);
    *x = *y = *width = *height = 0;
    if (key->area == NULL || !gtk_widget_get_realized(key->area)) return;
    *width = key->frame.width;
    *height = key->frame.height;
    if (coords == ATK_XY_PARENT) {
        *x = key->frame.x;
        *y = key->frame.y;
        return;
    }
    GdkWindow *window = gtk_widget_get_window(key->area);
    gint origin_x, origin_y;
    gdk_window_get_origin(window, &origin_x, &origin_y);
    *x = origin_x + key->frame.x;
    *y = origin_y + key->frame.y;
    if (coords == ATK_XY_WINDOW) {
        gint top_x, top_y;
        gdk_window_get_origin(gdk_window_get_toplevel(window), &top_x, &top_y);
        *x -= top_x;
        *y -= top_y;
    }
}

static gboolean key_grab_focus(AtkComponent *component) {
    (void) component;
    return FALSE; /* the keyboard never takes the focus from the field it types into */
}

static void key_component_init(AtkComponentIface *iface) {
    iface->get_extents = key_get_extents;
    iface->grab_focus = key_grab_focus;
}

/* ---- key: action ---- */

typedef struct {
    GtkWidget *area;
    guint index;
} PendingActivation;

static gboolean activate_later(gpointer data) {
    PendingActivation *pending = data;
    ClavisKeyboardArea *area = AREA(pending->area);
    if (area->activate && gtk_widget_get_mapped(pending->area) && pending->index < area->keys->len) {
        area->activate(pending->index, area->data);
    }
    g_object_unref(pending->area);
    g_free(pending);
    return G_SOURCE_REMOVE;
}

static gboolean key_do_action(AtkAction *action, gint index) {
    ClavisKeyAccessible *key = KEY(action);
    if (index != 0 || key->area == NULL || !gtk_widget_get_mapped(key->area)) return FALSE;
    PendingActivation *pending = g_new(PendingActivation, 1);
    pending->area = g_object_ref(key->area);
    pending->index = key->index;
    /* As GTK's buttons do: the caller (over D-Bus) returns before the key acts. */
    g_idle_add(activate_later, pending);
    return TRUE;
}

static gint key_n_actions(AtkAction *action) {
    (void) action;
    return 1;
}

static const gchar *key_action_name(AtkAction *action, gint index) {
    (void) action;
    return index == 0 ? "click" : NULL;
}

static const gchar *key_action_description(AtkAction *action, gint index) {
    (void) action;
    return index == 0 ? "Presses the key" : NULL;
}

static void key_action_init(AtkActionIface *iface) {
    iface->do_action = key_do_action;
    iface->get_n_actions = key_n_actions;
    iface->get_name = key_action_name;
    iface->get_localized_name = key_action_name;
    iface->get_description = key_action_description;
}

/* ---- area accessible ---- */

static void ask_for_keys(ClavisKeyboardArea *area) {
    if (area->stale && area->refresh) area->refresh(area->data);
}

static void area_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(clavis_keyboard_area_accessible_parent_class)->initialize(object, data);
    ClavisKeyboardArea *area = AREA(data);
    area->accessible = object;
    g_object_add_weak_pointer(G_OBJECT(object), (gpointer *) &area->accessible);
    atk_object_set_role(object, ATK_ROLE_PANEL);
    atk_object_set_name(object, "Keyboard");
    for (guint i = 0; i < area->keys->len; i++) atk_object_set_parent(g_ptr_array_index(area->keys, i), object);
}

static gint area_n_children(AtkObject *object) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    if (widget == NULL) return 0;
    ask_for_keys(AREA(widget));
    return (gint) AREA(widget)->keys->len;
}

static AtkObject *area_ref_child(AtkObject *object, gint index) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    if (widget == NULL) return NULL;
    ClavisKeyboardArea *area = AREA(widget);
    ask_for_keys(area);
    if (index < 0 || (guint) index >= area->keys->len) return NULL;
    return g_object_ref(g_ptr_array_index(area->keys, index));
}

static void clavis_keyboard_area_accessible_init(ClavisKeyboardAreaAccessible *accessible) {
    (void) accessible;
}

static void clavis_keyboard_area_accessible_class_init(ClavisKeyboardAreaAccessibleClass *class) {
    ATK_OBJECT_CLASS(class)->initialize = area_accessible_initialize;
    ATK_OBJECT_CLASS(class)->get_n_children = area_n_children;
    ATK_OBJECT_CLASS(class)->ref_child = area_ref_child;
}

/* ---- area ---- */

static void clavis_keyboard_area_init(ClavisKeyboardArea *area) {
    area->keys = g_ptr_array_new_with_free_func(g_object_unref);
    area->stale = TRUE;
}

static void detach_keys(ClavisKeyboardArea *area) {
    for (guint i = 0; i < area->keys->len; i++) {
        ClavisKeyAccessible *key = g_ptr_array_index(area->keys, i);
        key->area = NULL;
        atk_object_notify_state_change(ATK_OBJECT(key), ATK_STATE_DEFUNCT, TRUE);
    }
}

static void area_dispose(GObject *object) {
    ClavisKeyboardArea *area = AREA(object);
    if (area->refresh_source) {
        g_source_remove(area->refresh_source);
        area->refresh_source = 0;
    }
    if (area->keys) {
        detach_keys(area);
        g_ptr_array_set_size(area->keys, 0);
    }
    if (area->destroy) area->destroy(area->data);
    area->destroy = NULL;
    area->refresh = NULL;
    area->activate = NULL;
    area->data = NULL;
    G_OBJECT_CLASS(clavis_keyboard_area_parent_class)->dispose(object);
}

static void area_finalize(GObject *object) {
    g_ptr_array_unref(AREA(object)->keys);
    G_OBJECT_CLASS(clavis_keyboard_area_parent_class)->finalize(object);
}

static void clavis_keyboard_area_class_init(ClavisKeyboardAreaClass *class) {
    G_OBJECT_CLASS(class)->dispose = area_dispose;
    G_OBJECT_CLASS(class)->finalize = area_finalize;
    gtk_widget_class_set_accessible_type(GTK_WIDGET_CLASS(class), clavis_keyboard_area_accessible_get_type());
}

GtkWidget *clavis_keyboard_area_new(void) {
    return g_object_new(clavis_keyboard_area_get_type(), NULL);
}

void clavis_keyboard_area_set_handlers(GtkWidget *widget, ClavisKeysRefresh refresh, ClavisKeyActivate activate,
                                       gpointer data, GDestroyNotify destroy) {
    ClavisKeyboardArea *area = AREA(widget);
    if (area->destroy) area->destroy(area->data);
    area->refresh = refresh;
    area->activate = activate;
    area->data = data;
    area->destroy = destroy;
    clavis_keyboard_area_invalidate(widget);
}

static gboolean refresh_later(gpointer data) {
    ClavisKeyboardArea *area = AREA(data);
    area->refresh_source = 0;
    ask_for_keys(area);
    return G_SOURCE_REMOVE;
}

void clavis_keyboard_area_invalidate(GtkWidget *widget) {
    ClavisKeyboardArea *area = AREA(widget);
    area->stale = TRUE;
    /* Nobody has looked: nothing to tell, and nothing to build until somebody does. */
    if (area->accessible == NULL || area->refresh_source) return;
    area->refresh_source = g_idle_add(refresh_later, area);
}

static gboolean same_keys(ClavisKeyboardArea *area, const ClavisKeyInfo *keys, guint count) {
    if (area->keys->len != count) return FALSE;
    for (guint i = 0; i < count; i++) {
        ClavisKeyAccessible *key = g_ptr_array_index(area->keys, i);
        if (g_strcmp0(key->id, keys[i].id) != 0 || atk_object_get_role(ATK_OBJECT(key)) != keys[i].role) return FALSE;
    }
    return TRUE;
}

static void update_key(ClavisKeyAccessible *key, const ClavisKeyInfo *info, gboolean announce) {
    AtkObject *object = ATK_OBJECT(key);
    if (g_strcmp0(atk_object_get_name(object), info->name) != 0) atk_object_set_name(object, info->name);
    const char *description = info->description ? info->description : "";
    if (g_strcmp0(atk_object_get_description(object), description) != 0) atk_object_set_description(object, description);
    if (key->checked != info->checked) {
        key->checked = info->checked;
        if (announce) atk_object_notify_state_change(object, ATK_STATE_CHECKED, info->checked);
    }
    /* Rounded as --geometry-out rounds, so both report the same pixels. */
    GdkRectangle frame = {(gint) lround(info->x), (gint) lround(info->y), (gint) lround(info->width),
                          (gint) lround(info->height)};
    if (memcmp(&frame, &key->frame, sizeof frame) != 0) {
        key->frame = frame;
        if (announce) {
            AtkRectangle bounds = {frame.x, frame.y, frame.width, frame.height};
            g_signal_emit_by_name(object, "bounds-changed", &bounds);
        }
    }
}

void clavis_keyboard_area_set_keys(GtkWidget *widget, const ClavisKeyInfo *keys, guint count) {
    ClavisKeyboardArea *area = AREA(widget);
    area->stale = FALSE;
    if (same_keys(area, keys, count)) {
        for (guint i = 0; i < count; i++) update_key(g_ptr_array_index(area->keys, i), &keys[i], TRUE);
        return;
    }
    AtkObject *parent = area->accessible;
    for (guint i = area->keys->len; i > 0; i--) {
        if (parent) g_signal_emit_by_name(parent, "children-changed::remove", i - 1, g_ptr_array_index(area->keys, i - 1));
    }
    detach_keys(area);
    g_ptr_array_set_size(area->keys, 0);
    for (guint i = 0; i < count; i++) {
        ClavisKeyAccessible *key = g_object_new(clavis_key_accessible_get_type(), NULL);
        key->area = widget;
        key->index = i;
        key->id = g_strdup(keys[i].id);
        atk_object_set_role(ATK_OBJECT(key), keys[i].role);
        update_key(key, &keys[i], FALSE);
        if (parent) atk_object_set_parent(ATK_OBJECT(key), parent);
        g_ptr_array_add(area->keys, key);
    }
    for (guint i = 0; i < count && parent; i++) {
        g_signal_emit_by_name(parent, "children-changed::add", i, g_ptr_array_index(area->keys, i));
    }
}
