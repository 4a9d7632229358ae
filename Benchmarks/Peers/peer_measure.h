/* What the big-list benchmark's C peers share with each other and with its Swift side
 * (Benchmarks/ListBenchmarks/BigList): the clocks, the memory reading, the frames, the random
 * jumps and the one line each run prints. Works with GTK 3 and GTK 4.
 *
 * Protocol: `<program> <rows>` under an X display prints one line,
 * `RESULT side=… n=… first_frame_ms=… jump_cpu_p50_ms=… …` (the keys below), and exits 0.
 * The big-tree peers (Benchmarks/ListBenchmarks/BigTree) print `RESULT side=… part=… n=… …`
 * with their own keys (PeerLine) and cap each run with a timeout (peer_exit_after). */
#ifndef PEER_MEASURE_H
#define PEER_MEASURE_H

#include <gtk/gtk.h>
#include <malloc.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PEER_WINDOW_WIDTH 400
#define PEER_WINDOW_HEIGHT 600
#define PEER_JUMPS 200
#define PEER_WHEEL_STEPS 200
#define PEER_SAMPLES 8

/* CPU time of the process: a step's cost, whatever the ~16.7 ms pacing of Xvfb's frames. */
static double peer_cpu_ms(void) {
    struct timespec time;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time);
    return time.tv_sec * 1e3 + time.tv_nsec / 1e6;
}

static double peer_wall_ms(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return time.tv_sec * 1e3 + time.tv_nsec / 1e6;
}

/* The longest the main loop stayed away: a 1 ms timeout at high priority notes each tick
 * (MainLoopStallWatch on the Swift side). */
typedef struct {
    guint source;
    double last;
    double longest;
} PeerStallWatch;

static inline gboolean peer_stall_tick(gpointer data) {
    PeerStallWatch *watch = data;
    double now = peer_wall_ms();
    if (now - watch->last > watch->longest)
        watch->longest = now - watch->last;
    watch->last = now;
    return G_SOURCE_CONTINUE;
}

static inline void peer_stall_start(PeerStallWatch *watch) {
    watch->last = peer_wall_ms();
    watch->longest = 0;
    watch->source = g_timeout_add_full(G_PRIORITY_HIGH, 1, peer_stall_tick, watch, NULL);
}

static inline double peer_stall_stop(PeerStallWatch *watch) {
    peer_stall_tick(watch);
    g_source_remove(watch->source);
    return watch->longest;
}

/* Resident memory after freed heap pages went back, so two readings differ by what is held. */
static double peer_resident_mib(void) {
    malloc_trim(0);
    long size = 0, resident = 0;
    FILE *file = fopen("/proc/self/statm", "r");
    if (file == NULL)
        return 0;
    if (fscanf(file, "%ld %ld", &size, &resident) != 2)
        resident = 0;
    fclose(file);
    return (double)resident * sysconf(_SC_PAGESIZE) / 1048576.0;
}

/* The rows' text: `row <i>`, every fifth two lines high. */
static char *peer_row_text(long index) {
    return index % 5 == 0 ? g_strdup_printf("row %ld\nsecond line", index) : g_strdup_printf("row %ld", index);
}

/* The index a row's text shows, or -1. */
static long peer_index_of_text(const char *text) {
    long index = -1;
    if (text == NULL || sscanf(text, "row %ld", &index) != 1)
        return -1;
    return index;
}

/* SplitMix64, seed 42: the same jumps as the Swift side. */
static uint64_t peer_random_state = 42;
static double peer_random_fraction(void) {
    uint64_t z = (peer_random_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (double)(z >> 11) / (double)(1ULL << 53);
}

static int peer_compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Nearest-rank percentile; sorts `samples`. */
static double peer_percentile(double *samples, int count, int percent) {
    qsort(samples, count, sizeof *samples, peer_compare_doubles);
    int rank = (count * percent + 99) / 100;
    return samples[rank > 0 ? rank - 1 : 0];
}

/* Frames: the toplevel's frame clock counts "after-paint". */
typedef struct {
    gint painted;
    gboolean timed_out;
} PeerFrames;

static void peer_after_paint(GdkFrameClock *clock, PeerFrames *frames) {
    (void)clock;
    frames->painted++;
}

static void peer_watch_frames(GtkWidget *window, PeerFrames *frames) {
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(peer_after_paint), frames);
}

static gboolean peer_time_out(gpointer data) {
    ((PeerFrames *)data)->timed_out = TRUE;
    return G_SOURCE_REMOVE;
}

/* Runs the main loop until the next frame is painted; FALSE after `limit_ms` without one. */
static inline gboolean peer_wait_for_frame_within(PeerFrames *frames, guint limit_ms) {
    gint start = frames->painted;
    frames->timed_out = FALSE;
    guint timer = g_timeout_add(limit_ms, peer_time_out, frames);
    while (frames->painted == start && !frames->timed_out)
        g_main_context_iteration(NULL, TRUE);
    if (!frames->timed_out)
        g_source_remove(timer);
    return frames->painted != start;
}

/* Runs the main loop until the next frame is painted; FALSE after 2 s without one. */
static gboolean peer_wait_for_frame(PeerFrames *frames) { return peer_wait_for_frame_within(frames, 2000); }

/* Every peer's window: `view` in a scrolled window in a `width`×`height` toplevel, shown (GTK 4:
 * presented), mapped, its frames counted in `frames` and drawn once. Returns the scrolled window. */
static GtkWidget *peer_show_scrolled(GtkWidget *view, int width, int height, PeerFrames *frames) {
#if GTK_CHECK_VERSION(4, 0, 0)
    GtkWidget *window = gtk_window_new();
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), view);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    gtk_window_set_default_size(GTK_WINDOW(window), width, height);
    gtk_window_present(GTK_WINDOW(window));
#else
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    GtkWidget *scrolled = gtk_scrolled_window_new(NULL, NULL);
    gtk_container_add(GTK_CONTAINER(scrolled), view);
    gtk_container_add(GTK_CONTAINER(window), scrolled);
    gtk_window_set_default_size(GTK_WINDOW(window), width, height);
    gtk_widget_show_all(window);
#endif
    while (!gtk_widget_get_mapped(window))
        g_main_context_iteration(NULL, TRUE);
    peer_watch_frames(window, frames);
    gtk_widget_queue_draw(window);
    peer_wait_for_frame(frames);
    return scrolled;
}

/* Everything one run measures. */
typedef struct {
    double first_frame_ms, jump_cpu_p50_ms, jump_cpu_p95_ms, jump_frame_ms, wheel_cpu_p50_ms, wheel_cpu_p95_ms;
    double insert1_ms, insert1000_ms, delete1_ms, delete1000_ms, list_mb;
    int stayed, live_widgets, wrong_rows;
} PeerResult;

static void peer_print(const char *side, long rows, const PeerResult *r) {
    printf("RESULT side=%s n=%ld first_frame_ms=%.3f jump_cpu_p50_ms=%.3f jump_cpu_p95_ms=%.3f jump_frame_ms=%.3f "
           "wheel_cpu_p50_ms=%.3f wheel_cpu_p95_ms=%.3f insert1_ms=%.3f insert1000_ms=%.3f delete1_ms=%.3f "
           "delete1000_ms=%.3f stayed=%d live_widgets=%d list_mb=%.3f wrong_rows=%d\n",
           side, rows, r->first_frame_ms, r->jump_cpu_p50_ms, r->jump_cpu_p95_ms, r->jump_frame_ms, r->wheel_cpu_p50_ms,
           r->wheel_cpu_p95_ms, r->insert1_ms, r->insert1000_ms, r->delete1_ms, r->delete1000_ms, r->stayed,
           r->live_widgets, r->list_mb, r->wrong_rows);
    fflush(stdout);
}

/* Scrolls `adjustment` to `value` and waits for the frame; the CPU spent, and the wall time. */
static double peer_step(GtkAdjustment *adjustment, PeerFrames *frames, double value, double *wall) {
    double cpu = peer_cpu_ms(), start = peer_wall_ms();
    gtk_adjustment_set_value(adjustment, value);
    peer_wait_for_frame(frames);
    if (wall)
        *wall = peer_wall_ms() - start;
    return peer_cpu_ms() - cpu;
}

static double peer_scroll_range(GtkAdjustment *adjustment) {
    return gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment);
}

/* The sampled rows' indices are consistent: each found (not blank), in order, and no further
 * apart than the rows that fit between two samples. */
static gboolean peer_samples_agree(const long *indices, double page) {
    long max_gap = (long)(page / PEER_SAMPLES) + 1;
    for (int i = 0; i < PEER_SAMPLES; i++) {
        if (indices[i] < 0)
            return FALSE;
        if (i > 0 && (indices[i] < indices[i - 1] || indices[i] - indices[i - 1] > max_gap))
            return FALSE;
    }
    return TRUE;
}

/* 200 random jumps, then 200 wheel steps from the middle (GTK's step: page^(2/3)). */
typedef gboolean (*PeerViewportCheck)(gpointer view);

static void peer_measure_scrolling(GtkAdjustment *adjustment, PeerFrames *frames, PeerViewportCheck check,
                                   gpointer view, PeerResult *result) {
    double cpu[PEER_JUMPS], wall[PEER_JUMPS];
    for (int i = 0; i < PEER_JUMPS; i++) {
        cpu[i] = peer_step(adjustment, frames, peer_random_fraction() * peer_scroll_range(adjustment), &wall[i]);
        if (!check(view))
            result->wrong_rows++;
    }
    result->jump_cpu_p50_ms = peer_percentile(cpu, PEER_JUMPS, 50);
    result->jump_cpu_p95_ms = peer_percentile(cpu, PEER_JUMPS, 95);
    result->jump_frame_ms = peer_percentile(wall, PEER_JUMPS, 50);
}

static void peer_measure_wheel(GtkAdjustment *adjustment, PeerFrames *frames, PeerResult *result) {
    double cpu[PEER_WHEEL_STEPS];
    peer_step(adjustment, frames, peer_scroll_range(adjustment) / 2, NULL);
    double step = pow(gtk_adjustment_get_page_size(adjustment), 2.0 / 3.0);
    for (int i = 0; i < PEER_WHEEL_STEPS; i++) {
        double value = MIN(gtk_adjustment_get_value(adjustment) + step, peer_scroll_range(adjustment));
        cpu[i] = peer_step(adjustment, frames, value, NULL);
    }
    result->wheel_cpu_p50_ms = peer_percentile(cpu, PEER_WHEEL_STEPS, 50);
    result->wheel_cpu_p95_ms = peer_percentile(cpu, PEER_WHEEL_STEPS, 95);
}

/* Wall time from a change to the frame that shows it. */
#define PEER_TIME_TO_FRAME(frames, change)                                                                   \
    ({                                                                                                       \
        double peer_start = peer_wall_ms();                                                                  \
        change;                                                                                              \
        peer_wait_for_frame(frames);                                                                         \
        peer_wall_ms() - peer_start;                                                                         \
    })

/* Wall time from a change to the frame that shows it, for changes that may keep the main loop
 * busy for longer than 2 s (GtkTreeView validating rows in idle handlers): it waits for that
 * frame however long it takes, and the process's timeout (peer_exit_after) caps it. */
#define PEER_TIME_TO_SLOW_FRAME(frames, change)                                                              \
    ({                                                                                                       \
        double peer_start = peer_wall_ms();                                                                  \
        change;                                                                                              \
        peer_wait_for_frame_within(frames, G_MAXINT);                                                        \
        peer_wall_ms() - peer_start;                                                                         \
    })

/* Runs the main loop until it has nothing left to do (GtkTreeView's idle validation of the rows
 * it has not measured yet included). */
static inline void peer_wait_until_idle(void) {
    while (g_main_context_pending(NULL))
        g_main_context_iteration(NULL, FALSE);
}

/* A run that must not hang: `peer_exit_after` arms an alarm that prints the line so far with
 * `timed_out_s=…` and ends the process, whatever it is busy with. The line is kept ready in one
 * of two buffers, switched atomically, as write and _exit are all a signal handler may call. */
static char peer_timeout_lines[2][2048];
static volatile sig_atomic_t peer_timeout_current;
static unsigned peer_timeout_seconds;

static inline void peer_on_alarm(int signal_number) {
    (void)signal_number;
    const char *line = peer_timeout_lines[peer_timeout_current];
    ssize_t written = write(STDOUT_FILENO, line, strlen(line));
    (void)written;
    _exit(0);
}

static inline void peer_exit_after(unsigned seconds) {
    peer_timeout_seconds = seconds;
    fflush(stdout);
    signal(SIGALRM, peer_on_alarm);
    alarm(seconds);
}

/* A line of any keys, for the peers whose figures are not the list's:
 * `RESULT side=… part=… n=… key=value …`. Every figure added is in the alarm's line too. */
typedef struct {
    GString *text;
} PeerLine;

static inline void peer_line_keep(PeerLine *line) {
    int next = !peer_timeout_current;
    snprintf(peer_timeout_lines[next], sizeof peer_timeout_lines[next], "%s timed_out_s=%u\n", line->text->str,
             peer_timeout_seconds);
    peer_timeout_current = next;
}

static inline PeerLine peer_line_begin(const char *side, const char *part, long rows, unsigned timeout_seconds) {
    PeerLine line = {g_string_new(NULL)};
    g_string_printf(line.text, "RESULT side=%s part=%s n=%ld", side, part, rows);
    peer_timeout_seconds = timeout_seconds;
    peer_line_keep(&line);
    return line;
}

static inline void peer_line_add(PeerLine *line, const char *key, double value) {
    g_string_append_printf(line->text, " %s=%.3f", key, value);
    peer_line_keep(line);
}

static inline void peer_line_print(PeerLine *line) {
    alarm(0);
    printf("%s\n", line->text->str);
    fflush(stdout);
    g_string_free(line->text, TRUE);
}

#endif
