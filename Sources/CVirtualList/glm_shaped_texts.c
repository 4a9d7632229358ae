/*
 * GlmShapedTexts: the shaped texts a table row's text cells let go of, each kept with its
 * natural size for the next cell of the row that shows the same text (CONTRIBUTING, Hot paths:
 * 23). A column that scrolls out of view gives its cells to the column that enters; scrolled
 * back, its texts are found here already shaped rather than shaped again.
 */
#include "glm_shaped_texts.h"
#include <pango/pangocairo.h>

/* Enough for every column of a wide table's row (its cells' texts between two passes). */
#define GLM_SHAPED_TEXTS_KEPT 32

typedef struct {
    PangoLayout *layout;
    /* The layout's context's serial when it was measured: a change since voids the size. */
    guint serial;
    int natural_width, natural_height;
} ShapedText;

struct _GlmShapedTexts {
    /* Oldest first. */
    ShapedText entries[GLM_SHAPED_TEXTS_KEPT];
    guint count;
};

GlmShapedTexts *glm_shaped_texts_new(void) {
    return g_new0(GlmShapedTexts, 1);
}

void glm_shaped_texts_free(GlmShapedTexts *texts) {
    if (texts == NULL)
        return;
    for (guint i = 0; i < texts->count; i++)
        g_object_unref(texts->entries[i].layout);
    g_free(texts);
}

static void remove_entry(GlmShapedTexts *texts, guint index) {
    memmove(&texts->entries[index], &texts->entries[index + 1], (texts->count - index - 1) * sizeof(ShapedText));
    texts->count--;
}

void glm_shaped_texts_put(GlmShapedTexts *texts, PangoLayout *layout, int natural_width, int natural_height) {
    if (texts->count == GLM_SHAPED_TEXTS_KEPT) {
        g_object_unref(texts->entries[0].layout);
        remove_entry(texts, 0);
    }
    texts->entries[texts->count++] = (ShapedText){
        .layout = layout,
        .serial = pango_context_get_serial(pango_layout_get_context(layout)),
        .natural_width = natural_width,
        .natural_height = natural_height,
    };
}

static gboolean same_matrix(const PangoMatrix *a, const PangoMatrix *b) {
    if (a == NULL || b == NULL)
        return a == b;
    return a->xx == b->xx && a->xy == b->xy && a->yx == b->yx && a->yy == b->yy && a->x0 == b->x0 && a->y0 == b->y0;
}

gboolean glm_shaped_texts_render_alike(PangoContext *a, PangoContext *b) {
    if (a == b)
        return TRUE;
    const cairo_font_options_t *options_a = pango_cairo_context_get_font_options(a);
    const cairo_font_options_t *options_b = pango_cairo_context_get_font_options(b);
    gboolean same_options = options_a == NULL || options_b == NULL ? options_a == options_b
                                                                   : cairo_font_options_equal(options_a, options_b);
    return same_options && pango_context_get_font_map(a) == pango_context_get_font_map(b)
        && pango_font_description_equal(pango_context_get_font_description(a), pango_context_get_font_description(b))
        && pango_context_get_base_dir(a) == pango_context_get_base_dir(b)
        && pango_context_get_base_gravity(a) == pango_context_get_base_gravity(b)
        && pango_context_get_gravity_hint(a) == pango_context_get_gravity_hint(b)
        && pango_context_get_language(a) == pango_context_get_language(b)
        && pango_context_get_round_glyph_positions(a) == pango_context_get_round_glyph_positions(b)
        && pango_cairo_context_get_resolution(a) == pango_cairo_context_get_resolution(b)
        && same_matrix(pango_context_get_matrix(a), pango_context_get_matrix(b));
}

PangoLayout *glm_shaped_texts_take(GlmShapedTexts *texts, const char *text, PangoContext *context, int *natural_width,
                                   int *natural_height) {
    /* The newest first: a text shown again soon is most likely the last one let go of. */
    for (guint i = texts->count; i > 0; i--) {
        ShapedText entry = texts->entries[i - 1];
        if (strcmp(pango_layout_get_text(entry.layout), text) != 0)
            continue;
        remove_entry(texts, i - 1);
        PangoContext *shaped_with = pango_layout_get_context(entry.layout);
        if (pango_context_get_serial(shaped_with) != entry.serial
            || !glm_shaped_texts_render_alike(shaped_with, context)) {
            g_object_unref(entry.layout);
            return NULL;
        }
        *natural_width = entry.natural_width;
        *natural_height = entry.natural_height;
        return entry.layout;
    }
    return NULL;
}
