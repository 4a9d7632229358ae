#pragma once
#include <gtk/gtk.h>

/* A progress cell for tables: a widget with no window and no children that draws a progress
 * bar with its text over it, as GtkTreeView's progress renderer draws one (GTK 3.24's
 * GtkCellRendererProgress), instead of holding a GtkProgressBar. Like the renderer, it draws
 * on the tree view's CSS node: its CSS name is `treeview` with the style class `view`, and it
 * draws the trough and the bar with the style classes `trough` and `progressbar` added, so
 * themes draw it as they draw `treeview.view.trough` and `treeview.view.progressbar` (a
 * selected row's as `:selected`). The text is the app's, or the percentage ("42 %", GTK's
 * message in the user's language, with tabular figures), over the bar in the bar's colour and
 * over the trough in the trough's.
 *
 * An indeterminate cell bounces a block to and fro (a fifth of the bar wide), a step every
 * 100 ms, from a tick callback that runs only while the cell is mapped and indeterminate: a
 * cell off screen, parked or pooled costs nothing.
 *
 * Screen readers read it as a progress bar named by the text it shows, whose value (AtkValue)
 * is its percentage, from 0 to 100. */

#define GLM_TYPE_PROGRESS_CELL (glm_progress_cell_get_type())
G_DECLARE_FINAL_TYPE(GlmProgressCell, glm_progress_cell, GLM, PROGRESS_CELL, GtkWidget)

/* A new cell at 0, showing "0 %". */
GtkWidget *glm_progress_cell_new(void);
/* `widget` as a progress cell, or NULL when it is none. */
GlmProgressCell *glm_progress_cell_of_widget(GtkWidget *widget);

/* How far the work is, from 0 to 1 (clamped; NaN is 0). */
void glm_progress_cell_set_fraction(GlmProgressCell *cell, double fraction);
double glm_progress_cell_get_fraction(GlmProgressCell *cell);

/* The text over the bar; NULL shows the percentage (nothing while indeterminate), "" nothing. */
void glm_progress_cell_set_text(GlmProgressCell *cell, const char *text);
const char *glm_progress_cell_get_text(GlmProgressCell *cell);

/* The text shown over the bar, or NULL when none: the app's, or the percentage. */
const char *glm_progress_cell_get_label(GlmProgressCell *cell);

/* Whether the work's progress is unknown: the cell pulses instead of showing the fraction. */
void glm_progress_cell_set_indeterminate(GlmProgressCell *cell, gboolean indeterminate);
gboolean glm_progress_cell_get_indeterminate(GlmProgressCell *cell);

/* Where the text sits across the bar: 0 at the start (left, or right when the widget's
 * direction is right to left), 1 at the end. Default 0.5. */
void glm_progress_cell_set_text_xalign(GlmProgressCell *cell, float xalign);
float glm_progress_cell_get_text_xalign(GlmProgressCell *cell);

/* Whether the pulse's tick callback runs now (mapped and indeterminate). */
gboolean glm_progress_cell_is_pulsing(GlmProgressCell *cell);

/* The bar's box in the cell's coordinates, as drawn at the cell's allocation now (empty at
 * 0). */
void glm_progress_cell_get_bar_area(GlmProgressCell *cell, GdkRectangle *area);
