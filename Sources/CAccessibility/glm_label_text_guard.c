/*
 * GTK 3's label accessible reads outside its text for a character offset outside it: a client
 * asking a row's label for the text at offset -1 (or for a string starting there, a character,
 * its extents or its attributes) ends the app with a segmentation fault, in any GTK 3 app. The
 * rows of a list are full of labels, and any AT-SPI client may ask, so the label accessible's
 * text interface is wrapped once: an offset outside the text is answered as ATK says a bad
 * offset is (no text, offsets of -1, no character, extents of -1), and GTK answers the rest.
 */
#include <gtk/gtk.h>
#include <gtk/gtk-a11y.h>
#include "glm_accessibility.h"
#include "glm_accessibility_private.h"

/* GTK's own functions, which the wrappers call with offsets inside the text. */
static AtkTextIface gtk_text;

static gint character_count(AtkText *text) {
    return gtk_text.get_character_count != NULL ? gtk_text.get_character_count(text) : 0;
}

/* Whether `offset` is a place in the text: a character's, or the end's when `end_too`. */
static gboolean is_inside(AtkText *text, gint offset, gboolean end_too) {
    gint count = character_count(text);
    return offset >= 0 && (offset < count || (end_too && offset == count));
}

static gchar *no_text(gint *start_offset, gint *end_offset) {
    *start_offset = *end_offset = -1;
    return NULL;
}

static gchar *guarded_get_text(AtkText *text, gint start_offset, gint end_offset) {
    /* GTK clamps a start past the end and any end, not a start before the beginning. */
    return gtk_text.get_text(text, MAX(start_offset, 0), end_offset);
}

static gchar *guarded_text_before(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return is_inside(text, offset, TRUE) ? gtk_text.get_text_before_offset(text, offset, boundary, start, end)
                                         : no_text(start, end);
}

static gchar *guarded_text_at(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return is_inside(text, offset, TRUE) ? gtk_text.get_text_at_offset(text, offset, boundary, start, end)
                                         : no_text(start, end);
}

static gchar *guarded_text_after(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return is_inside(text, offset, TRUE) ? gtk_text.get_text_after_offset(text, offset, boundary, start, end)
                                         : no_text(start, end);
}

static gunichar guarded_character_at(AtkText *text, gint offset) {
    return is_inside(text, offset, FALSE) ? gtk_text.get_character_at_offset(text, offset) : 0;
}

static void guarded_character_extents(AtkText *text, gint offset, gint *x, gint *y, gint *width, gint *height,
                                      AtkCoordType coords) {
    if (is_inside(text, offset, TRUE))
        gtk_text.get_character_extents(text, offset, x, y, width, height, coords);
    else
        *x = *y = *width = *height = -1;
}

static AtkAttributeSet *guarded_run_attributes(AtkText *text, gint offset, gint *start, gint *end) {
    if (is_inside(text, offset, TRUE))
        return gtk_text.get_run_attributes(text, offset, start, end);
    *start = *end = -1;
    return NULL;
}

void glm_accessible_guard_label_text(void) {
    static gboolean guarded;
    if (guarded)
        return;
    guarded = TRUE;
    // GTK keeps a class's accessible type private: an instance tells it. The class lives as
    // long as the process, and so does the reference.
    GtkWidget *probe = g_object_ref_sink(gtk_label_new(NULL));
    gpointer klass = g_type_class_ref(G_OBJECT_TYPE(gtk_widget_get_accessible(probe)));
    gtk_widget_destroy(probe);
    g_object_unref(probe);
    AtkTextIface *iface = g_type_interface_peek(klass, ATK_TYPE_TEXT);
    g_return_if_fail(iface != NULL && iface->get_text != NULL && iface->get_character_count != NULL);
    gtk_text = *iface;
    iface->get_text = guarded_get_text;
    if (iface->get_text_before_offset != NULL)
        iface->get_text_before_offset = guarded_text_before;
    if (iface->get_text_at_offset != NULL)
        iface->get_text_at_offset = guarded_text_at;
    if (iface->get_text_after_offset != NULL)
        iface->get_text_after_offset = guarded_text_after;
    if (iface->get_character_at_offset != NULL)
        iface->get_character_at_offset = guarded_character_at;
    if (iface->get_character_extents != NULL)
        iface->get_character_extents = guarded_character_extents;
    if (iface->get_run_attributes != NULL)
        iface->get_run_attributes = guarded_run_attributes;
}
