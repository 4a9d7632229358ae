/*
 * GlmTableRow: see glm_table_row.h (the header row and strip are in glm_table_header.c).
 */
#include "glm_table_row.h"
#include "glm_toggle_cell.h"
#include "glm_shaped_texts.h"
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
    /* The nodes the row's toggle cells draw their indicators under (a check, a radio), made
     * when a toggle cell first comes: hidden children that never move (see
     * glm_table_row_get_indicator_node). */
    GtkWidget *indicator_nodes[2];
    /* What its text cells let go of, shaped, while a scroll sideways gives their cells to
     * other columns (made on the first text kept). */
    GlmShapedTexts *shaped_texts;
    gboolean keeps_shaped_texts;
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

static void glm_table_row_dispose(GObject *object) {
    GlmTableRowPrivate *private = row_private(GLM_TABLE_ROW(object));
    for (guint i = 0; i < G_N_ELEMENTS(private->indicator_nodes); i++) {
        GtkWidget *node = private->indicator_nodes[i];
        private->indicator_nodes[i] = NULL;
        if (node != NULL)
            gtk_widget_unparent(node);
    }
    G_OBJECT_CLASS(glm_table_row_parent_class)->dispose(object);
}

static void glm_table_row_finalize(GObject *object) {
    g_array_unref(row_private(GLM_TABLE_ROW(object))->cells);
    glm_shaped_texts_free(row_private(GLM_TABLE_ROW(object))->shaped_texts);
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
    GlmTableRowPrivate *private = row_private(GLM_TABLE_ROW(container));
    /* The indicator nodes are internal: GTK gives them the row's direction, scale and the state
     * it hands to every child (backdrop, insensitive). */
    if (include_internals)
        for (guint i = 0; i < G_N_ELEMENTS(private->indicator_nodes); i++)
            if (private->indicator_nodes[i] != NULL)
                callback(private->indicator_nodes[i], data);
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
    object_class->dispose = glm_table_row_dispose;
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

GlmShapedTexts *glm_table_row_shaped_texts(GtkWidget *widget, gboolean *keeping) {
    *keeping = FALSE;
    if (widget == NULL || !GLM_IS_TABLE_ROW(widget))
        return NULL;
    GlmTableRowPrivate *private = row_private(GLM_TABLE_ROW(widget));
    *keeping = private->keeps_shaped_texts;
    if (private->shaped_texts == NULL && private->keeps_shaped_texts)
        private->shaped_texts = glm_shaped_texts_new();
    return private->shaped_texts;
}

void glm_table_row_keep_shaped_texts(GlmTableRow *row, gboolean keep) {
    row_private(row)->keeps_shaped_texts = keep != FALSE;
}

void glm_table_row_forget_shaped_texts(GlmTableRow *row) {
    GlmTableRowPrivate *private = row_private(row);
    glm_shaped_texts_free(private->shaped_texts);
    private->shaped_texts = NULL;
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

GtkWidget *glm_table_row_get_indicator_node(GlmTableRow *row, gboolean radio) {
    g_return_val_if_fail(GLM_IS_TABLE_ROW(row), NULL);
    GtkWidget **node = &row_private(row)->indicator_nodes[radio ? 1 : 0];
    if (*node == NULL) {
        /* Never shown: its CSS node is invisible to its siblings' selectors (`:first-child`),
         * never mapped, measured or drawn. */
        *node = glm_toggle_cell_new(radio);
        gtk_widget_set_parent(*node, GTK_WIDGET(row));
    }
    return *node;
}
