#pragma once
#include <gtk/gtk.h>

/* A spinner cell for tables: a widget with no window and no children that draws the theme's
 * spinner as GtkSpinner does, instead of holding one (a gadget per cell). Its CSS name is
 * `spinner`; while active it has the state flag GTK_STATE_FLAG_CHECKED (set only when that
 * changes), so the theme's CSS shows it and runs its animation (Adwaita: opacity 1, a turn a
 * second), drawn with gtk_render_activity. A cell unmapped in a realized window (parked by the
 * table) is not checked, and an unrealized one (pooled) has no frame clock: only a cell on
 * screen animates. Its size is the theme's min-width and min-height (16 pixels without them); it is
 * placed across its cell by xalign (mirrored right to left) and centred vertically.
 *
 * Screen readers read it as GtkSpinner: an animation named "Spinner", with an image's size;
 * busy while active. */

#define GLM_TYPE_SPINNER_CELL (glm_spinner_cell_get_type())
G_DECLARE_FINAL_TYPE(GlmSpinnerCell, glm_spinner_cell, GLM, SPINNER_CELL, GtkWidget)

/* A new, inactive cell. */
GtkWidget *glm_spinner_cell_new(void);
/* `widget` as a spinner cell, or NULL when it is none. */
GlmSpinnerCell *glm_spinner_cell_of_widget(GtkWidget *widget);

/* Whether it spins (shows the theme's spinner and animates it). */
void glm_spinner_cell_set_active(GlmSpinnerCell *cell, gboolean active);
gboolean glm_spinner_cell_get_active(GlmSpinnerCell *cell);

/* Where the spinner sits across the cell: 0 at the start (left, or right when the widget's
 * direction is right to left), 1 at the end. Default 0.5. */
void glm_spinner_cell_set_xalign(GlmSpinnerCell *cell, float xalign);
float glm_spinner_cell_get_xalign(GlmSpinnerCell *cell);

/* The spinner's box in the cell's coordinates (its CSS padding and border included). */
void glm_spinner_cell_get_spinner_area(GlmSpinnerCell *cell, GdkRectangle *area);

/* What a screen reader says for a spinner: GTK's "Spinner", translated. */
const char *glm_spinner_cell_accessible_name(void);
