/*
 * CGtk shim: the parts of GTK 3 / GLib that Swift cannot import directly.
 *
 * Swift imports plain C functions, but not function-like macros (G_OBJECT_TYPE_NAME,
 * GTK_IS_WIDGET) nor variadic functions. The ones the library needs get a `static inline`
 * wrapper here, named cgtk_*. Keep this file small: anything that imports directly
 * (g_signal_connect_data, g_idle_add_full, gtk_*) is called from Swift. Helpers only the tests
 * need live in Tests/Support/CGtkTestSupport.
 */
#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <unistd.h>

/* ---- Macro replacements ------------------------------------------------------------- */

/** G_OBJECT_TYPE_NAME(object), e.g. "GtkListBoxRow". */
static inline const gchar *cgtk_object_type_name(gpointer object) {
    return G_OBJECT_TYPE_NAME(object);
}

/** GTK_IS_WIDGET(object). */
static inline gboolean cgtk_is_widget(gpointer object) {
    return GTK_IS_WIDGET(object);
}

/* ---- Threads ------------------------------------------------------------------------ */

/** TRUE on the process main thread (the thread whose id equals the process id). */
static inline gboolean cgtk_is_main_thread(void) {
    return getpid() == (pid_t)syscall(SYS_gettid);
}

/* ---- C library parts Swift's Glibc module leaves out ------------------------------- */

/* memmem is a GNU extension: Glibc's Swift module does not declare it. This declaration matches
 * the C library's. */
extern void *memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

/** The offset of the first `needle` in `haystack`, or -1: glibc's memmem, a vectorised search. */
static inline long cgtk_find_bytes(const void *haystack, size_t haystack_length, const void *needle,
                                   size_t needle_length) {
    const char *found = memmem(haystack, haystack_length, needle, needle_length);
    return found == NULL ? -1 : (long)(found - (const char *)haystack);
}

/* ---- libdispatch main queue -> GLib main loop bridge -------------------------------- */
/*
 * On Linux the MainActor executes on libdispatch's main queue, which gtk_main() never drains:
 * without this bridge `Task { @MainActor in ... }` and DispatchQueue.main never run inside GTK.
 * libdispatch exports (for CoreFoundation's run loop) an eventfd it pokes whenever the main
 * queue has work, and the function that drains the queue. We watch the fd with a GLib source.
 * These symbols live in libdispatch: the Swift side must `import Dispatch` to link it.
 */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static inline gboolean cgtk__dispatch_main_queue_ready(gint fd, GIOCondition condition, gpointer data) {
    (void)condition;
    (void)data;
    eventfd_t value;
    (void)eventfd_read(fd, &value);          /* reset the counter first, then drain */
    _dispatch_main_queue_callback_4CF(NULL); /* runs the queued main-queue blocks (MainActor jobs) */
    return G_SOURCE_CONTINUE;
}

/**
 * Attaches the bridge to the default GLib main context and returns the source id.
 * Call once, on the process main thread, after gtk_init: the drain callback must run there.
 */
static inline guint cgtk_attach_dispatch_main_queue(void) {
    return g_unix_fd_add_full(G_PRIORITY_DEFAULT, _dispatch_get_main_queue_handle_4CF(), G_IO_IN,
                              cgtk__dispatch_main_queue_ready, NULL, NULL);
}

#endif /* CGTK_SHIM_H */
