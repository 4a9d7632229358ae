/*
 * A table cell, to screen readers: cells are the app's widgets (a label, a box), so each gets
 * an accessible of its own, a "table cell" that holds the widget's accessible. It follows its
 * widget: a cell the table reuses in another row reads that row's place; its column is the one
 * the table marked it with (glm_accessible_table_cell_set_column()).
 */
#include <gtk/gtk.h>
#include <gtk/gtk-a11y.h>
#include "glm_accessibility.h"
#include "glm_accessibility_private.h"

#define GLM_TYPE_TABLE_CELL_ACCESSIBLE (glm_table_cell_accessible_get_type())
G_DECLARE_FINAL_TYPE(GlmTableCellAccessible, glm_table_cell_accessible, GLM, TABLE_CELL_ACCESSIBLE, AtkObject)

struct _GlmTableCellAccessible {
    AtkObject parent_instance;
    /* The cell widget; NULL once it is finalized (it holds the last reference to this). */
    GtkWidget *cell;
    /* The name returned last (ATK returns it const). */
    gchar *name;
};

static void component_interface_init(AtkComponentIface *iface);
static void table_cell_interface_init(AtkTableCellIface *iface);
static void action_interface_init(AtkActionIface *iface);

G_DEFINE_TYPE_WITH_CODE(GlmTableCellAccessible, glm_table_cell_accessible, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, component_interface_init)
                            G_IMPLEMENT_INTERFACE(ATK_TYPE_TABLE_CELL, table_cell_interface_init)
                                G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, action_interface_init))

static GQuark accessible_quark(void) {
    return g_quark_from_static_string("glm-table-cell-accessible");
}

static void forget_cell(gpointer data) {
    GlmTableCellAccessible *accessible = data;
    accessible->cell = NULL;
    g_object_unref(accessible);
}

AtkObject *glm_table_cell_accessible_get(GtkWidget *cell) {
    GlmTableCellAccessible *accessible = g_object_get_qdata(G_OBJECT(cell), accessible_quark());
    if (accessible == NULL) {
        accessible = g_object_new(GLM_TYPE_TABLE_CELL_ACCESSIBLE, NULL);
        accessible->cell = cell;
        g_object_set_qdata_full(G_OBJECT(cell), accessible_quark(), accessible, forget_cell);
        // The widget's own accessible too: a cell whose value changes (a toggle) tells its
        // changes through this one once it has its own.
        gtk_widget_get_accessible(cell);
    }
    return ATK_OBJECT(accessible);
}

gboolean glm_accessible_table_cell_notify_state(GtkWidget *cell, gint state, gboolean value) {
    if (glm_accessible_table_cell_column(cell) < 0)
        return FALSE;  // no table's cell now
    AtkObject *accessible = g_object_get_qdata(G_OBJECT(cell), accessible_quark());
    if (accessible != NULL)
        atk_object_notify_state_change(accessible, (AtkStateType)state, value);
    return TRUE;
}

/* Where the cell is now: its row widget, the table's list, its column and its row's place. */
typedef struct {
    GtkWidget *row_widget;
    GtkWidget *list;
    gint column;
    GlmAccessibleRow row;
} Place;

static gboolean place_of_cell(GtkWidget *cell, Place *place) {
    *place = (Place){.column = -1};
    glm_accessible_row_init(&place->row);
    if (cell == NULL || (place->column = glm_accessible_table_cell_column(cell)) < 0)
        return FALSE;
    place->row_widget = glm_accessible_table_row_of_cell(cell, &place->list);
    if (place->row_widget == NULL || !glm_accessible_describe_row(place->row_widget, &place->row))
        return FALSE;
    g_free(place->row.name);
    place->row.name = NULL;
    return place->row.item_index >= 0;
}

static gboolean place_of(AtkObject *object, Place *place) {
    return place_of_cell(GLM_TABLE_CELL_ACCESSIBLE(object)->cell, place);
}

gboolean glm_accessible_table_cell_do_action(GtkWidget *cell, const gchar *name) {
    Place place;
    return place_of_cell(cell, &place) &&
           glm_accessible_table_perform_cell_action(place.list, place.row.item_index, place.column, name);
}

static AtkObject *row_accessible(AtkObject *object) {
    GtkWidget *cell = GLM_TABLE_CELL_ACCESSIBLE(object)->cell;
    GtkWidget *list;
    GtkWidget *row_widget = cell != NULL ? glm_accessible_table_row_of_cell(cell, &list) : NULL;
    return row_widget != NULL ? gtk_widget_get_accessible(row_widget) : NULL;
}

GtkWidget *glm_table_cell_accessible_row_widget(AtkObject *object) {
    if (!GLM_IS_TABLE_CELL_ACCESSIBLE(object) || GLM_TABLE_CELL_ACCESSIBLE(object)->cell == NULL)
        return NULL;
    GtkWidget *list;
    return glm_accessible_table_row_of_cell(GLM_TABLE_CELL_ACCESSIBLE(object)->cell, &list);
}

/* ---- The object ------------------------------------------------------------------------- */

static const gchar *cell_get_name(AtkObject *object) {
    GlmTableCellAccessible *accessible = GLM_TABLE_CELL_ACCESSIBLE(object);
    if (object->name != NULL)
        return object->name;
    if (accessible->cell == NULL)
        return NULL;
    // The name the widget's accessible has (an app's, a label's text), else its labels' texts.
    const gchar *own = atk_object_get_name(gtk_widget_get_accessible(accessible->cell));
    g_free(accessible->name);
    accessible->name = own != NULL && own[0] != '\0' ? g_strdup(own) : glm_accessible_label_texts(accessible->cell);
    return accessible->name;
}

static AtkRole cell_get_role(AtkObject *object) {
    (void)object;
    return ATK_ROLE_TABLE_CELL;
}

static AtkObject *cell_get_parent(AtkObject *object) {
    return row_accessible(object);
}

static gint cell_get_index_in_parent(AtkObject *object) {
    Place place;
    if (!place_of(object, &place))
        return -1;
    GPtrArray *cells = glm_accessible_table_cells_of_row(place.row_widget);
    guint index;
    gboolean found = g_ptr_array_find(cells, GLM_TABLE_CELL_ACCESSIBLE(object)->cell, &index);
    g_ptr_array_unref(cells);
    return found ? (gint)index : -1;
}

static gint cell_get_n_children(AtkObject *object) {
    return GLM_TABLE_CELL_ACCESSIBLE(object)->cell != NULL ? 1 : 0;
}

/* The widget's own accessible, under the cell: a check box in a cell stays one. */
static AtkObject *cell_ref_child(AtkObject *object, gint index) {
    GtkWidget *cell = GLM_TABLE_CELL_ACCESSIBLE(object)->cell;
    if (cell == NULL || index != 0)
        return NULL;
    AtkObject *child = gtk_widget_get_accessible(cell);
    if (atk_object_get_parent(child) != object)
        atk_object_set_parent(child, object);
    return g_object_ref(child);
}

static AtkAttributeSet *cell_get_attributes(AtkObject *object) {
    Place place;
    return place_of(object, &place) ? glm_accessible_add_cell_indexes(NULL, place.row.item_index, place.column) : NULL;
}

/* As its row: showing and selected with it (a range of cells says which are selected). */
static AtkStateSet *cell_ref_state_set(AtkObject *object) {
    AtkStateSet *states = atk_state_set_new();
    GtkWidget *cell = GLM_TABLE_CELL_ACCESSIBLE(object)->cell;
    AtkObject *row = row_accessible(object);
    if (cell == NULL || row == NULL) {
        atk_state_set_add_state(states, ATK_STATE_DEFUNCT);
        return states;
    }
    AtkStateSet *row_states = atk_object_ref_state_set(row);
    const AtkStateType shared[] = {ATK_STATE_ENABLED, ATK_STATE_SENSITIVE, ATK_STATE_SELECTABLE, ATK_STATE_SELECTED,
                                   ATK_STATE_VISIBLE, ATK_STATE_SHOWING};
    for (guint i = 0; i < G_N_ELEMENTS(shared); i++) {
        if (atk_state_set_contains_state(row_states, shared[i]))
            atk_state_set_add_state(states, shared[i]);
    }
    g_object_unref(row_states);
    // In a table that selects a range of cells, the range says which cells of its rows are.
    Place place;
    gint selected =
        place_of(object, &place) ? glm_accessible_table_cell_selected(place.list, place.row.item_index, place.column) : -1;
    if (selected == 0)
        atk_state_set_remove_state(states, ATK_STATE_SELECTED);
    else if (selected > 0)
        atk_state_set_add_state(states, ATK_STATE_SELECTED);
    if (!gtk_widget_get_mapped(cell))
        atk_state_set_remove_state(states, ATK_STATE_SHOWING);
    atk_state_set_add_state(states, ATK_STATE_TRANSIENT);
    // A check box's value is the cell's too, as GtkTreeView's toggle cells say it.
    AtkStateSet *content_states = atk_object_ref_state_set(gtk_widget_get_accessible(cell));
    if (atk_state_set_contains_state(content_states, ATK_STATE_CHECKABLE)) {
        const AtkStateType value_states[] = {ATK_STATE_CHECKABLE, ATK_STATE_CHECKED, ATK_STATE_INDETERMINATE};
        for (guint i = 0; i < G_N_ELEMENTS(value_states); i++) {
            if (atk_state_set_contains_state(content_states, value_states[i]))
                atk_state_set_add_state(states, value_states[i]);
        }
    }
    g_object_unref(content_states);
    return states;
}

static void cell_finalize(GObject *object) {
    g_free(GLM_TABLE_CELL_ACCESSIBLE(object)->name);
    G_OBJECT_CLASS(glm_table_cell_accessible_parent_class)->finalize(object);
}

static void glm_table_cell_accessible_class_init(GlmTableCellAccessibleClass *class) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(class);
    atk_class->get_name = cell_get_name;
    atk_class->get_role = cell_get_role;
    atk_class->get_parent = cell_get_parent;
    atk_class->get_index_in_parent = cell_get_index_in_parent;
    atk_class->get_n_children = cell_get_n_children;
    atk_class->ref_child = cell_ref_child;
    atk_class->get_attributes = cell_get_attributes;
    atk_class->ref_state_set = cell_ref_state_set;
    G_OBJECT_CLASS(class)->finalize = cell_finalize;
}

static void glm_table_cell_accessible_init(GlmTableCellAccessible *accessible) {
    (void)accessible;
}

/* ---- Where it is on screen: its widget's place ------------------------------------------ */

static void cell_get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height,
                             AtkCoordType coord_type) {
    *x = *y = *width = *height = 0;
    GtkWidget *cell = GLM_TABLE_CELL_ACCESSIBLE(component)->cell;
    if (cell != NULL)
        atk_component_get_extents(ATK_COMPONENT(gtk_widget_get_accessible(cell)), x, y, width, height, coord_type);
}

static void component_interface_init(AtkComponentIface *iface) {
    iface->get_extents = cell_get_extents;
}

/* ---- Its place in the table ------------------------------------------------------------- */

static gboolean cell_get_position(AtkTableCell *cell, gint *row, gint *column) {
    Place place;
    if (!place_of(ATK_OBJECT(cell), &place))
        return FALSE;
    *row = place.row.item_index;
    *column = place.column;
    return TRUE;
}

static AtkObject *cell_get_table(AtkTableCell *cell) {
    Place place;
    return place_of(ATK_OBJECT(cell), &place) ? g_object_ref(gtk_widget_get_accessible(place.list)) : NULL;
}

static void table_cell_interface_init(AtkTableCellIface *iface) {
    glm_accessible_table_cell_interface_fill(iface);
    iface->get_position = cell_get_position;
    iface->get_table = cell_get_table;
}

/* ---- Its actions: its widget's (a toggle's "toggle"), then its row's -------------------- */

/* The actions of the cell's row (a tree's), answered as a tree row's are. */
static const AtkActionIface *row_actions(void) {
    static AtkActionIface iface;
    static gsize filled = 0;
    if (g_once_init_enter(&filled)) {
        glm_accessible_tree_action_interface_init(&iface);
        g_once_init_leave(&filled, 1);
    }
    return &iface;
}

/* The accessible of the cell's widget when it has actions of its own, else NULL. */
static AtkAction *content_actions(AtkAction *action, gint *count) {
    GtkWidget *cell = GLM_TABLE_CELL_ACCESSIBLE(action)->cell;
    AtkObject *content = cell != NULL ? gtk_widget_get_accessible(cell) : NULL;
    *count = content != NULL && ATK_IS_ACTION(content) ? atk_action_get_n_actions(ATK_ACTION(content)) : 0;
    return *count > 0 ? ATK_ACTION(content) : NULL;
}

/* 1 when the table lets the user edit the cell now ("edit", after its widget's actions). */
static gint edit_actions(AtkAction *action) {
    Place place;
    gboolean editable = place_of(ATK_OBJECT(action), &place) &&
                        glm_accessible_table_cell_is_editable(place.list, place.row.item_index, place.column);
    return editable ? 1 : 0;
}

static gint action_get_n_actions(AtkAction *action) {
    gint count;
    content_actions(action, &count);
    return count + edit_actions(action) + row_actions()->get_n_actions(action);
}

/* A reader may ask for any index: a negative one is no action (and no critical of ATK's). */
static const gchar *action_get_name(AtkAction *action, gint index) {
    if (index < 0)
        return NULL;
    gint count;
    AtkAction *content = content_actions(action, &count);
    if (index < count)
        return atk_action_get_name(content, index);
    gint edit = edit_actions(action);
    return index < count + edit ? "edit" : row_actions()->get_name(action, index - count - edit);
}

static const gchar *action_get_description(AtkAction *action, gint index) {
    if (index < 0)
        return NULL;
    gint count;
    AtkAction *content = content_actions(action, &count);
    if (index < count)
        return atk_action_get_description(content, index);
    gint edit = edit_actions(action);
    return index < count + edit ? "Opens the cell's editor" : row_actions()->get_description(action, index - count - edit);
}

static gboolean action_do_action(AtkAction *action, gint index) {
    if (index < 0)
        return FALSE;
    gint count;
    AtkAction *content = content_actions(action, &count);
    if (index < count)
        return atk_action_do_action(content, index);
    gint edit = edit_actions(action);
    if (index < count + edit)
        return glm_accessible_table_cell_do_action(GLM_TABLE_CELL_ACCESSIBLE(action)->cell, "edit");
    return row_actions()->do_action(action, index - count - edit);
}

static void action_interface_init(AtkActionIface *iface) {
    iface->get_n_actions = action_get_n_actions;
    iface->get_name = action_get_name;
    iface->get_description = action_get_description;
    iface->do_action = action_do_action;
}
