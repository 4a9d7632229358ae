/*
 * A GtkFlowBox that is a table to screen readers. GTK 3 gives a flow box the role "table" but
 * not the table interface, so a reader cannot ask for a cell's row and column, nor the number of
 * each. Here they are the flow box's lines and columns as it lays its children out now.
 */
#include <gtk/gtk.h>
#include <gtk/gtk-a11y.h>
#include "glm_accessibility.h"
#include "glm_accessibility_private.h"

#define GLM_TYPE_TABLE_FLOW_BOX (glm_table_flow_box_get_type())
G_DECLARE_FINAL_TYPE(GlmTableFlowBox, glm_table_flow_box, GLM, TABLE_FLOW_BOX, GtkFlowBox)

#define GLM_TYPE_TABLE_FLOW_BOX_ACCESSIBLE (glm_table_flow_box_accessible_get_type())
G_DECLARE_FINAL_TYPE(GlmTableFlowBoxAccessible, glm_table_flow_box_accessible, GLM, TABLE_FLOW_BOX_ACCESSIBLE,
                     GtkFlowBoxAccessible)

struct _GlmTableFlowBox {
    GtkFlowBox parent_instance;
};

struct _GlmTableFlowBoxAccessible {
    GtkFlowBoxAccessible parent_instance;
};

static void table_interface_init(AtkTableIface *iface);

G_DEFINE_TYPE(GlmTableFlowBox, glm_table_flow_box, GTK_TYPE_FLOW_BOX)

G_DEFINE_TYPE_WITH_CODE(GlmTableFlowBoxAccessible, glm_table_flow_box_accessible, GTK_TYPE_FLOW_BOX_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TABLE, table_interface_init))

static void glm_table_flow_box_class_init(GlmTableFlowBoxClass *class) {
    gtk_widget_class_set_accessible_type(GTK_WIDGET_CLASS(class), GLM_TYPE_TABLE_FLOW_BOX_ACCESSIBLE);
    glm_accessible_count_selection_requests_of_accessible(GLM_TYPE_TABLE_FLOW_BOX_ACCESSIBLE);
}

static void glm_table_flow_box_init(GlmTableFlowBox *box) {
    (void)box;
}

static void glm_table_flow_box_accessible_class_init(GlmTableFlowBoxAccessibleClass *class) {
    (void)class;
}

static void glm_table_flow_box_accessible_init(GlmTableFlowBoxAccessible *accessible) {
    (void)accessible;
}

GtkWidget *glm_accessible_table_flow_box_new(void) {
    return g_object_new(GLM_TYPE_TABLE_FLOW_BOX, NULL);
}

/* ---- The table: lines and columns as laid out ------------------------------------------ */

typedef struct {
    GtkFlowBox *box;
    gint children;
    gint columns;
} Shape;

static gint allocation_y(GtkWidget *widget) {
    GtkAllocation allocation;
    gtk_widget_get_allocation(widget, &allocation);
    return allocation.y;
}

/* The flow box's children and how many share the first line. */
static gboolean shape_of(AtkTable *table, Shape *shape) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(table));
    *shape = (Shape){NULL, 0, 0};
    if (widget == NULL)
        return FALSE;
    shape->box = GTK_FLOW_BOX(widget);
    GtkFlowBoxChild *first = gtk_flow_box_get_child_at_index(shape->box, 0);
    gint first_line = first != NULL ? allocation_y(GTK_WIDGET(first)) : 0;
    for (GtkFlowBoxChild *child = first; child != NULL;
         child = gtk_flow_box_get_child_at_index(shape->box, ++shape->children)) {
        if (shape->columns == shape->children && allocation_y(GTK_WIDGET(child)) == first_line)
            shape->columns++;
    }
    return shape->children > 0;
}

static gint table_get_n_columns(AtkTable *table) {
    Shape shape;
    return shape_of(table, &shape) ? shape.columns : 0;
}

static gint table_get_n_rows(AtkTable *table) {
    Shape shape;
    return shape_of(table, &shape) ? (shape.children + shape.columns - 1) / shape.columns : 0;
}

static gint table_get_index_at(AtkTable *table, gint row, gint column) {
    Shape shape;
    if (!shape_of(table, &shape) || row < 0 || column < 0 || column >= shape.columns ||
        row >= (shape.children + shape.columns - 1) / shape.columns)
        return -1;
    gint index = row * shape.columns + column;
    return index < shape.children ? index : -1;
}

static AtkObject *table_ref_at(AtkTable *table, gint row, gint column) {
    gint index = table_get_index_at(table, row, column);
    if (index < 0)
        return NULL;
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(table));
    GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index(GTK_FLOW_BOX(widget), index);
    return child != NULL ? g_object_ref(gtk_widget_get_accessible(GTK_WIDGET(child))) : NULL;
}

static gint table_get_row_at_index(AtkTable *table, gint index) {
    Shape shape;
    return shape_of(table, &shape) && index >= 0 && index < shape.children ? index / shape.columns : -1;
}

static gint table_get_column_at_index(AtkTable *table, gint index) {
    Shape shape;
    return shape_of(table, &shape) && index >= 0 && index < shape.children ? index % shape.columns : -1;
}

static gboolean table_is_selected(AtkTable *table, gint row, gint column) {
    gint index = table_get_index_at(table, row, column);
    if (index < 0)
        return FALSE;
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(table));
    return gtk_flow_box_child_is_selected(gtk_flow_box_get_child_at_index(GTK_FLOW_BOX(widget), index));
}

/* ---- Selected lines: every cell of them selected ---------------------------------------- */

/* The children of line `row`, or none when there is no such line (checked before multiplying:
 * a reader's row far past the end would overflow into a negative index). */
static gint line_children(Shape *shape, gint row, gint *first) {
    *first = 0;
    if (row < 0 || shape->columns <= 0 || row >= (shape->children + shape->columns - 1) / shape->columns)
        return 0;
    *first = row * shape->columns;
    return MIN(shape->columns, shape->children - *first);
}

static gboolean line_is_selected(Shape *shape, gint row) {
    gint first, count = line_children(shape, row, &first);
    for (gint index = first; index < first + count; index++) {
        if (!gtk_flow_box_child_is_selected(gtk_flow_box_get_child_at_index(shape->box, index)))
            return FALSE;
    }
    return count > 0;
}

static gint table_get_selected_rows(AtkTable *table, gint **selected) {
    Shape shape;
    GArray *rows = g_array_new(FALSE, FALSE, sizeof(gint));
    if (shape_of(table, &shape)) {
        for (gint row = 0; row * shape.columns < shape.children; row++) {
            if (line_is_selected(&shape, row))
                g_array_append_val(rows, row);
        }
    }
    return glm_accessible_table_give_rows(rows, selected);
}

static gboolean table_is_row_selected(AtkTable *table, gint row) {
    Shape shape;
    return shape_of(table, &shape) && line_is_selected(&shape, row);
}

/* Selects or deselects every cell of line `row` as the user does (the host hears a selection
 * request); FALSE when the selection mode does not allow it. */
static gboolean select_line(AtkTable *table, gint row, gboolean selected) {
    Shape shape;
    gint first, count = shape_of(table, &shape) ? line_children(&shape, row, &first) : 0;
    GtkSelectionMode mode = count > 0 ? gtk_flow_box_get_selection_mode(shape.box) : GTK_SELECTION_NONE;
    if (mode == GTK_SELECTION_NONE || (selected && mode != GTK_SELECTION_MULTIPLE && count > 1) ||
        (!selected && mode == GTK_SELECTION_BROWSE))
        return FALSE;
    glm_accessible_begin_selection_request();
    for (gint index = first; index < first + count; index++) {
        GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index(shape.box, index);
        if (selected)
            gtk_flow_box_select_child(shape.box, child);
        else
            gtk_flow_box_unselect_child(shape.box, child);
    }
    glm_accessible_end_selection_request();
    return line_is_selected(&shape, row) == selected;
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
    iface->get_index_at = table_get_index_at;
    iface->ref_at = table_ref_at;
    iface->get_row_at_index = table_get_row_at_index;
    iface->get_column_at_index = table_get_column_at_index;
    iface->is_selected = table_is_selected;
}
