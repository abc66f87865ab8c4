#include "clavis_ibus.h"
#include "clavis_lazy_library.h"
#include <glib-object.h>
#include <gio/gio.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* libibus's types, opaque here: its headers are not needed to call it. */
typedef struct _IBusBus IBusBus;
typedef struct _IBusEngine IBusEngine;
typedef struct _IBusFactory IBusFactory;
typedef struct _IBusText IBusText;
typedef struct _IBusComponent IBusComponent;
typedef struct _IBusEngineDesc IBusEngineDesc;

enum {
    IBUS_RELEASE_MASK = 1 << 30,
    IBUS_FORWARD_MASK = 1 << 25,
    IBUS_ATTR_TYPE_UNDERLINE = 1,
    IBUS_ATTR_TYPE_FOREGROUND = 2,
    IBUS_ATTR_TYPE_BACKGROUND = 3,
    IBUS_ATTR_UNDERLINE_SINGLE = 1,
    IBUS_ENGINE_PREEDIT_COMMIT = 1,
};

static struct {
    void (*init)(void);
    IBusBus *(*bus_new)(void);
    gboolean (*bus_is_connected)(IBusBus *);
    GDBusConnection *(*bus_get_connection)(IBusBus *);
    guint32 (*bus_request_name)(IBusBus *, const gchar *, guint32);
    gboolean (*bus_register_component)(IBusBus *, IBusComponent *);
    IBusEngineDesc **(*bus_get_engines_by_names)(IBusBus *, const gchar *const *);
    IBusComponent *(*component_new)(const gchar *, const gchar *, const gchar *, const gchar *, const gchar *,
                                    const gchar *, const gchar *, const gchar *);
    void (*component_add_engine)(IBusComponent *, IBusEngineDesc *);
    IBusEngineDesc *(*engine_desc_new_varargs)(const gchar *, ...);
    IBusFactory *(*factory_new)(GDBusConnection *);
    GType (*engine_get_type)(void);
    void (*engine_commit_text)(IBusEngine *, IBusText *);
    void (*engine_update_preedit_text_with_mode)(IBusEngine *, IBusText *, guint, gboolean, int);
    void (*engine_hide_preedit_text)(IBusEngine *);
    void (*engine_delete_surrounding_text)(IBusEngine *, gint, guint);
    void (*engine_forward_key_event)(IBusEngine *, guint, guint, guint);
    void (*engine_get_surrounding_text)(IBusEngine *, IBusText **, guint *, guint *);
    void (*engine_get_content_type)(IBusEngine *, guint *, guint *);
    IBusText *(*text_new_from_string)(const gchar *);
    void (*text_append_attribute)(IBusText *, guint, guint, guint, gint);
    const gchar *(*text_get_text)(IBusText *);
} ibus;

static const char *const names[] = {
    "ibus_init", "ibus_bus_new", "ibus_bus_is_connected", "ibus_bus_get_connection", "ibus_bus_request_name",
    "ibus_bus_register_component", "ibus_bus_get_engines_by_names", "ibus_component_new", "ibus_component_add_engine",
    "ibus_engine_desc_new_varargs", "ibus_factory_new", "ibus_engine_get_type", "ibus_engine_commit_text",
    "ibus_engine_update_preedit_text_with_mode", "ibus_engine_hide_preedit_text", "ibus_engine_delete_surrounding_text",
    "ibus_engine_forward_key_event", "ibus_engine_get_surrounding_text", "ibus_engine_get_content_type",
    "ibus_text_new_from_string", "ibus_text_append_attribute", "ibus_text_get_text", NULL,
};

static const char *failure = NULL;

static void open_once(void) {
    failure = clavis_lazy_library_open("libibus-1.0.so.5", names, (void **)&ibus);
    if (!failure) ibus.init();
}

const char *clavis_ibus_open(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, open_once);
    return failure;
}

/* One engine the daemon asked for (one input context), and what its client said last. */
typedef struct {
    IBusEngine *engine;
    guint capabilities;
    gchar *surrounding;
    guint cursor, anchor;
} Engine;

struct _ClavisIBus {
    ClavisIBusCallbacks callbacks;
    gchar *bus_name, *engine_name, *long_name, *exec;
    IBusBus *bus;
    IBusFactory *factory;
    GList *engines;     /* of Engine */
    Engine *focused;
    guint engine_count;
    guint retry;        /* the reconnection timer */
    gboolean serving;   /* the factory is up on the current connection */
};

static Engine *record_of(ClavisIBus *self, gpointer engine) {
    for (GList *item = self->engines; item; item = item->next) {
        Engine *record = item->data;
        if (record->engine == engine) return record;
    }
    return NULL;
}

static void lose_focus(ClavisIBus *self, Engine *record) {
    if (!record || self->focused != record) return;
    self->focused = NULL;
    self->callbacks.focus(self->callbacks.context, 0, NULL);
    self->callbacks.done(self->callbacks.context);
}

static void forget(ClavisIBus *self, Engine *record) {
    lose_focus(self, record);
    self->engines = g_list_remove(self->engines, record);
    g_free(record->surrounding);
    g_free(record);
}

static void report_field(ClavisIBus *self, Engine *record) {
    guint purpose = 0, hints = 0;
    ibus.engine_get_content_type(record->engine, &purpose, &hints);
    self->callbacks.content_type(self->callbacks.context, purpose, hints);
    /* Asking tells the client this engine reads the surrounding text, so it keeps sending it. */
    IBusText *text = NULL;
    guint cursor = 0, anchor = 0;
    ibus.engine_get_surrounding_text(record->engine, &text, &cursor, &anchor);
    if (text && g_object_is_floating(text)) g_object_ref_sink(text);
    if (text) g_object_unref(text);
    if (record->surrounding)
        self->callbacks.surrounding_text(self->callbacks.context, record->surrounding, record->cursor, record->anchor);
}

static void on_cursor_location(gpointer engine, gint x, gint y, gint width, gint height, gpointer data) {
    ClavisIBus *self = data;
    Engine *record = record_of(self, engine);
    if (!record || self->focused != record || !self->callbacks.cursor_location) return;
    self->callbacks.cursor_location(self->callbacks.context, x, y, width, height);
}

static void on_focus_in_id(gpointer engine, const gchar *path, const gchar *client, gpointer data) {
    (void)path;
    ClavisIBus *self = data;
    Engine *record = record_of(self, engine);
    if (!record) return;
    self->focused = record;
    self->callbacks.focus(self->callbacks.context, 1, client ? client : "");
    report_field(self, record);
    self->callbacks.done(self->callbacks.context);
}

static void on_focus_in(gpointer engine, gpointer data) {
    on_focus_in_id(engine, NULL, NULL, data);
}

static void on_focus_out(gpointer engine, gpointer data) {
    ClavisIBus *self = data;
    lose_focus(self, record_of(self, engine));
}

static void on_focus_out_id(gpointer engine, const gchar *path, gpointer data) {
    (void)path;
    on_focus_out(engine, data);
}

static void on_content_type(gpointer engine, guint purpose, guint hints, gpointer data) {
    ClavisIBus *self = data;
    Engine *record = record_of(self, engine);
    if (!record || record != self->focused) return;
    self->callbacks.content_type(self->callbacks.context, purpose, hints);
    self->callbacks.done(self->callbacks.context);
}

static void on_surrounding_text(gpointer engine, GObject *text, guint cursor, guint anchor, gpointer data) {
    ClavisIBus *self = data;
    Engine *record = record_of(self, engine);
    if (!record || !text) return;
    g_free(record->surrounding);
    record->surrounding = g_strdup(ibus.text_get_text((IBusText *)text));
    record->cursor = cursor;
    record->anchor = anchor;
    if (record != self->focused) return;
    self->callbacks.surrounding_text(self->callbacks.context, record->surrounding, cursor, anchor);
    self->callbacks.done(self->callbacks.context);
}

static void on_capabilities(gpointer engine, guint capabilities, gpointer data) {
    Engine *record = record_of(data, engine);
    if (record) record->capabilities = capabilities;
}

static gboolean on_key(gpointer engine, guint keyval, guint keycode, guint state, gpointer data) {
    (void)engine;
    ClavisIBus *self = data;
    if (!(state & (IBUS_FORWARD_MASK | IBUS_RELEASE_MASK))) self->callbacks.key(self->callbacks.context, keyval, keycode, state);
    return FALSE;   /* hardware keys go on to the application untouched */
}

static void on_destroy(gpointer engine, gpointer data) {
    ClavisIBus *self = data;
    Engine *record = record_of(self, engine);
    if (record) forget(self, record);
}

static gpointer on_create_engine(gpointer factory, const gchar *name, gpointer data) {
    (void)factory;
    ClavisIBus *self = data;
    if (g_strcmp0(name, self->engine_name) != 0) return NULL;
    gchar *path = g_strdup_printf("/io/github/clavis/IBus/Engine/%u", ++self->engine_count);
    /* has-focus-id: focus_in_id names the client, which tells a field ("gnome-shell") from none ("fake"). */
    gpointer engine = g_object_new(ibus.engine_get_type(), "engine-name", name, "object-path", path,
                                   "connection", ibus.bus_get_connection(self->bus), "has-focus-id", TRUE, NULL);
    g_free(path);
    Engine *record = g_new0(Engine, 1);
    record->engine = engine;
    self->engines = g_list_append(self->engines, record);
    g_signal_connect(engine, "focus-in-id", G_CALLBACK(on_focus_in_id), self);
    g_signal_connect(engine, "focus-out-id", G_CALLBACK(on_focus_out_id), self);
    g_signal_connect(engine, "focus-in", G_CALLBACK(on_focus_in), self);
    g_signal_connect(engine, "focus-out", G_CALLBACK(on_focus_out), self);
    g_signal_connect(engine, "disable", G_CALLBACK(on_focus_out), self);
    g_signal_connect(engine, "set-content-type", G_CALLBACK(on_content_type), self);
    g_signal_connect(engine, "set-surrounding-text", G_CALLBACK(on_surrounding_text), self);
    g_signal_connect(engine, "set-capabilities", G_CALLBACK(on_capabilities), self);
    g_signal_connect(engine, "set-cursor-location", G_CALLBACK(on_cursor_location), self);
    g_signal_connect(engine, "process-key-event", G_CALLBACK(on_key), self);
    g_signal_connect(engine, "destroy", G_CALLBACK(on_destroy), self);
    return engine;
}

static gboolean retry(gpointer data);

/* Serves engines on the bus's current connection: the factory, the component when the
 * daemon lacks it, the name. */
static void serve(ClavisIBus *self) {
    if (self->serving || !ibus.bus_is_connected(self->bus)) return;
    self->serving = TRUE;
    self->factory = ibus.factory_new(ibus.bus_get_connection(self->bus));
    g_object_ref_sink(self->factory);
    g_signal_connect(self->factory, "create-engine", G_CALLBACK(on_create_engine), self);
    const gchar *wanted[] = {self->engine_name, NULL};
    IBusEngineDesc **known = ibus.bus_get_engines_by_names(self->bus, wanted);
    gboolean found = known && known[0];
    for (IBusEngineDesc **desc = known; desc && *desc; desc++) g_object_unref(*desc);
    g_free(known);
    if (!found) {
        IBusComponent *component = ibus.component_new(self->bus_name, "Clavis, an on-screen keyboard", "1", "",
                                                      "Clavis", "https://github.com/clavis-keyboard/clavis", self->exec, "clavis");
        IBusEngineDesc *desc = ibus.engine_desc_new_varargs("name", self->engine_name, "longname", self->long_name,
                                                            "description", "An on-screen keyboard", "language", "other",
                                                            "author", "Clavis", "layout", "default",
                                                            "symbol", "⌨", "rank", 0, NULL);
        ibus.component_add_engine(component, desc);
        ibus.bus_register_component(self->bus, component);
        g_object_unref(component);
    }
    ibus.bus_request_name(self->bus, self->bus_name, 0);
    self->callbacks.connection(self->callbacks.context, 1);
}

static void on_connected(gpointer bus, gpointer data) {
    (void)bus;
    serve(data);
}

static void on_disconnected(gpointer bus, gpointer data) {
    (void)bus;
    ClavisIBus *self = data;
    while (self->engines) forget(self, self->engines->data);
    if (self->factory) g_object_unref(self->factory);
    self->factory = NULL;
    self->serving = FALSE;
    self->callbacks.connection(self->callbacks.context, 0);
    if (!self->retry) self->retry = g_timeout_add(500, retry, self);
}

static void connect_bus(ClavisIBus *self) {
    self->bus = ibus.bus_new();
    g_signal_connect(self->bus, "connected", G_CALLBACK(on_connected), self);
    g_signal_connect(self->bus, "disconnected", G_CALLBACK(on_disconnected), self);
    serve(self);
}

/* Until the daemon is back: a restarted daemon has a new address, which the one it gave
 * (IBUS_ADDRESS, when it started Clavis) no longer names; its address file does. */
static gboolean retry(gpointer data) {
    ClavisIBus *self = data;
    if (self->bus && ibus.bus_is_connected(self->bus)) {
        serve(self);
    } else {
        if (self->bus) {
            g_signal_handlers_disconnect_by_data(self->bus, self);
            g_object_unref(self->bus);
        }
        g_unsetenv("IBUS_ADDRESS");
        connect_bus(self);
    }
    if (!self->serving) return G_SOURCE_CONTINUE;
    self->retry = 0;
    return G_SOURCE_REMOVE;
}

ClavisIBus *clavis_ibus_start(const char *bus_name, const char *engine_name, const char *long_name,
                              const char *exec, const ClavisIBusCallbacks *callbacks) {
    ClavisIBus *self = g_new0(ClavisIBus, 1);
    self->callbacks = *callbacks;
    self->bus_name = g_strdup(bus_name);
    self->engine_name = g_strdup(engine_name);
    self->long_name = g_strdup(long_name);
    self->exec = g_strdup(exec);
    connect_bus(self);
    if (!self->serving) self->retry = g_timeout_add(500, retry, self);
    return self;
}

int clavis_ibus_has_focus(ClavisIBus *self) {
    return self->focused != NULL;
}

guint clavis_ibus_capabilities(ClavisIBus *self) {
    return self->focused ? self->focused->capabilities : 0;
}

void clavis_ibus_commit(ClavisIBus *self, const char *text) {
    if (self->focused) ibus.engine_commit_text(self->focused->engine, ibus.text_new_from_string(text));
}

void clavis_ibus_preedit(ClavisIBus *self, const char *text, guint cursor, guint start, guint end) {
    if (!self->focused) return;
    IBusEngine *engine = self->focused->engine;
    glong length = g_utf8_strlen(text, -1);
    IBusText *preedit = ibus.text_new_from_string(text);
    if (length > 0) ibus.text_append_attribute(preedit, IBUS_ATTR_TYPE_UNDERLINE, IBUS_ATTR_UNDERLINE_SINGLE, 0, (gint)length);
    if (start < end) {
        ibus.text_append_attribute(preedit, IBUS_ATTR_TYPE_BACKGROUND, 0x00c8d8f8, start, (gint)end);
        ibus.text_append_attribute(preedit, IBUS_ATTR_TYPE_FOREGROUND, 0x00000000, start, (gint)end);
    }
    /* Commit mode: a field that loses the focus keeps what the composition showed. */
    ibus.engine_update_preedit_text_with_mode(engine, preedit, cursor, length > 0, IBUS_ENGINE_PREEDIT_COMMIT);
    if (length == 0) ibus.engine_hide_preedit_text(engine);
}

void clavis_ibus_delete_surrounding(ClavisIBus *self, gint offset, guint count) {
    if (self->focused) ibus.engine_delete_surrounding_text(self->focused->engine, offset, count);
}

void clavis_ibus_forward_key(ClavisIBus *self, guint keyval, guint keycode, guint state) {
    if (!self->focused) return;
    ibus.engine_forward_key_event(self->focused->engine, keyval, keycode, state);
    ibus.engine_forward_key_event(self->focused->engine, keyval, keycode, state | IBUS_RELEASE_MASK);
}
