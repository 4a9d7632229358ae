/*
 * The virtualized list's children: the rows the host binds (added, parked for reuse, taken
 * back, removed), in the order they show, measured and placed by the host, and what the list's
 * accessible is told as they come and go. A row that moves or resizes is drawn again where it
 * was and where it goes, and nothing else: rows do not redraw on allocation (GlmListRow).
 */
#include "glm_virtual_list.h"
#include "glm_virtual_list_private.h"

/* Emits children-changed on the accessible, when there is one (made only when asked for). */
static void tell_accessible(GlmVirtualList *list, GtkWidget *child, gboolean added) {
    if (list->accessible == NULL)
        return;
    gint index = -1;
    GPtrArray *children = glm_virtual_list_ordered_children(list);
    for (guint i = 0; i < children->len && index < 0; i++)
        if (g_ptr_array_index(children, i) == child)
            index = (gint)i;
    g_ptr_array_unref(children);
    g_signal_emit_by_name(list->accessible, added ? "children-changed::add" : "children-changed::remove", index,
                          gtk_widget_get_accessible(child), NULL);
}

void glm_virtual_list_add_child(GlmVirtualList *list, GtkWidget *child) {
    list->children = g_list_prepend(list->children, child);
    gtk_widget_set_parent_window(child, list->bin_window);
    gtk_widget_set_parent(child, GTK_WIDGET(list));
    tell_accessible(list, child, TRUE);
}

void glm_virtual_list_remove_child(GlmVirtualList *list, GtkWidget *child) {
    GList *node = g_list_find(list->children, child);
    gboolean parked = node == NULL;
    if (parked)
        node = g_list_find(list->parked, child);
    if (node == NULL)
        return;
    gboolean was_visible = gtk_widget_get_visible(child);
    glm_virtual_list_forget_overlay(list, child);
    if (list->viewport_child == child)
        list->viewport_child = NULL;
    if (parked) {
        list->parked = g_list_delete_link(list->parked, node);
    } else {
        list->children = g_list_delete_link(list->children, node);
        tell_accessible(list, child, FALSE);
    }
    gtk_widget_unparent(child);
    if (was_visible && gtk_widget_get_visible(GTK_WIDGET(list)))
        gtk_widget_queue_draw(GTK_WIDGET(list));
}

void glm_virtual_list_park_child(GlmVirtualList *list, GtkWidget *child) {
    GList *node = g_list_find(list->children, child);
    if (node == NULL)
        return;
    tell_accessible(list, child, FALSE);
    glm_virtual_list_forget_overlay(list, child);
    list->children = g_list_remove_link(list->children, node);
    list->parked = g_list_concat(node, list->parked);
    gtk_widget_set_child_visible(child, FALSE);
}

void glm_virtual_list_unpark_child(GlmVirtualList *list, GtkWidget *child) {
    GList *node = g_list_find(list->parked, child);
    if (node == NULL)
        return;
    list->parked = g_list_remove_link(list->parked, node);
    list->children = g_list_concat(node, list->children);
    gtk_widget_set_child_visible(child, TRUE);
    tell_accessible(list, child, TRUE);
}

GList *glm_virtual_list_active_children(GlmVirtualList *list) {
    return list->children;
}

/* Rows by position; other children (the placeholder) first. */
static gint compare_positions(gconstpointer a, gconstpointer b) {
    GtkWidget *first = *(GtkWidget *const *)a, *second = *(GtkWidget *const *)b;
    gint first_position = GLM_IS_LIST_ROW(first) ? glm_list_row_get_position(GLM_LIST_ROW(first)) : -1;
    gint second_position = GLM_IS_LIST_ROW(second) ? glm_list_row_get_position(GLM_LIST_ROW(second)) : -1;
    return (first_position > second_position) - (first_position < second_position);
}

GPtrArray *glm_virtual_list_ordered_children(GlmVirtualList *list) {
    GPtrArray *children = g_ptr_array_new();
    for (GList *node = list->children; node != NULL; node = node->next)
        g_ptr_array_add(children, node->data);
    g_ptr_array_sort(children, compare_positions);
    return children;
}

const GlmVirtualListCallbacks *glm_virtual_list_callbacks(GlmVirtualList *list, gpointer *user_data) {
    *user_data = list->user_data;
    return list->user_data != NULL ? &list->callbacks : NULL;
}

void glm_virtual_list_remember_accessible(GlmVirtualList *list, AtkObject *accessible) {
    if (list->accessible != NULL)
        g_object_remove_weak_pointer(G_OBJECT(list->accessible), (gpointer *)&list->accessible);
    list->accessible = accessible;
    g_object_add_weak_pointer(G_OBJECT(accessible), (gpointer *)&list->accessible);
}

gint glm_virtual_list_measure_child(GlmVirtualList *list, GtkWidget *child, gint width) {
    (void)list;
    gint minimum_width = 0, natural_width = 0, minimum = 0, natural = 0;
    gtk_widget_get_preferred_width(child, &minimum_width, &natural_width);
    gtk_widget_get_preferred_height_for_width(child, MAX(width, minimum_width), &minimum, &natural);
    return minimum;
}

void glm_virtual_list_measure_child_natural(GlmVirtualList *list, GtkWidget *child, gint *width, gint *height) {
    (void)list;
    gint minimum_width = 0, natural_width = 0, minimum = 0, natural = 0;
    gtk_widget_get_preferred_width(child, &minimum_width, &natural_width);
    gtk_widget_get_preferred_height_for_width(child, natural_width, &minimum, &natural);
    *width = natural_width;
    *height = minimum;
}

/* Where `child` draws, marked to be drawn again (the window its allocation is in: the bin). */
static void invalidate_clip(GlmVirtualList *list, GtkWidget *child) {
    GtkAllocation clip;
    gtk_widget_get_clip(child, &clip);
    gdk_window_invalidate_rect(list->bin_window, &clip, TRUE);
}

void glm_virtual_list_place_child(GlmVirtualList *list, GtkWidget *child, gint x, gint y, gint width, gint height) {
    GtkAllocation before;
    gtk_widget_get_allocation(child, &before);
    GtkAllocation allocation = {
        .x = x,
        .y = y,
        .width = MAX(width, 1),
        .height = MAX(height, 1),
    };
    gint minimum = 0, natural = 0;
    /* GTK expects a size request before every allocation; the request is cached. */
    gtk_widget_get_preferred_width(child, &minimum, &natural);
    /* Rows do not redraw on allocation (GlmListRow): one that moves or resizes is drawn again
     * where it was and where it goes. */
    gboolean moved = !gdk_rectangle_equal(&before, &allocation);
    gboolean shown = moved && list->bin_window != NULL && gtk_widget_get_mapped(child);
    if (shown)
        invalidate_clip(list, child);
    gtk_widget_size_allocate(child, &allocation);
    if (shown)
        invalidate_clip(list, child);
}
