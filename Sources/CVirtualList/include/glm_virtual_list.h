/*
 * GlmVirtualList: the widget of the virtualized host. A GtkContainer implementing GtkScrollable
 * whose window is the viewport: it keeps widgets only for the rows the Swift host binds and
 * places them in viewport coordinates, so no child is ever larger or farther than the screen.
 * The layout itself (which rows or cells, where, the scroll anchor) is the host's: the container calls it
 * back on every allocation and scroll, and places what it is told.
 *
 * GlmListRow: the widget each bound row's view sits in (CSS node "row", like a list box row):
 * it takes the focus, shows the selected, hovered and pressed states, and is activated by
 * Enter and Space.
 */
#ifndef GLM_VIRTUAL_LIST_H
#define GLM_VIRTUAL_LIST_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define GLM_TYPE_VIRTUAL_LIST (glm_virtual_list_get_type())
G_DECLARE_FINAL_TYPE(GlmVirtualList, glm_virtual_list, GLM, VIRTUAL_LIST, GtkContainer)

/** What the container asks of, and tells, its host. Every callback gets the host's user data. */
typedef struct {
    /** The list has `width` × `height` pixels of viewport: bind, measure and place the rows. */
    void (*allocate)(gpointer user_data, gint width, gint height);
    /** The vertical adjustment moved to `value` (the user scrolled). */
    void (*scrolled)(gpointer user_data, gdouble value);
    /** The content height for the natural size of the list. */
    gint (*content_height)(gpointer user_data);
    /** Keyboard focus moves into or within the list; TRUE when the host moved it. */
    gboolean (*focus)(gpointer user_data, GtkDirectionType direction);
} GlmVirtualListCallbacks;

GtkWidget *glm_virtual_list_new(void);

/** Connects the host; `destroy` releases `user_data` when the list is finalized or reconnected. */
void glm_virtual_list_set_callbacks(GlmVirtualList *list, const GlmVirtualListCallbacks *callbacks,
                                    gpointer user_data, GDestroyNotify destroy);

/** Makes `child` a child of the list (not yet placed: it has no size until placed). */
void glm_virtual_list_add_child(GlmVirtualList *list, GtkWidget *child);

/** Removes `child` from the list. */
void glm_virtual_list_remove_child(GlmVirtualList *list, GtkWidget *child);

/** Keeps `child` as a spare: hidden, not a row for accessibility, ready to be used again. */
void glm_virtual_list_park_child(GlmVirtualList *list, GtkWidget *child);

/** Makes a spare child a shown row again. */
void glm_virtual_list_unpark_child(GlmVirtualList *list, GtkWidget *child);

/** The number of rows of the whole list, bound or not, that accessibility reports. */
void glm_virtual_list_set_row_count(GlmVirtualList *list, gint count);
gint glm_virtual_list_get_row_count(GlmVirtualList *list);

/** The height `child` needs at `width` (its minimum height for that width). */
gint glm_virtual_list_measure_child(GlmVirtualList *list, GtkWidget *child, gint width);

/** The natural width `child` asks for, and its minimum height for that width. */
void glm_virtual_list_measure_child_natural(GlmVirtualList *list, GtkWidget *child, gint *width, gint *height);

/** Allocates `child` the rectangle at viewport `x`, `y`, `width` × `height` pixels. */
void glm_virtual_list_place_child(GlmVirtualList *list, GtkWidget *child, gint x, gint y, gint width, gint height);

/** Draws `child` (a child of the list, or NULL for none) over the others, on the list's own
 *  background: a header pinned at the top covers the rows scrolling under it. */
void glm_virtual_list_set_overlay_child(GlmVirtualList *list, GtkWidget *child);

/** The vertical adjustment (NULL until a scrolled window gives one). */
GtkAdjustment *glm_virtual_list_get_vadjustment(GlmVirtualList *list);

/** Sets the vertical adjustment's range and value at once, without reporting it as a scroll. */
void glm_virtual_list_configure_vadjustment(GlmVirtualList *list, gdouble value, gdouble upper, gdouble page_size);

#define GLM_TYPE_LIST_ROW (glm_list_row_get_type())
G_DECLARE_FINAL_TYPE(GlmListRow, glm_list_row, GLM, LIST_ROW, GtkBin)

/** A new row widget (CSS node "row"), focusable, holding no child yet. */
GtkWidget *glm_list_row_new(void);

/** The row's place for accessibility: `position` (from 0) of `total` rows. */
void glm_list_row_set_position(GlmListRow *row, gint position, gint total);
void glm_list_row_get_position(GlmListRow *row, gint *position, gint *total);

G_END_DECLS

#endif /* GLM_VIRTUAL_LIST_H */
