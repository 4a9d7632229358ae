/*
 * A list shown as a table, to screen readers: the table interface of the list's accessible,
 * answered from the callbacks the table set on the list widget (glm_accessible_set_table()),
 * and where a cell is found from its widget. The row and cell accessibles ask here too.
 */
#include <gtk/gtk.h>
#include <gtk/gtk-a11y.h>
#include "glm_accessibility.h"
#include "glm_accessibility_private.h"

/* Unbound cell accessibles handed out, kept alive a while: AT-SPI holds them weakly, and a
 * client asks for their name and states right after it got them. */
#define KEPT_UNBOUND_CELLS 64

struct _GlmAccessibleTable {
    GlmAccessibleTableCallbacks callbacks;
    gpointer user_data;
    GDestroyNotify destroy;
    /* A list's items as a table of one column (glm_accessible_set_items()), not a table. */
    gboolean items;
    AtkObject *unbound_cells[KEPT_UNBOUND_CELLS];
    guint next_unbound_cell;
};

static GQuark table_quark(void) {
    return g_quark_from_static_string("glm-accessible-table");
}

static GQuark items_quark(void) {
    return g_quark_from_static_string("glm-accessible-items");
}

/* On a cell widget: its shown column + 1 (0: not a cell). */
static GQuark cell_column_quark(void) {
    return g_quark_from_static_string("glm-accessible-table-cell-column");
}

/* On a header widget's accessible: the title returned last (ATK returns it const). */
static GQuark description_quark(void) {
    return g_quark_from_static_string("glm-accessible-table-column-description");
}

static void table_free(gpointer data) {
    GlmAccessibleTable *table = data;
    for (guint slot = 0; slot < KEPT_UNBOUND_CELLS; slot++)
        g_clear_object(&table->unbound_cells[slot]);
    if (table->destroy != NULL)
        table->destroy(table->user_data);
    g_free(table);
}

void glm_accessible_set_table(GtkWidget *list, const GlmAccessibleTableCallbacks *callbacks, gpointer user_data,
                              GDestroyNotify destroy) {
    GlmAccessibleTable *table = NULL;
    if (callbacks != NULL) {
        table = g_new0(GlmAccessibleTable, 1);
        *table = (GlmAccessibleTable){.callbacks = *callbacks, .user_data = user_data, .destroy = destroy};
    }
    g_object_set_qdata_full(G_OBJECT(list), table_quark(), table, table_free);
    // A reader that read the list before hears that it is a table now.
    g_object_notify(G_OBJECT(gtk_widget_get_accessible(list)), "accessible-role");
}

void glm_accessible_set_items(GtkWidget *list, const GlmAccessibleTableCallbacks *callbacks, gpointer user_data,
                              GDestroyNotify destroy) {
    GlmAccessibleTable *items = NULL;
    if (callbacks != NULL) {
        items = g_new0(GlmAccessibleTable, 1);
        *items = (GlmAccessibleTable){
            .callbacks = *callbacks, .user_data = user_data, .destroy = destroy, .items = TRUE};
    }
    g_object_set_qdata_full(G_OBJECT(list), items_quark(), items, table_free);
}

GlmAccessibleTable *glm_accessible_table_of(GtkWidget *list) {
    return list != NULL ? g_object_get_qdata(G_OBJECT(list), table_quark()) : NULL;
}

gint glm_accessible_table_role(GtkWidget *list) {
    GlmAccessibleTable *table = glm_accessible_table_of(list);
    if (table == NULL)
        return ATK_ROLE_INVALID;
    gboolean tree = table->callbacks.is_tree != NULL && table->callbacks.is_tree(table->user_data);
    return tree ? ATK_ROLE_TREE_TABLE : ATK_ROLE_TABLE;
}

/* ---- Cells by their widgets ------------------------------------------------------------- */

void glm_accessible_table_cell_set_column(GtkWidget *cell, gint column) {
    g_object_set_qdata(G_OBJECT(cell), cell_column_quark(), GINT_TO_POINTER(MAX(column + 1, 0)));
}

gint glm_accessible_table_cell_column(GtkWidget *cell) {
    return GPOINTER_TO_INT(g_object_get_qdata(G_OBJECT(cell), cell_column_quark())) - 1;
}

GtkWidget *glm_accessible_table_row_of_cell(GtkWidget *cell, GtkWidget **list) {
    for (GtkWidget *widget = gtk_widget_get_parent(cell); widget != NULL; widget = gtk_widget_get_parent(widget)) {
        GtkWidget *parent = gtk_widget_get_parent(widget);
        if (glm_accessible_table_of(parent) != NULL) {
            *list = parent;
            return widget;
        }
    }
    *list = NULL;
    return NULL;
}

static void collect_cells(GtkWidget *widget, gpointer data) {
    if (glm_accessible_table_cell_column(widget) >= 0)
        g_ptr_array_add(data, widget);
    else if (GTK_IS_CONTAINER(widget))
        gtk_container_forall(GTK_CONTAINER(widget), collect_cells, data);
}

static gint by_column(gconstpointer a, gconstpointer b) {
    return glm_accessible_table_cell_column(*(GtkWidget **)a) - glm_accessible_table_cell_column(*(GtkWidget **)b);
}

GPtrArray *glm_accessible_table_cells_of_row(GtkWidget *row_widget) {
    GPtrArray *cells = g_ptr_array_new();
    if (GTK_IS_CONTAINER(row_widget))
        gtk_container_forall(GTK_CONTAINER(row_widget), collect_cells, cells);
    g_ptr_array_sort(cells, by_column);
    return cells;
}

AtkObject *glm_accessible_table_header_of(GtkWidget *list, gint column) {
    GlmAccessibleTable *table = glm_accessible_table_of(list);
    if (table == NULL || table->callbacks.column_header == NULL || column < 0)
        return NULL;
    GtkWidget *header = table->callbacks.column_header(table->user_data, column);
    if (header == NULL)
        return NULL;
    AtkObject *accessible = gtk_widget_get_accessible(header);
    if (atk_object_get_role(accessible) != ATK_ROLE_COLUMN_HEADER)
        atk_object_set_role(accessible, ATK_ROLE_COLUMN_HEADER);
    return accessible;
}

gboolean glm_accessible_table_perform_cell_action(GtkWidget *list, gint row, gint column, const gchar *name) {
    GlmAccessibleTable *table = glm_accessible_table_of(list);
    return table != NULL && table->callbacks.cell_action != NULL && row >= 0 && column >= 0 &&
           table->callbacks.cell_action(table->user_data, row, column, name);
}

gboolean glm_accessible_table_cell_is_editable(GtkWidget *list, gint row, gint column) {
    GlmAccessibleTable *table = glm_accessible_table_of(list);
    return table != NULL && table->callbacks.cell_editable != NULL && row >= 0 && column >= 0 &&
           table->callbacks.cell_editable(table->user_data, row, column);
}

gboolean glm_accessible_table_describe_unbound_cell(GtkWidget *list, gint row, gint column, GlmAccessibleRow *cell) {
    glm_accessible_row_init(cell);
    GlmAccessibleTable *table = glm_accessible_table_of(list);
    if (table == NULL || table->callbacks.cell == NULL)
        return FALSE;
    GtkWidget *widget = table->callbacks.cell(table->user_data, row, column, cell);
    if (widget != NULL || cell->grid_row < 0) {
        g_clear_pointer(&cell->name, g_free);
        return FALSE;
    }
    return TRUE;
}

/* ---- The table interface ---------------------------------------------------------------- */

/* The table the accessible answers for: the one set on its widget, else its items. */
static GlmAccessibleTable *table_of_accessible(AtkTable *accessible, GtkWidget **list) {
    *list = gtk_accessible_get_widget(GTK_ACCESSIBLE(accessible));
    GlmAccessibleTable *table = glm_accessible_table_of(*list);
    return table != NULL || *list == NULL ? table : g_object_get_qdata(G_OBJECT(*list), items_quark());
}

static gint table_get_n_rows(AtkTable *accessible) {
    GtkWidget *list;
    GlmAccessibleTable *table = table_of_accessible(accessible, &list);
    return table != NULL && table->callbacks.row_count != NULL ? table->callbacks.row_count(table->user_data) : 0;
}

static gint table_get_n_columns(AtkTable *accessible) {
    GtkWidget *list;
    GlmAccessibleTable *table = table_of_accessible(accessible, &list);
    if (table != NULL && table->items)
        return table_get_n_rows(accessible) > 0 ? 1 : 0;
    return table != NULL && table->callbacks.column_count != NULL ? table->callbacks.column_count(table->user_data)
                                                                   : 0;
}

static gboolean is_inside(AtkTable *accessible, gint row, gint column) {
    return row >= 0 && column >= 0 && row < table_get_n_rows(accessible) && column < table_get_n_columns(accessible);
}

static AtkObject *table_ref_at(AtkTable *accessible, gint row, gint column) {
    GtkWidget *list;
    GlmAccessibleTable *table = table_of_accessible(accessible, &list);
    if (table == NULL || table->callbacks.cell == NULL || !is_inside(accessible, row, column))
        return NULL;
    GlmAccessibleRow unbound;
    glm_accessible_row_init(&unbound);
    GtkWidget *cell = table->callbacks.cell(table->user_data, row, column, &unbound);
    if (cell != NULL) {
        g_free(unbound.name);
        // An item's cell is its row; a table's cells are accessibles of their own.
        return g_object_ref(table->items ? gtk_widget_get_accessible(cell) : glm_table_cell_accessible_get(cell));
    }
    if ((table->items ? unbound.item_index : unbound.grid_row) < 0) {
        g_free(unbound.name);
        return NULL;
    }
    AtkObject *object = glm_unbound_row_accessible_new(ATK_OBJECT(accessible), &unbound);
    guint slot = table->next_unbound_cell;
    g_clear_object(&table->unbound_cells[slot]);
    table->unbound_cells[slot] = g_object_ref(object);
    table->next_unbound_cell = (slot + 1) % KEPT_UNBOUND_CELLS;
    return object;
}

/* A cell's index is its place counting row by row, as in a table of all its cells. */
static gint table_get_index_at(AtkTable *accessible, gint row, gint column) {
    return is_inside(accessible, row, column) ? row * table_get_n_columns(accessible) + column : -1;
}

static gint table_get_row_at_index(AtkTable *accessible, gint index) {
    gint columns = table_get_n_columns(accessible);
    return columns > 0 && index >= 0 && index / columns < table_get_n_rows(accessible) ? index / columns : -1;
}

static gint table_get_column_at_index(AtkTable *accessible, gint index) {
    return table_get_row_at_index(accessible, index) >= 0 ? index % table_get_n_columns(accessible) : -1;
}

static AtkObject *table_get_column_header(AtkTable *accessible, gint column) {
    GtkWidget *list;
    GlmAccessibleTable *table = table_of_accessible(accessible, &list);
    return table != NULL && !table->items ? glm_accessible_table_header_of(list, column) : NULL;
}

static const gchar *table_get_column_description(AtkTable *accessible, gint column) {
    GtkWidget *list;
    GlmAccessibleTable *table = table_of_accessible(accessible, &list);
    if (table == NULL || table->items || table->callbacks.column_title == NULL || column < 0 ||
        column >= table_get_n_columns(accessible))
        return NULL;
    gchar *title = table->callbacks.column_title(table->user_data, column);
    g_object_set_qdata_full(G_OBJECT(accessible), description_quark(), title, g_free);
    return title;
}

gint glm_accessible_table_cell_selected(GtkWidget *list, gint row, gint column) {
    GlmAccessibleTable *table = glm_accessible_table_of(list);
    if (table == NULL || table->callbacks.cell_selected == NULL || row < 0 || column < 0)
        return -1;
    return table->callbacks.cell_selected(table->user_data, row, column);
}

/* Whether the cell's accessible says it is selected (as its row does). */
static gboolean cell_says_selected(AtkTable *table, gint row, gint column) {
    /* ATK's atk_table_ref_at takes no negative place (a critical): a reader may ask for one. */
    if (row < 0 || column < 0)
        return FALSE;
    AtkObject *cell = atk_table_ref_at(table, row, column);
    if (cell == NULL)
        return FALSE;
    AtkStateSet *states = atk_object_ref_state_set(cell);
    gboolean selected = atk_state_set_contains_state(states, ATK_STATE_SELECTED);
    g_object_unref(states);
    g_object_unref(cell);
    return selected;
}

/* A cell of a range of cells is selected when it is in the range; else when its row is. */
gboolean glm_accessible_table_is_selected(AtkTable *table, gint row, gint column) {
    GtkWidget *list = GTK_IS_ACCESSIBLE(table) ? gtk_accessible_get_widget(GTK_ACCESSIBLE(table)) : NULL;
    gint selected = list != NULL ? glm_accessible_table_cell_selected(list, row, column) : -1;
    return selected >= 0 ? selected != 0 : cell_says_selected(table, row, column);
}

static gboolean table_is_row_selected(AtkTable *accessible, gint row) {
    return cell_says_selected(accessible, row, 0);
}

gint glm_accessible_table_give_rows(GArray *rows, gint **selected) {
    gint count = (gint)rows->len;
    if (selected != NULL)
        *selected = count > 0 ? g_memdup2(rows->data, rows->len * sizeof(gint)) : NULL;
    g_array_unref(rows);
    return count;
}

/* A row is selected when its item is: the rows are the list's items. */
static gint table_get_selected_rows(AtkTable *accessible, gint **selected) {
    GtkWidget *list;
    GlmAccessibleTable *table = table_of_accessible(accessible, &list);
    GArray *rows = g_array_new(FALSE, FALSE, sizeof(gint));
    if (table != NULL && table->callbacks.selected_rows != NULL)
        table->callbacks.selected_rows(table->user_data, rows);
    return glm_accessible_table_give_rows(rows, selected);
}

static gboolean select_row(AtkTable *accessible, gint row, gboolean selected) {
    GtkWidget *list;
    GlmAccessibleTable *table = table_of_accessible(accessible, &list);
    return table != NULL && table->callbacks.select_row != NULL && row >= 0 && row < table_get_n_rows(accessible) &&
           table->callbacks.select_row(table->user_data, row, selected);
}

static gboolean table_add_row_selection(AtkTable *accessible, gint row) {
    return select_row(accessible, row, TRUE);
}

static gboolean table_remove_row_selection(AtkTable *accessible, gint row) {
    return select_row(accessible, row, FALSE);
}

void glm_accessible_table_interface_init(AtkTableIface *iface) {
    iface->get_n_rows = table_get_n_rows;
    iface->get_n_columns = table_get_n_columns;
    iface->ref_at = table_ref_at;
    iface->get_index_at = table_get_index_at;
    iface->get_row_at_index = table_get_row_at_index;
    iface->get_column_at_index = table_get_column_at_index;
    iface->get_column_header = table_get_column_header;
    iface->get_column_description = table_get_column_description;
    iface->is_selected = glm_accessible_table_is_selected;
    iface->is_row_selected = table_is_row_selected;
    iface->get_selected_rows = table_get_selected_rows;
    iface->add_row_selection = table_add_row_selection;
    iface->remove_row_selection = table_remove_row_selection;
}

/* ---- What every cell answers alike ------------------------------------------------------ */

static gboolean cell_get_row_column_span(AtkTableCell *cell, gint *row, gint *column, gint *row_span,
                                         gint *column_span) {
    *row_span = *column_span = 1;
    return atk_table_cell_get_position(cell, row, column);
}

static gint cell_get_span(AtkTableCell *cell) {
    (void)cell;
    return 1;
}

/* The header of the cell's column, when its table is a list shown as a table. */
static GPtrArray *cell_get_column_header_cells(AtkTableCell *cell) {
    GPtrArray *headers = g_ptr_array_new_with_free_func(g_object_unref);
    AtkObject *table = atk_table_cell_get_table(cell);
    gint row, column;
    if (table != NULL && GTK_IS_ACCESSIBLE(table) && atk_table_cell_get_position(cell, &row, &column)) {
        AtkObject *header = glm_accessible_table_header_of(gtk_accessible_get_widget(GTK_ACCESSIBLE(table)), column);
        if (header != NULL)
            g_ptr_array_add(headers, g_object_ref(header));
    }
    g_clear_object(&table);
    return headers;
}

static GPtrArray *cell_get_row_header_cells(AtkTableCell *cell) {
    (void)cell;
    return g_ptr_array_new_with_free_func(g_object_unref);
}

void glm_accessible_table_cell_interface_fill(AtkTableCellIface *iface) {
    iface->get_row_column_span = cell_get_row_column_span;
    iface->get_row_span = cell_get_span;
    iface->get_column_span = cell_get_span;
    iface->get_column_header_cells = cell_get_column_header_cells;
    iface->get_row_header_cells = cell_get_row_header_cells;
}
