/*
 * GLib's warnings, criticals and errors recorded for the tests (GTK's, GObject's, GDK's, Pango's,
 * ours), so a test that causes one fails. Installed when the process starts, before GTK; each
 * message is still printed as GLib would.
 */
#ifndef GTK_LOG_RECORDER_H
#define GTK_LOG_RECORDER_H

#include <glib.h>

/** One recorded message: its log domain ("" when none), level and text. */
typedef struct GlmRecordedLog {
    gchar *domain;
    GLogLevelFlags level;
    gchar *text;
} GlmRecordedLog;

/** Installs the recording log writer; once per process, later calls do nothing. */
void glm_log_recorder_install(void);

/** Whether the recording writer is GLib's log writer in this process. */
gboolean glm_log_recorder_is_installed(void);

/** How many messages wait to be taken: one atomic read, the whole cost of a quiet test. */
guint glm_log_recorder_pending(void);

/** Takes the waiting messages, oldest first (`*count` of them; NULL when none); free them with
 *  glm_log_recorder_free. */
GlmRecordedLog *glm_log_recorder_take(guint *count);

/** Frees what glm_log_recorder_take returned. */
void glm_log_recorder_free(GlmRecordedLog *messages, guint count);

#endif /* GTK_LOG_RECORDER_H */
