/* The rows the GTK 4 list peers show: a left-aligned label per row, showing the GtkStringObject
 * of its item. Shared by gtk4_list_view.c and gtk4_filter_list.c, so that both measure the same
 * rows. */
#ifndef PEER_GTK4_LABEL_ROWS_H
#define PEER_GTK4_LABEL_ROWS_H

#include <gtk/gtk.h>

static void peer_label_row_setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory, (void)data;
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_list_item_set_child(item, label);
}

static void peer_label_row_bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory, (void)data;
    GtkStringObject *string = gtk_list_item_get_item(item);
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(string));
}

/* A factory of those rows, for gtk_list_view_new (which takes it). */
static inline GtkListItemFactory *peer_label_row_factory(void) {
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(peer_label_row_setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(peer_label_row_bind), NULL);
    return factory;
}

#endif
