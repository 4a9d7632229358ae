#pragma once
#include <gtk/gtk.h>

/* An icon cell for tables: a widget with no window and no children that draws one icon, as
 * GtkTreeView's pixbuf renderer does, instead of holding a GtkImage (a gadget and an icon helper
 * per cell). It shows a themed icon by name, a GIcon, or a picture (a GdkPixbuf), whichever was
 * set last, `pixel_size` pixels square (16 by default, a menu icon's size), placed across the
 * cell by xalign (mirrored right to left) and centred vertically inside its CSS padding. Its
 * CSS name is `image`: a symbolic icon takes the cell's CSS colour (a selected row's too).
 *
 * Icons are drawn from surfaces made at the widget's scale factor (crisp at GDK_SCALE=2) and
 * kept process-wide per icon, size, scale, direction and, for a symbolic icon, colour, so a
 * column of a thousand rows with the same few icons looks each up once; the cache is emptied
 * when the icon theme changes. A picture is scaled down to fit the pixel size (its aspect kept,
 * never enlarged) and drawn with as many of its pixels as the scale factor shows: decode it at
 * pixel_size × the scale factor for a crisp picture.
 *
 * Screen readers read it as an icon (an image) named by its description. */

#define GLM_TYPE_ICON_CELL (glm_icon_cell_get_type())
G_DECLARE_FINAL_TYPE(GlmIconCell, glm_icon_cell, GLM, ICON_CELL, GtkWidget)

/* A new cell showing nothing, 16 pixels square. */
GtkWidget *glm_icon_cell_new(void);
/* `widget` as an icon cell, or NULL when it is none. */
GlmIconCell *glm_icon_cell_of_widget(GtkWidget *widget);

/* Shows the themed icon `name` (NULL shows nothing). */
void glm_icon_cell_set_icon_name(GlmIconCell *cell, const char *name);
/* The themed icon's name; NULL when the cell shows a GIcon, a picture or nothing. */
const char *glm_icon_cell_get_icon_name(GlmIconCell *cell);

/* Shows `icon` (taking a reference; NULL shows nothing). */
void glm_icon_cell_set_gicon(GlmIconCell *cell, GIcon *icon);
/* The GIcon shown (borrowed): the themed icon of a name too; NULL for a picture or nothing. */
GIcon *glm_icon_cell_get_gicon(GlmIconCell *cell);

/* Shows the picture `pixbuf` (taking a reference; NULL shows nothing). */
void glm_icon_cell_set_pixbuf(GlmIconCell *cell, GdkPixbuf *pixbuf);
/* The picture shown (borrowed), or NULL. */
GdkPixbuf *glm_icon_cell_get_pixbuf(GlmIconCell *cell);

/* The icon's size in pixels (at least 1; default 16). */
void glm_icon_cell_set_pixel_size(GlmIconCell *cell, int pixel_size);
int glm_icon_cell_get_pixel_size(GlmIconCell *cell);

/* Where the icon sits across the cell: 0 at the start (left, or right when the widget's
 * direction is right to left), 1 at the end. Default 0.5. */
void glm_icon_cell_set_xalign(GlmIconCell *cell, float xalign);
float glm_icon_cell_get_xalign(GlmIconCell *cell);

/* What a screen reader says for the icon (NULL: nothing). */
void glm_icon_cell_set_description(GlmIconCell *cell, const char *description);
const char *glm_icon_cell_get_description(GlmIconCell *cell);

/* The icon's box in the cell's coordinates, as drawn at the cell's allocation (empty when it
 * shows nothing). */
void glm_icon_cell_get_icon_area(GlmIconCell *cell, GdkRectangle *area);

/* The surface the cell drew last (borrowed; NULL before its first draw or when it showed
 * nothing): its device scale is the widget's scale factor for a themed icon. */
cairo_surface_t *glm_icon_cell_get_drawn_surface(GlmIconCell *cell);

/* How many surfaces the process-wide icon cache holds (a symbolic icon's colours each count). */
guint glm_icon_cell_cached_surface_count(void);
