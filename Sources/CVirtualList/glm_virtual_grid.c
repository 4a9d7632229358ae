/*
 * GlmVirtualGrid: the same list, laid out as a grid by its host, and a table to accessibility.
 */
#include "glm_virtual_list.h"
#include "glm_virtual_list_private.h"

#define GLM_TYPE_VIRTUAL_GRID (glm_virtual_grid_get_type())
G_DECLARE_FINAL_TYPE(GlmVirtualGrid, glm_virtual_grid, GLM, VIRTUAL_GRID, GlmVirtualList)

struct _GlmVirtualGrid {
    GlmVirtualList parent_instance;
};

G_DEFINE_TYPE(GlmVirtualGrid, glm_virtual_grid, GLM_TYPE_VIRTUAL_LIST)

static void glm_virtual_grid_class_init(GlmVirtualGridClass *class) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
    gtk_widget_class_set_accessible_type(widget_class, GLM_TYPE_VIRTUAL_GRID_ACCESSIBLE);
    gtk_widget_class_set_accessible_role(widget_class, ATK_ROLE_TABLE);
}

static void glm_virtual_grid_init(GlmVirtualGrid *grid) {
    (void)grid;
}

GtkWidget *glm_virtual_list_new_grid(void) {
    return g_object_new(GLM_TYPE_VIRTUAL_GRID, NULL);
}
