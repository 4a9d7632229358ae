#include "glm_text_cell.h"
#include "glm_shaped_texts.h"
#include <gtk/gtk-a11y.h>
#include <stdio.h>

struct _GlmTextCell {
    GtkWidget parent;
    char *text;
    float xalign;
    /* Made on the first measure or draw, dropped when the style changes (font, direction). */
    PangoLayout *layout;
    /* The text's size on one unbroken line, kept until the text or the style changes. */
    int natural_width, natural_height;
    /* A layout another cell of the row shaped (glm_shaped_texts.c) is drawn with that cell's
     * context (the layout keeps it): a change of it since (its serial) voids the layout. */
    PangoContext *foreign_context;
    guint foreign_serial;
    /* The CSS padding, kept until the style or the parent changes. */
    GtkBorder padding;
    guint has_natural_size : 1;
    guint has_padding : 1;
    guint has_accessible : 1;
};

G_DEFINE_TYPE(GlmTextCell, glm_text_cell, GTK_TYPE_WIDGET)

/* ---- The accessible: a label named by the text ------------------------------------------ */

typedef struct {
    GtkWidgetAccessible parent;
} GlmTextCellAccessible;

typedef struct {
    GtkWidgetAccessibleClass parent_class;
} GlmTextCellAccessibleClass;

static GType glm_text_cell_accessible_get_type(void);
G_DEFINE_TYPE(GlmTextCellAccessible, glm_text_cell_accessible, GTK_TYPE_WIDGET_ACCESSIBLE)

static void glm_text_cell_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(glm_text_cell_accessible_parent_class)->initialize(object, data);
    object->role = ATK_ROLE_LABEL;
    GLM_TEXT_CELL(data)->has_accessible = TRUE;
}

static const gchar *glm_text_cell_accessible_get_name(AtkObject *object) {
    const gchar *name = ATK_OBJECT_CLASS(glm_text_cell_accessible_parent_class)->get_name(object);
    if (name != NULL)
        return name;  // set by the app
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    return widget != NULL ? glm_text_cell_get_text(GLM_TEXT_CELL(widget)) : NULL;
}

static void glm_text_cell_accessible_class_init(GlmTextCellAccessibleClass *klass) {
    ATK_OBJECT_CLASS(klass)->initialize = glm_text_cell_accessible_initialize;
    ATK_OBJECT_CLASS(klass)->get_name = glm_text_cell_accessible_get_name;
}

static void glm_text_cell_accessible_init(GlmTextCellAccessible *accessible) { (void)accessible; }

/* ---- Measuring and drawing -------------------------------------------------------------- */

static void forget_layout(GlmTextCell *cell) {
    g_clear_object(&cell->layout);
    cell->foreign_context = NULL;
    cell->has_natural_size = FALSE;
}

/* A layout taken from another cell follows that cell's context: shaped again, with this
 * cell's own, once that one changed. */
static void check_foreign_layout(GlmTextCell *cell) {
    if (cell->foreign_context != NULL && pango_context_get_serial(cell->foreign_context) != cell->foreign_serial)
        forget_layout(cell);
}

static PangoLayout *layout_of(GlmTextCell *cell) {
    check_foreign_layout(cell);
    if (cell->layout == NULL) {
        cell->layout = gtk_widget_create_pango_layout(GTK_WIDGET(cell), cell->text);
        pango_layout_set_ellipsize(cell->layout, PANGO_ELLIPSIZE_END);
        pango_layout_set_single_paragraph_mode(cell->layout, TRUE);
    }
    return cell->layout;
}

/* The CSS padding, read again after a style or parent change: a cell measured alone (a
 * column's width) has had no style change to read it at. */
static GtkBorder padding_of(GlmTextCell *cell) {
    if (!cell->has_padding) {
        GtkStyleContext *context = gtk_widget_get_style_context(GTK_WIDGET(cell));
        gtk_style_context_get_padding(context, gtk_style_context_get_state(context), &cell->padding);
        cell->has_padding = TRUE;
    }
    return cell->padding;
}

/* Measured once per text: the layout keeps its lines until its width changes, and the draw
 * leaves the width unset whenever the text fits, so a cell shapes its text once. */
static void measure_text(GlmTextCell *cell) {
    check_foreign_layout(cell);
    if (cell->has_natural_size)
        return;
    PangoLayout *layout = layout_of(cell);
    pango_layout_set_width(layout, -1);
    pango_layout_get_pixel_size(layout, &cell->natural_width, &cell->natural_height);
    cell->has_natural_size = TRUE;
}

/* Whether the text measures `width` × `height`: measured now rather than at the layout, as
 * the draw shapes it anyway. */
static gboolean measures_as(GlmTextCell *cell, int width, int height) {
    measure_text(cell);
    return cell->natural_width == width && cell->natural_height == height;
}

static void forget_style(GlmTextCell *cell) {
    forget_layout(cell);
    cell->has_padding = FALSE;
}

static void glm_text_cell_get_preferred_width(GtkWidget *widget, gint *minimum, gint *natural) {
    GlmTextCell *cell = GLM_TEXT_CELL(widget);
    measure_text(cell);
    GtkBorder padding = padding_of(cell);
    int inset = padding.left + padding.right;
    *minimum = inset;  // the text ellipsizes down to nothing
    *natural = cell->natural_width + inset;
}

static void glm_text_cell_get_preferred_height(GtkWidget *widget, gint *minimum, gint *natural) {
    GlmTextCell *cell = GLM_TEXT_CELL(widget);
    measure_text(cell);
    GtkBorder padding = padding_of(cell);
    *minimum = *natural = cell->natural_height + padding.top + padding.bottom;
}

/* The width the text has inside the cell's padding. */
static int room_of(GlmTextCell *cell) {
    GtkBorder padding = padding_of(cell);
    return gtk_widget_get_allocated_width(GTK_WIDGET(cell)) - padding.left - padding.right;
}

static gboolean glm_text_cell_draw(GtkWidget *widget, cairo_t *cr) {
    GlmTextCell *cell = GLM_TEXT_CELL(widget);
    GtkStyleContext *context = gtk_widget_get_style_context(widget);
    // No CSS background or frame, but for a cell of a table's range of cells or a cell whose
    // text just changed (ListConfiguration.changeFlash): the classes say so (two class
    // look-ups are all other cells pay).
    if (gtk_style_context_has_class(context, "list-table-selected-cell") ||
        gtk_style_context_has_class(context, "list-changed")) {
        int width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget);
        gtk_render_background(context, cr, 0, 0, width, height);
        gtk_render_frame(context, cr, 0, 0, width, height);
    }
    if (cell->text == NULL || cell->text[0] == '\0')
        return FALSE;
    PangoLayout *layout = layout_of(cell);
    GtkBorder padding = padding_of(cell);
    int room = room_of(cell);
    if (room <= 0)
        return FALSE;
    measure_text(cell);
    pango_layout_set_width(layout, cell->natural_width <= room ? -1 : room * PANGO_SCALE);
    // The layout's own alignment would move the text inside its width: place it by its extents.
    PangoRectangle logical;
    pango_layout_get_pixel_extents(layout, NULL, &logical);
    float xalign = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? 1 - cell->xalign : cell->xalign;
    int free_height = gtk_widget_get_allocated_height(widget) - padding.top - padding.bottom - logical.height;
    double x = padding.left + (room - logical.width) * xalign - logical.x;
    gtk_render_layout(context, cr, x, padding.top + free_height / 2, layout);
    return FALSE;
}

/* GTK's own handler gives the cell's context a changed font (a new serial) and queues a resize
 * when the change reaches the size; a style computed again to the same values (rows placed
 * beside the row's) keeps the shaped text. */
static void glm_text_cell_style_updated(GtkWidget *widget) {
    GlmTextCell *cell = GLM_TEXT_CELL(widget);
    PangoContext *own = gtk_widget_get_pango_context(widget);
    guint serial = pango_context_get_serial(own);
    GTK_WIDGET_CLASS(glm_text_cell_parent_class)->style_updated(widget);
    cell->has_padding = FALSE;
    if (pango_context_get_serial(own) != serial)
        forget_layout(cell);
}

static void glm_text_cell_direction_changed(GtkWidget *widget, GtkTextDirection previous) {
    GTK_WIDGET_CLASS(glm_text_cell_parent_class)->direction_changed(widget, previous);
    forget_style(GLM_TEXT_CELL(widget));
}

static void glm_text_cell_parent_set(GtkWidget *widget, GtkWidget *previous) {
    (void)previous;
    GLM_TEXT_CELL(widget)->has_padding = FALSE;
}

static void glm_text_cell_finalize(GObject *object) {
    GlmTextCell *cell = GLM_TEXT_CELL(object);
    g_clear_object(&cell->layout);
    g_free(cell->text);
    G_OBJECT_CLASS(glm_text_cell_parent_class)->finalize(object);
}

static void glm_text_cell_class_init(GlmTextCellClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->get_preferred_width = glm_text_cell_get_preferred_width;
    widget_class->get_preferred_height = glm_text_cell_get_preferred_height;
    widget_class->draw = glm_text_cell_draw;
    widget_class->style_updated = glm_text_cell_style_updated;
    widget_class->direction_changed = glm_text_cell_direction_changed;
    widget_class->parent_set = glm_text_cell_parent_set;
    G_OBJECT_CLASS(klass)->finalize = glm_text_cell_finalize;
    gtk_widget_class_set_css_name(widget_class, "label");
    gtk_widget_class_set_accessible_type(widget_class, glm_text_cell_accessible_get_type());
}

static void glm_text_cell_init(GlmTextCell *cell) {
    gtk_widget_set_has_window(GTK_WIDGET(cell), FALSE);
}

/* ---- API -------------------------------------------------------------------------------- */

GtkWidget *glm_text_cell_new(void) {
    return g_object_new(GLM_TYPE_TEXT_CELL, NULL);
}

/* Takes the layout the row kept for the cell's new text, shaped and measured, when one draws
 * as this cell's own context would. */
static void take_shaped_text(GlmTextCell *cell, GlmShapedTexts *shaped) {
    PangoContext *own = gtk_widget_get_pango_context(GTK_WIDGET(cell));
    int width = 0, height = 0;
    PangoLayout *layout = glm_shaped_texts_take(shaped, cell->text, own, &width, &height);
    if (layout == NULL)
        return;
    g_clear_object(&cell->layout);
    cell->layout = layout;
    PangoContext *shaped_with = pango_layout_get_context(layout);
    cell->foreign_context = shaped_with == own ? NULL : shaped_with;
    cell->foreign_serial = pango_context_get_serial(shaped_with);
    cell->natural_width = width;
    cell->natural_height = height;
    cell->has_natural_size = TRUE;
}

void glm_text_cell_set_text(GlmTextCell *cell, const char *text) {
    g_return_if_fail(GLM_IS_TEXT_CELL(cell));
    if (g_strcmp0(cell->text, text) == 0)
        return;
    /* In a table row scrolled sideways, the text shaped goes to the row for a cell that shows
     * it next (its column scrolled back into view), and a text the row kept is taken rather
     * than shaped again (CONTRIBUTING, Hot paths: 23). */
    gboolean keeping = FALSE;
    GlmShapedTexts *shaped = glm_table_row_shaped_texts(gtk_widget_get_parent(GTK_WIDGET(cell)), &keeping);
    check_foreign_layout(cell);
    gboolean was_measured = cell->has_natural_size;
    int old_width = cell->natural_width, old_height = cell->natural_height;
    if (keeping && cell->layout != NULL && cell->has_natural_size) {
        glm_shaped_texts_put(shaped, cell->layout, cell->natural_width, cell->natural_height);
        cell->layout = NULL;
        cell->foreign_context = NULL;
    }
    g_free(cell->text);
    cell->text = g_strdup(text);
    cell->has_natural_size = FALSE;
    if (shaped != NULL && text != NULL && text[0] != '\0')
        take_shaped_text(cell, shaped);
    if (cell->layout != NULL && !cell->has_natural_size)
        pango_layout_set_text(cell->layout, text != NULL ? text : "", -1);
    /* A new value of the same size (a number that changed its digits) only redraws: the row
     * and the list keep their layout, as GtkTreeView's cells do (CONTRIBUTING, Hot paths: 24). */
    if (was_measured && measures_as(cell, old_width, old_height))
        gtk_widget_queue_draw(GTK_WIDGET(cell));
    else
        gtk_widget_queue_resize(GTK_WIDGET(cell));
    if (cell->has_accessible)
        g_object_notify(G_OBJECT(gtk_widget_get_accessible(GTK_WIDGET(cell))), "accessible-name");
}

char *glm_text_cell_format_number(double value, int digits) {
    /* The locale's decimal separator (printf, not g_ascii_formatd), as GtkSpinButton shows. */
    int length = snprintf(NULL, 0, "%.*f", CLAMP(digits, 0, 20), value);
    char *text = g_malloc(length + 1);
    snprintf(text, length + 1, "%.*f", CLAMP(digits, 0, 20), value);
    return text;
}

void glm_text_cell_set_number(GlmTextCell *cell, double value, int digits) {
    g_return_if_fail(GLM_IS_TEXT_CELL(cell));
    char *text = glm_text_cell_format_number(value, digits);
    glm_text_cell_set_text(cell, text);
    g_free(text);
}

const char *glm_text_cell_get_text(GlmTextCell *cell) {
    g_return_val_if_fail(GLM_IS_TEXT_CELL(cell), NULL);
    return cell->text != NULL ? cell->text : "";
}

void glm_text_cell_set_xalign(GlmTextCell *cell, float xalign) {
    g_return_if_fail(GLM_IS_TEXT_CELL(cell));
    float clamped = CLAMP(xalign, 0, 1);
    /* A cell filled again with its alignment (a handler setting it per bind) draws nothing more. */
    if (clamped == cell->xalign)
        return;
    cell->xalign = clamped;
    gtk_widget_queue_draw(GTK_WIDGET(cell));
}

float glm_text_cell_get_xalign(GlmTextCell *cell) {
    g_return_val_if_fail(GLM_IS_TEXT_CELL(cell), 0);
    return cell->xalign;
}

gboolean glm_text_cell_is_ellipsized(GlmTextCell *cell) {
    g_return_val_if_fail(GLM_IS_TEXT_CELL(cell), FALSE);
    if (cell->text == NULL || cell->text[0] == '\0')
        return FALSE;
    measure_text(cell);
    return cell->natural_width > MAX(room_of(cell), 0);
}
