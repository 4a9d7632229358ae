#include "glm_icon_cell.h"
#include <gtk/gtk-a11y.h>

/* The most surfaces the process-wide cache keeps: past it, it starts again (a table of file
 * icons, each a GFileIcon of its own, must not grow it without bound). */
#define CACHE_LIMIT 512

/* ---- The process-wide cache of icon surfaces -------------------------------------------- */
/* Hot paths: 17. A column shows a few icons on a million rows: each is looked up and loaded
 * once for the process, and a cell finds its surface again with an integer compare. */

/* A symbolic icon drawn in one colour. */
typedef struct {
    GdkRGBA color;
    cairo_surface_t *surface;
} SymbolicSurface;

/* One icon at one size, scale and direction, in one theme: its surface, or for a symbolic
 * icon its icon info and the surfaces made for each colour asked. Both key and value of the
 * cache's table. */
typedef struct {
    GtkIconTheme *theme;
    GIcon *icon;
    int size, scale;
    GtkIconLookupFlags flags;
    gboolean symbolic;
    GtkIconInfo *info;
    cairo_surface_t *surface;
    GArray *symbolic_surfaces;
} IconEntry;

static GHashTable *icon_cache;
/* Bumped each time the cache empties: a cell's remembered entry is valid only for its
 * generation. */
static guint cache_generation = 1;
static guint cached_surfaces;
/* Themed icons by name: a cell given a name takes the one icon made for it. */
static GHashTable *named_icons;

static guint entry_hash(gconstpointer key) {
    const IconEntry *entry = key;
    return g_icon_hash((gpointer)entry->icon) ^ (guint)entry->size * 31u ^ (guint)entry->scale * 131u ^
           (guint)entry->flags * 7919u ^ GPOINTER_TO_UINT(entry->theme);
}

static gboolean entry_equal(gconstpointer a, gconstpointer b) {
    const IconEntry *left = a, *right = b;
    return left->theme == right->theme && left->size == right->size && left->scale == right->scale &&
           left->flags == right->flags && g_icon_equal(left->icon, right->icon);
}

static void entry_free(gpointer data) {
    IconEntry *entry = data;
    g_object_unref(entry->icon);
    g_clear_object(&entry->info);
    g_clear_pointer(&entry->surface, cairo_surface_destroy);
    if (entry->symbolic_surfaces != NULL) {
        for (guint i = 0; i < entry->symbolic_surfaces->len; i++)
            cairo_surface_destroy(g_array_index(entry->symbolic_surfaces, SymbolicSurface, i).surface);
        g_array_free(entry->symbolic_surfaces, TRUE);
    }
    g_free(entry);
}

static void clear_cache(void) {
    if (icon_cache != NULL)
        g_hash_table_remove_all(icon_cache);
    cached_surfaces = 0;
    cache_generation++;
}

static void theme_changed(GtkIconTheme *theme, gpointer data) {
    (void)theme;
    (void)data;
    clear_cache();
}

static void theme_finalized(gpointer data, GObject *theme) {
    (void)data;
    (void)theme;
    clear_cache();  // its entries' key could match a theme made at its address later
}

/* Empties the cache when `theme` changes (another theme chosen, icons installed) or goes. */
static void watch_theme(GtkIconTheme *theme) {
    static GQuark watched = 0;
    if (watched == 0)
        watched = g_quark_from_static_string("glm-icon-cell-watched");
    if (g_object_get_qdata(G_OBJECT(theme), watched) != NULL)
        return;
    g_object_set_qdata(G_OBJECT(theme), watched, GINT_TO_POINTER(1));
    g_signal_connect(theme, "changed", G_CALLBACK(theme_changed), NULL);
    g_object_weak_ref(G_OBJECT(theme), theme_finalized, NULL);
}

/* A surface of `pixbuf` drawn at `scale`. */
static cairo_surface_t *surface_of(GdkPixbuf *pixbuf, int scale) {
    cairo_surface_t *surface = gdk_cairo_surface_create_from_pixbuf(pixbuf, scale, NULL);
    g_object_unref(pixbuf);
    cached_surfaces++;
    return surface;
}

/* The entry of `icon` at `size`, `scale` and `flags` in `theme`: looked up as GtkIconHelper
 * looks icons up (builtin icons, forced to the size; a name's themed icon has GTK's default
 * fallbacks), "image-missing" when the theme has no such icon. */
static IconEntry *cached_entry(GtkIconTheme *theme, GIcon *icon, int size, int scale, GtkIconLookupFlags flags) {
    if (icon_cache == NULL)
        icon_cache = g_hash_table_new_full(entry_hash, entry_equal, entry_free, NULL);
    IconEntry key = {.theme = theme, .icon = icon, .size = size, .scale = scale, .flags = flags};
    IconEntry *entry = g_hash_table_lookup(icon_cache, &key);
    if (entry != NULL)
        return entry;
    if (cached_surfaces >= CACHE_LIMIT)
        clear_cache();
    watch_theme(theme);
    entry = g_new0(IconEntry, 1);
    *entry = key;
    g_object_ref(icon);
    GtkIconInfo *info = gtk_icon_theme_lookup_by_gicon_for_scale(theme, icon, size, scale, flags);
    if (info != NULL && gtk_icon_info_is_symbolic(info)) {
        entry->symbolic = TRUE;
        entry->info = info;
        entry->symbolic_surfaces = g_array_new(FALSE, FALSE, sizeof(SymbolicSurface));
    } else {
        GdkPixbuf *pixbuf = info != NULL ? gtk_icon_info_load_icon(info, NULL) : NULL;
        g_clear_object(&info);
        if (pixbuf == NULL)
            pixbuf = gtk_icon_theme_load_icon_for_scale(theme, "image-missing", size, scale,
                                                        flags | GTK_ICON_LOOKUP_GENERIC_FALLBACK, NULL);
        if (pixbuf != NULL)
            entry->surface = surface_of(pixbuf, scale);
    }
    g_hash_table_add(icon_cache, entry);
    return entry;
}

/* A symbolic entry's surface in `color`, made with the colours of `context` (its foreground is
 * `color`; the success, warning and error colours of its icon palette). */
static cairo_surface_t *symbolic_surface(IconEntry *entry, const GdkRGBA *color, GtkStyleContext *context) {
    for (guint i = 0; i < entry->symbolic_surfaces->len; i++) {
        SymbolicSurface *made = &g_array_index(entry->symbolic_surfaces, SymbolicSurface, i);
        if (gdk_rgba_equal(&made->color, color))
            return made->surface;
    }
    GdkPixbuf *pixbuf = gtk_icon_info_load_symbolic_for_context(entry->info, context, NULL, NULL);
    if (pixbuf == NULL)
        return NULL;
    SymbolicSurface made = {.color = *color, .surface = surface_of(pixbuf, entry->scale)};
    g_array_append_val(entry->symbolic_surfaces, made);
    return made.surface;
}

guint glm_icon_cell_cached_surface_count(void) {
    return cached_surfaces;
}

/* The themed icon of `name`, with GTK's default fallbacks (as GtkIconHelper makes it): one per
 * name for the process. */
static GIcon *named_icon(const char *name) {
    if (named_icons == NULL)
        named_icons = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_object_unref);
    GIcon *icon = g_hash_table_lookup(named_icons, name);
    if (icon == NULL) {
        icon = g_themed_icon_new_with_default_fallbacks(name);
        g_hash_table_insert(named_icons, g_strdup(name), icon);
    }
    return icon;
}

/* ---- The cell ---------------------------------------------------------------------------- */

struct _GlmIconCell {
    GtkWidget parent;
    /* A themed icon (a name's) or the app's GIcon; a picture; what a reader hears. */
    GIcon *icon;
    char *icon_name;
    GdkPixbuf *pixbuf;
    char *description;
    int pixel_size;
    float xalign;
    /* The cache entry drawn last, valid for the cache's generation it was found in. */
    IconEntry *entry;
    guint entry_generation;
    /* The colour of a symbolic icon (the CSS colour), kept until the style changes. */
    GdkRGBA color;
    /* The picture's surface, made at a scale and pixel size. */
    cairo_surface_t *picture_surface;
    int picture_scale, picture_size;
    /* The surface drawn last (a reference, for tests). */
    cairo_surface_t *drawn;
    /* The CSS padding, kept until the style or the parent changes. */
    GtkBorder padding;
    guint has_padding : 1;
    guint has_color : 1;
    guint has_accessible : 1;
};

G_DEFINE_TYPE(GlmIconCell, glm_icon_cell, GTK_TYPE_WIDGET)

/* ---- The accessible: an icon named by its description ---------------------------------- */

typedef struct {
    GtkWidgetAccessible parent;
} GlmIconCellAccessible;

typedef struct {
    GtkWidgetAccessibleClass parent_class;
} GlmIconCellAccessibleClass;

static void image_interface_init(AtkImageIface *iface);

static GType glm_icon_cell_accessible_get_type(void);
G_DEFINE_TYPE_WITH_CODE(GlmIconCellAccessible, glm_icon_cell_accessible, GTK_TYPE_WIDGET_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_IMAGE, image_interface_init))

static GlmIconCell *cell_of(gpointer accessible) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(accessible));
    return widget != NULL ? GLM_ICON_CELL(widget) : NULL;
}

static void glm_icon_cell_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(glm_icon_cell_accessible_parent_class)->initialize(object, data);
    object->role = ATK_ROLE_ICON;  // GtkImage's
    GLM_ICON_CELL(data)->has_accessible = TRUE;
}

static const gchar *glm_icon_cell_accessible_get_name(AtkObject *object) {
    const gchar *name = ATK_OBJECT_CLASS(glm_icon_cell_accessible_parent_class)->get_name(object);
    if (name != NULL)
        return name;  // set by the app
    GlmIconCell *cell = cell_of(object);
    return cell != NULL ? cell->description : NULL;
}

static void glm_icon_cell_accessible_class_init(GlmIconCellAccessibleClass *klass) {
    ATK_OBJECT_CLASS(klass)->initialize = glm_icon_cell_accessible_initialize;
    ATK_OBJECT_CLASS(klass)->get_name = glm_icon_cell_accessible_get_name;
}

static void glm_icon_cell_accessible_init(GlmIconCellAccessible *accessible) { (void)accessible; }

static const gchar *image_get_description(AtkImage *image) {
    GlmIconCell *cell = cell_of(image);
    return cell != NULL ? cell->description : NULL;
}

static void image_get_size(AtkImage *image, gint *width, gint *height) {
    GlmIconCell *cell = cell_of(image);
    GdkRectangle area = {0};
    if (cell != NULL)
        glm_icon_cell_get_icon_area(cell, &area);
    *width = area.width;
    *height = area.height;
}

static void image_get_position(AtkImage *image, gint *x, gint *y, AtkCoordType coord_type) {
    GlmIconCell *cell = cell_of(image);
    *x = *y = G_MININT;
    if (cell == NULL)
        return;
    gint width, height;
    atk_component_get_extents(ATK_COMPONENT(image), x, y, &width, &height, coord_type);
    GdkRectangle area;
    glm_icon_cell_get_icon_area(cell, &area);
    *x += area.x;
    *y += area.y;
}

static void image_interface_init(AtkImageIface *iface) {
    iface->get_image_description = image_get_description;
    iface->get_image_size = image_get_size;
    iface->get_image_position = image_get_position;
}

/* ---- Measuring and drawing -------------------------------------------------------------- */

static GtkBorder padding_of(GlmIconCell *cell) {
    if (!cell->has_padding) {
        GtkStyleContext *context = gtk_widget_get_style_context(GTK_WIDGET(cell));
        gtk_style_context_get_padding(context, gtk_style_context_get_state(context), &cell->padding);
        cell->has_padding = TRUE;
    }
    return cell->padding;
}

static void glm_icon_cell_get_preferred_width(GtkWidget *widget, gint *minimum, gint *natural) {
    GlmIconCell *cell = GLM_ICON_CELL(widget);
    GtkBorder padding = padding_of(cell);
    *minimum = *natural = cell->pixel_size + padding.left + padding.right;
}

static void glm_icon_cell_get_preferred_height(GtkWidget *widget, gint *minimum, gint *natural) {
    GlmIconCell *cell = GLM_ICON_CELL(widget);
    GtkBorder padding = padding_of(cell);
    *minimum = *natural = cell->pixel_size + padding.top + padding.bottom;
}

/* The size a picture shows at: scaled down to fit the pixel size, its aspect kept. */
static void picture_size(GlmIconCell *cell, int *width, int *height) {
    int picture_width = gdk_pixbuf_get_width(cell->pixbuf), picture_height = gdk_pixbuf_get_height(cell->pixbuf);
    double fit = MIN(1.0, MIN((double)cell->pixel_size / picture_width, (double)cell->pixel_size / picture_height));
    *width = MAX(1, (int)(picture_width * fit + 0.5));
    *height = MAX(1, (int)(picture_height * fit + 0.5));
}

void glm_icon_cell_get_icon_area(GlmIconCell *cell, GdkRectangle *area) {
    g_return_if_fail(GLM_IS_ICON_CELL(cell));
    GtkWidget *widget = GTK_WIDGET(cell);
    *area = (GdkRectangle){0};
    if (cell->pixbuf != NULL)
        picture_size(cell, &area->width, &area->height);
    else if (cell->icon != NULL)
        area->width = area->height = cell->pixel_size;
    else
        return;
    GtkBorder padding = padding_of(cell);
    float xalign = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? 1 - cell->xalign : cell->xalign;
    int free_width = gtk_widget_get_allocated_width(widget) - padding.left - padding.right - area->width;
    int free_height = gtk_widget_get_allocated_height(widget) - padding.top - padding.bottom - area->height;
    // Whole pixels, truncated as the renderer's offsets are.
    area->x = padding.left + MAX((int)(xalign * free_width), 0);
    area->y = padding.top + MAX((int)(0.5f * free_height), 0);
}

/* The picture's surface at `scale`: the picture scaled down to the device pixels it shows at,
 * when it has more; drawn with the pixels it has otherwise. */
static cairo_surface_t *picture_surface(GlmIconCell *cell, int scale) {
    if (cell->picture_surface != NULL && cell->picture_scale == scale && cell->picture_size == cell->pixel_size)
        return cell->picture_surface;
    g_clear_pointer(&cell->picture_surface, cairo_surface_destroy);
    int width, height;
    picture_size(cell, &width, &height);
    GdkPixbuf *source = g_object_ref(cell->pixbuf);
    if (gdk_pixbuf_get_width(source) > width * scale || gdk_pixbuf_get_height(source) > height * scale) {
        GdkPixbuf *scaled = gdk_pixbuf_scale_simple(source, width * scale, height * scale, GDK_INTERP_BILINEAR);
        g_object_unref(source);
        if (scaled == NULL)
            return NULL;
        source = scaled;
    }
    cell->picture_surface = gdk_cairo_surface_create_from_pixbuf(source, 1, NULL);
    cairo_surface_set_device_scale(cell->picture_surface, (double)gdk_pixbuf_get_width(source) / width,
                                   (double)gdk_pixbuf_get_height(source) / height);
    g_object_unref(source);
    cell->picture_scale = scale;
    cell->picture_size = cell->pixel_size;
    return cell->picture_surface;
}

/* The icon's surface from the process-wide cache, through the entry the cell remembers while
 * it is valid (the same icon, size, scale and direction, the cache not emptied since). */
static cairo_surface_t *icon_surface(GlmIconCell *cell, GtkStyleContext *context, int scale) {
    GtkWidget *widget = GTK_WIDGET(cell);
    GtkIconLookupFlags flags = GTK_ICON_LOOKUP_USE_BUILTIN | GTK_ICON_LOOKUP_FORCE_SIZE |
                               (gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? GTK_ICON_LOOKUP_DIR_RTL
                                                                                     : GTK_ICON_LOOKUP_DIR_LTR);
    IconEntry *entry = cell->entry;
    if (entry == NULL || cell->entry_generation != cache_generation || entry->scale != scale ||
        entry->size != cell->pixel_size || entry->flags != flags) {
        GtkIconTheme *theme = gtk_icon_theme_get_for_screen(gtk_widget_get_screen(widget));
        entry = cached_entry(theme, cell->icon, cell->pixel_size, scale, flags);
        cell->entry = entry;
        cell->entry_generation = cache_generation;
    }
    if (!entry->symbolic)
        return entry->surface;
    if (!cell->has_color) {
        gtk_style_context_get_color(context, gtk_style_context_get_state(context), &cell->color);
        cell->has_color = TRUE;
    }
    return symbolic_surface(entry, &cell->color, context);
}

static void remember_drawn(GlmIconCell *cell, cairo_surface_t *surface) {
    if (cell->drawn == surface)
        return;
    g_clear_pointer(&cell->drawn, cairo_surface_destroy);
    cell->drawn = surface != NULL ? cairo_surface_reference(surface) : NULL;
}

static gboolean glm_icon_cell_draw(GtkWidget *widget, cairo_t *cr) {
    GlmIconCell *cell = GLM_ICON_CELL(widget);
    if (cell->pixbuf == NULL && cell->icon == NULL)
        return FALSE;
    GtkStyleContext *context = gtk_widget_get_style_context(widget);
    int scale = gtk_widget_get_scale_factor(widget);
    cairo_surface_t *surface = cell->pixbuf != NULL ? picture_surface(cell, scale) : icon_surface(cell, context, scale);
    remember_drawn(cell, surface);
    if (surface == NULL)
        return FALSE;
    GdkRectangle area;
    glm_icon_cell_get_icon_area(cell, &area);
    // An icon narrower than its box (not square) sits in its middle.
    double x_scale, y_scale;
    cairo_surface_get_device_scale(surface, &x_scale, &y_scale);
    int width = cairo_image_surface_get_width(surface) / x_scale, height = cairo_image_surface_get_height(surface) / y_scale;
    cairo_save(cr);
    cairo_rectangle(cr, 0, 0, gtk_widget_get_allocated_width(widget), gtk_widget_get_allocated_height(widget));
    cairo_clip(cr);
    gtk_render_icon_surface(context, cr, surface, area.x + (area.width - width) / 2, area.y + (area.height - height) / 2);
    cairo_restore(cr);
    return FALSE;
}

/* The colour, the padding, or the theme may have changed: read them again when drawn. */
static void glm_icon_cell_style_updated(GtkWidget *widget) {
    GTK_WIDGET_CLASS(glm_icon_cell_parent_class)->style_updated(widget);
    GlmIconCell *cell = GLM_ICON_CELL(widget);
    cell->has_color = FALSE;
    cell->has_padding = FALSE;
}

static void glm_icon_cell_parent_set(GtkWidget *widget, GtkWidget *previous) {
    (void)previous;
    GlmIconCell *cell = GLM_ICON_CELL(widget);
    cell->has_padding = FALSE;
    cell->has_color = FALSE;
}

static void glm_icon_cell_finalize(GObject *object) {
    GlmIconCell *cell = GLM_ICON_CELL(object);
    g_clear_object(&cell->icon);
    g_clear_object(&cell->pixbuf);
    g_free(cell->icon_name);
    g_free(cell->description);
    g_clear_pointer(&cell->picture_surface, cairo_surface_destroy);
    g_clear_pointer(&cell->drawn, cairo_surface_destroy);
    G_OBJECT_CLASS(glm_icon_cell_parent_class)->finalize(object);
}

static void glm_icon_cell_class_init(GlmIconCellClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->get_preferred_width = glm_icon_cell_get_preferred_width;
    widget_class->get_preferred_height = glm_icon_cell_get_preferred_height;
    widget_class->draw = glm_icon_cell_draw;
    widget_class->style_updated = glm_icon_cell_style_updated;
    widget_class->parent_set = glm_icon_cell_parent_set;
    G_OBJECT_CLASS(klass)->finalize = glm_icon_cell_finalize;
    gtk_widget_class_set_css_name(widget_class, "image");
    gtk_widget_class_set_accessible_type(widget_class, glm_icon_cell_accessible_get_type());
}

static void glm_icon_cell_init(GlmIconCell *cell) {
    gtk_widget_set_has_window(GTK_WIDGET(cell), FALSE);
    cell->pixel_size = 16;
    cell->xalign = 0.5f;
}

/* ---- API -------------------------------------------------------------------------------- */

GtkWidget *glm_icon_cell_new(void) {
    return g_object_new(GLM_TYPE_ICON_CELL, NULL);
}

GlmIconCell *glm_icon_cell_of_widget(GtkWidget *widget) {
    return GLM_IS_ICON_CELL(widget) ? GLM_ICON_CELL(widget) : NULL;
}

/* Shows `icon` (a reference taken) or `pixbuf` instead of what the cell showed. */
static void show(GlmIconCell *cell, GIcon *icon, GdkPixbuf *pixbuf) {
    if (icon == cell->icon && pixbuf == cell->pixbuf)
        return;
    if (icon != NULL)
        g_object_ref(icon);
    if (pixbuf != NULL)
        g_object_ref(pixbuf);
    g_clear_object(&cell->icon);
    g_clear_object(&cell->pixbuf);
    cell->icon = icon;
    cell->pixbuf = pixbuf;
    cell->entry = NULL;
    g_clear_pointer(&cell->picture_surface, cairo_surface_destroy);
    gtk_widget_queue_draw(GTK_WIDGET(cell));
}

void glm_icon_cell_set_icon_name(GlmIconCell *cell, const char *name) {
    g_return_if_fail(GLM_IS_ICON_CELL(cell));
    if (name != NULL && name[0] == '\0')
        name = NULL;
    if (name != NULL && g_strcmp0(cell->icon_name, name) == 0)
        return;  // the icon of that name still shows: a cell filled again costs a comparison
    g_free(cell->icon_name);
    cell->icon_name = g_strdup(name);
    show(cell, name != NULL ? named_icon(name) : NULL, NULL);
}

const char *glm_icon_cell_get_icon_name(GlmIconCell *cell) {
    g_return_val_if_fail(GLM_IS_ICON_CELL(cell), NULL);
    return cell->icon_name;
}

void glm_icon_cell_set_gicon(GlmIconCell *cell, GIcon *icon) {
    g_return_if_fail(GLM_IS_ICON_CELL(cell));
    g_clear_pointer(&cell->icon_name, g_free);
    show(cell, icon, NULL);
}

GIcon *glm_icon_cell_get_gicon(GlmIconCell *cell) {
    g_return_val_if_fail(GLM_IS_ICON_CELL(cell), NULL);
    return cell->icon;
}

void glm_icon_cell_set_pixbuf(GlmIconCell *cell, GdkPixbuf *pixbuf) {
    g_return_if_fail(GLM_IS_ICON_CELL(cell));
    g_clear_pointer(&cell->icon_name, g_free);
    show(cell, NULL, pixbuf);
}

GdkPixbuf *glm_icon_cell_get_pixbuf(GlmIconCell *cell) {
    g_return_val_if_fail(GLM_IS_ICON_CELL(cell), NULL);
    return cell->pixbuf;
}

void glm_icon_cell_set_pixel_size(GlmIconCell *cell, int pixel_size) {
    g_return_if_fail(GLM_IS_ICON_CELL(cell));
    pixel_size = MAX(pixel_size, 1);
    if (cell->pixel_size == pixel_size)
        return;
    cell->pixel_size = pixel_size;
    gtk_widget_queue_resize(GTK_WIDGET(cell));
}

int glm_icon_cell_get_pixel_size(GlmIconCell *cell) {
    g_return_val_if_fail(GLM_IS_ICON_CELL(cell), 0);
    return cell->pixel_size;
}

void glm_icon_cell_set_xalign(GlmIconCell *cell, float xalign) {
    g_return_if_fail(GLM_IS_ICON_CELL(cell));
    xalign = CLAMP(xalign, 0, 1);
    if (cell->xalign == xalign)
        return;
    cell->xalign = xalign;
    gtk_widget_queue_draw(GTK_WIDGET(cell));
}

float glm_icon_cell_get_xalign(GlmIconCell *cell) {
    g_return_val_if_fail(GLM_IS_ICON_CELL(cell), 0);
    return cell->xalign;
}

void glm_icon_cell_set_description(GlmIconCell *cell, const char *description) {
    g_return_if_fail(GLM_IS_ICON_CELL(cell));
    if (g_strcmp0(cell->description, description) == 0)
        return;
    g_free(cell->description);
    cell->description = g_strdup(description);
    if (cell->has_accessible)
        g_object_notify(G_OBJECT(gtk_widget_get_accessible(GTK_WIDGET(cell))), "accessible-name");
}

const char *glm_icon_cell_get_description(GlmIconCell *cell) {
    g_return_val_if_fail(GLM_IS_ICON_CELL(cell), NULL);
    return cell->description;
}

cairo_surface_t *glm_icon_cell_get_drawn_surface(GlmIconCell *cell) {
    g_return_val_if_fail(GLM_IS_ICON_CELL(cell), NULL);
    return cell->drawn;
}
