/*
 * A GtkListBox that becomes a table to screen readers when a table is set on it
 * (glm_accessible_set_table()): role "table" or "tree table" and the table interface, its rows
 * and their cells answered by the table. Without one it is GTK's list box.
 */
#include <gtk/gtk.h>
#include <gtk/gtk-a11y.h>
#include "glm_accessibility.h"
#include "glm_accessibility_private.h"

#define GLM_TYPE_TABLE_LIST_BOX (glm_table_list_box_get_type())
G_DECLARE_FINAL_TYPE(GlmTableListBox, glm_table_list_box, GLM, TABLE_LIST_BOX, GtkListBox)

#define GLM_TYPE_TABLE_LIST_BOX_ACCESSIBLE (glm_table_list_box_accessible_get_type())
G_DECLARE_FINAL_TYPE(GlmTableListBoxAccessible, glm_table_list_box_accessible, GLM, TABLE_LIST_BOX_ACCESSIBLE,
                     GtkListBoxAccessible)

struct _GlmTableListBox {
    GtkListBox parent_instance;
};

struct _GlmTableListBoxAccessible {
    GtkListBoxAccessible parent_instance;
};

G_DEFINE_TYPE(GlmTableListBox, glm_table_list_box, GTK_TYPE_LIST_BOX)

G_DEFINE_TYPE_WITH_CODE(GlmTableListBoxAccessible, glm_table_list_box_accessible, GTK_TYPE_LIST_BOX_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TABLE, glm_accessible_table_interface_init))

static void glm_table_list_box_class_init(GlmTableListBoxClass *class) {
    gtk_widget_class_set_accessible_type(GTK_WIDGET_CLASS(class), GLM_TYPE_TABLE_LIST_BOX_ACCESSIBLE);
    glm_accessible_count_selection_requests_of_accessible(GLM_TYPE_TABLE_LIST_BOX_ACCESSIBLE);
}

static void glm_table_list_box_init(GlmTableListBox *box) {
    (void)box;
}

static AtkRole glm_table_list_box_accessible_get_role(AtkObject *object) {
    gint role = glm_accessible_list_role(gtk_accessible_get_widget(GTK_ACCESSIBLE(object)));
    return role != ATK_ROLE_INVALID ? (AtkRole)role
                                    : ATK_OBJECT_CLASS(glm_table_list_box_accessible_parent_class)->get_role(object);
}

static void glm_table_list_box_accessible_class_init(GlmTableListBoxAccessibleClass *class) {
    ATK_OBJECT_CLASS(class)->get_role = glm_table_list_box_accessible_get_role;
}

static void glm_table_list_box_accessible_init(GlmTableListBoxAccessible *accessible) {
    (void)accessible;
}

GtkWidget *glm_accessible_table_list_box_new(void) {
    return g_object_new(GLM_TYPE_TABLE_LIST_BOX, NULL);
}
