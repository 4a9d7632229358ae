/*
 * What the tests need of GTK beyond the production shim (Sources/CGtk): type checks and
 * fixed-arity wrappers of variadic calls, as `static inline` functions Swift can import.
 */
#ifndef CGTK_TEST_SUPPORT_H
#define CGTK_TEST_SUPPORT_H

#include <gtk/gtk.h>

/** G_OBJECT_TYPE(object). */
static inline GType cgtk_object_type(gpointer object) {
    return G_OBJECT_TYPE(object);
}

/** GTK_IS_LIST_BOX(object). */
static inline gboolean cgtk_is_list_box(gpointer object) {
    return GTK_IS_LIST_BOX(object);
}

/** GTK_IS_LIST_BOX_ROW(object). */
static inline gboolean cgtk_is_list_box_row(gpointer object) {
    return GTK_IS_LIST_BOX_ROW(object);
}

/** GTK_IS_LABEL(object). */
static inline gboolean cgtk_is_label(gpointer object) {
    return GTK_IS_LABEL(object);
}

/** g_object_set(object, property, value, NULL) for an int property. */
static inline void cgtk_object_set_int(gpointer object, const gchar *property, gint value) {
    g_object_set(object, property, value, NULL);
}

/** g_object_set(object, property, value, NULL) for a boolean property. */
static inline void cgtk_object_set_bool(gpointer object, const gchar *property, gboolean value) {
    g_object_set(object, property, value, NULL);
}

/** g_object_set(object, property, value, NULL) for a string property (copied by GLib). */
static inline void cgtk_object_set_string(gpointer object, const gchar *property, const gchar *value) {
    g_object_set(object, property, value, NULL);
}

/** g_object_get(object, property, &value, NULL) for an int property. */
static inline gint cgtk_object_get_int(gpointer object, const gchar *property) {
    gint value = 0;
    g_object_get(object, property, &value, NULL);
    return value;
}

/** g_signal_emit_by_name(instance, signal) for a signal without arguments or return value. */
static inline void cgtk_signal_emit0(gpointer instance, const gchar *signal) {
    g_signal_emit_by_name(instance, signal);
}

/** g_signal_emit_by_name(instance, signal, argument) for a signal with one pointer argument. */
static inline void cgtk_signal_emit_ptr(gpointer instance, const gchar *signal, gpointer argument) {
    g_signal_emit_by_name(instance, signal, argument);
}

#endif /* CGTK_TEST_SUPPORT_H */
