/*
 * Selection asked for through accessibility is the user's: a screen reader user selecting a row
 * is a user selecting it. GTK's list box and flow box accessibles change the widget's selection
 * directly, which a host cannot tell from code driving the widget; their AtkSelection is wrapped
 * so that hosts can ask whether such a request is running.
 */
#include <gtk/gtk.h>
#include <gtk/gtk-a11y.h>
#include "glm_accessibility.h"
#include "glm_accessibility_private.h"

typedef struct {
    gboolean (*add_selection)(AtkSelection *selection, gint index);
    gboolean (*remove_selection)(AtkSelection *selection, gint index);
    gboolean (*clear_selection)(AtkSelection *selection);
    gboolean (*select_all_selection)(AtkSelection *selection);
} SelectionWrites;

static guint running_requests;

gboolean glm_accessible_is_handling_selection_request(void) {
    return running_requests > 0;
}

void glm_accessible_begin_selection_request(void) {
    running_requests++;
}

void glm_accessible_end_selection_request(void) {
    running_requests--;
}

static GQuark writes_quark(void) {
    return g_quark_from_static_string("glm-accessible-selection-writes");
}

/* GTK's own functions for the type (or the nearest ancestor) that was wrapped. */
static const SelectionWrites *original_writes(AtkSelection *selection) {
    for (GType type = G_OBJECT_TYPE(selection); type != 0; type = g_type_parent(type)) {
        const SelectionWrites *writes = g_type_get_qdata(type, writes_quark());
        if (writes != NULL)
            return writes;
    }
    g_return_val_if_reached(NULL);
}

static gboolean add_selection(AtkSelection *selection, gint index) {
    running_requests++;
    gboolean done = original_writes(selection)->add_selection(selection, index);
    running_requests--;
    return done;
}

static gboolean remove_selection(AtkSelection *selection, gint index) {
    running_requests++;
    gboolean done = original_writes(selection)->remove_selection(selection, index);
    running_requests--;
    return done;
}

static gboolean clear_selection(AtkSelection *selection) {
    running_requests++;
    gboolean done = original_writes(selection)->clear_selection(selection);
    running_requests--;
    return done;
}

static gboolean select_all_selection(AtkSelection *selection) {
    running_requests++;
    gboolean done = original_writes(selection)->select_all_selection(selection);
    running_requests--;
    return done;
}

/* Wraps the AtkSelection of `accessible_type`; see glm_accessible_count_selection_requests(). */
void glm_accessible_count_selection_requests_of_accessible(GType accessible_type) {
    if (g_type_get_qdata(accessible_type, writes_quark()) != NULL)
        return;
    // The class lives as long as the process, and so does the reference.
    gpointer klass = g_type_class_ref(accessible_type);
    AtkSelectionIface *iface = g_type_interface_peek(klass, ATK_TYPE_SELECTION);
    g_return_if_fail(iface != NULL);
    // A subclass made after its parent was wrapped inherits the wrapping: wrapping it again
    // would make the wrapper its own original.
    if (iface->add_selection == add_selection)
        return;
    SelectionWrites *writes = g_new(SelectionWrites, 1);
    *writes = (SelectionWrites){iface->add_selection, iface->remove_selection, iface->clear_selection,
                                iface->select_all_selection};
    g_type_set_qdata(accessible_type, writes_quark(), writes);
    if (writes->add_selection != NULL)
        iface->add_selection = add_selection;
    if (writes->remove_selection != NULL)
        iface->remove_selection = remove_selection;
    if (writes->clear_selection != NULL)
        iface->clear_selection = clear_selection;
    if (writes->select_all_selection != NULL)
        iface->select_all_selection = select_all_selection;
}

void glm_accessible_count_selection_requests(GType widget_type) {
    // GTK keeps a class's accessible type private: an instance tells it.
    GtkWidget *probe = g_object_ref_sink(g_object_new(widget_type, NULL));
    glm_accessible_count_selection_requests_of_accessible(G_OBJECT_TYPE(gtk_widget_get_accessible(probe)));
    gtk_widget_destroy(probe);
    g_object_unref(probe);
}
