#include <gtk/gtk.h>
#include <glib-unix.h>
#include <gdk/gdkx.h>
#include <gdk/gdkwayland.h>
// fontconfig, whose set-up Clavis starts early on another thread (Gtk.prepareFonts).
#include <fontconfig/fontconfig.h>
#include <harfbuzz/hb-ot.h>
