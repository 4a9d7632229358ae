#include "gtk_log_recorder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define RECORDED_LEVELS (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING)

static GMutex recorded_lock;
static GArray *recorded; /* of GlmRecordedLog, under recorded_lock */
static gint pending_count; /* recorded->len, read without the lock */
static gint installed;

static gchar *field_copy(const GLogField *field) {
    if (field->length < 0)
        return g_strdup(field->value);
    return g_strndup(field->value, (gsize)field->length);
}

static GLogWriterOutput recording_writer(GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
    (void)data;
    if (level & RECORDED_LEVELS) {
        GlmRecordedLog entry = {NULL, level & G_LOG_LEVEL_MASK, NULL};
        for (gsize i = 0; i < count; i++) {
            if (strcmp(fields[i].key, "GLIB_DOMAIN") == 0 && entry.domain == NULL) {
                entry.domain = field_copy(&fields[i]);
            } else if (strcmp(fields[i].key, "MESSAGE") == 0 && entry.text == NULL) {
                entry.text = field_copy(&fields[i]);
            }
        }
        if (entry.domain == NULL)
            entry.domain = g_strdup("");
        if (entry.text == NULL)
            entry.text = g_strdup("");
        g_mutex_lock(&recorded_lock);
        if (recorded == NULL)
            recorded = g_array_new(FALSE, FALSE, sizeof(GlmRecordedLog));
        g_array_append_val(recorded, entry);
        g_atomic_int_set(&pending_count, (gint)recorded->len);
        g_mutex_unlock(&recorded_lock);
    }
    /* Printed as without the recorder: same format, same G_MESSAGES_DEBUG and G_DEBUG rules. */
    return g_log_writer_default(level, fields, count, data);
}

void glm_log_recorder_install(void) {
    if (!g_atomic_int_compare_and_exchange(&installed, 0, 1))
        return;
    /* g_log() without a handler of its own goes through g_log_default_handler, which hands the
     * message to this writer too: the old API and the structured one both end here. */
    g_log_set_writer_func(recording_writer, NULL, NULL);
}

gboolean glm_log_recorder_is_installed(void) {
    return g_atomic_int_get(&installed) != 0;
}

guint glm_log_recorder_pending(void) {
    return (guint)g_atomic_int_get(&pending_count);
}

GlmRecordedLog *glm_log_recorder_take(guint *count) {
    *count = 0;
    if (g_atomic_int_get(&pending_count) == 0)
        return NULL;
    g_mutex_lock(&recorded_lock);
    GlmRecordedLog *messages = NULL;
    if (recorded != NULL && recorded->len > 0) {
        *count = recorded->len;
        messages = (GlmRecordedLog *)g_array_free(recorded, FALSE);
        recorded = NULL;
    }
    g_atomic_int_set(&pending_count, 0);
    g_mutex_unlock(&recorded_lock);
    return messages;
}

void glm_log_recorder_free(GlmRecordedLog *messages, guint count) {
    for (guint i = 0; i < count; i++) {
        g_free(messages[i].domain);
        g_free(messages[i].text);
    }
    g_free(messages);
}

/* The last check: messages no test took (logged after the last test was checked, or in a run
 * nothing checks, such as Swift Testing's) make the process exit with status 1. */
static void check_at_exit(void) {
    guint count = 0;
    GlmRecordedLog *left = glm_log_recorder_take(&count);
    if (count == 0)
        return;
    fprintf(stderr, "error: GLib logged %u warning(s) or critical(s) no test checked:\n", count);
    for (guint i = 0; i < count; i++)
        fprintf(stderr, "  %s: %s\n", left[i].domain, left[i].text);
    fflush(stderr);
    _exit(1);
}

/* GtkLogCheck's XCTest observer (Swift, `@_cdecl`): weak, so the recorder links without it. */
extern void glm_log_check_start(void) __attribute__((weak));

/* Before main, so before GTK starts and before the first test: every process that links the
 * recorder (the test bundle) records from its first message and checks every test. */
__attribute__((constructor)) static void install_at_start(void) {
    glm_log_recorder_install();
    atexit(check_at_exit);
    if (glm_log_check_start != NULL)
        glm_log_check_start();
}
