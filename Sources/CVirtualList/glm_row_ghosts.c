/*
 * GlmRowGhosts: pictures of rows that left the list, drawn where they were while they fade out.
 * A removed row's widget goes back to the host's reuse pool at once (the model it showed is
 * gone); what stays on screen for the animation is its picture, taken just before it left,
 * drawn under the rows so that the rows sliding into its place cover it.
 */
#include "glm_virtual_list_private.h"

typedef struct {
    guint id;
    cairo_surface_t *picture;
    /* In the bin window's coordinates, as a child's allocation. */
    GdkRectangle place;
    gdouble alpha;
} Ghost;

struct _GlmRowGhosts {
    GArray *ghosts;
    guint last_id;
};

static void clear_ghost(gpointer data) {
    Ghost *ghost = data;
    g_clear_pointer(&ghost->picture, cairo_surface_destroy);
}

GlmRowGhosts *glm_row_ghosts_new(void) {
    GlmRowGhosts *ghosts = g_new0(GlmRowGhosts, 1);
    ghosts->ghosts = g_array_new(FALSE, FALSE, sizeof(Ghost));
    g_array_set_clear_func(ghosts->ghosts, clear_ghost);
    return ghosts;
}

void glm_row_ghosts_free(GlmRowGhosts *ghosts) {
    g_array_unref(ghosts->ghosts);
    g_free(ghosts);
}

static Ghost *find(GlmRowGhosts *ghosts, guint id, guint *index) {
    for (guint i = 0; i < ghosts->ghosts->len; i++) {
        Ghost *ghost = &g_array_index(ghosts->ghosts, Ghost, i);
        if (ghost->id == id) {
            if (index != NULL)
                *index = i;
            return ghost;
        }
    }
    return NULL;
}

guint glm_row_ghosts_add(GlmRowGhosts *ghosts, cairo_surface_t *picture, const GdkRectangle *place) {
    Ghost ghost = {.id = ++ghosts->last_id, .picture = picture, .place = *place, .alpha = 1};
    g_array_append_val(ghosts->ghosts, ghost);
    return ghost.id;
}

gboolean glm_row_ghosts_update(GlmRowGhosts *ghosts, guint id, gint x, gint y, gdouble alpha, GdkRectangle *before) {
    Ghost *ghost = find(ghosts, id, NULL);
    if (ghost == NULL)
        return FALSE;
    *before = ghost->place;
    ghost->place.x = x;
    ghost->place.y = y;
    ghost->alpha = CLAMP(alpha, 0, 1);
    return TRUE;
}

gboolean glm_row_ghosts_remove(GlmRowGhosts *ghosts, guint id, GdkRectangle *place) {
    guint index = 0;
    Ghost *ghost = find(ghosts, id, &index);
    if (ghost == NULL)
        return FALSE;
    *place = ghost->place;
    g_array_remove_index(ghosts->ghosts, index);
    return TRUE;
}

guint glm_row_ghosts_count(GlmRowGhosts *ghosts) {
    return ghosts->ghosts->len;
}

void glm_row_ghosts_draw(GlmRowGhosts *ghosts, cairo_t *cr) {
    for (guint i = 0; i < ghosts->ghosts->len; i++) {
        Ghost *ghost = &g_array_index(ghosts->ghosts, Ghost, i);
        if (ghost->alpha <= 0)
            continue;
        cairo_save(cr);
        cairo_rectangle(cr, ghost->place.x, ghost->place.y, ghost->place.width, ghost->place.height);
        cairo_clip(cr);
        cairo_set_source_surface(cr, ghost->picture, ghost->place.x, ghost->place.y);
        cairo_paint_with_alpha(cr, ghost->alpha);
        cairo_restore(cr);
    }
}

/* ---- A virtual list's ghosts: pictures taken of its rows, drawn in its bin window ------ */

guint glm_virtual_list_add_ghost(GlmVirtualList *list, GtkWidget *child) {
    GtkAllocation place;
    gtk_widget_get_allocation(child, &place);
    if (list->ghosts == NULL || !gtk_widget_is_drawable(child) || place.width <= 0 || place.height <= 0)
        return 0;
    /* At the window's scale: a HiDPI screen gets a picture of its own pixels. */
    cairo_surface_t *picture =
        gdk_window_create_similar_surface(list->bin_window, CAIRO_CONTENT_COLOR_ALPHA, place.width, place.height);
    cairo_t *cr = cairo_create(picture);
    gtk_widget_draw(child, cr);
    cairo_destroy(cr);
    gdk_window_invalidate_rect(list->bin_window, &place, FALSE);
    return glm_row_ghosts_add(list->ghosts, picture, &place);
}

gboolean glm_virtual_list_update_ghost(GlmVirtualList *list, guint ghost, gint x, gint y, gdouble alpha) {
    GdkRectangle before;
    if (list->ghosts == NULL || !glm_row_ghosts_update(list->ghosts, ghost, x, y, alpha, &before))
        return FALSE;
    GdkRectangle after = {.x = x, .y = y, .width = before.width, .height = before.height};
    gdk_window_invalidate_rect(list->bin_window, &before, FALSE);
    gdk_window_invalidate_rect(list->bin_window, &after, FALSE);
    return TRUE;
}

void glm_virtual_list_remove_ghost(GlmVirtualList *list, guint ghost) {
    GdkRectangle place;
    if (list->ghosts != NULL && glm_row_ghosts_remove(list->ghosts, ghost, &place))
        gdk_window_invalidate_rect(list->bin_window, &place, FALSE);
}
