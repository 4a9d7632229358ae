/* What the list, its rows and their accessibles share inside the C target. */
#ifndef GLM_VIRTUAL_LIST_PRIVATE_H
#define GLM_VIRTUAL_LIST_PRIVATE_H

#include <gtk/gtk-a11y.h>
#include "glm_virtual_list.h"

G_BEGIN_DECLS

#define GLM_TYPE_VIRTUAL_LIST_ACCESSIBLE (glm_virtual_list_accessible_get_type())
G_DECLARE_FINAL_TYPE(GlmVirtualListAccessible, glm_virtual_list_accessible, GLM, VIRTUAL_LIST_ACCESSIBLE,
                     GtkContainerAccessible)

#define GLM_TYPE_VIRTUAL_GRID_ACCESSIBLE (glm_virtual_grid_accessible_get_type())
G_DECLARE_FINAL_TYPE(GlmVirtualGridAccessible, glm_virtual_grid_accessible, GLM, VIRTUAL_GRID_ACCESSIBLE,
                     GlmVirtualListAccessible)

/** Pictures of rows that left, drawn where they were while they fade (glm_row_ghosts.c), and
 *  what the bin window shows, kept while the rows are wider than the viewport
 *  (glm_row_pixels.c). */
typedef struct _GlmRowGhosts GlmRowGhosts;
typedef struct _GlmRowPixels GlmRowPixels;

/* The list's state, shared by its files: the widget (glm_virtual_list.c) and its children
 * (glm_virtual_list_children.c). */
struct _GlmVirtualList {
    GtkContainer parent_instance;

    /* The children that show rows, and the spare ones kept hidden for reuse. */
    GList *children;
    GList *parked;
    /* The window the children are in: the viewport's height, the rows' width, at the
     * horizontal offset. */
    GdkWindow *bin_window;
    /* The bin window's pixels, kept while the rows are wider than the viewport. */
    GlmRowPixels *pixels;
    /* Pictures of rows that left, fading where they were (while realized). */
    GlmRowGhosts *ghosts;
    /* A child that stays in the viewport when the rows scroll sideways (the placeholder), and
     * its place in the viewport. Not a reference: removing the child clears it. */
    GtkWidget *viewport_child;
    GdkRectangle viewport_child_place;
    /* Drawn last, over the others, each on the list's background, in this order (a pinned
     * header, pinned parent rows): rows of the list (GlmListRow), marked as overlaid. Not
     * references: a child that goes leaves the array. */
    GPtrArray *overlays;
    cairo_t *drawing;
    /* The accessible, once GTK made it (a weak pointer): told when children come and go. */
    AtkObject *accessible;
    GtkAdjustment *hadjustment;
    GtkAdjustment *vadjustment;
    gulong hadjustment_handler;
    gulong vadjustment_handler;
    /* How wide the rows are when wider than the viewport (a table's columns): the horizontal
     * adjustment then scrolls them; 0 keeps rows as wide as the viewport. */
    gint content_width;
    /* How wide the strip at the viewport's leading edge is that frozen columns cover (drawn
     * again on each sideways step); 0 for none. */
    gint pinned_width;
    guint hscroll_policy : 1;
    guint vscroll_policy : 1;
    /* Set while the list itself changes the vertical adjustment: not a scroll to report. */
    guint configuring : 1;
    /* An allocation asked for and not come yet (glm_virtual_list_layout_watch.c), the frame
     * it was asked in, and the tick callback that checks it comes. */
    guint allocation_asked : 1;
    gint64 allocation_asked_at;
    guint allocation_watch;

    GlmVirtualListCallbacks callbacks;
    gpointer user_data;
    GDestroyNotify destroy_user_data;
};

/** Whether `row` is drawn over the others (glm_virtual_list_set_overlay_children), so skipped
 *  where the others are drawn. */
void glm_list_row_set_overlaid(GlmListRow *row, gboolean overlaid);
gboolean glm_list_row_is_overlaid(GlmListRow *row);

/** Takes `child` out of the overlays when it is one (it leaves or is parked). */
void glm_virtual_list_forget_overlay(GlmVirtualList *list, GtkWidget *child);

/** The children that show rows (the spare ones excluded), owned by the list, in no order. */
GList *glm_virtual_list_active_children(GlmVirtualList *list);

/** The children that show rows in the order of their positions (a new array, g_ptr_array_unref). */
GPtrArray *glm_virtual_list_ordered_children(GlmVirtualList *list);

/** `child`'s index among the list's accessible children (its rows in visual order); -1 when it
 *  shows no row (a spare row). */
gint glm_virtual_list_accessible_index_of(GlmVirtualList *list, GtkWidget *child);

/** Notes that the list was allocated: the allocation asked for came. */
void glm_virtual_list_layout_came(GlmVirtualList *list);

/** Stops watching for an allocation asked for (the list leaves the screen). */
void glm_virtual_list_stop_layout_watch(GlmVirtualList *list);

/** The host's callbacks and their user data, for the accessible to ask. */
const GlmVirtualListCallbacks *glm_virtual_list_callbacks(GlmVirtualList *list, gpointer *user_data);

/** Lets the list tell its accessible, once made, when children come and go. */
void glm_virtual_list_remember_accessible(GlmVirtualList *list, AtkObject *accessible);

/** Realizes `widget` with a window of its own over its allocation (the viewport it clips its
 *  children to), receiving `events` besides the widget's own. */
void glm_realize_with_own_window(GtkWidget *widget, GdkEventMask events);

/* What the list's bin window shows, kept in a surface as large as the viewport
 * (glm_row_pixels.c): a scroll sideways draws only the strip it uncovers. */

GlmRowPixels *glm_row_pixels_new(void);
void glm_row_pixels_free(GlmRowPixels *pixels);

/** Everything is drawn again at the next paint. */
void glm_row_pixels_invalidate_all(GlmRowPixels *pixels);

/** `region`, in a window at `x`, `y` in the viewport, is drawn again at the next paint. */
void glm_row_pixels_invalidate(GlmRowPixels *pixels, const cairo_region_t *region, gint x, gint y);

/** What shows moved `dx` pixels sideways: the kept pixels follow, the uncovered strip is stale. */
void glm_row_pixels_shift(GlmRowPixels *pixels, gint dx);

/** Paints the viewport (`width` × `height`) on `cr` from the kept pixels, drawing the stale
 *  parts first with `draw` (in the viewport's coordinates). */
void glm_row_pixels_paint(GlmRowPixels *pixels, cairo_t *cr, GdkWindow *window, gint width, gint height,
                          void (*draw)(gpointer data, cairo_t *cr), gpointer data);

/* Pictures of rows that left, drawn where they were while they fade (glm_row_ghosts.c). */

GlmRowGhosts *glm_row_ghosts_new(void);
void glm_row_ghosts_free(GlmRowGhosts *ghosts);

/** Keeps `picture` (taken over) at `place`, fully opaque; returns the ghost's id. */
guint glm_row_ghosts_add(GlmRowGhosts *ghosts, cairo_surface_t *picture, const GdkRectangle *place);

/** Moves ghost `id` to `x`, `y` at `alpha`, telling where it was; FALSE when there is no such ghost. */
gboolean glm_row_ghosts_update(GlmRowGhosts *ghosts, guint id, gint x, gint y, gdouble alpha, GdkRectangle *before);

/** Forgets ghost `id`, telling where it was; FALSE when there is no such ghost. */
gboolean glm_row_ghosts_remove(GlmRowGhosts *ghosts, guint id, GdkRectangle *place);

guint glm_row_ghosts_count(GlmRowGhosts *ghosts);

/** Draws the ghosts on `cr`, in the bin window's coordinates. */
void glm_row_ghosts_draw(GlmRowGhosts *ghosts, cairo_t *cr);

G_END_DECLS

#endif /* GLM_VIRTUAL_LIST_PRIVATE_H */
