#pragma once
#include <gtk/gtk.h>

/* A check box or radio cell for tables: a widget with no window and no children that draws the
 * theme's check (or radio) indicator, as GtkTreeView's toggle renderer does, instead of holding
 * a GtkCheckButton (a button, a gadget per part and a window of its own per cell). Its CSS
 * name is `check` (`radio` for a radio cell), and it draws the indicator through a copy of
 * that node under its own (GtkStyleContext's saved state), as the renderer draws through a
 * node under the tree view's: the theme's min-width and min-height give the indicator's size,
 * its CSS background, border and icon draw it, and the copy's state flags
 * GTK_STATE_FLAG_CHECKED and GTK_STATE_FLAG_INCONSISTENT say its value. A new value never
 * restyles the widget: GTK computes each state's style once and keeps it in the widget node's
 * style cache (a state flag on the widget would compute it again, theme images and all, on
 * every new value). A cell the user may not toggle is insensitive, and looks it. It is placed across its
 * column by xalign (mirrored right to left), centred vertically, 2 pixels in from each edge (the
 * renderer's padding).
 *
 * Screen readers read it as a check box (a radio button) with the states checkable, checked and
 * indeterminate, sensitive only when the user may toggle it, and one action, "toggle" (the name
 * GtkTreeView's toggle cells give it), which asks the table holding the cell to toggle it. The
 * table cell holding it says the same states; a change of value is told once, by the table
 * cell when a reader has one, else by the check box. */

#define GLM_TYPE_TOGGLE_CELL (glm_toggle_cell_get_type())
G_DECLARE_FINAL_TYPE(GlmToggleCell, glm_toggle_cell, GLM, TOGGLE_CELL, GtkWidget)

/* A new cell, unchecked and activatable: a check box, or a radio button when `radio`. */
GtkWidget *glm_toggle_cell_new(gboolean radio);
gboolean glm_toggle_cell_get_radio(GlmToggleCell *cell);
/* `widget` as a toggle cell, or NULL when it is none. */
GlmToggleCell *glm_toggle_cell_of_widget(GtkWidget *widget);

/* Whether it is checked. */
void glm_toggle_cell_set_active(GlmToggleCell *cell, gboolean active);
gboolean glm_toggle_cell_get_active(GlmToggleCell *cell);

/* Whether it shows neither state (a mixed value); it draws as inconsistent whatever `active`. */
void glm_toggle_cell_set_inconsistent(GlmToggleCell *cell, gboolean inconsistent);
gboolean glm_toggle_cell_get_inconsistent(GlmToggleCell *cell);

/* Whether the user may toggle it (default TRUE); FALSE makes it insensitive. */
void glm_toggle_cell_set_activatable(GlmToggleCell *cell, gboolean activatable);
gboolean glm_toggle_cell_get_activatable(GlmToggleCell *cell);

/* Where the indicator sits across the cell: 0 at the start (left, or right when the widget's
 * direction is right to left), 1 at the end. Default 0.5. */
void glm_toggle_cell_set_xalign(GlmToggleCell *cell, float xalign);
float glm_toggle_cell_get_xalign(GlmToggleCell *cell);

/* The indicator's style, as drawn: a copy of the cell's node (its name, style classes and
 * state, with its value's flags) under its table row's indicator node
 * (glm_table_row_get_indicator_node), or under the cell's own node outside a table row. The
 * caller restores the context (gtk_style_context_restore). */
GtkStyleContext *glm_toggle_cell_save_indicator_style(GlmToggleCell *cell);

/* The indicator's box in the cell's coordinates, as drawn at the cell's allocation. */
void glm_toggle_cell_get_indicator_area(GlmToggleCell *cell, GdkRectangle *area);
