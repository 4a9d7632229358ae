/*
 * GlmRowPixels: what the list's bin window shows, kept in a surface the size of the viewport.
 * A sideways scroll shifts the kept pixels and marks only the strip it uncovers to be drawn
 * again (GTK 3 invalidates the whole window on a scroll; GtkViewport keeps a private cache of
 * the same kind). Whatever a child invalidates in the bin window is drawn again, through the
 * window's invalidate handler; what the list itself changes (its style, its overlay, its size)
 * invalidates everything.
 */
#include "glm_virtual_list_private.h"

struct _GlmRowPixels {
    cairo_surface_t *shown;
    /* The other surface of the pair: a shift copies into it, then they swap. */
    cairo_surface_t *spare;
    gint width, height, scale;
    /* What has to be drawn again, in the viewport's coordinates (the widget's). */
    cairo_region_t *stale;
};

GlmRowPixels *glm_row_pixels_new(void) {
    GlmRowPixels *pixels = g_new0(GlmRowPixels, 1);
    pixels->stale = cairo_region_create();
    return pixels;
}

static void drop_surfaces(GlmRowPixels *pixels) {
    g_clear_pointer(&pixels->shown, cairo_surface_destroy);
    g_clear_pointer(&pixels->spare, cairo_surface_destroy);
}

void glm_row_pixels_free(GlmRowPixels *pixels) {
    drop_surfaces(pixels);
    cairo_region_destroy(pixels->stale);
    g_free(pixels);
}

void glm_row_pixels_invalidate_all(GlmRowPixels *pixels) {
    drop_surfaces(pixels);
}

void glm_row_pixels_invalidate(GlmRowPixels *pixels, const cairo_region_t *region, gint x, gint y) {
    if (pixels->shown == NULL)
        return;
    cairo_region_t *moved = cairo_region_copy(region);
    cairo_region_translate(moved, x, y);
    cairo_region_union(pixels->stale, moved);
    cairo_region_destroy(moved);
}

void glm_row_pixels_shift(GlmRowPixels *pixels, gint dx) {
    if (pixels->shown == NULL || dx == 0)
        return;
    if (ABS(dx) >= pixels->width)
        return drop_surfaces(pixels);
    cairo_t *copy = cairo_create(pixels->spare);
    cairo_set_operator(copy, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_surface(copy, pixels->shown, dx, 0);
    cairo_paint(copy);
    cairo_destroy(copy);
    cairo_surface_t *shown = pixels->spare;
    pixels->spare = pixels->shown;
    pixels->shown = shown;
    cairo_region_translate(pixels->stale, dx, 0);
    cairo_rectangle_int_t uncovered = {dx > 0 ? 0 : pixels->width + dx, 0, ABS(dx), pixels->height};
    cairo_region_union_rectangle(pixels->stale, &uncovered);
}

void glm_row_pixels_paint(GlmRowPixels *pixels, cairo_t *cr, GdkWindow *window, gint width, gint height,
                          void (*draw)(gpointer data, cairo_t *cr), gpointer data) {
    gint scale = gdk_window_get_scale_factor(window);
    if (pixels->shown != NULL && (pixels->width != width || pixels->height != height || pixels->scale != scale))
        drop_surfaces(pixels);
    if (pixels->shown == NULL) {
        pixels->shown = gdk_window_create_similar_surface(window, CAIRO_CONTENT_COLOR_ALPHA, width, height);
        pixels->spare = gdk_window_create_similar_surface(window, CAIRO_CONTENT_COLOR_ALPHA, width, height);
        pixels->width = width;
        pixels->height = height;
        pixels->scale = scale;
        cairo_region_destroy(pixels->stale);
        cairo_rectangle_int_t all = {0, 0, width, height};
        pixels->stale = cairo_region_create_rectangle(&all);
    }
    if (!cairo_region_is_empty(pixels->stale)) {
        cairo_t *redraw = cairo_create(pixels->shown);
        gdk_cairo_region(redraw, pixels->stale);
        cairo_clip(redraw);
        cairo_set_operator(redraw, CAIRO_OPERATOR_CLEAR);
        cairo_paint(redraw);
        cairo_set_operator(redraw, CAIRO_OPERATOR_OVER);
        draw(data, redraw);
        cairo_destroy(redraw);
        cairo_region_destroy(pixels->stale);
        pixels->stale = cairo_region_create();
    }
    cairo_set_source_surface(cr, pixels->shown, 0, 0);
    cairo_paint(cr);
}
