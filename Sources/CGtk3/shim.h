#include <gtk/gtk.h>
#include <glib-unix.h>
#include <gdk/gdkx.h>
// Layer-shell for the keyboard's window on Wayland (Debian libgtk-layer-shell-dev); part of
// this module so its GtkWindow is GTK's own type.
#include <gtk-layer-shell/gtk-layer-shell.h>
