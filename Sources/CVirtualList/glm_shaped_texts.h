/* The shaped texts a table row keeps for its text cells (glm_shaped_texts.c). */
#ifndef GLM_SHAPED_TEXTS_H
#define GLM_SHAPED_TEXTS_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct _GlmShapedTexts GlmShapedTexts;

GlmShapedTexts *glm_shaped_texts_new(void);
void glm_shaped_texts_free(GlmShapedTexts *texts);
/* Keeps `layout` (transfer full), measured `natural_width` × `natural_height` on one line, for
 * a cell that shows its text next; the longest kept goes past a row's worth. */
void glm_shaped_texts_put(GlmShapedTexts *texts, PangoLayout *layout, int natural_width, int natural_height);
/* The layout kept for `text` (transfer full) with its natural size, when its context draws as
 * `context` does and did not change since it was measured; NULL when none. */
PangoLayout *glm_shaped_texts_take(GlmShapedTexts *texts, const char *text, PangoContext *context, int *natural_width,
                                   int *natural_height);
/* Whether layouts made with `a` and with `b` are shaped and drawn alike (font, direction,
 * language, font options, resolution, matrix). */
gboolean glm_shaped_texts_render_alike(PangoContext *a, PangoContext *b);
/* The shaped texts the table row `widget` kept (made when it keeps them now, which `keeping`
 * says); NULL for another widget or a row that kept none (glm_table_row.c). */
GlmShapedTexts *glm_table_row_shaped_texts(GtkWidget *widget, gboolean *keeping);

G_END_DECLS

#endif /* GLM_SHAPED_TEXTS_H */
