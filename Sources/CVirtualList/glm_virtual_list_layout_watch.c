/*
 * An allocation the list asks for arrives, even when GTK 3 loses it.
 *
 * gtk_widget_queue_allocate marks the list and climbs its ancestors until one is marked
 * already. Asked while an ancestor is being allocated (a GtkScrolledWindow clamping its
 * adjustment's value after it placed the list, which the list hears as a scroll), the climb
 * stops at that ancestor, which GTK unmarks when its allocation ends: the list stays marked
 * with nothing above it knowing, and every later request stops at the list itself. Seen in
 * the PostgreSQL benchmark after a header click: the scrollbar moved, no row was placed again,
 * until a resize came from above. So each request is watched: when a whole frame passed
 * without the allocation, the list allocates itself where it is, which clears its marks, and
 * has the window allocated again for any ancestor left marked.
 */
#include "glm_virtual_list.h"
#include "glm_virtual_list_private.h"

static gboolean check_allocation_came(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)data;
    GlmVirtualList *list = GLM_VIRTUAL_LIST(widget);
    if (!list->allocation_asked) {
        list->allocation_watch = 0;
        return G_SOURCE_REMOVE;
    }
    /* The frame after the request lays the list out; only one after that is late. */
    if (gdk_frame_clock_get_frame_counter(clock) <= list->allocation_asked_at + 1)
        return G_SOURCE_CONTINUE;
    list->allocation_watch = 0;
    g_debug("GlmVirtualList %p: no allocation came a frame after it was asked for; laid out directly", (void *)list);
    GtkAllocation allocation;
    gint baseline = -1;
    gtk_widget_get_allocated_size(widget, &allocation, &baseline);
    gtk_widget_size_allocate_with_baseline(widget, &allocation, baseline);
    /* An ancestor may be the one left marked (the next request would stop there): a resize
     * of the window allocates down through every mark, which clears them. */
    GtkWidget *toplevel = gtk_widget_get_toplevel(widget);
    if (gtk_widget_is_toplevel(toplevel))
        gtk_widget_queue_resize(toplevel);
    return G_SOURCE_REMOVE;
}

void glm_virtual_list_queue_layout(GlmVirtualList *list) {
    GtkWidget *widget = GTK_WIDGET(list);
    gtk_widget_queue_allocate(widget);
    GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
    /* Not shown yet: showing it allocates it. */
    if (clock == NULL || !gtk_widget_get_mapped(widget))
        return;
    if (!list->allocation_asked)
        list->allocation_asked_at = gdk_frame_clock_get_frame_counter(clock);
    list->allocation_asked = TRUE;
    if (list->allocation_watch == 0)
        list->allocation_watch = gtk_widget_add_tick_callback(widget, check_allocation_came, NULL, NULL);
}

void glm_virtual_list_layout_came(GlmVirtualList *list) {
    list->allocation_asked = FALSE;
}

void glm_virtual_list_stop_layout_watch(GlmVirtualList *list) {
    list->allocation_asked = FALSE;
    if (list->allocation_watch != 0) {
        gtk_widget_remove_tick_callback(GTK_WIDGET(list), list->allocation_watch);
        list->allocation_watch = 0;
    }
}
