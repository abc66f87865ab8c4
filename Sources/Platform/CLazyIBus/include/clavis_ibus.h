/* Clavis as an IBus engine: the bus, the engine factory, the engines ibus-daemon asks for,
 * and what they say and are told, over libibus opened on first use (dlopen).
 *
 * Linking libibus would map it into every Clavis process; only `clavis keyboard --ibus`
 * needs it. The glue holds no keyboard logic: it reports what the daemon says of the
 * focused field through callbacks and sends what the keyboard types to the engine whose
 * field has the focus. ibus-daemon makes one engine per input context (GNOME Shell's one
 * context for every Wayland application, one per X11 application), so "the engine" below
 * is the one focused last.
 *
 *     ClavisIBusCallbacks calls = { .context = me, .focus = on_focus, ... };
 *     const char *problem = clavis_ibus_open();
 *     ClavisIBus *ibus = clavis_ibus_start("io.github.clavis.IBus", "clavis", &calls);
 *     clavis_ibus_commit(ibus, "Hello"); */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

typedef struct _ClavisIBus ClavisIBus;

/* What the daemon tells the engine, for the focused field. Strings are borrowed for the call. */
typedef struct {
    void *context;
    /* A field took the focus (client: "gnome-shell", "gtk3-im:…", or "fake" when none has it
     * but the context is IBus's own) or lost it (focused 0, client NULL). */
    void (*focus)(void *context, int focused, const char *client);
    /* The focused field's purpose and hints (IBus's numbers, which are GTK's). */
    void (*content_type)(void *context, guint purpose, guint hints);
    /* The text around the caret, the caret and the selection's anchor in characters. */
    void (*surrounding_text)(void *context, const char *text, guint cursor, guint anchor);
    /* A key of another keyboard passed through the engine (let through untouched). */
    void (*key)(void *context, guint keyval, guint keycode, guint state);
    /* The end of a group of the calls above (a field's focus with its content type and
     * text, or one change): apply them together. */
    void (*done)(void *context);
    /* Connected to the daemon (1), or the daemon went away (0). */
    void (*connection)(void *context, int connected);
    /* Where the focused field's caret is on the desktop (the client's rectangle). */
    void (*cursor_location)(void *context, gint x, gint y, gint width, gint height);
} ClavisIBusCallbacks;

/* Opens libibus; NULL when ready (then and on every later call), else why not. */
const char *clavis_ibus_open(void);

/* Connects to ibus-daemon, owns `bus_name` (the component's name) and serves engines named
 * `engine_name`; when the daemon has no component of that name (Clavis was started by hand,
 * not by the daemon), registers one. Reconnects by itself when the daemon restarts. */
ClavisIBus *clavis_ibus_start(const char *bus_name, const char *engine_name, const char *long_name,
                              const char *exec, const ClavisIBusCallbacks *callbacks);

/* Whether a field's engine has the focus now, and the capabilities its client declared. */
int clavis_ibus_has_focus(ClavisIBus *ibus);
guint clavis_ibus_capabilities(ClavisIBus *ibus);

void clavis_ibus_commit(ClavisIBus *ibus, const char *text);
/* Preedit: the text, the caret, and the converting segment [start, end) highlighted (all in
 * characters); the whole text underlined. Empty text hides it. */
void clavis_ibus_preedit(ClavisIBus *ibus, const char *text, guint cursor, guint start, guint end);
/* Deletes characters around the caret: `offset` from it (negative: before), `count` of them. */
void clavis_ibus_delete_surrounding(ClavisIBus *ibus, gint offset, guint count);
/* A key press and release: the keysym, its evdev keycode, the modifiers held. */
void clavis_ibus_forward_key(ClavisIBus *ibus, guint keyval, guint keycode, guint state);

G_END_DECLS
