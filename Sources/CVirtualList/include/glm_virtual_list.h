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
#include "glm_accessibility.h"

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

    /* Accessibility, asked for when a screen reader asks. The rows themselves are described by
     * the describer set on the list (glm_accessible_set_row_describer). */

    /** The number of the list's items, bound or not (headers and footers not counted). */
    gint (*item_count)(gpointer user_data);
    /** The number of selected items, bound or not. */
    gint (*selected_count)(gpointer user_data);
    /** The `index`-th selected item, in list order: its row widget when bound, else NULL with
     *  `unbound` described. */
    GtkWidget *(*selected_item)(gpointer user_data, gint index, GlmAccessibleRow *unbound);
    /** Selects the row of `row_widget` (adding it to the selection in multiple mode), or
     *  deselects it; a change by the user. */
    void (*select_row)(gpointer user_data, GtkWidget *row_widget, gboolean selected);
    /** Deselects the `index`-th selected item; a change by the user. */
    void (*deselect_selected)(gpointer user_data, gint index);
    /** Selects every item (TRUE) or none (FALSE); a change by the user. FALSE when the
     *  selection mode does not allow it. */
    gboolean (*select_all)(gpointer user_data, gboolean selected);
    /** A grid's shape: its rows (lines of cells over all sections) and columns. */
    void (*grid_shape)(gpointer user_data, gint *rows, gint *columns);
    /** The grid cell at `row`, `column`: its row widget when bound, else NULL with `unbound`
     *  described; FALSE when there is no such cell. */
    gboolean (*grid_cell)(gpointer user_data, gint row, gint column, GtkWidget **row_widget, GlmAccessibleRow *unbound);
    /** Appends the grid's selected lines (every cell of them selected), in order, to `lines` (a
     *  GArray of gint). */
    void (*grid_selected_lines)(gpointer user_data, GArray *lines);
    /** Selects (TRUE) or deselects every cell of line `line` as the user does; FALSE when it
     *  cannot (no such line, a selection mode that does not allow it, a refused change). */
    gboolean (*grid_select_line)(gpointer user_data, gint line, gboolean selected);
} GlmVirtualListCallbacks;

GtkWidget *glm_virtual_list_new(void);

/** A list whose host lays rows out as a grid of cells: a table to accessibility. */
GtkWidget *glm_virtual_list_new_grid(void);

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

/** The height `child` needs at `width` (its minimum height for that width). */
gint glm_virtual_list_measure_child(GlmVirtualList *list, GtkWidget *child, gint width);

/** The natural width `child` asks for, and its minimum height for that width. */
void glm_virtual_list_measure_child_natural(GlmVirtualList *list, GtkWidget *child, gint *width, gint *height);

/** Allocates `child` the rectangle at `x`, `y`, `width` × `height` pixels: `x` in the rows'
 *  coordinates (the horizontal scroll moves them all), `y` in the viewport's. */
void glm_virtual_list_place_child(GlmVirtualList *list, GtkWidget *child, gint x, gint y, gint width, gint height);

/** Places `child` (the placeholder) at `x`, `y` in the viewport, where it stays when the rows
 *  scroll sideways. One child at a time; placing another makes the first a row-like child. */
void glm_virtual_list_place_child_in_viewport(GlmVirtualList *list, GtkWidget *child, gint x, gint y, gint width,
                                             gint height);

/** Draws `child` (a row of the list, or NULL for none) over the others, on the list's own
 *  background: a header pinned at the top covers the rows scrolling under it. */
void glm_virtual_list_set_overlay_child(GlmVirtualList *list, GtkWidget *child);

/** Draws `count` rows of the list (`children`, GlmListRow) over the others, each on the list's
 *  own background, the first drawn first: pinned rows cover the rows scrolling under them, and
 *  a later one covers an earlier one pushed up under it. Costs O(count) per draw. */
void glm_virtual_list_set_overlay_children(GlmVirtualList *list, GtkWidget *const *children, guint count);

/** Keeps a picture of `child` as it shows now at its place, drawn under the rows until removed
 *  (a row that left, fading out while the others slide over it); its id, or 0 when the child
 *  cannot be drawn now (the list not shown). */
guint glm_virtual_list_add_ghost(GlmVirtualList *list, GtkWidget *child);
/** Moves ghost `ghost` to `x`, `y` (the rows' coordinates) and draws it at `alpha`; FALSE when
 *  it is gone (the list was hidden: ghosts live while it shows). */
gboolean glm_virtual_list_update_ghost(GlmVirtualList *list, guint ghost, gint x, gint y, gdouble alpha);
/** Stops drawing ghost `ghost`. */
void glm_virtual_list_remove_ghost(GlmVirtualList *list, guint ghost);
/** The vertical adjustment (NULL until a scrolled window gives one). */
GtkAdjustment *glm_virtual_list_get_vadjustment(GlmVirtualList *list);

/** Asks for the list to be laid out again (gtk_widget_queue_allocate), and lays it out itself
 *  when GTK lost the request: no allocation came a whole frame later. */
void glm_virtual_list_queue_layout(GlmVirtualList *list);

/** Sets the vertical adjustment's range and value at once, without reporting it as a scroll. */
void glm_virtual_list_configure_vadjustment(GlmVirtualList *list, gdouble value, gdouble upper, gdouble page_size);

/** Makes the rows `width` pixels wide when that is wider than the viewport, scrolled sideways
 *  by the horizontal adjustment (a table's columns); 0 keeps them as wide as the viewport. */
void glm_virtual_list_set_content_width(GlmVirtualList *list, gint width);

/** How wide the strip is that a table's frozen columns cover at the viewport's leading edge
 *  (the right one right to left): each sideways step draws it again over the shifted pixels.
 *  0 for none. */
void glm_virtual_list_set_pinned_width(GlmVirtualList *list, gint width);

/** The width set by glm_virtual_list_set_pinned_width. */
gint glm_virtual_list_get_pinned_width(GlmVirtualList *list);

#define GLM_TYPE_LIST_ROW (glm_list_row_get_type())
G_DECLARE_FINAL_TYPE(GlmListRow, glm_list_row, GLM, LIST_ROW, GtkBin)

/** A new row widget (CSS node "row"), focusable, holding no child yet. */
GtkWidget *glm_list_row_new(void);

/** The row's place among the list's rows, headers included, from 0: accessibility gives the
 *  rows in this order. */
void glm_list_row_set_position(GlmListRow *row, gint position);
gint glm_list_row_get_position(GlmListRow *row);

G_END_DECLS

#endif /* GLM_VIRTUAL_LIST_H */
