/*
 * GlmTableHeaderRow and GlmTableHeader: a table's header, scrolled sideways with its rows; see
 * glm_table_row.h.
 */
#include "glm_table_row.h"
#include "glm_virtual_list_private.h"

/* ---- The header row ------------------------------------------------------------------ */

struct _GlmTableHeaderRow {
    GlmTableRow parent_instance;
};

G_DEFINE_TYPE(GlmTableHeaderRow, glm_table_header_row, GLM_TYPE_TABLE_ROW)

static void glm_table_header_row_class_init(GlmTableHeaderRowClass *class) {
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(class), "header");
}

static void glm_table_header_row_init(GlmTableHeaderRow *row) {
    (void)row;
}

GtkWidget *glm_table_header_row_new(void) {
    return g_object_new(GLM_TYPE_TABLE_HEADER_ROW, NULL);
}

/* ---- The header strip ---------------------------------------------------------------- */

struct _GlmTableHeader {
    GtkBin parent_instance;
    GtkAdjustment *adjustment;
    gulong value_handler;
    gulong changed_handler;
    /* The header row's window, as wide as the rows and moved with them: a scroll sideways
     * moves it and places no button again (the list's bin window does the same for rows). */
    GdkWindow *bin_window;
    /* The widget showing the rows, and where it starts from the header's left edge: a
     * scrollbar beside the rows (on their left, right to left) moves them from the header's. */
    GtkWidget *rows;
    gulong rows_allocated_handler;
    gint rows_origin;
};

G_DEFINE_TYPE(GlmTableHeader, glm_table_header, GTK_TYPE_BIN)

static void place_header_row(GlmTableHeader *header, GtkAllocation *allocation);

static gint scroll_offset(GlmTableHeader *header) {
    return header->adjustment != NULL ? (gint)gtk_adjustment_get_value(header->adjustment) : 0;
}

/* Where the header row's window goes: the rows' start, scrolled as they are. */
static gint window_x(GlmTableHeader *header) {
    return header->rows_origin - scroll_offset(header);
}

/* The rows scrolled: the header row's window follows at once, as the rows' does. */
static void adjustment_scrolled(GtkAdjustment *adjustment, GlmTableHeader *header) {
    (void)adjustment;
    if (header->bin_window != NULL)
        gdk_window_move(header->bin_window, window_x(header), 0);
}

/* The rows changed width: the header row is placed anew (on realizing, when not yet). */
static void adjustment_changed(GtkAdjustment *adjustment, GlmTableHeader *header) {
    (void)adjustment;
    GtkWidget *widget = GTK_WIDGET(header);
    if (!gtk_widget_get_realized(widget))
        return;
    GtkAllocation allocation;
    gtk_widget_get_allocation(widget, &allocation);
    place_header_row(header, &allocation);
    gtk_widget_queue_draw(widget);
}

/* Disconnects `handler` unless `instance` dropped it already: an object disposed before the
 * header (the rows destroyed with the table they were taken from) has no handler left, and
 * GObject warns of a disconnect then. */
static void disconnect_if_connected(gpointer instance, gulong handler) {
    if (g_signal_handler_is_connected(instance, handler))
        g_signal_handler_disconnect(instance, handler);
}

static void clear_adjustment(GlmTableHeader *header) {
    if (header->adjustment == NULL)
        return;
    disconnect_if_connected(header->adjustment, header->value_handler);
    disconnect_if_connected(header->adjustment, header->changed_handler);
    g_clear_object(&header->adjustment);
}

static void clear_rows(GlmTableHeader *header) {
    if (header->rows == NULL)
        return;
    disconnect_if_connected(header->rows, header->rows_allocated_handler);
    g_clear_object(&header->rows);
}

static void glm_table_header_dispose(GObject *object) {
    clear_adjustment(GLM_TABLE_HEADER(object));
    clear_rows(GLM_TABLE_HEADER(object));
    G_OBJECT_CLASS(glm_table_header_parent_class)->dispose(object);
}

/* Its own window clips the header row's, which is as wide as the columns. */
static void glm_table_header_realize(GtkWidget *widget) {
    GlmTableHeader *header = GLM_TABLE_HEADER(widget);
    glm_realize_with_own_window(widget, 0);
    GdkWindowAttr attributes = {0};
    attributes.window_type = GDK_WINDOW_CHILD;
    attributes.x = window_x(header);
    attributes.width = MAX(gtk_widget_get_allocated_width(widget), 1);
    attributes.height = MAX(gtk_widget_get_allocated_height(widget), 1);
    attributes.wclass = GDK_INPUT_OUTPUT;
    attributes.visual = gtk_widget_get_visual(widget);
    attributes.event_mask = gtk_widget_get_events(widget) | GDK_EXPOSURE_MASK;
    header->bin_window =
        gdk_window_new(gtk_widget_get_window(widget), &attributes, GDK_WA_X | GDK_WA_Y | GDK_WA_VISUAL);
    gtk_widget_register_window(widget, header->bin_window);
    gdk_window_show(header->bin_window);
    GtkWidget *child = gtk_bin_get_child(GTK_BIN(widget));
    if (child != NULL)
        gtk_widget_set_parent_window(child, header->bin_window);
    /* Realized after its allocation, the window takes the rows' width and scroll now: no
     * "changed" of the adjustment may come to place it later. */
    GtkAllocation allocation;
    gtk_widget_get_allocation(widget, &allocation);
    place_header_row(header, &allocation);
}

static void glm_table_header_unrealize(GtkWidget *widget) {
    GlmTableHeader *header = GLM_TABLE_HEADER(widget);
    gtk_widget_unregister_window(widget, header->bin_window);
    gdk_window_destroy(header->bin_window);
    header->bin_window = NULL;
    GTK_WIDGET_CLASS(glm_table_header_parent_class)->unrealize(widget);
}

static void glm_table_header_add(GtkContainer *container, GtkWidget *child) {
    gtk_widget_set_parent_window(child, GLM_TABLE_HEADER(container)->bin_window);
    GTK_CONTAINER_CLASS(glm_table_header_parent_class)->add(container, child);
}

static void glm_table_header_get_preferred_width(GtkWidget *widget, gint *minimum, gint *natural) {
    (void)widget;
    /* Scrolled with the rows: the header never widens the window. */
    *minimum = *natural = 1;
}

static void glm_table_header_get_preferred_height(GtkWidget *widget, gint *minimum, gint *natural) {
    GtkWidget *child = gtk_bin_get_child(GTK_BIN(widget));
    *minimum = *natural = 0;
    if (child != NULL && gtk_widget_get_visible(child))
        gtk_widget_get_preferred_height(child, minimum, natural);
}

static void glm_table_header_size_allocate(GtkWidget *widget, GtkAllocation *allocation) {
    gtk_widget_set_allocation(widget, allocation);
    if (gtk_widget_get_realized(widget))
        gdk_window_move_resize(gtk_widget_get_window(widget), allocation->x, allocation->y, allocation->width,
                               allocation->height);
    place_header_row(GLM_TABLE_HEADER(widget), allocation);
}

/* The header row in its window: as wide as the rows, the window at their scroll. */
static void place_header_row(GlmTableHeader *header, GtkAllocation *allocation) {
    GtkWidget *child = gtk_bin_get_child(GTK_BIN(header));
    if (child == NULL || !gtk_widget_get_visible(child))
        return;
    gint minimum = 0, natural = 0;
    gtk_widget_get_preferred_width(child, &minimum, &natural);
    gdouble rows_width = header->adjustment != NULL ? gtk_adjustment_get_upper(header->adjustment) : 0;
    GtkAllocation child_allocation = {
        .x = 0,
        .y = 0,
        .width = MAX(MAX(allocation->width - header->rows_origin, (gint)rows_width), minimum),
        .height = allocation->height,
    };
    if (header->bin_window != NULL)
        gdk_window_move_resize(header->bin_window, window_x(header), 0, child_allocation.width,
                               MAX(child_allocation.height, 1));
    gtk_widget_size_allocate(child, &child_allocation);
}

static gboolean glm_table_header_draw(GtkWidget *widget, cairo_t *cr) {
    GtkStyleContext *context = gtk_widget_get_style_context(widget);
    gtk_render_background(context, cr, 0, 0, gtk_widget_get_allocated_width(widget),
                          gtk_widget_get_allocated_height(widget));
    return GTK_WIDGET_CLASS(glm_table_header_parent_class)->draw(widget, cr);
}

static void glm_table_header_class_init(GlmTableHeaderClass *class) {
    GObjectClass *object_class = G_OBJECT_CLASS(class);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
    object_class->dispose = glm_table_header_dispose;
    widget_class->realize = glm_table_header_realize;
    widget_class->unrealize = glm_table_header_unrealize;
    widget_class->get_preferred_width = glm_table_header_get_preferred_width;
    widget_class->get_preferred_height = glm_table_header_get_preferred_height;
    widget_class->size_allocate = glm_table_header_size_allocate;
    widget_class->draw = glm_table_header_draw;
    GTK_CONTAINER_CLASS(class)->add = glm_table_header_add;
    gtk_widget_class_set_css_name(widget_class, "treeview");
}

static void glm_table_header_init(GlmTableHeader *header) {
    gtk_widget_set_has_window(GTK_WIDGET(header), TRUE);
    gtk_style_context_add_class(gtk_widget_get_style_context(GTK_WIDGET(header)), GTK_STYLE_CLASS_VIEW);
}

GtkWidget *glm_table_header_new(void) {
    return g_object_new(GLM_TYPE_TABLE_HEADER, NULL);
}

void glm_table_header_set_adjustment(GlmTableHeader *header, GtkAdjustment *adjustment) {
    if (header->adjustment == adjustment)
        return;
    clear_adjustment(header);
    if (adjustment != NULL) {
        header->adjustment = g_object_ref(adjustment);
        header->value_handler = g_signal_connect(adjustment, "value-changed", G_CALLBACK(adjustment_scrolled), header);
        header->changed_handler = g_signal_connect(adjustment, "changed", G_CALLBACK(adjustment_changed), header);
    }
    gtk_widget_queue_allocate(GTK_WIDGET(header));
}

/* The rows were allocated: the header row starts where they do, from then on. */
static void rows_allocated(GtkWidget *rows, GdkRectangle *allocation, GlmTableHeader *header) {
    (void)allocation;
    GtkWidget *widget = GTK_WIDGET(header);
    gint x = 0, y = 0;
    if (!gtk_widget_translate_coordinates(rows, widget, 0, 0, &x, &y) || x == header->rows_origin)
        return;
    header->rows_origin = x;
    if (!gtk_widget_get_realized(widget))
        return;
    GtkAllocation header_allocation;
    gtk_widget_get_allocation(widget, &header_allocation);
    place_header_row(header, &header_allocation);
    gtk_widget_queue_draw(widget);
}

void glm_table_header_set_rows(GlmTableHeader *header, GtkWidget *rows) {
    if (header->rows == rows)
        return;
    clear_rows(header);
    header->rows_origin = 0;
    if (rows != NULL) {
        header->rows = g_object_ref(rows);
        header->rows_allocated_handler = g_signal_connect_after(rows, "size-allocate", G_CALLBACK(rows_allocated), header);
    }
    gtk_widget_queue_allocate(GTK_WIDGET(header));
}
