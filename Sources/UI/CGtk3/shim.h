#include <gtk/gtk.h>
// GtkPlug: the keyboard embedded in a screensaver or greeter (XEmbed, `clavis keyboard --xid`).
#include <gtk/gtkx.h>
#include <glib-unix.h>
#include <gdk/gdkx.h>
#include <gdk/gdkwayland.h>
// fontconfig, whose set-up Clavis starts early on another thread (Gtk.prepareFonts).
#include <fontconfig/fontconfig.h>
#include <harfbuzz/hb-ot.h>
