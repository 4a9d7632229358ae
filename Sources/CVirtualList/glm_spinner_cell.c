#include "glm_spinner_cell.h"
#include <gtk/gtk-a11y.h>

/* GTK's translation domain, which names a spinner as GtkSpinner's accessible does. */
#define GTK_DOMAIN "gtk30"
/* GtkSpinner's size when the theme gives none. */
#define DEFAULT_SIZE 16

struct _GlmSpinnerCell {
    GtkWidget parent;
    float xalign;
    /* The spinner's content size (CSS min-width and min-height, or 16) and its CSS padding and
     * border, kept until the style changes. */
    int content_width, content_height;
    GtkBorder padding, border;
    guint active : 1;
    guint has_size : 1;
    guint has_accessible : 1;
};

G_DEFINE_TYPE(GlmSpinnerCell, glm_spinner_cell, GTK_TYPE_WIDGET)

const char *glm_spinner_cell_accessible_name(void) {
    return g_dpgettext2(GTK_DOMAIN, "throbbing progress animation widget", "Spinner");
}

/* ---- The accessible: GtkSpinner's, busy while active ------------------------------------ */

typedef struct {
    GtkWidgetAccessible parent;
} GlmSpinnerCellAccessible;

typedef struct {
    GtkWidgetAccessibleClass parent_class;
} GlmSpinnerCellAccessibleClass;

static void image_interface_init(AtkImageIface *iface);

static GType glm_spinner_cell_accessible_get_type(void);
G_DEFINE_TYPE_WITH_CODE(GlmSpinnerCellAccessible, glm_spinner_cell_accessible, GTK_TYPE_WIDGET_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_IMAGE, image_interface_init))

static GlmSpinnerCell *cell_of(gpointer accessible) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(accessible));
    return widget != NULL ? GLM_SPINNER_CELL(widget) : NULL;
}

static void glm_spinner_cell_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(glm_spinner_cell_accessible_parent_class)->initialize(object, data);
    atk_object_set_name(object, glm_spinner_cell_accessible_name());
    atk_object_set_description(object, g_dgettext(GTK_DOMAIN, "Provides visual indication of progress"));
    object->role = ATK_ROLE_ANIMATION;
    GLM_SPINNER_CELL(data)->has_accessible = TRUE;
}

static AtkStateSet *glm_spinner_cell_accessible_ref_state_set(AtkObject *object) {
    AtkStateSet *states = ATK_OBJECT_CLASS(glm_spinner_cell_accessible_parent_class)->ref_state_set(object);
    GlmSpinnerCell *cell = cell_of(object);
    if (cell != NULL && cell->active)
        atk_state_set_add_state(states, ATK_STATE_BUSY);
    return states;
}

static void glm_spinner_cell_accessible_class_init(GlmSpinnerCellAccessibleClass *klass) {
    ATK_OBJECT_CLASS(klass)->initialize = glm_spinner_cell_accessible_initialize;
    ATK_OBJECT_CLASS(klass)->ref_state_set = glm_spinner_cell_accessible_ref_state_set;
}

static void glm_spinner_cell_accessible_init(GlmSpinnerCellAccessible *accessible) { (void)accessible; }

static void image_get_size(AtkImage *image, gint *width, gint *height) {
    GlmSpinnerCell *cell = cell_of(image);
    GdkRectangle area = {0};
    if (cell != NULL)
        glm_spinner_cell_get_spinner_area(cell, &area);
    *width = area.width;
    *height = area.height;
}

static void image_interface_init(AtkImageIface *iface) {
    iface->get_image_size = image_get_size;
}

/* ---- Measuring and drawing -------------------------------------------------------------- */

/* The spinner's size from the theme, as GtkSpinner's builtin icon reads it: CSS min-width and
 * min-height, 16 without them, then padding and border around them. */
static void measure(GlmSpinnerCell *cell) {
    if (cell->has_size)
        return;
    GtkStyleContext *context = gtk_widget_get_style_context(GTK_WIDGET(cell));
    GtkStateFlags state = gtk_style_context_get_state(context);
    gtk_style_context_get(context, state, "min-width", &cell->content_width, "min-height", &cell->content_height, NULL);
    if (cell->content_width <= 0)
        cell->content_width = DEFAULT_SIZE;
    if (cell->content_height <= 0)
        cell->content_height = DEFAULT_SIZE;
    gtk_style_context_get_padding(context, state, &cell->padding);
    gtk_style_context_get_border(context, state, &cell->border);
    cell->has_size = TRUE;
}

static void spinner_size(GlmSpinnerCell *cell, int *width, int *height) {
    measure(cell);
    *width = cell->content_width + cell->padding.left + cell->padding.right + cell->border.left + cell->border.right;
    *height = cell->content_height + cell->padding.top + cell->padding.bottom + cell->border.top + cell->border.bottom;
}

static void glm_spinner_cell_get_preferred_width(GtkWidget *widget, gint *minimum, gint *natural) {
    int width, height;
    spinner_size(GLM_SPINNER_CELL(widget), &width, &height);
    *minimum = *natural = width;
}

static void glm_spinner_cell_get_preferred_height(GtkWidget *widget, gint *minimum, gint *natural) {
    int width, height;
    spinner_size(GLM_SPINNER_CELL(widget), &width, &height);
    *minimum = *natural = height;
}

void glm_spinner_cell_get_spinner_area(GlmSpinnerCell *cell, GdkRectangle *area) {
    g_return_if_fail(GLM_IS_SPINNER_CELL(cell));
    GtkWidget *widget = GTK_WIDGET(cell);
    spinner_size(cell, &area->width, &area->height);
    float xalign = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? 1 - cell->xalign : cell->xalign;
    int free_width = gtk_widget_get_allocated_width(widget) - area->width;
    int free_height = gtk_widget_get_allocated_height(widget) - area->height;
    area->x = MAX((int)(xalign * free_width), 0);
    area->y = MAX((int)(0.5f * free_height), 0);
}

/* GtkSpinner's drawing: its CSS background and border, then the theme's spinner (its
 * -gtk-icon-source, turned by -gtk-icon-transform) in the content box. An inactive cell draws
 * nothing: the theme hides an inactive spinner (opacity 0), so its drawing would be lost. */
static gboolean glm_spinner_cell_draw(GtkWidget *widget, cairo_t *cr) {
    GlmSpinnerCell *cell = GLM_SPINNER_CELL(widget);
    if (!cell->active)
        return FALSE;
    GdkRectangle area;
    glm_spinner_cell_get_spinner_area(cell, &area);
    GtkStyleContext *context = gtk_widget_get_style_context(widget);
    cairo_save(cr);
    cairo_rectangle(cr, 0, 0, gtk_widget_get_allocated_width(widget), gtk_widget_get_allocated_height(widget));
    cairo_clip(cr);
    gtk_render_background(context, cr, area.x, area.y, area.width, area.height);
    gtk_render_frame(context, cr, area.x, area.y, area.width, area.height);
    int inset_x = cell->padding.left + cell->border.left, inset_y = cell->padding.top + cell->border.top;
    gtk_render_activity(context, cr, area.x + inset_x, area.y + inset_y, cell->content_width, cell->content_height);
    cairo_restore(cr);
    return FALSE;
}

/* GtkSpinner's way: while active, the theme's CSS for :checked shows it and runs its animation.
 * GTK animates a node while it is visible in a realized window, and a cell the table parks in
 * its row is unmapped, not hidden: a cell unmapped in a realized window is not checked, and
 * costs no frame. An unrealized cell (pooled) has no frame clock to animate with: it stays
 * checked, as a GtkSpinner does, since GTK 3 keeps the opacity of a style changed across
 * unrealizing and realizing again when animations are off (the spinner would stay hidden).
 * The state changes only when it must (a change restyles the cell). */
static void update_checked(GlmSpinnerCell *cell) {
    GtkWidget *widget = GTK_WIDGET(cell);
    gboolean checked = cell->active && (gtk_widget_get_mapped(widget) || !gtk_widget_get_realized(widget));
    if (checked == ((gtk_widget_get_state_flags(widget) & GTK_STATE_FLAG_CHECKED) != 0))
        return;
    if (checked)
        gtk_widget_set_state_flags(widget, GTK_STATE_FLAG_CHECKED, FALSE);
    else
        gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_CHECKED);
}

static void glm_spinner_cell_map(GtkWidget *widget) {
    GTK_WIDGET_CLASS(glm_spinner_cell_parent_class)->map(widget);
    update_checked(GLM_SPINNER_CELL(widget));
}

static void glm_spinner_cell_unmap(GtkWidget *widget) {
    GTK_WIDGET_CLASS(glm_spinner_cell_parent_class)->unmap(widget);
    update_checked(GLM_SPINNER_CELL(widget));
}

static void glm_spinner_cell_unrealize(GtkWidget *widget) {
    GTK_WIDGET_CLASS(glm_spinner_cell_parent_class)->unrealize(widget);
    update_checked(GLM_SPINNER_CELL(widget));
}

/* A style change (the theme, or the checked state) may change the size: read it again. */
static void glm_spinner_cell_style_updated(GtkWidget *widget) {
    GTK_WIDGET_CLASS(glm_spinner_cell_parent_class)->style_updated(widget);
    GLM_SPINNER_CELL(widget)->has_size = FALSE;
}

static void glm_spinner_cell_class_init(GlmSpinnerCellClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->get_preferred_width = glm_spinner_cell_get_preferred_width;
    widget_class->get_preferred_height = glm_spinner_cell_get_preferred_height;
    widget_class->draw = glm_spinner_cell_draw;
    widget_class->map = glm_spinner_cell_map;
    widget_class->unmap = glm_spinner_cell_unmap;
    widget_class->unrealize = glm_spinner_cell_unrealize;
    widget_class->style_updated = glm_spinner_cell_style_updated;
    gtk_widget_class_set_css_name(widget_class, "spinner");
    gtk_widget_class_set_accessible_type(widget_class, glm_spinner_cell_accessible_get_type());
}

static void glm_spinner_cell_init(GlmSpinnerCell *cell) {
    gtk_widget_set_has_window(GTK_WIDGET(cell), FALSE);
    cell->xalign = 0.5f;
}

/* ---- API -------------------------------------------------------------------------------- */

GtkWidget *glm_spinner_cell_new(void) {
    return g_object_new(GLM_TYPE_SPINNER_CELL, NULL);
}

GlmSpinnerCell *glm_spinner_cell_of_widget(GtkWidget *widget) {
    return GLM_IS_SPINNER_CELL(widget) ? GLM_SPINNER_CELL(widget) : NULL;
}

void glm_spinner_cell_set_active(GlmSpinnerCell *cell, gboolean active) {
    g_return_if_fail(GLM_IS_SPINNER_CELL(cell));
    active = active != FALSE;
    if (cell->active == (guint)active)
        return;
    cell->active = active;
    update_checked(cell);
    // A reader is told of a cell on screen; a cell the table let go of tells nothing.
    if (cell->has_accessible && gtk_widget_get_mapped(GTK_WIDGET(cell)))
        atk_object_notify_state_change(gtk_widget_get_accessible(GTK_WIDGET(cell)), ATK_STATE_BUSY, active);
}

gboolean glm_spinner_cell_get_active(GlmSpinnerCell *cell) {
    g_return_val_if_fail(GLM_IS_SPINNER_CELL(cell), FALSE);
    return cell->active;
}

void glm_spinner_cell_set_xalign(GlmSpinnerCell *cell, float xalign) {
    g_return_if_fail(GLM_IS_SPINNER_CELL(cell));
    xalign = CLAMP(xalign, 0, 1);
    if (cell->xalign == xalign)
        return;
    cell->xalign = xalign;
    gtk_widget_queue_draw(GTK_WIDGET(cell));
}

float glm_spinner_cell_get_xalign(GlmSpinnerCell *cell) {
    g_return_val_if_fail(GLM_IS_SPINNER_CELL(cell), 0);
    return cell->xalign;
}
