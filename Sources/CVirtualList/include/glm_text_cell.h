#pragma once
#include <gtk/gtk.h>

/* A one-line text cell for tables: a widget with no window and no children that draws its text
 * with Pango, ellipsized at the end when narrower than it, as GtkTreeView's text renderer does;
 * a table's plain text columns made of GtkLabels spend most of a scroll in the label's own
 * machinery. Its CSS name is `label`, so themes color it as a label (in a selected row too);
 * its CSS padding insets the text; it draws no CSS background or border, but in a table's range
 * of cells (style class list-table-selected-cell). Screen readers read it as a label named by
 * its text. */

#define GLM_TYPE_TEXT_CELL (glm_text_cell_get_type())
G_DECLARE_FINAL_TYPE(GlmTextCell, glm_text_cell, GLM, TEXT_CELL, GtkWidget)

GtkWidget *glm_text_cell_new(void);
/* The text shown; NULL shows nothing. */
void glm_text_cell_set_text(GlmTextCell *cell, const char *text);
const char *glm_text_cell_get_text(GlmTextCell *cell);
/* Shows `value` with `digits` digits after the decimal separator, written as the C library
 * writes numbers in the current locale (LC_NUMERIC, which gtk_init sets from the environment),
 * as GtkSpinButton shows them. */
void glm_text_cell_set_number(GlmTextCell *cell, double value, int digits);
/* `value` written as glm_text_cell_set_number shows it; free with g_free. */
char *glm_text_cell_format_number(double value, int digits);
/* Where the text sits when narrower than the cell: 0 at the start (left, or right when the
 * widget's direction is right to left), 1 at the end. Default 0. */
void glm_text_cell_set_xalign(GlmTextCell *cell, float xalign);
float glm_text_cell_get_xalign(GlmTextCell *cell);
/* Whether the text is cut with an ellipsis at its current width (after an allocation). */
gboolean glm_text_cell_is_ellipsized(GlmTextCell *cell);
