/*
 * A row with no widget, for a screen reader: a virtualized list binds only the rows on screen,
 * yet its selection (and a grid's table) names rows anywhere in the list. This accessible says
 * what the list's describer said about one of them when it was asked; it is not showing. A
 * grid's or a table's cell with no widget says its row and column; a table cell holding a check
 * box (a toggle cell) says its value, holds a check box that says it too, and offers "toggle";
 * one holding an icon, a progress bar (with its value) or a spinner (busy or not) holds that.
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
    /* A table cell's content (its check box), made when first asked for. */
    AtkObject *content;
};

static void table_cell_interface_init(AtkTableCellIface *iface);
static void action_interface_init(AtkActionIface *iface);

G_DEFINE_TYPE_WITH_CODE(GlmUnboundRowAccessible, glm_unbound_row_accessible, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TABLE_CELL, table_cell_interface_init)
                            G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, action_interface_init))

/* ---- A table cell's content: a check box with no widget --------------------------------- */

#define GLM_TYPE_UNBOUND_CONTENT_ACCESSIBLE (glm_unbound_content_accessible_get_type())
G_DECLARE_FINAL_TYPE(GlmUnboundContentAccessible, glm_unbound_content_accessible, GLM, UNBOUND_CONTENT_ACCESSIBLE,
                     AtkObject)

struct _GlmUnboundContentAccessible {
    AtkObject parent_instance;
};

static void content_action_interface_init(AtkActionIface *iface);

G_DEFINE_TYPE_WITH_CODE(GlmUnboundContentAccessible, glm_unbound_content_accessible, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, content_action_interface_init))

/* The cell the content is in (its parent), or NULL. */
static GlmUnboundRowAccessible *cell_of_content(gpointer content) {
    AtkObject *parent = atk_object_get_parent(ATK_OBJECT(content));
    return GLM_IS_UNBOUND_ROW_ACCESSIBLE(parent) ? GLM_UNBOUND_ROW_ACCESSIBLE(parent) : NULL;
}

static AtkRole content_get_role(AtkObject *object) {
    GlmUnboundRowAccessible *cell = cell_of_content(object);
    return cell != NULL ? (AtkRole)cell->row.cell_role : ATK_ROLE_UNKNOWN;
}

static gint content_get_index_in_parent(AtkObject *object) {
    return cell_of_content(object) != NULL ? 0 : -1;
}

/* Named as its cell (an icon's description, a progress bar's text), as a bound cell's content
 * names the cell; a check box has no name of its own. */
static const gchar *content_get_name(AtkObject *object) {
    if (object->name != NULL)
        return object->name;
    GlmUnboundRowAccessible *cell = cell_of_content(object);
    return cell != NULL && !cell->row.checkable ? cell->row.name : NULL;
}

/* A check box's value; sensitive when the user may change it. */
static void add_value_states(AtkStateSet *states, const GlmAccessibleRow *row) {
    if (!row->checkable)
        return;
    atk_state_set_add_state(states, ATK_STATE_CHECKABLE);
    if (row->checked)
        atk_state_set_add_state(states, ATK_STATE_CHECKED);
    if (row->indeterminate)
        atk_state_set_add_state(states, ATK_STATE_INDETERMINATE);
}

static AtkStateSet *content_ref_state_set(AtkObject *object) {
    AtkStateSet *states = atk_state_set_new();
    GlmUnboundRowAccessible *cell = cell_of_content(object);
    if (cell == NULL) {
        atk_state_set_add_state(states, ATK_STATE_DEFUNCT);
        return states;
    }
    atk_state_set_add_state(states, ATK_STATE_VISIBLE);
    if (cell->row.cell_activatable) {
        atk_state_set_add_state(states, ATK_STATE_ENABLED);
        atk_state_set_add_state(states, ATK_STATE_SENSITIVE);
    }
    add_value_states(states, &cell->row);
    if (cell->row.busy)
        atk_state_set_add_state(states, ATK_STATE_BUSY);
    if (cell->row.has_value)
        atk_state_set_add_state(states, ATK_STATE_HORIZONTAL);  // a GtkProgressBar's
    return states;
}

static void glm_unbound_content_accessible_class_init(GlmUnboundContentAccessibleClass *class) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(class);
    atk_class->get_role = content_get_role;
    atk_class->get_name = content_get_name;
    atk_class->get_index_in_parent = content_get_index_in_parent;
    atk_class->ref_state_set = content_ref_state_set;
}

static void glm_unbound_content_accessible_init(GlmUnboundContentAccessible *accessible) {
    (void)accessible;
}

static gint content_get_n_actions(AtkAction *action) {
    GlmUnboundRowAccessible *cell = cell_of_content(action);
    return cell != NULL ? atk_action_get_n_actions(ATK_ACTION(cell)) : 0;
}

static const gchar *content_get_action_name(AtkAction *action, gint index) {
    GlmUnboundRowAccessible *cell = cell_of_content(action);
    return cell != NULL ? atk_action_get_name(ATK_ACTION(cell), index) : NULL;
}

static const gchar *content_get_description(AtkAction *action, gint index) {
    GlmUnboundRowAccessible *cell = cell_of_content(action);
    return cell != NULL ? atk_action_get_description(ATK_ACTION(cell), index) : NULL;
}

static gboolean content_do_action(AtkAction *action, gint index) {
    GlmUnboundRowAccessible *cell = cell_of_content(action);
    return cell != NULL && atk_action_do_action(ATK_ACTION(cell), index);
}

/* The content's actions are its cell's. */
static void content_action_interface_init(AtkActionIface *iface) {
    iface->get_n_actions = content_get_n_actions;
    iface->get_name = content_get_action_name;
    iface->get_description = content_get_description;
    iface->do_action = content_do_action;
}

/* ---- A table cell's content with a value: a progress bar with no widget ----------------- */

typedef struct {
    GlmUnboundContentAccessible parent_instance;
} GlmUnboundValueContentAccessible;

typedef struct {
    GlmUnboundContentAccessibleClass parent_class;
} GlmUnboundValueContentAccessibleClass;

static void content_value_interface_init(AtkValueIface *iface);

static GType glm_unbound_value_content_accessible_get_type(void);
G_DEFINE_TYPE_WITH_CODE(GlmUnboundValueContentAccessible, glm_unbound_value_content_accessible,
                        GLM_TYPE_UNBOUND_CONTENT_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_VALUE, content_value_interface_init))

static void glm_unbound_value_content_accessible_class_init(GlmUnboundValueContentAccessibleClass *class) {
    (void)class;
}

static void glm_unbound_value_content_accessible_init(GlmUnboundValueContentAccessible *accessible) {
    (void)accessible;
}

static const GlmAccessibleRow *valued_row(AtkValue *value) {
    GlmUnboundRowAccessible *cell = cell_of_content(value);
    return cell != NULL && cell->row.has_value ? &cell->row : NULL;
}

static void set_double(GValue *value, gdouble number) {
    memset(value, 0, sizeof(GValue));
    g_value_init(value, G_TYPE_DOUBLE);
    g_value_set_double(value, number);
}

static void content_get_current_value(AtkValue *value, GValue *current) {
    const GlmAccessibleRow *row = valued_row(value);
    set_double(current, row != NULL ? row->value : 0);
}

static void content_get_maximum_value(AtkValue *value, GValue *maximum) {
    const GlmAccessibleRow *row = valued_row(value);
    set_double(maximum, row != NULL ? row->value_max : 0);
}

static void content_get_minimum_value(AtkValue *value, GValue *minimum) {
    const GlmAccessibleRow *row = valued_row(value);
    set_double(minimum, row != NULL ? row->value_min : 0);
}

static void content_get_value_and_text(AtkValue *value, gdouble *current, gchar **text) {
    const GlmAccessibleRow *row = valued_row(value);
    *current = row != NULL ? row->value : 0;
    if (text != NULL)
        *text = row != NULL ? g_strdup(row->name) : NULL;
}

static AtkRange *content_get_range(AtkValue *value) {
    const GlmAccessibleRow *row = valued_row(value);
    return row != NULL ? atk_range_new(row->value_min, row->value_max, NULL) : NULL;
}

static void content_value_interface_init(AtkValueIface *iface) {
    iface->get_current_value = content_get_current_value;
    iface->get_maximum_value = content_get_maximum_value;
    iface->get_minimum_value = content_get_minimum_value;
    iface->get_value_and_text = content_get_value_and_text;
    iface->get_range = content_get_range;
}

/* ---- The row or cell -------------------------------------------------------------------- */

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
    add_value_states(states, row);
    return states;
}

static gint unbound_get_n_children(AtkObject *object) {
    return GLM_UNBOUND_ROW_ACCESSIBLE(object)->row.cell_role != 0 ? 1 : 0;
}

static AtkObject *unbound_ref_child(AtkObject *object, gint index) {
    GlmUnboundRowAccessible *accessible = GLM_UNBOUND_ROW_ACCESSIBLE(object);
    if (index != 0 || accessible->row.cell_role == 0)
        return NULL;
    if (accessible->content == NULL) {
        accessible->content = g_object_new(accessible->row.has_value ? glm_unbound_value_content_accessible_get_type()
                                                                     : GLM_TYPE_UNBOUND_CONTENT_ACCESSIBLE,
                                           NULL);
        atk_object_set_parent(accessible->content, object);
    }
    return g_object_ref(accessible->content);
}

static void unbound_dispose(GObject *object) {
    GlmUnboundRowAccessible *accessible = GLM_UNBOUND_ROW_ACCESSIBLE(object);
    if (accessible->content != NULL) {
        atk_object_set_parent(accessible->content, NULL);
        g_clear_object(&accessible->content);
    }
    G_OBJECT_CLASS(glm_unbound_row_accessible_parent_class)->dispose(object);
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
    atk_class->get_n_children = unbound_get_n_children;
    atk_class->ref_child = unbound_ref_child;
    G_OBJECT_CLASS(class)->dispose = unbound_dispose;
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

/* ---- A cell's actions: "toggle" for a toggle cell, "edit" for an editable one ------------ */

/* The list of the table the cell is in (its parent's widget); NULL when it has none. */
static GtkWidget *table_list(AtkAction *action) {
    AtkObject *table = atk_object_get_parent(ATK_OBJECT(action));
    return GTK_IS_ACCESSIBLE(table) ? gtk_accessible_get_widget(GTK_ACCESSIBLE(table)) : NULL;
}

static gint toggle_actions(AtkAction *action) {
    const GlmAccessibleRow *row = &GLM_UNBOUND_ROW_ACCESSIBLE(action)->row;
    return row->checkable && row->grid_row >= 0 ? 1 : 0;
}

/* 1 when the table lets the user edit the cell now, as a bound cell offers it: performing it
 * scrolls the row into view and opens the editor there. */
static gint edit_actions(AtkAction *action) {
    const GlmAccessibleRow *row = &GLM_UNBOUND_ROW_ACCESSIBLE(action)->row;
    if (row->grid_row < 0)
        return 0;
    GtkWidget *list = table_list(action);
    return list != NULL && glm_accessible_table_cell_is_editable(list, row->grid_row, row->grid_column) ? 1 : 0;
}

static gint action_get_n_actions(AtkAction *action) {
    return toggle_actions(action) + edit_actions(action);
}

static const gchar *action_get_name(AtkAction *action, gint index) {
    gint toggle = toggle_actions(action);
    if (index >= 0 && index < toggle)
        return "toggle";
    return index >= toggle && index < toggle + edit_actions(action) ? "edit" : NULL;
}

static const gchar *action_get_description(AtkAction *action, gint index) {
    gint toggle = toggle_actions(action);
    if (index >= 0 && index < toggle)
        return "Toggles the cell";
    return index >= toggle && index < toggle + edit_actions(action) ? "Opens the cell's editor" : NULL;
}

/* Reads the cell's value again after the app answered a toggle (it changes its storage at
 * once, or later): what changed is told, as a bound cell tells it. */
static void refresh_value(GlmUnboundRowAccessible *accessible, GtkWidget *list) {
    GlmAccessibleRow *row = &accessible->row;
    GlmAccessibleRow fresh;
    if (!glm_accessible_table_describe_unbound_cell(list, row->grid_row, row->grid_column, &fresh))
        return;
    g_free(fresh.name);
    if (!fresh.checkable)
        return;
    gboolean checked = row->checked != fresh.checked, indeterminate = row->indeterminate != fresh.indeterminate;
    row->checked = fresh.checked;
    row->indeterminate = fresh.indeterminate;
    if (checked)
        atk_object_notify_state_change(ATK_OBJECT(accessible), ATK_STATE_CHECKED, fresh.checked);
    if (indeterminate)
        atk_object_notify_state_change(ATK_OBJECT(accessible), ATK_STATE_INDETERMINATE, fresh.indeterminate);
}

/* The table (the cell's parent) toggles the cell, or opens its editor, through its callbacks. */
static gboolean action_do_action(AtkAction *action, gint index) {
    GlmUnboundRowAccessible *accessible = GLM_UNBOUND_ROW_ACCESSIBLE(action);
    const GlmAccessibleRow *row = &accessible->row;
    GtkWidget *list = table_list(action);
    gint toggle = toggle_actions(action);
    if (list == NULL || index < 0)
        return FALSE;
    if (index < toggle) {
        if (!row->cell_activatable || !glm_accessible_table_perform_cell_action(list, row->grid_row, row->grid_column, "toggle"))
            return FALSE;
        refresh_value(accessible, list);
        return TRUE;
    }
    return index < toggle + edit_actions(action) &&
           glm_accessible_table_perform_cell_action(list, row->grid_row, row->grid_column, "edit");
}

static void action_interface_init(AtkActionIface *iface) {
    iface->get_n_actions = action_get_n_actions;
    iface->get_name = action_get_name;
    iface->get_description = action_get_description;
    iface->do_action = action_do_action;
}
