/* The memory floor of a GTK 3 program: a window with an entry and a drawing area that shows
 * one Pango layout, nothing else. `clavis-bench compare --floor` starts it beside Clavis, so
 * the idle figures are read against what GTK itself costs in the same run. Built by
 * scripts/bench-compare.sh:  cc gtk-floor.c $(pkg-config --cflags --libs gtk+-3.0) */
#include <gtk/gtk.h>

static gboolean draw(GtkWidget *area, cairo_t *cairo, gpointer unused) {
    PangoLayout *layout = gtk_widget_create_pango_layout(area, "q w e r t y u i o p");
    cairo_move_to(cairo, 8, 8);
    pango_cairo_show_layout(cairo, layout);
    g_object_unref(layout);
    return FALSE;
}

int main(int argc, char **argv) {
    /* As Clavis sets it: no GL context for a window that draws with cairo. */
    g_setenv("GDK_GL", "disable", TRUE);
    gtk_init(&argc, &argv);
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), "Floor");
    gtk_window_set_default_size(GTK_WINDOW(window), 600, 260);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
    GtkWidget *area = gtk_drawing_area_new();
    gtk_widget_set_vexpand(area, TRUE);
    g_signal_connect(area, "draw", G_CALLBACK(draw), NULL);
    gtk_container_add(GTK_CONTAINER(box), gtk_entry_new());
    gtk_container_add(GTK_CONTAINER(box), area);
    gtk_container_add(GTK_CONTAINER(window), box);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
    gtk_widget_show_all(window);
    gtk_main();
    return 0;
}
