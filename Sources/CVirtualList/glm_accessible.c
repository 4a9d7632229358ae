/*
 * Accessibility of the virtualized list and grid. The list's ATK children are its bound rows
 * in the order they show (not the spare row widgets it keeps hidden); each row's role, name and
 * place among the list's items come from the host's describer (glm_accessibility.h), so a
 * screen reader says "Item 5, 5 of 1,000,000" though only the rows on screen exist. Selection
 * (AtkSelection) and a grid's table (AtkTable) are answered by the host for the whole list:
 * rows without a widget are given as unbound row accessibles. A list shown as a table answers
 * as one (glm_accessible_table.c).
 */
#include "glm_virtual_list.h"
#include "glm_virtual_list_private.h"

/* Unbound row accessibles handed out, kept alive a while: AT-SPI holds them weakly, and a
 * client asks for their name and states right after it got them. */
#define KEPT_UNBOUND_ROWS 64

struct _GlmVirtualListAccessible {
    GtkContainerAccessible parent_instance;
    AtkObject *unbound_rows[KEPT_UNBOUND_ROWS];
    guint next_unbound_row;
};

struct _GlmVirtualGridAccessible {
    GlmVirtualListAccessible parent_instance;
};

static void selection_interface_init(AtkSelectionIface *iface);
static void table_interface_init(AtkTableIface *iface);

/* A list is a table when it is shown as one (glm_accessible_set_table()); a grid is a table
 * of its own, below. */
G_DEFINE_TYPE_WITH_CODE(GlmVirtualListAccessible, glm_virtual_list_accessible, GTK_TYPE_CONTAINER_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_SELECTION, selection_interface_init)
                            G_IMPLEMENT_INTERFACE(ATK_TYPE_TABLE, glm_accessible_table_interface_init))

G_DEFINE_TYPE_WITH_CODE(GlmVirtualGridAccessible, glm_virtual_grid_accessible, GLM_TYPE_VIRTUAL_LIST_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TABLE, table_interface_init))

static GlmVirtualList *accessible_list(gpointer object) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    return widget != NULL ? GLM_VIRTUAL_LIST(widget) : NULL;
}

/* The host's callbacks, or NULL when the list is gone or has no host. */
static const GlmVirtualListCallbacks *host_of(gpointer object, gpointer *user_data) {
    GlmVirtualList *list = accessible_list(object);
    return list != NULL ? glm_virtual_list_callbacks(list, user_data) : NULL;
}

/* A new reference to the accessible of a bound row, or to a new unbound row accessible. */
static AtkObject *ref_row(GlmVirtualListAccessible *accessible, GtkWidget *row_widget, GlmAccessibleRow *unbound) {
    if (row_widget != NULL) {
        g_free(unbound->name);
        return g_object_ref(gtk_widget_get_accessible(row_widget));
    }
    AtkObject *row = glm_unbound_row_accessible_new(ATK_OBJECT(accessible), unbound);
    guint slot = accessible->next_unbound_row;
    g_clear_object(&accessible->unbound_rows[slot]);
    accessible->unbound_rows[slot] = g_object_ref(row);
    accessible->next_unbound_row = (slot + 1) % KEPT_UNBOUND_ROWS;
    return row;
}

/* ---- The list --------------------------------------------------------------------------- */

/* The bound row widget that is the list's `index`-th accessible child. */
static GtkWidget *child_widget(gpointer accessible, gint index) {
    GlmVirtualList *list = accessible_list(accessible);
    if (list == NULL || index < 0)
        return NULL;
    GPtrArray *children = glm_virtual_list_ordered_children(list);
    GtkWidget *child = (guint)index < children->len ? g_ptr_array_index(children, index) : NULL;
    g_ptr_array_unref(children);
    return child;
}

gint glm_virtual_list_accessible_index_of(GlmVirtualList *list, GtkWidget *child) {
    GPtrArray *children = glm_virtual_list_ordered_children(list);
    guint index;
    gboolean found = g_ptr_array_find(children, child, &index);
    g_ptr_array_unref(children);
    return found ? (gint)index : -1;
}

static void glm_virtual_list_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(glm_virtual_list_accessible_parent_class)->initialize(object, data);
    glm_virtual_list_remember_accessible(GLM_VIRTUAL_LIST(data), object);
    atk_object_set_role(object, ATK_ROLE_LIST);
}

static AtkRole glm_virtual_list_accessible_get_role(AtkObject *object) {
    gint role = glm_accessible_list_role(gtk_accessible_get_widget(GTK_ACCESSIBLE(object)));
    return role != ATK_ROLE_INVALID ? (AtkRole)role
                                    : ATK_OBJECT_CLASS(glm_virtual_list_accessible_parent_class)->get_role(object);
}

static gint glm_virtual_list_accessible_get_n_children(AtkObject *object) {
    GlmVirtualList *list = accessible_list(object);
    return list != NULL ? (gint)g_list_length(glm_virtual_list_active_children(list)) : 0;
}

static AtkObject *glm_virtual_list_accessible_ref_child(AtkObject *object, gint index) {
    GtkWidget *child = child_widget(object, index);
    return child != NULL ? g_object_ref(gtk_widget_get_accessible(child)) : NULL;
}

static AtkAttributeSet *glm_virtual_list_accessible_get_attributes(AtkObject *object) {
    AtkAttributeSet *attributes = ATK_OBJECT_CLASS(glm_virtual_list_accessible_parent_class)->get_attributes(object);
    gpointer user_data;
    const GlmVirtualListCallbacks *host = host_of(object, &user_data);
    if (host == NULL || host->item_count == NULL)
        return attributes;
    // The set's size on the list too: readers look there when an item does not say.
    return glm_accessible_add_number_attribute(attributes, "setsize", host->item_count(user_data));
}

static AtkStateSet *glm_virtual_list_accessible_ref_state_set(AtkObject *object) {
    AtkStateSet *states = ATK_OBJECT_CLASS(glm_virtual_list_accessible_parent_class)->ref_state_set(object);
    // Rows come and go as the list scrolls: a reader asks for them rather than caching them.
    atk_state_set_add_state(states, ATK_STATE_MANAGES_DESCENDANTS);
    return states;
}

static void glm_virtual_list_accessible_finalize(GObject *object) {
    GlmVirtualListAccessible *accessible = GLM_VIRTUAL_LIST_ACCESSIBLE(object);
    for (guint slot = 0; slot < KEPT_UNBOUND_ROWS; slot++)
        g_clear_object(&accessible->unbound_rows[slot]);
    G_OBJECT_CLASS(glm_virtual_list_accessible_parent_class)->finalize(object);
}

static void glm_virtual_list_accessible_class_init(GlmVirtualListAccessibleClass *class) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(class);
    atk_class->initialize = glm_virtual_list_accessible_initialize;
    atk_class->get_role = glm_virtual_list_accessible_get_role;
    atk_class->get_n_children = glm_virtual_list_accessible_get_n_children;
    atk_class->ref_child = glm_virtual_list_accessible_ref_child;
    atk_class->ref_state_set = glm_virtual_list_accessible_ref_state_set;
    atk_class->get_attributes = glm_virtual_list_accessible_get_attributes;
    G_OBJECT_CLASS(class)->finalize = glm_virtual_list_accessible_finalize;
}

static void glm_virtual_list_accessible_init(GlmVirtualListAccessible *accessible) {
    (void)accessible;
}

/* ---- Selection: the host's, over the whole list ----------------------------------------- */

static gint selection_get_count(AtkSelection *selection) {
    gpointer user_data;
    const GlmVirtualListCallbacks *host = host_of(selection, &user_data);
    return host != NULL && host->selected_count != NULL ? host->selected_count(user_data) : 0;
}

static AtkObject *selection_ref_selection(AtkSelection *selection, gint index) {
    gpointer user_data;
    const GlmVirtualListCallbacks *host = host_of(selection, &user_data);
    if (host == NULL || host->selected_item == NULL || index < 0)
        return NULL;
    GlmAccessibleRow unbound;
    glm_accessible_row_init(&unbound);
    GtkWidget *row_widget = host->selected_item(user_data, index, &unbound);
    if (row_widget == NULL && unbound.item_index < 0) {
        g_free(unbound.name);
        return NULL;
    }
    return ref_row(GLM_VIRTUAL_LIST_ACCESSIBLE(selection), row_widget, &unbound);
}

static gboolean selection_is_child_selected(AtkSelection *selection, gint index) {
    GtkWidget *child = child_widget(selection, index);
    return child != NULL && (gtk_widget_get_state_flags(child) & GTK_STATE_FLAG_SELECTED) != 0;
}

static gboolean selection_add(AtkSelection *selection, gint index) {
    gpointer user_data;
    const GlmVirtualListCallbacks *host = host_of(selection, &user_data);
    GtkWidget *child = child_widget(selection, index);
    if (host == NULL || host->select_row == NULL || child == NULL)
        return FALSE;
    host->select_row(user_data, child, TRUE);
    return (gtk_widget_get_state_flags(child) & GTK_STATE_FLAG_SELECTED) != 0;
}

static gboolean selection_remove(AtkSelection *selection, gint index) {
    gpointer user_data;
    const GlmVirtualListCallbacks *host = host_of(selection, &user_data);
    if (host == NULL || host->deselect_selected == NULL || index < 0 || index >= selection_get_count(selection))
        return FALSE;
    host->deselect_selected(user_data, index);
    return TRUE;
}

static gboolean selection_select_all(AtkSelection *selection, gboolean selected) {
    gpointer user_data;
    const GlmVirtualListCallbacks *host = host_of(selection, &user_data);
    return host != NULL && host->select_all != NULL && host->select_all(user_data, selected);
}

static gboolean selection_clear(AtkSelection *selection) {
    return selection_select_all(selection, FALSE);
}

static gboolean selection_select_every(AtkSelection *selection) {
    return selection_select_all(selection, TRUE);
}

static void selection_interface_init(AtkSelectionIface *iface) {
    iface->get_selection_count = selection_get_count;
    iface->ref_selection = selection_ref_selection;
    iface->is_child_selected = selection_is_child_selected;
    iface->add_selection = selection_add;
    iface->remove_selection = selection_remove;
    iface->clear_selection = selection_clear;
    iface->select_all_selection = selection_select_every;
}

/* ---- The grid: a table of cells over all sections --------------------------------------- */

static void glm_virtual_grid_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(glm_virtual_grid_accessible_parent_class)->initialize(object, data);
    atk_object_set_role(object, ATK_ROLE_TABLE);
}

static void glm_virtual_grid_accessible_class_init(GlmVirtualGridAccessibleClass *class) {
    ATK_OBJECT_CLASS(class)->initialize = glm_virtual_grid_accessible_initialize;
}

static void glm_virtual_grid_accessible_init(GlmVirtualGridAccessible *accessible) {
    (void)accessible;
}

static void grid_shape(AtkTable *table, gint *rows, gint *columns) {
    *rows = *columns = 0;
    gpointer user_data;
    const GlmVirtualListCallbacks *host = host_of(table, &user_data);
    if (host != NULL && host->grid_shape != NULL)
        host->grid_shape(user_data, rows, columns);
}

static gint table_get_n_rows(AtkTable *table) {
    gint rows, columns;
    grid_shape(table, &rows, &columns);
    return rows;
}

static gint table_get_n_columns(AtkTable *table) {
    gint rows, columns;
    grid_shape(table, &rows, &columns);
    return columns;
}

static AtkObject *table_ref_at(AtkTable *table, gint row, gint column) {
    gpointer user_data;
    const GlmVirtualListCallbacks *host = host_of(table, &user_data);
    if (host == NULL || host->grid_cell == NULL)
        return NULL;
    GtkWidget *row_widget = NULL;
    GlmAccessibleRow unbound;
    glm_accessible_row_init(&unbound);
    if (!host->grid_cell(user_data, row, column, &row_widget, &unbound)) {
        g_free(unbound.name);
        return NULL;
    }
    return ref_row(GLM_VIRTUAL_LIST_ACCESSIBLE(table), row_widget, &unbound);
}

/* The place of the list's `index`-th child in the table; FALSE when it is no cell. */
static gboolean child_cell(AtkTable *table, gint index, GlmAccessibleRow *row) {
    GtkWidget *child = child_widget(table, index);
    glm_accessible_row_init(row);
    gboolean described = child != NULL && glm_accessible_describe_row(child, row);
    g_free(row->name);
    row->name = NULL;
    return described && row->grid_row >= 0;
}

static gint table_get_row_at_index(AtkTable *table, gint index) {
    GlmAccessibleRow row;
    return child_cell(table, index, &row) ? row.grid_row : -1;
}

static gint table_get_column_at_index(AtkTable *table, gint index) {
    GlmAccessibleRow row;
    return child_cell(table, index, &row) ? row.grid_column : -1;
}

static gint table_get_index_at(AtkTable *table, gint row, gint column) {
    GlmVirtualList *list = accessible_list(table);
    if (list == NULL)
        return -1;
    GPtrArray *children = glm_virtual_list_ordered_children(list);
    gint found = -1;
    for (guint index = 0; index < children->len && found < 0; index++) {
        GlmAccessibleRow cell;
        gboolean described = glm_accessible_describe_row(g_ptr_array_index(children, index), &cell);
        g_free(cell.name);
        if (described && cell.grid_row == row && cell.grid_column == column)
            found = (gint)index;
    }
    g_ptr_array_unref(children);
    return found;
}

/* A line of cells is selected when every cell of it is, as a spreadsheet's row. */
static gint table_get_selected_rows(AtkTable *table, gint **selected) {
    gpointer user_data;
    const GlmVirtualListCallbacks *host = host_of(table, &user_data);
    GArray *lines = g_array_new(FALSE, FALSE, sizeof(gint));
    if (host != NULL && host->grid_selected_lines != NULL)
        host->grid_selected_lines(user_data, lines);
    return glm_accessible_table_give_rows(lines, selected);
}

static gboolean table_is_row_selected(AtkTable *table, gint row) {
    gint *lines = NULL;
    gint count = table_get_selected_rows(table, &lines);
    gboolean found = FALSE;
    for (gint index = 0; index < count && !found; index++)
        found = lines[index] == row;
    g_free(lines);
    return found;
}

static gboolean select_line(AtkTable *table, gint line, gboolean selected) {
    gpointer user_data;
    const GlmVirtualListCallbacks *host = host_of(table, &user_data);
    return host != NULL && host->grid_select_line != NULL && line >= 0 && line < table_get_n_rows(table) &&
           host->grid_select_line(user_data, line, selected);
}

static gboolean table_add_row_selection(AtkTable *table, gint row) {
    return select_line(table, row, TRUE);
}

static gboolean table_remove_row_selection(AtkTable *table, gint row) {
    return select_line(table, row, FALSE);
}

static void table_interface_init(AtkTableIface *iface) {
    iface->get_selected_rows = table_get_selected_rows;
    iface->is_row_selected = table_is_row_selected;
    iface->add_row_selection = table_add_row_selection;
    iface->remove_row_selection = table_remove_row_selection;
    iface->get_n_rows = table_get_n_rows;
    iface->get_n_columns = table_get_n_columns;
    iface->ref_at = table_ref_at;
    iface->get_index_at = table_get_index_at;
    iface->get_row_at_index = table_get_row_at_index;
    iface->get_column_at_index = table_get_column_at_index;
    iface->is_selected = glm_accessible_table_is_selected;
}
