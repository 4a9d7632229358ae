#include "glm_progress_cell.h"
#include <gtk/gtk-a11y.h>
#include <math.h>

/* How long the pulse's block stays at a place. */
#define PULSE_STEP_USEC 100000
/* GTK's translation domain, which translates the percentage as GtkCellRendererProgress does. */
#define GTK_DOMAIN "gtk30"
/* U+200A HAIR SPACE, between a percentage and its sign in GTK's message. */
#define HAIR_SPACE "\xe2\x80\x8a"

struct _GlmProgressCell {
    GtkWidget parent;
    double fraction;
    /* The app's text; the text shown (the app's, the percentage, or none). */
    char *text;
    char *label;
    float text_xalign;
    /* The pulse: its tick callback while mapped and indeterminate, and its place (from 1). */
    guint tick_id;
    guint pulse;
    /* The label's layout, made when first drawn or measured, dropped when the style changes. */
    PangoLayout *layout;
    /* The width and height of "100 %" (the least the cell asks for), kept until the style
     * changes. */
    int min_width, min_height;
    guint has_min_size : 1;
    guint indeterminate : 1;
    guint has_accessible : 1;
};

G_DEFINE_TYPE(GlmProgressCell, glm_progress_cell, GTK_TYPE_WIDGET)

/* ---- The accessible: a progress bar named by its text, valued by its percentage ---------- */

typedef struct {
    GtkWidgetAccessible parent;
} GlmProgressCellAccessible;

typedef struct {
    GtkWidgetAccessibleClass parent_class;
} GlmProgressCellAccessibleClass;

static void value_interface_init(AtkValueIface *iface);

static GType glm_progress_cell_accessible_get_type(void);
G_DEFINE_TYPE_WITH_CODE(GlmProgressCellAccessible, glm_progress_cell_accessible, GTK_TYPE_WIDGET_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_VALUE, value_interface_init))

static GlmProgressCell *cell_of(gpointer accessible) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(accessible));
    return widget != NULL ? GLM_PROGRESS_CELL(widget) : NULL;
}


static void glm_progress_cell_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(glm_progress_cell_accessible_parent_class)->initialize(object, data);
    object->role = ATK_ROLE_PROGRESS_BAR;
    GLM_PROGRESS_CELL(data)->has_accessible = TRUE;
}

static const gchar *glm_progress_cell_accessible_get_name(AtkObject *object) {
    const gchar *name = ATK_OBJECT_CLASS(glm_progress_cell_accessible_parent_class)->get_name(object);
    if (name != NULL)
        return name;  // set by the app
    GlmProgressCell *cell = cell_of(object);
    return cell != NULL ? cell->label : NULL;
}

/* A GtkProgressBar's states: the widget's, and horizontal. */
static AtkStateSet *glm_progress_cell_accessible_ref_state_set(AtkObject *object) {
    AtkStateSet *states = ATK_OBJECT_CLASS(glm_progress_cell_accessible_parent_class)->ref_state_set(object);
    if (cell_of(object) != NULL)
        atk_state_set_add_state(states, ATK_STATE_HORIZONTAL);
    return states;
}

static void glm_progress_cell_accessible_class_init(GlmProgressCellAccessibleClass *klass) {
    ATK_OBJECT_CLASS(klass)->initialize = glm_progress_cell_accessible_initialize;
    ATK_OBJECT_CLASS(klass)->get_name = glm_progress_cell_accessible_get_name;
    ATK_OBJECT_CLASS(klass)->ref_state_set = glm_progress_cell_accessible_ref_state_set;
}

static void glm_progress_cell_accessible_init(GlmProgressCellAccessible *accessible) { (void)accessible; }

static double percentage(AtkValue *value) {
    GlmProgressCell *cell = cell_of(value);
    return cell != NULL ? cell->fraction * 100 : 0;
}

static void set_double(GValue *value, double number) {
    memset(value, 0, sizeof(GValue));
    g_value_init(value, G_TYPE_DOUBLE);
    g_value_set_double(value, number);
}

static void value_get_current_value(AtkValue *value, GValue *current) {
    set_double(current, percentage(value));
}

static void value_get_maximum_value(AtkValue *value, GValue *maximum) {
    (void)value;
    set_double(maximum, 100);
}

static void value_get_minimum_value(AtkValue *value, GValue *minimum) {
    (void)value;
    set_double(minimum, 0);
}

static void value_get_value_and_text(AtkValue *value, gdouble *current, gchar **text) {
    *current = percentage(value);
    if (text != NULL) {
        GlmProgressCell *cell = cell_of(value);
        *text = cell != NULL ? g_strdup(cell->label) : NULL;
    }
}

static AtkRange *value_get_range(AtkValue *value) {
    (void)value;
    return atk_range_new(0, 100, NULL);
}

static void value_interface_init(AtkValueIface *iface) {
    iface->get_current_value = value_get_current_value;
    iface->get_maximum_value = value_get_maximum_value;
    iface->get_minimum_value = value_get_minimum_value;
    iface->get_value_and_text = value_get_value_and_text;
    iface->get_range = value_get_range;
}

/* Tells a reader holding the accessible of a cell on screen that its value or name changed;
 * a cell the table let go of (pooled, parked, filled to answer for a row with no widget)
 * tells nothing. */
static void notify_accessible(GlmProgressCell *cell, const char *property) {
    if (cell->has_accessible && gtk_widget_get_mapped(GTK_WIDGET(cell)))
        g_object_notify(G_OBJECT(gtk_widget_get_accessible(GTK_WIDGET(cell))), property);
}

/* ---- The text --------------------------------------------------------------------------- */

/* "42 %" as GTK 3.24 formats it: its message, with a hair space before the percent sign, in
 * the user's language. */
static char *percentage_label(int percent) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    return g_strdup_printf(g_dpgettext2(GTK_DOMAIN, "progress bar label", "%d" HAIR_SPACE "%%"), percent);
#pragma GCC diagnostic pop
}

/* Tabular figures, so that percentages line up. */
static void set_tabular_figures(PangoLayout *layout) {
    PangoAttrList *attributes = pango_attr_list_new();
    pango_attr_list_insert(attributes, pango_attr_font_features_new("tnum 1"));
    pango_layout_set_attributes(layout, attributes);
    pango_attr_list_unref(attributes);
}

static PangoLayout *layout_of(GlmProgressCell *cell) {
    if (cell->layout == NULL) {
        cell->layout = gtk_widget_create_pango_layout(GTK_WIDGET(cell), cell->label);
        set_tabular_figures(cell->layout);
    }
    return cell->layout;
}

/* The text's size in a layout like the cell's. */
static void text_size(GlmProgressCell *cell, const char *text, int *width, int *height) {
    PangoLayout *layout = gtk_widget_create_pango_layout(GTK_WIDGET(cell), text);
    set_tabular_figures(layout);
    PangoRectangle logical;
    pango_layout_get_pixel_extents(layout, NULL, &logical);
    *width = logical.width;
    *height = logical.height;
    g_object_unref(layout);
}

/* Sets the text shown from the app's text, the fraction and the pulse. A percentage is never
 * wider than "100 %", the least the cell asks for: only an app's text asks for a new size. */
static void update_label(GlmProgressCell *cell) {
    char *label = cell->text != NULL ? g_strdup(cell->text)
                  : cell->indeterminate ? NULL
                                        : percentage_label((int)floor(cell->fraction * 100 + 0.5));
    if (label != NULL && label[0] == '\0')
        g_clear_pointer(&label, g_free);
    if (g_strcmp0(label, cell->label) == 0) {
        g_free(label);
        return;
    }
    g_free(cell->label);
    cell->label = label;
    if (cell->layout != NULL)
        pango_layout_set_text(cell->layout, label != NULL ? label : "", -1);
    if (cell->text != NULL)
        gtk_widget_queue_resize(GTK_WIDGET(cell));
    else
        gtk_widget_queue_draw(GTK_WIDGET(cell));
    notify_accessible(cell, "accessible-name");
}

/* ---- Measuring and drawing -------------------------------------------------------------- */

/* The size of "100 %" (as the renderer measures it, untranslated), then the label's. */
static void measure(GlmProgressCell *cell, int *width, int *height) {
    if (!cell->has_min_size) {
        char *full = percentage_label(100);
        text_size(cell, full, &cell->min_width, &cell->min_height);
        g_free(full);
        cell->has_min_size = TRUE;
    }
    *width = cell->min_width;
    *height = cell->min_height;
    if (cell->text != NULL && cell->label != NULL) {
        PangoRectangle logical;
        pango_layout_get_pixel_extents(layout_of(cell), NULL, &logical);
        *width = MAX(*width, logical.width);
        *height = MIN(*height, logical.height);
    }
}

static void glm_progress_cell_get_preferred_width(GtkWidget *widget, gint *minimum, gint *natural) {
    int width, height;
    measure(GLM_PROGRESS_CELL(widget), &width, &height);
    *minimum = *natural = width;
}

static void glm_progress_cell_get_preferred_height(GtkWidget *widget, gint *minimum, gint *natural) {
    int width, height;
    measure(GLM_PROGRESS_CELL(widget), &width, &height);
    *minimum = *natural = height;
}

/* Whether a row holding the cell is selected: it draws as a tree view draws a selected row's
 * cells. */
static gboolean in_selected_row(GtkWidget *widget) {
    int depth = 0;
    for (GtkWidget *parent = gtk_widget_get_parent(widget); parent != NULL && depth < 3;
         parent = gtk_widget_get_parent(parent), depth++) {
        if (gtk_widget_get_state_flags(parent) & GTK_STATE_FLAG_SELECTED)
            return TRUE;
    }
    return FALSE;
}

/* Saves the context with the style class of a part (the trough, the bar) and `state`. */
static void save_part(GtkStyleContext *context, const char *part, GtkStateFlags state) {
    gtk_style_context_save(context);
    gtk_style_context_set_state(context, state);
    gtk_style_context_add_class(context, part);
}

/* The trough's inner box (inside its CSS padding) and its padding. */
typedef struct {
    int x, y, width, height;
    GtkBorder padding;
} Trough;

static Trough trough_of(GtkWidget *widget, GtkStyleContext *context, GtkStateFlags state) {
    Trough trough = {0, 0, gtk_widget_get_allocated_width(widget), gtk_widget_get_allocated_height(widget)};
    save_part(context, GTK_STYLE_CLASS_TROUGH, state);
    gtk_style_context_get_padding(context, state, &trough.padding);
    gtk_style_context_restore(context);
    trough.x += trough.padding.left;
    trough.y += trough.padding.top;
    trough.width -= trough.padding.left + trough.padding.right;
    trough.height -= trough.padding.top + trough.padding.bottom;
    return trough;
}

/* The bar in the trough: the fraction from the start, or the pulse's block bouncing in 24
 * steps, as the renderer places them. */
static GdkRectangle bar_of(GlmProgressCell *cell, const Trough *trough, gboolean rtl) {
    GdkRectangle bar = {trough->x, trough->y, 0, trough->height};
    int full = trough->width;
    if (full <= 0)
        return bar;
    if (!cell->indeterminate) {
        bar.width = (int)(full * cell->fraction + 1e-9);
        bar.x = rtl ? trough->x + full - bar.width : trough->x;
    } else {
        bar.width = MAX(2, full / 5);
        int position = (int)((rtl ? cell->pulse + 12 : cell->pulse) % 24);
        if (position > 12)
            position = 24 - position;
        bar.x = trough->x + full * position / 15;
    }
    return bar;
}

void glm_progress_cell_get_bar_area(GlmProgressCell *cell, GdkRectangle *area) {
    g_return_if_fail(GLM_IS_PROGRESS_CELL(cell));
    GtkWidget *widget = GTK_WIDGET(cell);
    GtkStyleContext *context = gtk_widget_get_style_context(widget);
    Trough trough = trough_of(widget, context, gtk_style_context_get_state(context));
    *area = bar_of(cell, &trough, gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL);
}

/* Draws the label clipped to `clip`, in the colours of `part`. */
static void draw_label_part(GtkStyleContext *context, cairo_t *cr, const char *part, GtkStateFlags state,
                            const GdkRectangle *clip, double x, double y, PangoLayout *layout) {
    if (clip->width <= 0 || clip->height <= 0)
        return;
    cairo_save(cr);
    gdk_cairo_rectangle(cr, clip);
    cairo_clip(cr);
    save_part(context, part, state);
    gtk_render_layout(context, cr, x, y, layout);
    gtk_style_context_restore(context);
    cairo_restore(cr);
}

static gboolean glm_progress_cell_draw(GtkWidget *widget, cairo_t *cr) {
    GlmProgressCell *cell = GLM_PROGRESS_CELL(widget);
    GtkStyleContext *context = gtk_widget_get_style_context(widget);
    GtkStateFlags state = gtk_style_context_get_state(context);
    if (in_selected_row(widget))
        state |= GTK_STATE_FLAG_SELECTED;
    gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    int width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget);

    save_part(context, GTK_STYLE_CLASS_TROUGH, state);
    gtk_render_background(context, cr, 0, 0, width, height);
    gtk_render_frame(context, cr, 0, 0, width, height);
    gtk_style_context_restore(context);

    Trough trough = trough_of(widget, context, state);
    GdkRectangle bar = bar_of(cell, &trough, rtl);
    if (bar.width > 0) {
        save_part(context, GTK_STYLE_CLASS_PROGRESSBAR, state);
        gtk_render_background(context, cr, bar.x, bar.y, bar.width, bar.height);
        gtk_render_frame(context, cr, bar.x, bar.y, bar.width, bar.height);
        gtk_style_context_restore(context);
    }
    if (cell->label == NULL)
        return FALSE;

    // The renderer insets the text by the trough's padding twice: drawn the same.
    PangoLayout *layout = layout_of(cell);
    PangoRectangle logical;
    pango_layout_get_pixel_extents(layout, NULL, &logical);
    float xalign = rtl ? 1 - cell->text_xalign : cell->text_xalign;
    const GtkBorder *padding = &trough.padding;
    int x = trough.x + padding->left + (int)(xalign * (trough.width - padding->left - padding->right - logical.width));
    int y = trough.y + padding->top + (int)(0.5f * (trough.height - padding->top - padding->bottom - logical.height));
    draw_label_part(context, cr, GTK_STYLE_CLASS_PROGRESSBAR, state, &bar, x, y, layout);
    GdkRectangle before = {trough.x, trough.y, bar.x - trough.x, trough.height};
    GdkRectangle after = {bar.x + bar.width, trough.y, trough.x + trough.width - bar.x - bar.width, trough.height};
    draw_label_part(context, cr, GTK_STYLE_CLASS_TROUGH, state, &before, x, y, layout);
    draw_label_part(context, cr, GTK_STYLE_CLASS_TROUGH, state, &after, x, y, layout);
    return FALSE;
}

/* ---- The pulse -------------------------------------------------------------------------- */

/* The pulse's place at the frame clock's time: every cell pulses in step. */
static guint pulse_at(GdkFrameClock *clock) {
    return (guint)(gdk_frame_clock_get_frame_time(clock) / PULSE_STEP_USEC % 24) + 1;
}

static gboolean pulse_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)data;
    GlmProgressCell *cell = GLM_PROGRESS_CELL(widget);
    guint pulse = pulse_at(clock);
    if (pulse != cell->pulse) {
        cell->pulse = pulse;
        gtk_widget_queue_draw(widget);
    }
    return G_SOURCE_CONTINUE;
}

/* Runs the tick callback exactly while the cell is mapped and indeterminate. */
static void update_pulse(GlmProgressCell *cell) {
    GtkWidget *widget = GTK_WIDGET(cell);
    gboolean pulsing = cell->indeterminate && gtk_widget_get_mapped(widget);
    if (pulsing && cell->tick_id == 0) {
        GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
        cell->pulse = clock != NULL ? pulse_at(clock) : 1;
        cell->tick_id = gtk_widget_add_tick_callback(widget, pulse_tick, NULL, NULL);
    } else if (!pulsing && cell->tick_id != 0) {
        gtk_widget_remove_tick_callback(widget, cell->tick_id);
        cell->tick_id = 0;
    }
}

static void glm_progress_cell_map(GtkWidget *widget) {
    GTK_WIDGET_CLASS(glm_progress_cell_parent_class)->map(widget);
    update_pulse(GLM_PROGRESS_CELL(widget));
}

static void glm_progress_cell_unmap(GtkWidget *widget) {
    GTK_WIDGET_CLASS(glm_progress_cell_parent_class)->unmap(widget);
    update_pulse(GLM_PROGRESS_CELL(widget));
}

/* ---- The widget ------------------------------------------------------------------------- */

static void forget_style(GlmProgressCell *cell) {
    g_clear_object(&cell->layout);
    cell->has_min_size = FALSE;
}

static void glm_progress_cell_style_updated(GtkWidget *widget) {
    GTK_WIDGET_CLASS(glm_progress_cell_parent_class)->style_updated(widget);
    forget_style(GLM_PROGRESS_CELL(widget));
}

static void glm_progress_cell_direction_changed(GtkWidget *widget, GtkTextDirection previous) {
    GTK_WIDGET_CLASS(glm_progress_cell_parent_class)->direction_changed(widget, previous);
    forget_style(GLM_PROGRESS_CELL(widget));
}

static void glm_progress_cell_finalize(GObject *object) {
    GlmProgressCell *cell = GLM_PROGRESS_CELL(object);
    g_clear_object(&cell->layout);
    g_free(cell->text);
    g_free(cell->label);
    G_OBJECT_CLASS(glm_progress_cell_parent_class)->finalize(object);
}

static void glm_progress_cell_class_init(GlmProgressCellClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->get_preferred_width = glm_progress_cell_get_preferred_width;
    widget_class->get_preferred_height = glm_progress_cell_get_preferred_height;
    widget_class->draw = glm_progress_cell_draw;
    widget_class->map = glm_progress_cell_map;
    widget_class->unmap = glm_progress_cell_unmap;
    widget_class->style_updated = glm_progress_cell_style_updated;
    widget_class->direction_changed = glm_progress_cell_direction_changed;
    G_OBJECT_CLASS(klass)->finalize = glm_progress_cell_finalize;
    // The renderer draws on the tree view's node: themes style `treeview.view.progressbar`.
    gtk_widget_class_set_css_name(widget_class, "treeview");
    gtk_widget_class_set_accessible_type(widget_class, glm_progress_cell_accessible_get_type());
}

static void glm_progress_cell_init(GlmProgressCell *cell) {
    gtk_widget_set_has_window(GTK_WIDGET(cell), FALSE);
    gtk_style_context_add_class(gtk_widget_get_style_context(GTK_WIDGET(cell)), GTK_STYLE_CLASS_VIEW);
    cell->text_xalign = 0.5f;
    cell->label = percentage_label(0);
}

/* ---- API -------------------------------------------------------------------------------- */

GtkWidget *glm_progress_cell_new(void) {
    return g_object_new(GLM_TYPE_PROGRESS_CELL, NULL);
}

GlmProgressCell *glm_progress_cell_of_widget(GtkWidget *widget) {
    return GLM_IS_PROGRESS_CELL(widget) ? GLM_PROGRESS_CELL(widget) : NULL;
}

void glm_progress_cell_set_fraction(GlmProgressCell *cell, double fraction) {
    g_return_if_fail(GLM_IS_PROGRESS_CELL(cell));
    fraction = isnan(fraction) ? 0 : CLAMP(fraction, 0, 1);
    if (cell->fraction == fraction)
        return;
    cell->fraction = fraction;
    gtk_widget_queue_draw(GTK_WIDGET(cell));
    update_label(cell);
    notify_accessible(cell, "accessible-value");
}

double glm_progress_cell_get_fraction(GlmProgressCell *cell) {
    g_return_val_if_fail(GLM_IS_PROGRESS_CELL(cell), 0);
    return cell->fraction;
}

void glm_progress_cell_set_text(GlmProgressCell *cell, const char *text) {
    g_return_if_fail(GLM_IS_PROGRESS_CELL(cell));
    if (g_strcmp0(cell->text, text) == 0)
        return;
    gboolean had_text = cell->text != NULL;
    g_free(cell->text);
    cell->text = g_strdup(text);
    update_label(cell);
    if (had_text && text == NULL)
        gtk_widget_queue_resize(GTK_WIDGET(cell));  // back to the percentage's width
}

const char *glm_progress_cell_get_text(GlmProgressCell *cell) {
    g_return_val_if_fail(GLM_IS_PROGRESS_CELL(cell), NULL);
    return cell->text;
}

const char *glm_progress_cell_get_label(GlmProgressCell *cell) {
    g_return_val_if_fail(GLM_IS_PROGRESS_CELL(cell), NULL);
    return cell->label;
}

void glm_progress_cell_set_indeterminate(GlmProgressCell *cell, gboolean indeterminate) {
    g_return_if_fail(GLM_IS_PROGRESS_CELL(cell));
    indeterminate = indeterminate != FALSE;
    if (cell->indeterminate == (guint)indeterminate)
        return;
    cell->indeterminate = indeterminate;
    update_pulse(cell);
    update_label(cell);
    gtk_widget_queue_draw(GTK_WIDGET(cell));
}

gboolean glm_progress_cell_get_indeterminate(GlmProgressCell *cell) {
    g_return_val_if_fail(GLM_IS_PROGRESS_CELL(cell), FALSE);
    return cell->indeterminate;
}

void glm_progress_cell_set_text_xalign(GlmProgressCell *cell, float xalign) {
    g_return_if_fail(GLM_IS_PROGRESS_CELL(cell));
    xalign = CLAMP(xalign, 0, 1);
    if (cell->text_xalign == xalign)
        return;
    cell->text_xalign = xalign;
    gtk_widget_queue_draw(GTK_WIDGET(cell));
}

float glm_progress_cell_get_text_xalign(GlmProgressCell *cell) {
    g_return_val_if_fail(GLM_IS_PROGRESS_CELL(cell), 0);
    return cell->text_xalign;
}

gboolean glm_progress_cell_is_pulsing(GlmProgressCell *cell) {
    g_return_val_if_fail(GLM_IS_PROGRESS_CELL(cell), FALSE);
    return cell->tick_id != 0;
}
