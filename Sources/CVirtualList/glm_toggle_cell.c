#include "glm_toggle_cell.h"
#include <gtk/gtk-a11y.h>
#include "glm_accessibility.h"
#include "glm_table_row.h"

/* The renderer's padding around the indicator (GtkCellRendererToggle's xpad and ypad). */
#define CELL_PADDING 2

struct _GlmToggleCell {
    GtkWidget parent;
    float xalign;
    /* The indicator's content size (CSS min-width and min-height) and its CSS padding and
     * border, kept until the style changes. */
    int content_width, content_height;
    GtkBorder padding, border;
    guint active : 1;
    guint inconsistent : 1;
    guint activatable : 1;
    guint has_size : 1;
    guint has_accessible : 1;
};

G_DEFINE_TYPE(GlmToggleCell, glm_toggle_cell, GTK_TYPE_WIDGET)

/* The radio cell: the same widget under the CSS name `radio`, which GTK 3 sets per class. */
typedef struct {
    GlmToggleCell parent;
} GlmRadioCell;

typedef struct {
    GlmToggleCellClass parent_class;
} GlmRadioCellClass;

static GType glm_radio_cell_get_type(void);
G_DEFINE_TYPE(GlmRadioCell, glm_radio_cell, GLM_TYPE_TOGGLE_CELL)

/* ---- The accessible: a check box (or radio button) with the action "toggle" -------------- */

typedef struct {
    GtkWidgetAccessible parent;
} GlmToggleCellAccessible;

typedef struct {
    GtkWidgetAccessibleClass parent_class;
} GlmToggleCellAccessibleClass;

static void action_interface_init(AtkActionIface *iface);

static GType glm_toggle_cell_accessible_get_type(void);
G_DEFINE_TYPE_WITH_CODE(GlmToggleCellAccessible, glm_toggle_cell_accessible, GTK_TYPE_WIDGET_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, action_interface_init))

static GlmToggleCell *cell_of(gpointer accessible) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(accessible));
    return widget != NULL ? GLM_TOGGLE_CELL(widget) : NULL;
}

static void glm_toggle_cell_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(glm_toggle_cell_accessible_parent_class)->initialize(object, data);
    object->role = glm_toggle_cell_get_radio(GLM_TOGGLE_CELL(data)) ? ATK_ROLE_RADIO_BUTTON : ATK_ROLE_CHECK_BOX;
    GLM_TOGGLE_CELL(data)->has_accessible = TRUE;
}

/* The widget's states (sensitive and enabled only when the user may toggle it: the widget is
 * insensitive otherwise), and its value's. */
static AtkStateSet *glm_toggle_cell_accessible_ref_state_set(AtkObject *object) {
    AtkStateSet *states = ATK_OBJECT_CLASS(glm_toggle_cell_accessible_parent_class)->ref_state_set(object);
    GlmToggleCell *cell = cell_of(object);
    if (cell == NULL)
        return states;
    atk_state_set_add_state(states, ATK_STATE_CHECKABLE);
    if (cell->active)
        atk_state_set_add_state(states, ATK_STATE_CHECKED);
    if (cell->inconsistent)
        atk_state_set_add_state(states, ATK_STATE_INDETERMINATE);
    return states;
}

static void glm_toggle_cell_accessible_class_init(GlmToggleCellAccessibleClass *klass) {
    ATK_OBJECT_CLASS(klass)->initialize = glm_toggle_cell_accessible_initialize;
    ATK_OBJECT_CLASS(klass)->ref_state_set = glm_toggle_cell_accessible_ref_state_set;
}

static void glm_toggle_cell_accessible_init(GlmToggleCellAccessible *accessible) { (void)accessible; }

static gint action_get_n_actions(AtkAction *action) {
    return cell_of(action) != NULL ? 1 : 0;
}

static const gchar *action_get_name(AtkAction *action, gint index) {
    return index == 0 && cell_of(action) != NULL ? "toggle" : NULL;
}

static const gchar *action_get_description(AtkAction *action, gint index) {
    return index == 0 && cell_of(action) != NULL ? "Toggles the cell" : NULL;
}

/* The table holding the cell toggles it (it tells the app, which changes its value): a cell
 * the user may not toggle does nothing. */
static gboolean action_do_action(AtkAction *action, gint index) {
    GlmToggleCell *cell = cell_of(action);
    if (index != 0 || cell == NULL || !cell->activatable)
        return FALSE;
    return glm_accessible_table_cell_do_action(GTK_WIDGET(cell), "toggle");
}

static void action_interface_init(AtkActionIface *iface) {
    iface->get_n_actions = action_get_n_actions;
    iface->get_name = action_get_name;
    iface->get_description = action_get_description;
    iface->do_action = action_do_action;
}

/* Tells readers that a state changed: a table's cell through the table cell holding it (it
 * says the cell's states), a cell alone on screen through the check box. A cell the table let
 * go of (pooled, hidden in its row, filled to answer a question about a row with no widget)
 * tells nothing: it shows no row. */
static void notify_state(GlmToggleCell *cell, AtkStateType state, gboolean value) {
    if (!cell->has_accessible)
        return;  // no reader asked about it: nothing to tell
    GtkWidget *widget = GTK_WIDGET(cell);
    if (!glm_accessible_table_cell_notify_state(widget, state, value) && gtk_widget_get_mapped(widget))
        atk_object_notify_state_change(gtk_widget_get_accessible(widget), state, value);
}

/* ---- Measuring and drawing -------------------------------------------------------------- */

/* The context the indicator is styled under: in a table row, the row's indicator node (it never
 * moves, so GTK keeps the styles computed under it; a cell's own node drops them each time the
 * cell goes to another row: CONTRIBUTING, Hot paths: 21), else the cell's own. */
static GtkStyleContext *indicator_parent_context(GlmToggleCell *cell) {
    GtkWidget *parent = gtk_widget_get_parent(GTK_WIDGET(cell));
    if (parent != NULL && GLM_IS_TABLE_ROW(parent))
        return gtk_widget_get_style_context(
            glm_table_row_get_indicator_node(GLM_TABLE_ROW(parent), glm_toggle_cell_get_radio(cell)));
    return gtk_widget_get_style_context(GTK_WIDGET(cell));
}

GtkStyleContext *glm_toggle_cell_save_indicator_style(GlmToggleCell *cell) {
    g_return_val_if_fail(GLM_IS_TOGGLE_CELL(cell), NULL);
    GtkStyleContext *own = gtk_widget_get_style_context(GTK_WIDGET(cell));
    GtkStyleContext *context = indicator_parent_context(cell);
    GtkStateFlags state = gtk_style_context_get_state(own) & ~(GTK_STATE_FLAG_CHECKED | GTK_STATE_FLAG_INCONSISTENT);
    gtk_style_context_save(context);
    /* The copy is of the row's node: it takes the cell's style classes (the table's cursor or
     * selected cell, the app's) and state (insensitive, hover), as the cell's own copy has. */
    if (context != own) {
        GList *classes = gtk_style_context_list_classes(own);
        for (GList *iter = classes; iter != NULL; iter = iter->next)
            gtk_style_context_add_class(context, iter->data);
        g_list_free(classes);
    }
    if (cell->active)
        state |= GTK_STATE_FLAG_CHECKED;
    if (cell->inconsistent)
        state |= GTK_STATE_FLAG_INCONSISTENT;
    gtk_style_context_set_state(context, state);
    return context;
}

/* The indicator's size from the theme, as GtkCellRendererToggle reads it (its indicator-size
 * unset): CSS min-width and min-height, then padding and border around them. */
static void measure(GlmToggleCell *cell) {
    if (cell->has_size)
        return;
    GtkStyleContext *context = glm_toggle_cell_save_indicator_style(cell);
    GtkStateFlags state = gtk_style_context_get_state(context);
    gtk_style_context_get(context, state, "min-width", &cell->content_width, "min-height", &cell->content_height, NULL);
    gtk_style_context_get_padding(context, state, &cell->padding);
    gtk_style_context_get_border(context, state, &cell->border);
    gtk_style_context_restore(context);
    cell->has_size = TRUE;
}

/* The indicator's outer size (its padding and border included). */
static void indicator_size(GlmToggleCell *cell, int *width, int *height) {
    measure(cell);
    *width = cell->content_width + cell->padding.left + cell->padding.right + cell->border.left + cell->border.right;
    *height = cell->content_height + cell->padding.top + cell->padding.bottom + cell->border.top + cell->border.bottom;
}

static void glm_toggle_cell_get_preferred_width(GtkWidget *widget, gint *minimum, gint *natural) {
    int width, height;
    indicator_size(GLM_TOGGLE_CELL(widget), &width, &height);
    *minimum = *natural = width + 2 * CELL_PADDING;
}

static void glm_toggle_cell_get_preferred_height(GtkWidget *widget, gint *minimum, gint *natural) {
    int width, height;
    indicator_size(GLM_TOGGLE_CELL(widget), &width, &height);
    *minimum = *natural = height + 2 * CELL_PADDING;
}

void glm_toggle_cell_get_indicator_area(GlmToggleCell *cell, GdkRectangle *area) {
    g_return_if_fail(GLM_IS_TOGGLE_CELL(cell));
    GtkWidget *widget = GTK_WIDGET(cell);
    indicator_size(cell, &area->width, &area->height);
    float xalign = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? 1 - cell->xalign : cell->xalign;
    int free_width = gtk_widget_get_allocated_width(widget) - area->width - 2 * CELL_PADDING;
    int free_height = gtk_widget_get_allocated_height(widget) - area->height - 2 * CELL_PADDING;
    // Whole pixels, truncated as the renderer's offsets are.
    area->x = CELL_PADDING + MAX((int)(xalign * free_width), 0);
    area->y = CELL_PADDING + MAX((int)(0.5f * free_height), 0);
}

static gboolean glm_toggle_cell_draw(GtkWidget *widget, cairo_t *cr) {
    GlmToggleCell *cell = GLM_TOGGLE_CELL(widget);
    GdkRectangle area;
    glm_toggle_cell_get_indicator_area(cell, &area);
    if (area.width <= 0 || area.height <= 0)
        return FALSE;
    GtkStyleContext *context = glm_toggle_cell_save_indicator_style(cell);
    // Cut to the cell, as the renderer cuts to its cell area.
    cairo_save(cr);
    cairo_rectangle(cr, 0, 0, gtk_widget_get_allocated_width(widget), gtk_widget_get_allocated_height(widget));
    cairo_clip(cr);
    gtk_render_background(context, cr, area.x, area.y, area.width, area.height);
    gtk_render_frame(context, cr, area.x, area.y, area.width, area.height);
    int inset_x = cell->padding.left + cell->border.left, inset_y = cell->padding.top + cell->border.top;
    int content_width = area.width - inset_x - cell->padding.right - cell->border.right;
    int content_height = area.height - inset_y - cell->padding.bottom - cell->border.bottom;
    if (glm_toggle_cell_get_radio(cell))
        gtk_render_option(context, cr, area.x + inset_x, area.y + inset_y, content_width, content_height);
    else
        gtk_render_check(context, cr, area.x + inset_x, area.y + inset_y, content_width, content_height);
    cairo_restore(cr);
    gtk_style_context_restore(context);
    return FALSE;
}

/* A style change (the theme, or a state: selected, insensitive) may change the indicator's
 * size: read it again when next measured or drawn. GTK's own handler resizes or redraws the
 * cell as the change asks. */
static void glm_toggle_cell_style_updated(GtkWidget *widget) {
    GTK_WIDGET_CLASS(glm_toggle_cell_parent_class)->style_updated(widget);
    GLM_TOGGLE_CELL(widget)->has_size = FALSE;
}

/* A cell put in a table row makes the row's indicator node now, while the widget tree is being
 * changed, rather than when it is first measured or drawn. */
static void glm_toggle_cell_parent_set(GtkWidget *widget, GtkWidget *previous) {
    (void)previous;
    GtkWidget *parent = gtk_widget_get_parent(widget);
    if (parent != NULL && GLM_IS_TABLE_ROW(parent))
        glm_table_row_get_indicator_node(GLM_TABLE_ROW(parent), glm_toggle_cell_get_radio(GLM_TOGGLE_CELL(widget)));
}

static void glm_toggle_cell_class_init(GlmToggleCellClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->get_preferred_width = glm_toggle_cell_get_preferred_width;
    widget_class->get_preferred_height = glm_toggle_cell_get_preferred_height;
    widget_class->draw = glm_toggle_cell_draw;
    widget_class->style_updated = glm_toggle_cell_style_updated;
    widget_class->parent_set = glm_toggle_cell_parent_set;
    gtk_widget_class_set_css_name(widget_class, "check");
    gtk_widget_class_set_accessible_type(widget_class, glm_toggle_cell_accessible_get_type());
}

static void glm_toggle_cell_init(GlmToggleCell *cell) {
    gtk_widget_set_has_window(GTK_WIDGET(cell), FALSE);
    cell->xalign = 0.5f;
    cell->activatable = TRUE;
}

static void glm_radio_cell_class_init(GlmRadioCellClass *klass) {
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "radio");
    gtk_widget_class_set_accessible_type(GTK_WIDGET_CLASS(klass), glm_toggle_cell_accessible_get_type());
}

static void glm_radio_cell_init(GlmRadioCell *cell) { (void)cell; }

/* ---- API -------------------------------------------------------------------------------- */

GtkWidget *glm_toggle_cell_new(gboolean radio) {
    return g_object_new(radio ? glm_radio_cell_get_type() : GLM_TYPE_TOGGLE_CELL, NULL);
}

GlmToggleCell *glm_toggle_cell_of_widget(GtkWidget *widget) {
    return GLM_IS_TOGGLE_CELL(widget) ? GLM_TOGGLE_CELL(widget) : NULL;
}

gboolean glm_toggle_cell_get_radio(GlmToggleCell *cell) {
    g_return_val_if_fail(GLM_IS_TOGGLE_CELL(cell), FALSE);
    return G_TYPE_CHECK_INSTANCE_TYPE(cell, glm_radio_cell_get_type());
}

/* A new value is a new state of the indicator: drawn again, and laid out again only when the
 * theme sizes the two states apart (as a state flag on the widget would have GTK decide). */
static void indicator_changed(GlmToggleCell *cell) {
    if (!cell->has_size) {
        gtk_widget_queue_resize(GTK_WIDGET(cell));
        return;
    }
    int width, height;
    indicator_size(cell, &width, &height);
    cell->has_size = FALSE;
    int new_width, new_height;
    indicator_size(cell, &new_width, &new_height);
    if (new_width != width || new_height != height)
        gtk_widget_queue_resize(GTK_WIDGET(cell));
    else
        gtk_widget_queue_draw(GTK_WIDGET(cell));
}

void glm_toggle_cell_set_active(GlmToggleCell *cell, gboolean active) {
    g_return_if_fail(GLM_IS_TOGGLE_CELL(cell));
    active = active != FALSE;
    if (cell->active == (guint)active)
        return;
    cell->active = active;
    indicator_changed(cell);
    notify_state(cell, ATK_STATE_CHECKED, active);
}

gboolean glm_toggle_cell_get_active(GlmToggleCell *cell) {
    g_return_val_if_fail(GLM_IS_TOGGLE_CELL(cell), FALSE);
    return cell->active;
}

void glm_toggle_cell_set_inconsistent(GlmToggleCell *cell, gboolean inconsistent) {
    g_return_if_fail(GLM_IS_TOGGLE_CELL(cell));
    inconsistent = inconsistent != FALSE;
    if (cell->inconsistent == (guint)inconsistent)
        return;
    cell->inconsistent = inconsistent;
    indicator_changed(cell);
    notify_state(cell, ATK_STATE_INDETERMINATE, inconsistent);
}

gboolean glm_toggle_cell_get_inconsistent(GlmToggleCell *cell) {
    g_return_val_if_fail(GLM_IS_TOGGLE_CELL(cell), FALSE);
    return cell->inconsistent;
}

void glm_toggle_cell_set_activatable(GlmToggleCell *cell, gboolean activatable) {
    g_return_if_fail(GLM_IS_TOGGLE_CELL(cell));
    activatable = activatable != FALSE;
    if (cell->activatable == (guint)activatable)
        return;
    cell->activatable = activatable;
    // Insensitive: the theme's insensitive look, and readers hear it is not enabled.
    gtk_widget_set_sensitive(GTK_WIDGET(cell), activatable);
}

gboolean glm_toggle_cell_get_activatable(GlmToggleCell *cell) {
    g_return_val_if_fail(GLM_IS_TOGGLE_CELL(cell), FALSE);
    return cell->activatable;
}

void glm_toggle_cell_set_xalign(GlmToggleCell *cell, float xalign) {
    g_return_if_fail(GLM_IS_TOGGLE_CELL(cell));
    xalign = CLAMP(xalign, 0, 1);
    if (cell->xalign == xalign)
        return;
    cell->xalign = xalign;
    gtk_widget_queue_draw(GTK_WIDGET(cell));
}

float glm_toggle_cell_get_xalign(GlmToggleCell *cell) {
    g_return_val_if_fail(GLM_IS_TOGGLE_CELL(cell), 0);
    return cell->xalign;
}
