/*
 * Accessibility of the virtualized list: the list's ATK children are its bound rows only (not
 * the spare row widgets it keeps hidden), and every row tells its place in the whole list
 * ("posinset", "setsize"), so a screen reader says "row 5 of 1,000,000" though only the rows on
 * screen exist.
 */
#include "glm_virtual_list.h"
#include "glm_virtual_list_private.h"
#include <gtk/gtk-a11y.h>

/* ---- The list -------------------------------------------------------------------------- */

struct _GlmVirtualListAccessible {
    GtkContainerAccessible parent_instance;
};

G_DEFINE_TYPE(GlmVirtualListAccessible, glm_virtual_list_accessible, GTK_TYPE_CONTAINER_ACCESSIBLE)

static GlmVirtualList *accessible_list(AtkObject *object) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    return widget != NULL ? GLM_VIRTUAL_LIST(widget) : NULL;
}

static void glm_virtual_list_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(glm_virtual_list_accessible_parent_class)->initialize(object, data);
    glm_virtual_list_remember_accessible(GLM_VIRTUAL_LIST(data), object);
    atk_object_set_role(object, ATK_ROLE_LIST);
}

static gint glm_virtual_list_accessible_get_n_children(AtkObject *object) {
    GlmVirtualList *list = accessible_list(object);
    return list != NULL ? (gint)g_list_length(glm_virtual_list_active_children(list)) : 0;
}

static AtkObject *glm_virtual_list_accessible_ref_child(AtkObject *object, gint index) {
    GlmVirtualList *list = accessible_list(object);
    if (list == NULL || index < 0)
        return NULL;
    GtkWidget *child = g_list_nth_data(glm_virtual_list_active_children(list), (guint)index);
    return child != NULL ? g_object_ref(gtk_widget_get_accessible(child)) : NULL;
}

static AtkAttributeSet *add_attribute(AtkAttributeSet *attributes, const gchar *name, gint value) {
    AtkAttribute *attribute = g_new(AtkAttribute, 1);
    attribute->name = g_strdup(name);
    attribute->value = g_strdup_printf("%d", value);
    return g_slist_prepend(attributes, attribute);
}

static AtkAttributeSet *glm_virtual_list_accessible_get_attributes(AtkObject *object) {
    AtkAttributeSet *attributes = ATK_OBJECT_CLASS(glm_virtual_list_accessible_parent_class)->get_attributes(object);
    GlmVirtualList *list = accessible_list(object);
    return list != NULL ? add_attribute(attributes, "setsize", glm_virtual_list_get_row_count(list)) : attributes;
}

static void glm_virtual_list_accessible_class_init(GlmVirtualListAccessibleClass *class) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(class);
    atk_class->initialize = glm_virtual_list_accessible_initialize;
    atk_class->get_n_children = glm_virtual_list_accessible_get_n_children;
    atk_class->ref_child = glm_virtual_list_accessible_ref_child;
    atk_class->get_attributes = glm_virtual_list_accessible_get_attributes;
}

static void glm_virtual_list_accessible_init(GlmVirtualListAccessible *accessible) {
    (void)accessible;
}

/* ---- A row ----------------------------------------------------------------------------- */

struct _GlmListRowAccessible {
    GtkContainerAccessible parent_instance;
};

G_DEFINE_TYPE(GlmListRowAccessible, glm_list_row_accessible, GTK_TYPE_CONTAINER_ACCESSIBLE)

static void glm_list_row_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(glm_list_row_accessible_parent_class)->initialize(object, data);
    atk_object_set_role(object, ATK_ROLE_LIST_ITEM);
}

static AtkAttributeSet *glm_list_row_accessible_get_attributes(AtkObject *object) {
    AtkAttributeSet *attributes = ATK_OBJECT_CLASS(glm_list_row_accessible_parent_class)->get_attributes(object);
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    if (widget == NULL)
        return attributes;
    gint position = 0, total = 0;
    glm_list_row_get_position(GLM_LIST_ROW(widget), &position, &total);
    if (total <= 0)
        return attributes;
    attributes = add_attribute(attributes, "posinset", position + 1);
    return add_attribute(attributes, "setsize", total);
}

static void glm_list_row_accessible_class_init(GlmListRowAccessibleClass *class) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(class);
    atk_class->initialize = glm_list_row_accessible_initialize;
    atk_class->get_attributes = glm_list_row_accessible_get_attributes;
}

static void glm_list_row_accessible_init(GlmListRowAccessible *accessible) {
    (void)accessible;
}
