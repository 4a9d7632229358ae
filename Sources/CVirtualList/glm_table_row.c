/*
 * GlmTableRow, GlmTableHeaderRow and GlmTableHeader: see glm_table_row.h.
 */
#include "glm_table_row.h"
#include "glm_virtual_list_private.h"

typedef struct {
    GtkWidget *widget;
    gint start;
    gint width;
    /* Kept for a column that comes into view later: hidden, neither measured nor placed. */
    gboolean parked;
    /* A frozen column's: placed at its start plus the pinned offset, drawn over the strip. */
    gboolean pinned;
    /* Placed over the cells (an editor): allocated as high as the row, never measured, so the
     * row keeps the height its cells give it. */
    gboolean overlay;
} TableCell;

typedef struct {
    /* The cells, in the order they were added (few: the columns on screen and the parked). */
    GArray *cells;
    gint content_width;
    /* The pinned strip: how far the row is scrolled from its leading edge (pinned cells move
     * with it) and how wide the strip is at the viewport's leading edge; 0 wide: none. */
    gint pinned_offset;
    gint pinned_width;
} GlmTableRowPrivate;

G_DEFINE_TYPE_WITH_PRIVATE(GlmTableRow, glm_table_row, GTK_TYPE_CONTAINER)

static GlmTableRowPrivate *row_private(GlmTableRow *row) {
    return glm_table_row_get_instance_private(row);
}

static TableCell *find_cell(GlmTableRowPrivate *private, GtkWidget *widget, guint *index) {
    for (guint i = 0; i < private->cells->len; i++) {
        TableCell *cell = &g_array_index(private->cells, TableCell, i);
        if (cell->widget == widget) {
            if (index)
                *index = i;
            return cell;
        }
    }
    return NULL;
}

static void glm_table_row_finalize(GObject *object) {
    g_array_unref(row_private(GLM_TABLE_ROW(object))->cells);
    G_OBJECT_CLASS(glm_table_row_parent_class)->finalize(object);
}

static void glm_table_row_get_preferred_width(GtkWidget *widget, gint *minimum, gint *natural) {
    *minimum = *natural = row_private(GLM_TABLE_ROW(widget))->content_width;
}

/* As high as the tallest cell at its column's width. */
static void glm_table_row_get_preferred_height(GtkWidget *widget, gint *minimum, gint *natural) {
    GlmTableRowPrivate *private = row_private(GLM_TABLE_ROW(widget));
    *minimum = *natural = 0;
    for (guint i = 0; i < private->cells->len; i++) {
        TableCell *cell = &g_array_index(private->cells, TableCell, i);
        if (cell->parked || cell->overlay || !gtk_widget_get_visible(cell->widget))
            continue;
        gint cell_minimum = 0, cell_natural = 0, minimum_width = 0, natural_width = 0;
        gtk_widget_get_preferred_width(cell->widget, &minimum_width, &natural_width);
        gtk_widget_get_preferred_height_for_width(cell->widget, MAX(cell->width, minimum_width), &cell_minimum,
                                                  &cell_natural);
        *minimum = MAX(*minimum, cell_minimum);
        *natural = MAX(*natural, cell_natural);
    }
}

static void glm_table_row_get_preferred_height_for_width(GtkWidget *widget, gint width, gint *minimum,
                                                         gint *natural) {
    (void)width;
    glm_table_row_get_preferred_height(widget, minimum, natural);
}

/* A pinned cell with input windows of its own (a header's button) takes the clicks in the
 * strip: its windows go above those of the scrolled cells under it. */
static void raise_input_windows(GtkWidget *cell) {
    GdkWindow *parent = gtk_widget_get_realized(cell) ? gtk_widget_get_window(cell) : NULL;
    if (parent == NULL)
        return;
    /* Raising reorders the children: the cell's windows are gathered first. */
    GPtrArray *owned = NULL;
    for (GList *node = gdk_window_peek_children(parent); node != NULL; node = node->next) {
        gpointer owner = NULL;
        gdk_window_get_user_data(node->data, &owner);
        if (owner == NULL || !GTK_IS_WIDGET(owner))
            continue;
        if (owner == (gpointer)cell || gtk_widget_is_ancestor(GTK_WIDGET(owner), cell)) {
            if (owned == NULL)
                owned = g_ptr_array_new();
            g_ptr_array_add(owned, node->data);
        }
    }
    if (owned == NULL)
        return;
    for (guint i = 0; i < owned->len; i++)
        gdk_window_raise(g_ptr_array_index(owned, i));
    g_ptr_array_unref(owned);
}

/* Allocates `cell` in the row's allocation: from the leading edge, the left one, or the right
 * one right to left. */
static void allocate_cell(GtkWidget *widget, const GtkAllocation *allocation, TableCell *cell) {
    gboolean mirrored = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    gint start = cell->start + (cell->pinned ? row_private(GLM_TABLE_ROW(widget))->pinned_offset : 0);
    gint minimum = 0, natural = 0;
    /* GTK expects a size request before every allocation; the request is cached. */
    gtk_widget_get_preferred_width(cell->widget, &minimum, &natural);
    GtkAllocation cell_allocation = {
        .x = mirrored ? allocation->x + allocation->width - start - cell->width : allocation->x + start,
        .y = allocation->y,
        .width = MAX(cell->width, 1),
        .height = allocation->height,
    };
    if (cell->overlay) {
        /* An editor no lower than it can be (a spin button's buttons, an entry's frame), centred
         * on the row, whose height stays what its cells make it. */
        gint minimum_height = 0, natural_height = 0;
        gtk_widget_get_preferred_height_for_width(cell->widget, cell_allocation.width, &minimum_height, &natural_height);
        if (minimum_height > cell_allocation.height) {
            cell_allocation.y -= (minimum_height - cell_allocation.height) / 2;
            cell_allocation.height = minimum_height;
        }
    }
    gtk_widget_size_allocate(cell->widget, &cell_allocation);
    if (cell->pinned)
        raise_input_windows(cell->widget);
}

static void glm_table_row_size_allocate(GtkWidget *widget, GtkAllocation *allocation) {
    GlmTableRowPrivate *private = row_private(GLM_TABLE_ROW(widget));
    gtk_widget_set_allocation(widget, allocation);
    for (guint i = 0; i < private->cells->len; i++) {
        TableCell *cell = &g_array_index(private->cells, TableCell, i);
        if (!cell->parked && gtk_widget_get_visible(cell->widget))
            allocate_cell(widget, allocation, cell);
    }
    GdkRectangle clip = *allocation;
    /* An editor taller than the row draws over its edges. */
    for (guint i = 0; i < private->cells->len; i++) {
        TableCell *cell = &g_array_index(private->cells, TableCell, i);
        if (cell->overlay && gtk_widget_get_visible(cell->widget)) {
            GdkRectangle child_clip;
            gtk_widget_get_clip(cell->widget, &child_clip);
            gdk_rectangle_union(&clip, &child_clip, &clip);
        }
    }
    gtk_widget_set_clip(widget, &clip);
}

/* The strip the pinned cells cover, in the row's coordinates (mirrored right to left). */
static gboolean pinned_strip(GtkWidget *widget, GdkRectangle *strip) {
    GlmTableRowPrivate *private = row_private(GLM_TABLE_ROW(widget));
    if (private->pinned_width <= 0)
        return FALSE;
    gint width = gtk_widget_get_allocated_width(widget);
    gboolean mirrored = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    strip->x = mirrored ? width - private->pinned_offset - private->pinned_width : private->pinned_offset;
    strip->y = 0;
    strip->width = private->pinned_width;
    strip->height = gtk_widget_get_allocated_height(widget);
    return TRUE;
}

/* What shows behind the row in the strip, opaque: the backgrounds of the row and of its
 * ancestors up to the one with a window (the list, with its rows' selected and hover states;
 * the header strip), outermost first. */
static void draw_strip_background(GtkWidget *widget, cairo_t *cr, const GdkRectangle *strip) {
    GtkWidget *chain[16];
    guint count = 0;
    for (GtkWidget *ancestor = widget; ancestor != NULL && count < G_N_ELEMENTS(chain);
         ancestor = gtk_widget_get_parent(ancestor)) {
        chain[count++] = ancestor;
        if (gtk_widget_get_has_window(ancestor))
            break;
    }
    while (count > 0) {
        GtkStyleContext *context = gtk_widget_get_style_context(chain[--count]);
        gtk_render_background(context, cr, strip->x, strip->y, strip->width, strip->height);
    }
}

/* The scrolled cells first; then, when columns are frozen, the strip's background over them
 * and the pinned cells on it: nothing scrolled shows through the strip. */
static gboolean glm_table_row_draw(GtkWidget *widget, cairo_t *cr) {
    GlmTableRowPrivate *private = row_private(GLM_TABLE_ROW(widget));
    GdkRectangle strip;
    gboolean pinned = pinned_strip(widget, &strip);
    for (guint i = 0; i < private->cells->len; i++) {
        TableCell *cell = &g_array_index(private->cells, TableCell, i);
        if (!cell->parked && !cell->overlay && !(pinned && cell->pinned))
            gtk_container_propagate_draw(GTK_CONTAINER(widget), cell->widget, cr);
    }
    if (pinned) {
        cairo_save(cr);
        gdk_cairo_rectangle(cr, &strip);
        cairo_clip(cr);
        draw_strip_background(widget, cr, &strip);
        cairo_restore(cr);
        for (guint i = 0; i < private->cells->len; i++) {
            TableCell *cell = &g_array_index(private->cells, TableCell, i);
            if (!cell->parked && !cell->overlay && cell->pinned)
                gtk_container_propagate_draw(GTK_CONTAINER(widget), cell->widget, cr);
        }
    }
    /* An editor last, over every cell, the frozen ones included. */
    for (guint i = 0; i < private->cells->len; i++) {
        TableCell *cell = &g_array_index(private->cells, TableCell, i);
        if (cell->overlay)
            gtk_container_propagate_draw(GTK_CONTAINER(widget), cell->widget, cr);
    }
    return FALSE;
}

static void glm_table_row_add(GtkContainer *container, GtkWidget *child) {
    glm_table_row_place_cell(GLM_TABLE_ROW(container), child, 0, 0);
}

static void glm_table_row_remove(GtkContainer *container, GtkWidget *child) {
    glm_table_row_remove_cell(GLM_TABLE_ROW(container), child);
}

static void glm_table_row_forall(GtkContainer *container, gboolean include_internals, GtkCallback callback,
                                 gpointer data) {
    (void)include_internals;
    GlmTableRowPrivate *private = row_private(GLM_TABLE_ROW(container));
    /* The callback may remove the cell (destroy): walk a copy. */
    guint count = private->cells->len, n = 0;
    GtkWidget **widgets = g_newa(GtkWidget *, count + 1);
    /* An overlay last: drawn over the cells, whichever came after it. */
    for (guint pass = 0; pass < 2; pass++)
        for (guint i = 0; i < count; i++) {
            TableCell *cell = &g_array_index(private->cells, TableCell, i);
            if (cell->overlay == (pass == 1))
                widgets[n++] = cell->widget;
        }
    for (guint i = 0; i < count; i++)
        callback(widgets[i], data);
}

static GType glm_table_row_child_type(GtkContainer *container) {
    (void)container;
    return GTK_TYPE_WIDGET;
}

static void glm_table_row_class_init(GlmTableRowClass *class) {
    GObjectClass *object_class = G_OBJECT_CLASS(class);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
    GtkContainerClass *container_class = GTK_CONTAINER_CLASS(class);
    object_class->finalize = glm_table_row_finalize;
    widget_class->get_preferred_width = glm_table_row_get_preferred_width;
    widget_class->get_preferred_height = glm_table_row_get_preferred_height;
    widget_class->get_preferred_height_for_width = glm_table_row_get_preferred_height_for_width;
    widget_class->size_allocate = glm_table_row_size_allocate;
    widget_class->draw = glm_table_row_draw;
    container_class->add = glm_table_row_add;
    container_class->remove = glm_table_row_remove;
    container_class->forall = glm_table_row_forall;
    container_class->child_type = glm_table_row_child_type;
    gtk_widget_class_set_css_name(widget_class, "cells");
}

static void glm_table_row_init(GlmTableRow *row) {
    gtk_widget_set_has_window(GTK_WIDGET(row), FALSE);
    gtk_widget_set_redraw_on_allocate(GTK_WIDGET(row), FALSE);
    row_private(row)->cells = g_array_new(FALSE, FALSE, sizeof(TableCell));
}

GtkWidget *glm_table_row_new(void) {
    return g_object_new(GLM_TYPE_TABLE_ROW, NULL);
}

/* Measures the row again without redrawing it: gtk_widget_queue_resize would make the whole
 * row stale, all its columns, where its cells invalidate what they cover themselves when they
 * are mapped, unmapped or allocated anew (CONTRIBUTING, Hot paths: 14). GTK 3 queues nothing
 * for a widget whose last queued resize was never measured (its resize still "needed"): the
 * row is measured first (its width is stored, cheap), so that the queue always reaches the
 * row's next allocation. */
static void queue_measure(GlmTableRow *row) {
    gint minimum = 0, natural = 0;
    gtk_widget_get_preferred_width(GTK_WIDGET(row), &minimum, &natural);
    gtk_widget_queue_resize_no_redraw(GTK_WIDGET(row));
}

/* A cell placed anew goes where it belongs at once, in the row's current allocation, whatever
 * the next allocation of the row does: a cell that came back from its park, or moved, never
 * shows where it was before (its old column's place). */
static void allocate_now(GlmTableRow *row, TableCell *cell) {
    GtkWidget *widget = GTK_WIDGET(row);
    if (!gtk_widget_get_realized(widget) || !gtk_widget_get_visible(cell->widget))
        return;
    GtkAllocation allocation;
    gtk_widget_get_allocation(widget, &allocation);
    allocate_cell(widget, &allocation, cell);
}

void glm_table_row_place_cell(GlmTableRow *row, GtkWidget *cell, gint start, gint width) {
    glm_table_row_place_cell_pinned(row, cell, start, width, FALSE);
}

void glm_table_row_place_cell_pinned(GlmTableRow *row, GtkWidget *cell, gint start, gint width, gboolean pinned) {
    GlmTableRowPrivate *private = row_private(row);
    TableCell *placed = find_cell(private, cell, NULL);
    pinned = pinned != FALSE;
    if (placed == NULL) {
        TableCell added = {.widget = cell, .start = start, .width = width, .pinned = pinned};
        g_array_append_val(private->cells, added);
        gtk_widget_set_parent(cell, GTK_WIDGET(row));
        return;
    }
    if (placed->parked) {
        *placed = (TableCell){.widget = cell, .start = start, .width = width, .pinned = pinned, .overlay = placed->overlay};
        allocate_now(row, placed);
        gtk_widget_set_child_visible(cell, TRUE);
        queue_measure(row);
        return;
    }
    if (placed->start == start && placed->width == width && placed->pinned == pinned)
        return;
    gboolean resized = placed->width != width;
    placed->start = start;
    placed->width = width;
    placed->pinned = pinned;
    allocate_now(row, placed);
    /* A new width may wrap the cell's text onto more lines; a new start only moves it. */
    if (resized)
        queue_measure(row);
}

void glm_table_row_remove_cell(GlmTableRow *row, GtkWidget *cell) {
    GlmTableRowPrivate *private = row_private(row);
    guint index = 0;
    if (find_cell(private, cell, &index) == NULL)
        return;
    g_array_remove_index_fast(private->cells, index);
    gtk_widget_unparent(cell);
}

void glm_table_row_park_cell(GlmTableRow *row, GtkWidget *cell) {
    TableCell *placed = find_cell(row_private(row), cell, NULL);
    if (placed == NULL || placed->parked)
        return;
    placed->parked = TRUE;
    placed->pinned = FALSE;
    gtk_widget_set_child_visible(cell, FALSE);
    /* It may have been the tallest cell. */
    queue_measure(row);
}

void glm_table_row_set_content_width(GlmTableRow *row, gint width) {
    GlmTableRowPrivate *private = row_private(row);
    if (private->content_width == width)
        return;
    private->content_width = width;
    queue_measure(row);
}

void glm_table_row_set_pinned_strip(GlmTableRow *row, gint offset, gint width) {
    GlmTableRowPrivate *private = row_private(row);
    width = MAX(width, 0);
    if (private->pinned_offset == offset && private->pinned_width == width)
        return;
    gboolean moved = private->pinned_offset != offset;
    gboolean was_pinned = private->pinned_width > 0;
    private->pinned_offset = offset;
    private->pinned_width = width;
    GtkWidget *widget = GTK_WIDGET(row);
    if (!gtk_widget_get_realized(widget))
        return;
    /* The pinned cells follow the offset: each invalidates where it was and where it goes. */
    if (moved) {
        GtkAllocation allocation;
        gtk_widget_get_allocation(widget, &allocation);
        for (guint i = 0; i < private->cells->len; i++) {
            TableCell *cell = &g_array_index(private->cells, TableCell, i);
            if (cell->pinned && !cell->parked && gtk_widget_get_visible(cell->widget))
                allocate_cell(widget, &allocation, cell);
        }
    }
    /* The strip appeared, went or changed width: the row shows it anew. */
    if (!moved || was_pinned != (width > 0))
        gtk_widget_queue_draw(widget);
}

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

static void clear_adjustment(GlmTableHeader *header) {
    if (header->adjustment == NULL)
        return;
    g_signal_handler_disconnect(header->adjustment, header->value_handler);
    g_signal_handler_disconnect(header->adjustment, header->changed_handler);
    g_clear_object(&header->adjustment);
}

static void clear_rows(GlmTableHeader *header) {
    if (header->rows == NULL)
        return;
    g_signal_handler_disconnect(header->rows, header->rows_allocated_handler);
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

void glm_table_row_place_overlay(GlmTableRow *row, GtkWidget *widget, gint start, gint width, gboolean pinned) {
    GlmTableRowPrivate *private = row_private(row);
    pinned = pinned != FALSE;
    TableCell *placed = find_cell(private, widget, NULL);
    if (placed == NULL) {
        TableCell added = {.widget = widget, .start = start, .width = width, .pinned = pinned, .overlay = TRUE};
        g_array_append_val(private->cells, added);
        gtk_widget_set_parent(widget, GTK_WIDGET(row));
        return;
    }
    if (placed->start == start && placed->width == width && placed->pinned == pinned)
        return;
    placed->start = start;
    placed->width = width;
    placed->pinned = pinned;
    allocate_now(row, placed);
}
