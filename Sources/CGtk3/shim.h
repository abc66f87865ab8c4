#include <gtk/gtk.h>
#include <glib-unix.h>
#include <gdk/gdkx.h>
