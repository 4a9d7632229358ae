/*
 * The accessible of a host's row widget: a subclass, made at run time, of the accessible GTK
 * gives the widget's parent class (a list box row's, a flow box child's, a plain container's),
 * that asks the list's describer what the row is rather than guessing from its widgets.
 */
#include <gtk/gtk.h>
#include <gtk/gtk-a11y.h>
#include "glm_accessibility.h"
#include "glm_accessibility_private.h"

typedef struct {
    GlmAccessibleRowDescriber describe;
    gpointer user_data;
    GDestroyNotify destroy;
} Describer;

static GQuark describer_quark(void) {
    return g_quark_from_static_string("glm-accessible-row-describer");
}

/* On a container: how its host focuses a row (glm_accessible_set_row_focuser()). */
static GQuark focuser_quark(void) {
    return g_quark_from_static_string("glm-accessible-row-focuser");
}

/* On each subclass: the accessible type it extends. */
static GQuark parent_type_quark(void) {
    return g_quark_from_static_string("glm-accessible-row-parent");
}

/* On each accessible: the name returned last, kept until the next one (ATK returns it const). */
static GQuark name_quark(void) {
    return g_quark_from_static_string("glm-accessible-row-name");
}

static void describer_free(gpointer data) {
    Describer *describer = data;
    if (describer->destroy != NULL)
        describer->destroy(describer->user_data);
    g_free(describer);
}

void glm_accessible_row_init(GlmAccessibleRow *row) {
    *row = (GlmAccessibleRow){
        .kind = GLM_ACCESSIBLE_ROW_ITEM, .item_index = -1, .grid_row = -1, .grid_column = -1, .level = -1,
        .sibling_index = -1};
}

void glm_accessible_set_row_describer(GtkWidget *container, GlmAccessibleRowDescriber describe, gpointer user_data,
                                      GDestroyNotify destroy) {
    // Rows are full of labels, which any client may ask about with any offset.
    glm_accessible_guard_label_text();
    Describer *describer = g_new(Describer, 1);
    *describer = (Describer){describe, user_data, destroy};
    g_object_set_qdata_full(G_OBJECT(container), describer_quark(), describer, describer_free);
}

typedef struct {
    GlmAccessibleRowFocuser focus;
    gpointer user_data;
    GDestroyNotify destroy;
} Focuser;

static void focuser_free(gpointer data) {
    Focuser *focuser = data;
    if (focuser->destroy != NULL)
        focuser->destroy(focuser->user_data);
    g_free(focuser);
}

void glm_accessible_set_row_focuser(GtkWidget *container, GlmAccessibleRowFocuser focus, gpointer user_data,
                                    GDestroyNotify destroy) {
    Focuser *focuser = g_new(Focuser, 1);
    *focuser = (Focuser){focus, user_data, destroy};
    g_object_set_qdata_full(G_OBJECT(container), focuser_quark(), focuser, focuser_free);
}

/* Focuses `row_widget` through its nearest container's focuser; TRUE when it has none. */
static gboolean focus_through_host(GtkWidget *row_widget) {
    for (GtkWidget *widget = gtk_widget_get_parent(row_widget); widget != NULL; widget = gtk_widget_get_parent(widget)) {
        Focuser *focuser = g_object_get_qdata(G_OBJECT(widget), focuser_quark());
        if (focuser != NULL)
            return focuser->focus(row_widget, focuser->user_data);
    }
    return TRUE;
}

gboolean glm_accessible_describe_row(GtkWidget *row_widget, GlmAccessibleRow *row) {
    glm_accessible_row_init(row);
    for (GtkWidget *widget = gtk_widget_get_parent(row_widget); widget != NULL; widget = gtk_widget_get_parent(widget)) {
        Describer *describer = g_object_get_qdata(G_OBJECT(widget), describer_quark());
        if (describer != NULL)
            return describer->describe(row_widget, row, describer->user_data);
    }
    return FALSE;
}

/* ---- Label texts ------------------------------------------------------------------------ */

static void append_text(GString *texts, const gchar *text) {
    if (text == NULL || text[0] == '\0')
        return;
    if (texts->len > 0)
        g_string_append(texts, ", ");
    g_string_append(texts, text);
}

static void collect_label_texts(GtkWidget *widget, gpointer data) {
    GString *texts = data;
    if (!gtk_widget_get_visible(widget))
        return;
    if (GTK_IS_LABEL(widget)) {
        append_text(texts, gtk_label_get_text(GTK_LABEL(widget)));
    } else if (GTK_IS_CONTAINER(widget)) {
        gtk_container_forall(GTK_CONTAINER(widget), collect_label_texts, texts);
    } else {
        // A label of another kind (a table's text cell): its accessible says what it reads.
        AtkObject *accessible = gtk_widget_get_accessible(widget);
        if (atk_object_get_role(accessible) == ATK_ROLE_LABEL)
            append_text(texts, atk_object_get_name(accessible));
    }
}

gchar *glm_accessible_label_texts(GtkWidget *widget) {
    GString *texts = g_string_new(NULL);
    collect_label_texts(widget, texts);
    return g_string_free(texts, texts->len == 0);
}

/* ---- The subclass ----------------------------------------------------------------------- */

/* The class the subclass extends, found from any accessible of it (or of a subclass of it). */
static AtkObjectClass *parent_class_of(AtkObject *object) {
    for (GType type = G_OBJECT_TYPE(object); type != 0; type = g_type_parent(type)) {
        gpointer parent = g_type_get_qdata(type, parent_type_quark());
        if (parent != NULL)
            return g_type_class_peek((GType)GPOINTER_TO_SIZE(parent));
    }
    g_return_val_if_reached(NULL);
}

static GtkWidget *row_widget_of(AtkObject *object) {
    return gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
}

static gboolean describe(AtkObject *object, GlmAccessibleRow *row) {
    GtkWidget *widget = row_widget_of(object);
    if (widget == NULL) {
        glm_accessible_row_init(row);
        return FALSE;
    }
    return glm_accessible_describe_row(widget, row);
}

static const gchar *keep_name(AtkObject *object, gchar *name) {
    g_object_set_qdata_full(G_OBJECT(object), name_quark(), name, g_free);
    return name;
}

static const gchar *row_get_name(AtkObject *object) {
    // A name the application set itself wins, as everywhere in ATK.
    if (object->name != NULL)
        return object->name;
    GlmAccessibleRow row;
    gboolean described = describe(object, &row);
    if (described && row.name != NULL)
        return keep_name(object, row.name);
    const gchar *inherited = parent_class_of(object)->get_name(object);
    if (inherited != NULL && inherited[0] != '\0')
        return inherited;
    GtkWidget *widget = row_widget_of(object);
    return widget != NULL ? keep_name(object, glm_accessible_label_texts(widget)) : NULL;
}

/* Whether the row is one of a table's (glm_accessible_set_table() on its list). */
static gboolean is_table_row(AtkObject *object) {
    GtkWidget *widget = row_widget_of(object);
    return widget != NULL && glm_accessible_table_of(gtk_widget_get_parent(widget)) != NULL;
}

static AtkRole row_get_role(AtkObject *object) {
    GlmAccessibleRow row;
    if (describe(object, &row)) {
        g_free(row.name);
        switch (row.kind) {
        case GLM_ACCESSIBLE_ROW_HEADER:
            return ATK_ROLE_HEADING;
        case GLM_ACCESSIBLE_ROW_FOOTER:
            return ATK_ROLE_FOOTER;
        case GLM_ACCESSIBLE_ROW_ITEM:
            // Whatever widget a host puts its rows in (a list box row, an event box).
            if (is_table_row(object))
                return ATK_ROLE_TABLE_ROW;
            return glm_accessible_item_role(&row);
        }
    }
    return parent_class_of(object)->get_role(object);
}

AtkRole glm_accessible_item_role(const GlmAccessibleRow *row) {
    if (row->grid_row >= 0)
        return ATK_ROLE_TABLE_CELL;
    return row->level >= 0 ? ATK_ROLE_TREE_ITEM : ATK_ROLE_LIST_ITEM;
}

GSList *glm_accessible_add_number_attribute(GSList *attributes, const gchar *name, gint value) {
    AtkAttribute *attribute = g_new(AtkAttribute, 1);
    attribute->name = g_strdup(name);
    attribute->value = g_strdup_printf("%d", value);
    return g_slist_prepend(attributes, attribute);
}

GSList *glm_accessible_add_cell_indexes(GSList *attributes, gint row, gint column) {
    attributes = glm_accessible_add_number_attribute(attributes, "rowindex", row + 1);
    return column >= 0 ? glm_accessible_add_number_attribute(attributes, "colindex", column + 1) : attributes;
}

GSList *glm_accessible_add_place(GSList *attributes, const GlmAccessibleRow *row) {
    if (row->kind == GLM_ACCESSIBLE_ROW_ITEM && row->grid_row >= 0)
        attributes = glm_accessible_add_cell_indexes(attributes, row->grid_row, row->grid_column);
    if (row->kind == GLM_ACCESSIBLE_ROW_ITEM && row->level >= 0 && row->sibling_index >= 0) {
        /* A tree row: its depth (from 1, as readers say it) and its place among its siblings. */
        attributes = glm_accessible_add_number_attribute(attributes, "level", row->level + 1);
        attributes = glm_accessible_add_number_attribute(attributes, "posinset", row->sibling_index + 1);
        return glm_accessible_add_number_attribute(attributes, "setsize", row->sibling_count);
    }
    if (row->kind != GLM_ACCESSIBLE_ROW_ITEM || row->item_index < 0 || row->item_count <= 0)
        return attributes;
    attributes = glm_accessible_add_number_attribute(attributes, "posinset", row->item_index + 1);
    return glm_accessible_add_number_attribute(attributes, "setsize", row->item_count);
}

static AtkAttributeSet *row_get_attributes(AtkObject *object) {
    AtkAttributeSet *attributes = parent_class_of(object)->get_attributes(object);
    GlmAccessibleRow row;
    if (!describe(object, &row))
        return attributes;
    g_free(row.name);
    // A table's row says its row in the table, as its cells do.
    if (row.kind == GLM_ACCESSIBLE_ROW_ITEM && row.item_index >= 0 && is_table_row(object))
        attributes = glm_accessible_add_cell_indexes(attributes, row.item_index, -1);
    return glm_accessible_add_place(attributes, &row);
}

/* A table's row: its children are its cells, by column, not the widgets they sit in. */
static gint row_get_n_children(AtkObject *object) {
    if (!is_table_row(object))
        return parent_class_of(object)->get_n_children(object);
    GPtrArray *cells = glm_accessible_table_cells_of_row(row_widget_of(object));
    gint count = (gint)cells->len;
    g_ptr_array_unref(cells);
    return count;
}

static AtkObject *row_ref_child(AtkObject *object, gint index) {
    if (!is_table_row(object))
        return parent_class_of(object)->ref_child(object, index);
    GPtrArray *cells = glm_accessible_table_cells_of_row(row_widget_of(object));
    AtkObject *child = index >= 0 && (guint)index < cells->len
                           ? g_object_ref(glm_table_cell_accessible_get(g_ptr_array_index(cells, index)))
                           : NULL;
    g_ptr_array_unref(cells);
    return child;
}

/* Whether the row lies outside the window of a parent that is its own viewport (a virtualized
 * list keeps the focused row bound, placed just above the window, while it scrolls away). */
static gboolean is_outside_viewport(GtkWidget *widget) {
    GtkWidget *parent = gtk_widget_get_parent(widget);
    if (parent == NULL || !gtk_widget_get_has_window(parent) || GTK_IS_VIEWPORT(parent))
        return FALSE;
    GtkAllocation row, viewport;
    gtk_widget_get_allocation(widget, &row);
    gtk_widget_get_allocation(parent, &viewport);
    return row.y + row.height <= 0 || row.y >= viewport.height;
}

static AtkStateSet *row_ref_state_set(AtkObject *object) {
    AtkStateSet *states = parent_class_of(object)->ref_state_set(object);
    GtkWidget *widget = row_widget_of(object);
    if (widget != NULL && is_outside_viewport(widget))
        atk_state_set_remove_state(states, ATK_STATE_SHOWING);
    GlmAccessibleRow row;
    if (!describe(object, &row))
        return states;
    g_free(row.name);
    if (row.kind != GLM_ACCESSIBLE_ROW_ITEM) {
        atk_state_set_remove_state(states, ATK_STATE_SELECTABLE);
        atk_state_set_remove_state(states, ATK_STATE_SELECTED);
        return states;
    }
    if (row.selectable)
        atk_state_set_add_state(states, ATK_STATE_SELECTABLE);
    if (widget != NULL && (gtk_widget_get_state_flags(widget) & GTK_STATE_FLAG_SELECTED) != 0)
        atk_state_set_add_state(states, ATK_STATE_SELECTED);
    glm_accessible_add_tree_states(states, &row);
    return states;
}

void glm_accessible_add_tree_states(AtkStateSet *states, const GlmAccessibleRow *row) {
    if (row->kind != GLM_ACCESSIBLE_ROW_ITEM || row->level < 0 || !row->expandable)
        return;
    atk_state_set_add_state(states, ATK_STATE_EXPANDABLE);
    if (row->expanded)
        atk_state_set_add_state(states, ATK_STATE_EXPANDED);
}

/* ---- Table cells ------------------------------------------------------------------------ */

static gboolean cell_get_position(AtkTableCell *cell, gint *row_index, gint *column_index) {
    GlmAccessibleRow row;
    gboolean described = describe(ATK_OBJECT(cell), &row);
    g_free(row.name);
    if (!described || row.grid_row < 0)
        return FALSE;
    *row_index = row.grid_row;
    *column_index = row.grid_column;
    return TRUE;
}

static AtkObject *cell_get_table(AtkTableCell *cell) {
    AtkObject *parent = atk_object_get_parent(ATK_OBJECT(cell));
    return parent != NULL ? g_object_ref(parent) : NULL;
}

static void table_cell_interface_init(AtkTableCellIface *iface) {
    glm_accessible_table_cell_interface_fill(iface);
    iface->get_position = cell_get_position;
    iface->get_table = cell_get_table;
}

/* ---- Focus ------------------------------------------------------------------------------ */

/* A reader focusing a row focuses it as its host does (its keyboard cursor moves there), then
 * as GTK does (the window comes up). */
static gboolean row_grab_focus(AtkComponent *component) {
    AtkObject *object = ATK_OBJECT(component);
    AtkComponentIface *inherited = g_type_interface_peek(parent_class_of(object), ATK_TYPE_COMPONENT);
    GtkWidget *widget = row_widget_of(object);
    if (widget == NULL || !focus_through_host(widget))
        return FALSE;
    return inherited != NULL && inherited->grab_focus != NULL && inherited->grab_focus(component);
}

static void component_interface_init(AtkComponentIface *iface) {
    iface->grab_focus = row_grab_focus;
}

/* GTK 3 announces a row taking the focus twice when its accessible already exists: once from
 * the widget's focus-in (this handler) and once from its focus tracker, on idle. Screen readers
 * drop floods of focus events, so the focus tracker's alone announces it; losing the focus is
 * still told here. */
static void row_focus_event(AtkObject *object, gboolean focus_in) {
    if (!focus_in)
        parent_class_of(object)->focus_event(object, focus_in);
}

static void row_class_init(gpointer klass, gpointer data) {
    (void)data;
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    atk_class->get_name = row_get_name;
    atk_class->get_role = row_get_role;
    atk_class->get_attributes = row_get_attributes;
    atk_class->get_n_children = row_get_n_children;
    atk_class->ref_child = row_ref_child;
    atk_class->ref_state_set = row_ref_state_set;
    atk_class->focus_event = row_focus_event;
}

GType glm_accessible_row_type(GType parent) {
    static GHashTable *types;  // parent type → subclass; touched on the GTK thread only
    if (types == NULL)
        types = g_hash_table_new(NULL, NULL);
    gpointer known = g_hash_table_lookup(types, GSIZE_TO_POINTER(parent));
    if (known != NULL)
        return (GType)GPOINTER_TO_SIZE(known);

    GTypeQuery query;
    g_type_query(parent, &query);
    gchar *name = g_strdup_printf("GlmAccessibleRow_%s", g_type_name(parent));
    GTypeInfo info = {
        .class_size = (guint16)query.class_size,
        .class_init = row_class_init,
        .instance_size = (guint16)query.instance_size,
    };
    GType type = g_type_register_static(parent, name, &info, 0);
    g_free(name);
    const GInterfaceInfo table_cell = {.interface_init = (GInterfaceInitFunc)table_cell_interface_init};
    g_type_add_interface_static(type, ATK_TYPE_TABLE_CELL, &table_cell);
    const GInterfaceInfo action = {.interface_init = (GInterfaceInitFunc)glm_accessible_tree_action_interface_init};
    g_type_add_interface_static(type, ATK_TYPE_ACTION, &action);
    // Every parent is a widget's accessible, which has a component; this one changes its focus.
    const GInterfaceInfo component = {.interface_init = (GInterfaceInitFunc)component_interface_init};
    g_type_add_interface_static(type, ATK_TYPE_COMPONENT, &component);
    g_type_set_qdata(type, parent_type_quark(), GSIZE_TO_POINTER(parent));
    g_hash_table_insert(types, GSIZE_TO_POINTER(parent), GSIZE_TO_POINTER(type));
    return type;
}

GType glm_accessible_row_type_for_widget(GType widget_type) {
    static GHashTable *types;  // widget type → row accessible type; on the GTK thread only
    if (types == NULL)
        types = g_hash_table_new(NULL, NULL);
    gpointer known = g_hash_table_lookup(types, GSIZE_TO_POINTER(widget_type));
    if (known != NULL)
        return (GType)GPOINTER_TO_SIZE(known);
    // GTK keeps a class's accessible type private: an instance tells it.
    GtkWidget *probe = g_object_ref_sink(g_object_new(widget_type, NULL));
    GType type = glm_accessible_row_type(G_OBJECT_TYPE(gtk_widget_get_accessible(probe)));
    gtk_widget_destroy(probe);
    g_object_unref(probe);
    g_hash_table_insert(types, GSIZE_TO_POINTER(widget_type), GSIZE_TO_POINTER(type));
    return type;
}
