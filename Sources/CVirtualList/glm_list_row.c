/*
 * GlmListRow: the widget a bound row's view sits in inside a GlmVirtualList. A GtkBin with the
 * CSS node "row" (themes style "list > row", selected, hovered and pressed), focusable, drawing
 * its focus, and activated by Enter, keypad Enter and Space (its "activate" signal).
 */
#include "glm_virtual_list.h"
#include "glm_virtual_list_private.h"

struct _GlmListRow {
    GtkBin parent_instance;
    /* Its place in the whole list, for the order of accessibility's children. */
    gint position;
    /* Drawn over the other rows (pinned), not among them. */
    gboolean overlaid;
};

enum {
    SIGNAL_ACTIVATE,
    SIGNAL_COUNT,
};

static guint row_signals[SIGNAL_COUNT];

G_DEFINE_TYPE(GlmListRow, glm_list_row, GTK_TYPE_BIN)

/* ---- The accessible: a row that says its place among the list's rows -------------------- */

/* GTK counts a widget's index in its parent in the order of the parent's children, which a
 * virtualized list keeps in no order (rows are reused wherever they are needed); its accessible
 * gives its rows in visual order, and each row says its index in that order. */
static gint list_row_accessible_get_index_in_parent(AtkObject *object) {
    GtkWidget *row = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    GtkWidget *list = row != NULL ? gtk_widget_get_parent(row) : NULL;
    return GLM_IS_VIRTUAL_LIST(list) ? glm_virtual_list_accessible_index_of(GLM_VIRTUAL_LIST(list), row) : -1;
}

static void list_row_accessible_class_init(gpointer klass, gpointer data) {
    (void)data;
    ATK_OBJECT_CLASS(klass)->get_index_in_parent = list_row_accessible_get_index_in_parent;
}

/* A subclass of the row accessible every host's rows have (glm_accessibility.h). */
static GType list_row_accessible_get_type(void) {
    static GType type;
    if (type == 0) {
        GType parent = glm_accessible_row_type(GTK_TYPE_CONTAINER_ACCESSIBLE);
        GTypeQuery query;
        g_type_query(parent, &query);
        GTypeInfo info = {
            .class_size = (guint16)query.class_size,
            .class_init = list_row_accessible_class_init,
            .instance_size = (guint16)query.instance_size,
        };
        type = g_type_register_static(parent, "GlmListRowAccessible", &info, 0);
    }
    return type;
}

static gboolean glm_list_row_draw(GtkWidget *widget, cairo_t *cr) {
    GtkStyleContext *context = gtk_widget_get_style_context(widget);
    gint width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget);
    gtk_render_background(context, cr, 0, 0, width, height);
    gtk_render_frame(context, cr, 0, 0, width, height);
    GTK_WIDGET_CLASS(glm_list_row_parent_class)->draw(widget, cr);
    if (gtk_widget_has_visible_focus(widget))
        gtk_render_focus(context, cr, 0, 0, width, height);
    return FALSE;
}

static void glm_list_row_get_preferred_height_for_width(GtkWidget *widget, gint width, gint *minimum, gint *natural) {
    GtkWidget *child = gtk_bin_get_child(GTK_BIN(widget));
    *minimum = *natural = 0;
    if (child != NULL && gtk_widget_get_visible(child))
        gtk_widget_get_preferred_height_for_width(child, width, minimum, natural);
}

static void glm_list_row_get_preferred_height(GtkWidget *widget, gint *minimum, gint *natural) {
    GtkWidget *child = gtk_bin_get_child(GTK_BIN(widget));
    *minimum = *natural = 0;
    if (child != NULL && gtk_widget_get_visible(child))
        gtk_widget_get_preferred_height(child, minimum, natural);
}

static void glm_list_row_get_preferred_width(GtkWidget *widget, gint *minimum, gint *natural) {
    GtkWidget *child = gtk_bin_get_child(GTK_BIN(widget));
    *minimum = *natural = 0;
    if (child != NULL && gtk_widget_get_visible(child))
        gtk_widget_get_preferred_width(child, minimum, natural);
}

static void glm_list_row_size_allocate(GtkWidget *widget, GtkAllocation *allocation) {
    gtk_widget_set_allocation(widget, allocation);
    GtkWidget *child = gtk_bin_get_child(GTK_BIN(widget));
    if (child != NULL && gtk_widget_get_visible(child))
        gtk_widget_size_allocate(child, allocation);
}

static void glm_list_row_class_init(GlmListRowClass *class) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
    widget_class->draw = glm_list_row_draw;
    widget_class->get_preferred_height = glm_list_row_get_preferred_height;
    widget_class->get_preferred_height_for_width = glm_list_row_get_preferred_height_for_width;
    widget_class->get_preferred_width = glm_list_row_get_preferred_width;
    widget_class->size_allocate = glm_list_row_size_allocate;

    row_signals[SIGNAL_ACTIVATE] = g_signal_new("activate", G_TYPE_FROM_CLASS(class), G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION,
                                                0, NULL, NULL, NULL, G_TYPE_NONE, 0);
    widget_class->activate_signal = row_signals[SIGNAL_ACTIVATE];

    GtkBindingSet *bindings = gtk_binding_set_by_class(class);
    gtk_binding_entry_add_signal(bindings, GDK_KEY_Return, 0, "activate", 0);
    gtk_binding_entry_add_signal(bindings, GDK_KEY_ISO_Enter, 0, "activate", 0);
    gtk_binding_entry_add_signal(bindings, GDK_KEY_KP_Enter, 0, "activate", 0);
    gtk_binding_entry_add_signal(bindings, GDK_KEY_space, 0, "activate", 0);
    gtk_binding_entry_add_signal(bindings, GDK_KEY_KP_Space, 0, "activate", 0);

    gtk_widget_class_set_css_name(widget_class, "row");
    gtk_widget_class_set_accessible_type(widget_class, list_row_accessible_get_type());
    gtk_widget_class_set_accessible_role(widget_class, ATK_ROLE_LIST_ITEM);
}

static void glm_list_row_init(GlmListRow *row) {
    gtk_widget_set_has_window(GTK_WIDGET(row), FALSE);
    /* Allocated again in place (a cell coming into view), the row does not draw again: the list
     * redraws a row it moves or resizes, and what changes inside draws itself. */
    gtk_widget_set_redraw_on_allocate(GTK_WIDGET(row), FALSE);
    gtk_widget_set_can_focus(GTK_WIDGET(row), TRUE);
}

GtkWidget *glm_list_row_new(void) {
    return g_object_new(GLM_TYPE_LIST_ROW, NULL);
}

void glm_list_row_set_position(GlmListRow *row, gint position) {
    row->position = position;
}

gint glm_list_row_get_position(GlmListRow *row) {
    return row->position;
}

void glm_list_row_set_overlaid(GlmListRow *row, gboolean overlaid) {
    row->overlaid = overlaid;
}

gboolean glm_list_row_is_overlaid(GlmListRow *row) {
    return row->overlaid;
}
