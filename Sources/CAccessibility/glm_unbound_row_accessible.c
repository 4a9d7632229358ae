/*
 * A row with no widget, for a screen reader: a virtualized list binds only the rows on screen,
 * yet its selection (and a grid's table) names rows anywhere in the list. This accessible says
 * what the list's describer said about one of them when it was asked; it is not showing. A
 * grid's or a table's cell with no widget says its row and column.
 */
#include <gtk/gtk.h>
#include <gtk/gtk-a11y.h>
#include "glm_accessibility.h"
#include "glm_accessibility_private.h"

#define GLM_TYPE_UNBOUND_ROW_ACCESSIBLE (glm_unbound_row_accessible_get_type())
G_DECLARE_FINAL_TYPE(GlmUnboundRowAccessible, glm_unbound_row_accessible, GLM, UNBOUND_ROW_ACCESSIBLE, AtkObject)

struct _GlmUnboundRowAccessible {
    AtkObject parent_instance;
    GlmAccessibleRow row;
};

static void table_cell_interface_init(AtkTableCellIface *iface);

G_DEFINE_TYPE_WITH_CODE(GlmUnboundRowAccessible, glm_unbound_row_accessible, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TABLE_CELL, table_cell_interface_init))

static const gchar *unbound_get_name(AtkObject *object) {
    if (object->name != NULL)
        return object->name;
    return GLM_UNBOUND_ROW_ACCESSIBLE(object)->row.name;
}

static AtkRole unbound_get_role(AtkObject *object) {
    const GlmAccessibleRow *row = &GLM_UNBOUND_ROW_ACCESSIBLE(object)->row;
    switch (row->kind) {
    case GLM_ACCESSIBLE_ROW_HEADER:
        return ATK_ROLE_HEADING;
    case GLM_ACCESSIBLE_ROW_FOOTER:
        return ATK_ROLE_FOOTER;
    case GLM_ACCESSIBLE_ROW_ITEM:
        break;
    }
    return glm_accessible_item_role(row);
}

static gint unbound_get_index_in_parent(AtkObject *object) {
    (void)object;
    return -1;  // not among the list's children, which are the bound rows
}

static AtkAttributeSet *unbound_get_attributes(AtkObject *object) {
    return glm_accessible_add_place(NULL, &GLM_UNBOUND_ROW_ACCESSIBLE(object)->row);
}

static AtkStateSet *unbound_ref_state_set(AtkObject *object) {
    const GlmAccessibleRow *row = &GLM_UNBOUND_ROW_ACCESSIBLE(object)->row;
    AtkStateSet *states = atk_state_set_new();
    atk_state_set_add_state(states, ATK_STATE_ENABLED);
    atk_state_set_add_state(states, ATK_STATE_SENSITIVE);
    if (row->kind == GLM_ACCESSIBLE_ROW_ITEM) {
        atk_state_set_add_state(states, ATK_STATE_FOCUSABLE);
        if (row->selectable)
            atk_state_set_add_state(states, ATK_STATE_SELECTABLE);
        if (row->selected)
            atk_state_set_add_state(states, ATK_STATE_SELECTED);
    }
    glm_accessible_add_tree_states(states, row);
    return states;
}

static void unbound_finalize(GObject *object) {
    g_free(GLM_UNBOUND_ROW_ACCESSIBLE(object)->row.name);
    G_OBJECT_CLASS(glm_unbound_row_accessible_parent_class)->finalize(object);
}

static void glm_unbound_row_accessible_class_init(GlmUnboundRowAccessibleClass *class) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(class);
    atk_class->get_name = unbound_get_name;
    atk_class->get_role = unbound_get_role;
    atk_class->get_index_in_parent = unbound_get_index_in_parent;
    atk_class->get_attributes = unbound_get_attributes;
    atk_class->ref_state_set = unbound_ref_state_set;
    G_OBJECT_CLASS(class)->finalize = unbound_finalize;
}

static void glm_unbound_row_accessible_init(GlmUnboundRowAccessible *accessible) {
    glm_accessible_row_init(&accessible->row);
}

AtkObject *glm_unbound_row_accessible_new(AtkObject *parent, GlmAccessibleRow *row) {
    GlmUnboundRowAccessible *accessible = g_object_new(GLM_TYPE_UNBOUND_ROW_ACCESSIBLE, NULL);
    accessible->row = *row;
    row->name = NULL;
    AtkObject *object = ATK_OBJECT(accessible);
    atk_object_set_parent(object, parent);
    return object;
}

/* ---- A cell's place --------------------------------------------------------------------- */

static gboolean cell_get_position(AtkTableCell *cell, gint *row, gint *column) {
    const GlmAccessibleRow *described = &GLM_UNBOUND_ROW_ACCESSIBLE(cell)->row;
    if (described->grid_row < 0)
        return FALSE;
    *row = described->grid_row;
    *column = described->grid_column;
    return TRUE;
}

static AtkObject *cell_get_table(AtkTableCell *cell) {
    AtkObject *table = atk_object_get_parent(ATK_OBJECT(cell));
    return table != NULL ? g_object_ref(table) : NULL;
}

static void table_cell_interface_init(AtkTableCellIface *iface) {
    glm_accessible_table_cell_interface_fill(iface);
    iface->get_position = cell_get_position;
    iface->get_table = cell_get_table;
}
