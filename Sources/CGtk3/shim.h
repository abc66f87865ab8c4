#include <gtk/gtk.h>
#include <glib-unix.h>
#include <gdk/gdkx.h>
// fontconfig, whose set-up Clavis starts early on another thread (Gtk.prepareFonts).
#include <fontconfig/fontconfig.h>
// Layer-shell for the keyboard's window on Wayland (Debian libgtk-layer-shell-dev); part of
// this module so its GtkWindow is GTK's own type.
#include <gtk-layer-shell/gtk-layer-shell.h>
