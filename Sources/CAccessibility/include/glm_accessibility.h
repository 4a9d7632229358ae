/*
 * What a screen reader is told about the rows of a list, asked for when it asks (ATK, read out
 * of process through AT-SPI): a row's role, its name, its place among the list's items
 * ("posinset" and "setsize", headers not counted), a grid cell's row and column, and whether
 * it is selectable. The list's host answers through a describer set on its widget; the rows'
 * accessibles find it from their widget.
 */
#ifndef GLM_ACCESSIBILITY_H
#define GLM_ACCESSIBILITY_H

/* GLib only, and GTK's types by name: GTK's headers are CGtk's (a second Clang module that
 * includes them textually makes Swift find some of their declarations in the wrong module). */
#include <glib-object.h>

G_BEGIN_DECLS

typedef struct _GtkWidget GtkWidget;
typedef struct _AtkObject AtkObject;

/** What a row is to a screen reader. */
typedef enum {
    /** An item: a member of the list's set, selectable when the list is. */
    GLM_ACCESSIBLE_ROW_ITEM,
    /** A section's header: a heading, not a member of the set. */
    GLM_ACCESSIBLE_ROW_HEADER,
    /** A section's footer or another supplementary view: not a member of the set. */
    GLM_ACCESSIBLE_ROW_FOOTER,
} GlmAccessibleRowKind;

/** One row, as a describer tells it. */
typedef struct {
    GlmAccessibleRowKind kind;
    /** The item's place among the list's items, from 0; -1 when unknown or not an item. */
    gint item_index;
    /** The list's items, bound or not (headers and footers not counted); 0 when unknown. */
    gint item_count;
    /** A grid cell's row (a line of cells, counted over the whole grid) and column, from 0;
     *  -1 outside a grid. */
    gint grid_row;
    gint grid_column;
    /** Whether the user may select the row. */
    gboolean selectable;
    /** Whether the row is selected: read only for rows with no widget (a bound row's widget
     *  shows it with GTK_STATE_FLAG_SELECTED). */
    gboolean selected;
    /** What a reader says for the row, newly allocated (g_free), or NULL: the texts of the
     *  row's labels. */
    gchar *name;
    /** A tree row's depth, 0 for a top-level item; -1 outside a tree. */
    gint level;
    /** A tree row's place among its siblings, from 0, and their number: its posinset and
     *  setsize then count its siblings, as a tree item's do. */
    gint sibling_index;
    gint sibling_count;
    /** Whether a tree row has children to show, and whether it shows them. */
    gboolean expandable;
    gboolean expanded;
    /** What a table cell with no widget holds, to a reader: the role of its content (an
     *  AtkRole: ATK_ROLE_CHECK_BOX, ATK_ROLE_RADIO_BUTTON, ATK_ROLE_ICON, ATK_ROLE_PROGRESS_BAR,
     *  ATK_ROLE_ANIMATION), or 0 when it says only its name (a text). A cell with a content
     *  role has one child of that role, named as the cell unless it is checkable. */
    gint cell_role;
    /** The content's value, when it is one the user checks (a toggle cell): checkable, checked
     *  and indeterminate are its states and the table cell's; such a cell offers the action
     *  "toggle". */
    gboolean checkable;
    gboolean checked;
    gboolean indeterminate;
    /** Whether the user may change the content: its states sensitive and enabled. */
    gboolean cell_activatable;
    /** The content's value, when it is a range (a progress cell: its percentage): its
     *  AtkValue, `value` from `value_min` to `value_max`. */
    gboolean has_value;
    gdouble value;
    gdouble value_min;
    gdouble value_max;
    /** Whether the content says it is busy (an active spinner). */
    gboolean busy;
} GlmAccessibleRow;

/** Fills `row` for `row_widget` (a row widget of the container); FALSE when it is none. */
typedef gboolean (*GlmAccessibleRowDescriber)(GtkWidget *row_widget, GlmAccessibleRow *row, gpointer user_data);

/** An empty description: an item at no known place, with no name. */
void glm_accessible_row_init(GlmAccessibleRow *row);

/** Makes the rows inside `container` described by `describe`: the accessibles of row widgets
 *  of a type made by glm_accessible_row_type() ask the nearest such container above them.
 *  `destroy` releases `user_data` when the container goes or the describer is replaced. */
void glm_accessible_set_row_describer(GtkWidget *container, GlmAccessibleRowDescriber describe, gpointer user_data,
                                      GDestroyNotify destroy);

/** Focuses the row of `row_widget` as the container's host does for a key: FALSE when it
 *  cannot. */
typedef gboolean (*GlmAccessibleRowFocuser)(GtkWidget *row_widget, gpointer user_data);

/** Makes a reader's grab_focus on the rows inside `container` go through `focus` before GTK
 *  focuses the widget: for a container whose keyboard cursor is not simply the focused child
 *  (GtkFlowBox keeps its own). `destroy` releases `user_data` with the container. */
void glm_accessible_set_row_focuser(GtkWidget *container, GlmAccessibleRowFocuser focus, gpointer user_data,
                                    GDestroyNotify destroy);

/** Describes `row_widget` through the describer of its nearest container that has one; FALSE
 *  when none does. The caller frees `row->name`. */
gboolean glm_accessible_describe_row(GtkWidget *row_widget, GlmAccessibleRow *row);

/** A subclass of the accessible type `parent` (GtkListBoxRowAccessible, …), made once per
 *  parent: its instances take their role (an item is a list item, or a table cell in a grid;
 *  headers are headings, footers footers), name, states, "posinset"/"setsize" attributes and
 *  table-cell position from the describer. Set it with gtk_widget_class_set_accessible_type(). */
GType glm_accessible_row_type(GType parent);

/** glm_accessible_row_type() of the accessible type GTK gives instances of `widget_type` (a
 *  GtkWidget type that can be made with no property: GtkListBoxRow, GtkEventBox, …), found
 *  once from an instance made and destroyed for the question. */
GType glm_accessible_row_type_for_widget(GType widget_type);

/** `attributes` (an AtkAttributeSet) with `name` = `value` added. */
GSList *glm_accessible_add_number_attribute(GSList *attributes, const gchar *name, gint value);

/** `attributes` with an item's place in the set added ("posinset" from 1, "setsize"); as they
 *  were for a header, a footer or an item at no known place. */
GSList *glm_accessible_add_place(GSList *attributes, const GlmAccessibleRow *row);

/** The texts of the visible labels inside `widget`, joined by ", " (g_free); NULL when none. */
gchar *glm_accessible_label_texts(GtkWidget *widget);

/** An accessible for a row that has no widget (scrolled away on a virtualized list), child of
 *  `parent`: what `row` says, fixed. Takes `row->name`. */
AtkObject *glm_unbound_row_accessible_new(AtkObject *parent, GlmAccessibleRow *row);

/** Counts selection changes asked for through the AtkSelection of the accessibles GTK gives
 *  instances of `widget_type` (GtkListBox, GtkFlowBox) as the user's: while one runs,
 *  glm_accessible_is_handling_selection_request() is TRUE. Wraps their interface once. */
void glm_accessible_count_selection_requests(GType widget_type);

/** Whether a selection change asked for through accessibility is running. */
gboolean glm_accessible_is_handling_selection_request(void);

/** A new GtkFlowBox (of a subclass) whose accessible is a table: rows and columns as the flow
 *  box lays its children out now, each child a cell. */
GtkWidget *glm_accessible_table_flow_box_new(void);

/* ---- Tables ------------------------------------------------------------------------------
 * A list shown as a table (rows of cells under column headers) is a table to screen readers:
 * role "table" ("tree table" over a tree), the table interface (rows, columns, column headers,
 * the cell at a row and column), its item rows "table row"s with the "rowindex" attribute, and
 * their cells "table cell"s with "rowindex" and "colindex" and their column's header. Rows
 * counts items only (section headers stay headings outside the rows); columns count the
 * columns shown (hidden ones not), from the leading one. A cell whose row or column has no
 * widget (scrolled away) is an accessible of its own, named as the app names it.
 */

/** What a table tells screen readers, asked when a reader asks. Strings are newly allocated
 *  (g_free); widgets are borrowed. */
typedef struct {
    /** The columns shown. */
    gint (*column_count)(gpointer user_data);
    /** A shown column's title. */
    gchar *(*column_title)(gpointer user_data, gint column);
    /** The widget that heads a shown column (its button), or NULL. */
    GtkWidget *(*column_header)(gpointer user_data, gint column);
    /** The table's rows: the list's items. */
    gint (*row_count)(gpointer user_data);
    /** Whether the rows are a tree's (the table is a tree table). */
    gboolean (*is_tree)(gpointer user_data);
    /** The cell widget at `row` and `column` when one is bound; else NULL, with `unbound`
     *  filled (a cell at `grid_row` and `grid_column`, its name) when the cell exists, or left
     *  at item_index -1 when `row` or `column` is outside the table. */
    GtkWidget *(*cell)(gpointer user_data, gint row, gint column, GlmAccessibleRow *unbound);
    /** Appends the selected rows, in order, to `rows` (a GArray of gint). */
    void (*selected_rows)(gpointer user_data, GArray *rows);
    /** Selects (TRUE) or deselects `row` as the user does; FALSE when it cannot (no such row,
     *  a selection mode that does not allow it, or a selection event refused it). */
    gboolean (*select_row)(gpointer user_data, gint row, gboolean selected);
    /** Performs the action `name` ("toggle") of the cell at `row` and `column` as the user's,
     *  bound or not; FALSE when it did nothing. */
    gboolean (*cell_action)(gpointer user_data, gint row, gint column, const gchar *name);
    /** Whether the cell at `row` and `column` is selected on its own (a table that selects a
     *  range of cells): 1 or 0; -1 when the table selects rows, and a cell is selected with its
     *  row. May be NULL (-1). */
    gint (*cell_selected)(gpointer user_data, gint row, gint column);
    /** Whether the user may edit the cell at `row` and `column` now: its accessible then offers
     *  the action "edit" (performed through cell_action), as GtkTreeView's editable cells do.
     *  May be NULL (none is). */
    gboolean (*cell_editable)(gpointer user_data, gint row, gint column);
} GlmAccessibleTableCallbacks;

/** Makes `list` (the container of the row widgets, which describes its rows through
 *  glm_accessible_set_row_describer()) a table answered by `callbacks`; NULL makes it a list
 *  again. `destroy` releases `user_data` when the list goes or the table is replaced. */
void glm_accessible_set_table(GtkWidget *list, const GlmAccessibleTableCallbacks *callbacks, gpointer user_data,
                              GDestroyNotify destroy);

/** Makes `list`, while no table is set on it, answer the Table interface (which its accessible
 *  type has for when it is one) as a table of one column over its items, keeping its role: its
 *  rows are the items (a tree's shown rows), the only cell of each the item's own accessible.
 *  Readers that count a list's selected children through the Table interface whenever there is
 *  one (Orca) then count right. Of `callbacks`, `row_count`, `cell` (an item's row widget, or
 *  `unbound` filled as the item's row), `selected_rows` and `select_row` are asked. `destroy`
 *  releases `user_data` when the list goes or the items are replaced. */
void glm_accessible_set_items(GtkWidget *list, const GlmAccessibleTableCallbacks *callbacks, gpointer user_data,
                              GDestroyNotify destroy);

/** Marks `cell` as the cell of the shown column `column` in the table row that holds it, or,
 *  with -1, as no cell any more (it left its row). */
void glm_accessible_table_cell_set_column(GtkWidget *cell, gint column);

/** Asks the table holding `cell` (a cell widget marked with its column) to perform the action
 *  `name` of the cell, through its callbacks' cell_action; FALSE when `cell` is in no table's
 *  row or nothing was done. For a cell widget's own accessible (a toggle cell's "toggle"). */
gboolean glm_accessible_table_cell_do_action(GtkWidget *cell, const gchar *name);

/** Tells readers that the state `state` (an AtkStateType) of the content of `cell` (a cell
 *  widget) changed to `value`, through the table cell accessible a reader holds for it (none
 *  told when no reader has one): TRUE when `cell` is a table's cell now (marked with its
 *  column), FALSE, telling no one, when it is not (a cell alone, or one the table let go of:
 *  pooled, or hidden in its row). */
gboolean glm_accessible_table_cell_notify_state(GtkWidget *cell, gint state, gboolean value);

/** The role a list accessible takes for `list`: ATK_ROLE_TABLE or ATK_ROLE_TREE_TABLE when it
 *  is a table, else 0 (keep its own). */
gint glm_accessible_table_role(GtkWidget *list);

typedef struct _AtkTableIface AtkTableIface;
typedef struct _AtkTable AtkTable;

/** Fills the table interface of a list's accessible type: it answers from the table set on
 *  the accessible's widget (glm_accessible_set_table()), and as an empty table when none is. */
void glm_accessible_table_interface_init(AtkTableIface *iface);

/** Whether the cell at `row` and `column` of `table` is selected: in a range of cells, when it
 *  is in the range (cell_selected); else when its row is. */
gboolean glm_accessible_table_is_selected(AtkTable *table, gint row, gint column);

/** `rows` (a GArray of gint, freed) as ATK's get_selected_rows answers: their number, and a
 *  newly allocated copy in `selected` (NULL when there are none, or when `selected` is). */
gint glm_accessible_table_give_rows(GArray *rows, gint **selected);

/** A new GtkListBox (of a subclass) whose accessible becomes a table when it is given one
 *  (glm_accessible_set_table()), or a tree (glm_accessible_set_tree()), and counts selection
 *  requests as the user's. */
GtkWidget *glm_accessible_table_list_box_new(void);

/* ---- Trees -------------------------------------------------------------------------------
 * A list showing a tree is a "tree" to screen readers, its items "tree item"s (a table over it
 * is a "tree table" of "table row"s), and its rows offer GtkTreeView's actions (AtkAction): a
 * row with children "expand or contract", then every row "activate"; the cells of a tree
 * table's row offer their row's.
 */

/** What a reader asks a tree's row to do. */
typedef enum {
    /** Opens a closed row, closes an open one. */
    GLM_ACCESSIBLE_ROW_ACTION_EXPAND_OR_CONTRACT,
    /** Activates the row, as Enter does. */
    GLM_ACCESSIBLE_ROW_ACTION_ACTIVATE,
} GlmAccessibleRowAction;

/** Performs `action` on the row of `row_widget` as the user's; FALSE when it did nothing. */
typedef gboolean (*GlmAccessibleRowActor)(GtkWidget *row_widget, GlmAccessibleRowAction action, gpointer user_data);

/** Makes `list` (the container of the row widgets) a tree whose rows' actions `act` performs;
 *  NULL makes it a list again. `destroy` releases `user_data` when the tree goes or is
 *  replaced (at once with a NULL `act`). */
void glm_accessible_set_tree(GtkWidget *list, GlmAccessibleRowActor act, gpointer user_data, GDestroyNotify destroy);

/** The role a list accessible takes for `list`: a table's (glm_accessible_table_role()), else
 *  ATK_ROLE_TREE when it shows a tree, else 0 (keep its own). */
gint glm_accessible_list_role(GtkWidget *list);

G_END_DECLS

#endif /* GLM_ACCESSIBILITY_H */
