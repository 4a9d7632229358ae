/* What the accessibility C files share and hosts do not need. */
#ifndef GLM_ACCESSIBILITY_PRIVATE_H
#define GLM_ACCESSIBILITY_PRIVATE_H

#include <gtk/gtk-a11y.h>

/** Counts the selection changes made between the two calls as the user's (nested calls
 *  count once); see glm_accessible_is_handling_selection_request(). */
void glm_accessible_begin_selection_request(void);
void glm_accessible_end_selection_request(void);

/** glm_accessible_count_selection_requests() for an accessible type known already. */
void glm_accessible_count_selection_requests_of_accessible(GType accessible_type);

/** Wraps GTK's label accessible so that a character offset outside a label's text is answered
 *  as a bad offset instead of read outside it (glm_label_text_guard.c); once per process. */
void glm_accessible_guard_label_text(void);

/** The role of an item that is no table row: a grid's table cell, a tree's tree item, else a
 *  list item. */
AtkRole glm_accessible_item_role(const GlmAccessibleRow *row);

/** Adds a tree row's expandable and expanded states to `states`. */
void glm_accessible_add_tree_states(AtkStateSet *states, const GlmAccessibleRow *row);

/* ---- Tables (glm_accessible_table.c) ---- */

typedef struct _GlmAccessibleTable GlmAccessibleTable;

/** The table set on `list`, or NULL when it is no table. */
GlmAccessibleTable *glm_accessible_table_of(GtkWidget *list);

/** The shown column of a cell widget, or -1 when it is no cell of a table row now. */
gint glm_accessible_table_cell_column(GtkWidget *cell);

/** The row widget (a child of the table's list) that holds `cell`, and the list; NULL when the
 *  cell is in none. */
GtkWidget *glm_accessible_table_row_of_cell(GtkWidget *cell, GtkWidget **list);

/** The cell widgets inside `row_widget`, by column (g_ptr_array_unref). */
GPtrArray *glm_accessible_table_cells_of_row(GtkWidget *row_widget);

/** The accessible of the widget heading `column` of the table `list` (borrowed), or NULL. */
AtkObject *glm_accessible_table_header_of(GtkWidget *list, gint column);

/** Performs the action `name` of the cell at `row` and `column` of the table `list` through its
 *  callbacks; FALSE when `list` is no table or nothing was done. */
gboolean glm_accessible_table_perform_cell_action(GtkWidget *list, gint row, gint column, const gchar *name);
/* Whether the table of `list` lets the user edit the cell at `row` and `column` now. */
gboolean glm_accessible_table_cell_is_editable(GtkWidget *list, gint row, gint column);

/** Whether the cell at `row` and `column` of the table `list` is selected on its own: 1 or 0,
 *  or -1 when its row tells (a table that selects rows, or no table). */
gint glm_accessible_table_cell_selected(GtkWidget *list, gint row, gint column);

/** Fills `cell` (initialized here; the caller frees its name) for the cell at `row` and
 *  `column` of the table `list` when it has no widget; FALSE when it has one, or is none. */
gboolean glm_accessible_table_describe_unbound_cell(GtkWidget *list, gint row, gint column, GlmAccessibleRow *cell);

/** The accessible of a table cell widget (borrowed): made once, kept as long as the widget. */
AtkObject *glm_table_cell_accessible_get(GtkWidget *cell);

/** Fills what every table cell answers alike (spans of one, its column's header, no row
 *  headers) from its get_position and get_table, which the type sets. */
void glm_accessible_table_cell_interface_fill(AtkTableCellIface *iface);

/** The row widget of a table cell's accessible (glm_table_cell_accessible.c); NULL when
 *  `object` is none, or its cell is in no row now. */
GtkWidget *glm_table_cell_accessible_row_widget(AtkObject *object);

/* ---- Trees (glm_accessible_tree.c) ---- */

/** Fills AtkAction for a tree row's accessible, or a table cell's (its row's actions). */
void glm_accessible_tree_action_interface_init(AtkActionIface *iface);

/** `attributes` with a table cell's "rowindex" and "colindex" (from 1) added. */
GSList *glm_accessible_add_cell_indexes(GSList *attributes, gint row, gint column);

#endif /* GLM_ACCESSIBILITY_PRIVATE_H */
