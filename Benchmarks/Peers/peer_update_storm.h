/* What the update-storm benchmark's C peers share with each other and with its Swift side
 * (Benchmarks/ListBenchmarks/UpdateStorm): the rows and their values, the paced producer, the
 * per-frame measures and the check of what the visible rows show. Works with GTK 3 and GTK 4.
 *
 * The scenario: STORM_ROWS rows of STORM_COLUMNS columns in a STORM_WIDTH×STORM_HEIGHT window,
 * scrolled to the top. A GLib timeout on the main thread gives the next STORM_ROWS_PER_TICK rows
 * (round-robin) new values every STORM_PERIOD_MS: every row changes 10 times a second, 100,000
 * row updates a second. Each update of row `id` to version `v` sets every column: column 0 is the
 * sort key, storm_key(id, v), columns 1–7 storm_value(id, c, v), which names its row, column and
 * version, so what a row shows tells which version it is.
 *
 * Protocol: `<program> unsorted|sorted WARM_UP_S MEASURED_S LIMIT_S` under an X display prints
 * `RESULT side=… part=unsorted|sorted n=10000 key=value …` (storm_print_result), and exits 0;
 * a run still going at LIMIT_S prints what it has with `timed_out_s=…` (peer_exit_after).
 *
 *   frames                  frames painted while measured
 *   frame_cpu_p50/p95_ms    the main thread's CPU time from one painted frame to the next
 *                           (CLOCK_THREAD_CPUTIME_ID at each after-paint; the check below left
 *                           out): the producer's ticks, the view's reaction, layout and drawing
 *   update_cpu_p50/p95_ms   of which inside the producer's ticks (the values made and handed over)
 *   update_us_per_row       the ticks' CPU time per row update
 *   on_time_pct             frame intervals ≤ STORM_LATE_MS (1.5 × 16.7 ms), in per cent
 *   interval_max_ms         the longest frame interval
 *   stale_p50/p95/max_ms    at every painted frame, the oldest value the visible rows show:
 *                           how long ago a newer version of it was handed to the view (0 when
 *                           every visible row shows its current version)
 *   updates_per_s           row updates handed to the view per second (a main loop that cannot
 *                           keep up runs fewer ticks)
 *   process_cpu_pct         the process's CPU time over the wall time, threads included
 *   rows_shown              visible rows read per frame, on average
 *   torn_rows               rows read whose columns showed different versions or rows
 *   misordered_frames       sorted: frames whose visible rows were not in key order */
#ifndef PEER_UPDATE_STORM_H
#define PEER_UPDATE_STORM_H

/* The list peers' helpers these leave unused (their rows, jumps and line) are no error. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "peer_measure.h"
#pragma GCC diagnostic pop

#define STORM_ROWS 10000
#define STORM_COLUMNS 8
#define STORM_ROWS_PER_TICK 1000
#define STORM_PERIOD_MS 10
#define STORM_WIDTH 1280
#define STORM_HEIGHT 800
#define STORM_COLUMN_WIDTH 160
/* A frame interval longer than 1.5 frames at 60 Hz is late. */
#define STORM_LATE_MS (1.5 * 1000.0 / 60.0)
/* Room for any value's text. */
#define STORM_TEXT_SIZE 16

/* Row `id`'s sort key at version `version`: a hash, so each update moves it elsewhere. */
static inline int storm_key(int id, int version) {
    uint64_t x = ((uint64_t)id << 20) ^ (uint64_t)version;
    x *= 0x9E3779B97F4A7C15ULL;
    x ^= x >> 32;
    return (int)(x % 1000000);
}

/* Row `id`'s column `column` (1–7) at version `version`: its version, row and column in one. */
static inline int storm_value(int id, int column, int version) { return (version * STORM_ROWS + id) * 10 + column; }

/* Column `column` of row `id` at version `version`. */
static inline int storm_column_value(int id, int column, int version) {
    return column == 0 ? storm_key(id, version) : storm_value(id, column, version);
}

/* ---- The producer ------------------------------------------------------------------------ */

/* Hands row updates to the view: `ids` count rows from `first`, each at `versions[id]`. */
typedef void (*StormApply)(gpointer side, int first, int count, const int *versions);

typedef struct {
    StormApply apply;
    gpointer side;
    int versions[STORM_ROWS];
    /* The wall time of every tick, from the first. */
    GArray *tick_times;
    long ticks;
    double next_due;
    /* While measured: the rows handed over, and the ticks' CPU time since the last frame. */
    gboolean recording;
    long rows_handed;
    double update_cpu_ms;
    double update_cpu_total_ms;
} StormProducer;

static double storm_thread_cpu_ms(void) {
    struct timespec time;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time);
    return time.tv_sec * 1e3 + time.tv_nsec / 1e6;
}

static gboolean storm_tick(gpointer data);

/* The next tick at its due time: one every STORM_PERIOD_MS from the first, one per firing,
 * never bunched; a tick more than a period late moves the pace on (the ticks it missed are
 * not made up). */
static void storm_schedule(StormProducer *producer) {
    double delay = producer->next_due - peer_wall_ms();
    g_timeout_add_full(G_PRIORITY_DEFAULT, delay > 0 ? (guint)ceil(delay) : 0, storm_tick, producer, NULL);
}

static gboolean storm_tick(gpointer data) {
    StormProducer *producer = data;
    int first = (int)(producer->ticks % (STORM_ROWS / STORM_ROWS_PER_TICK)) * STORM_ROWS_PER_TICK;
    double cpu = storm_thread_cpu_ms(), now = peer_wall_ms();
    for (int id = first; id < first + STORM_ROWS_PER_TICK; id++)
        producer->versions[id]++;
    producer->apply(producer->side, first, STORM_ROWS_PER_TICK, producer->versions);
    g_array_append_val(producer->tick_times, now);
    producer->ticks++;
    if (producer->recording) {
        double spent = storm_thread_cpu_ms() - cpu;
        producer->rows_handed += STORM_ROWS_PER_TICK;
        producer->update_cpu_ms += spent;
        producer->update_cpu_total_ms += spent;
    }
    producer->next_due += STORM_PERIOD_MS;
    if (producer->next_due < peer_wall_ms())
        producer->next_due = peer_wall_ms() + STORM_PERIOD_MS;
    storm_schedule(producer);
    return G_SOURCE_REMOVE;
}

static void storm_start(StormProducer *producer, StormApply apply, gpointer side) {
    producer->apply = apply;
    producer->side = side;
    producer->tick_times = g_array_new(FALSE, FALSE, sizeof(double));
    producer->next_due = peer_wall_ms() + STORM_PERIOD_MS;
    storm_schedule(producer);
}

/* When row `id` stopped being at `version`: the tick that gave it the next one, or -1. */
static double storm_superseded_at(const StormProducer *producer, int id, int version) {
    long tick = (long)version * (STORM_ROWS / STORM_ROWS_PER_TICK) + id / STORM_ROWS_PER_TICK;
    return tick < (long)producer->tick_times->len ? g_array_index(producer->tick_times, double, tick) : -1;
}

/* ---- What the visible rows show ---------------------------------------------------------- */

/* One frame's check: the rows read top to bottom, each from its columns' texts. */
typedef struct {
    const StormProducer *producer;
    gboolean sorted;
    double now;
    double oldest_ms;
    int rows;
    int torn;
    int last_key;
    gboolean misordered;
} StormCheck;

/* One visible row, its columns' texts in column order. */
static void storm_check_row(StormCheck *check, const char *const texts[STORM_COLUMNS]) {
    check->rows++;
    int id = -1, version = -1;
    gboolean torn = FALSE;
    for (int c = 1; c < STORM_COLUMNS; c++) {
        char *end = NULL;
        long value = texts[c] ? strtol(texts[c], &end, 10) : -1;
        if (texts[c] == NULL || end == texts[c] || *end != '\0' || value % 10 != c) {
            torn = TRUE;
            continue;
        }
        int row = (int)(value / 10 % STORM_ROWS), shown = (int)(value / 10 / STORM_ROWS);
        if ((id >= 0 && row != id) || (version >= 0 && shown != version))
            torn = TRUE;
        id = row;
        version = version < 0 ? shown : MIN(version, shown);
    }
    if (id < 0 || texts[0] == NULL) {
        check->torn++;
        return;
    }
    int key = atoi(texts[0]);
    if (torn || key != storm_key(id, version))
        check->torn++;
    if (check->sorted && check->rows > 1 && key < check->last_key)
        check->misordered = TRUE;
    check->last_key = key;
    if (version < check->producer->versions[id]) {
        double superseded = storm_superseded_at(check->producer, id, version);
        if (superseded >= 0)
            check->oldest_ms = MAX(check->oldest_ms, check->now - superseded);
    }
}

/* A peer's reading of its visible rows: storm_check_row for each, top to bottom. */
typedef void (*StormReadShown)(gpointer side, StormCheck *check);

/* ---- Frames ------------------------------------------------------------------------------ */

typedef struct {
    StormProducer *producer;
    StormReadShown read_shown;
    gpointer side;
    gboolean sorted;
    gboolean recording;
    double last_cpu, last_paint;
    GArray *frame_cpu, *update_cpu, *intervals, *stale;
    long rows_read, torn_rows, misordered_frames;
} StormFrames;

/* At each painted frame: its CPU and interval, then what the visible rows show (its own CPU
 * left out of the next frame's). */
static void storm_after_paint(GdkFrameClock *clock, StormFrames *frames) {
    (void)clock;
    double cpu = storm_thread_cpu_ms(), now = peer_wall_ms();
    if (frames->recording) {
        double frame_cpu = cpu - frames->last_cpu, interval = now - frames->last_paint;
        g_array_append_val(frames->frame_cpu, frame_cpu);
        g_array_append_val(frames->update_cpu, frames->producer->update_cpu_ms);
        g_array_append_val(frames->intervals, interval);
        StormCheck check = {.producer = frames->producer, .sorted = frames->sorted, .now = now};
        frames->read_shown(frames->side, &check);
        g_array_append_val(frames->stale, check.oldest_ms);
        frames->rows_read += check.rows;
        frames->torn_rows += check.torn;
        frames->misordered_frames += check.misordered;
    }
    frames->producer->update_cpu_ms = 0;
    frames->last_cpu = storm_thread_cpu_ms();
    frames->last_paint = now;
}

/* A frame every refresh, as while anything animates: the frame clock runs on. */
static gboolean storm_keep_ticking(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)widget, (void)clock, (void)data;
    return G_SOURCE_CONTINUE;
}

static void storm_watch_frames(StormFrames *frames, GtkWidget *window) {
    frames->frame_cpu = g_array_new(FALSE, FALSE, sizeof(double));
    frames->update_cpu = g_array_new(FALSE, FALSE, sizeof(double));
    frames->intervals = g_array_new(FALSE, FALSE, sizeof(double));
    frames->stale = g_array_new(FALSE, FALSE, sizeof(double));
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(storm_after_paint), frames);
    gtk_widget_add_tick_callback(window, storm_keep_ticking, NULL, NULL);
}

static gboolean storm_set_flag(gpointer data) {
    *(gboolean *)data = TRUE;
    return G_SOURCE_REMOVE;
}

/* Runs the main loop for `seconds`. */
static void storm_run_for(double seconds) {
    gboolean done = FALSE;
    g_timeout_add((guint)(seconds * 1000), storm_set_flag, &done);
    while (!done)
        g_main_context_iteration(NULL, TRUE);
}

static double storm_percentile(GArray *samples, int percent) {
    return samples->len == 0 ? NAN : peer_percentile((double *)samples->data, (int)samples->len, percent);
}

/* The storm on a shown view: warm-up, then the measured seconds; the result line. */
static void storm_measure(PeerLine *line, StormProducer *producer, StormFrames *frames, GtkWidget *window,
                          double warm_up_s, double measured_s) {
    storm_watch_frames(frames, window);
    storm_run_for(warm_up_s);
    double cpu = peer_cpu_ms(), wall = peer_wall_ms();
    producer->recording = TRUE;
    frames->recording = TRUE;
    storm_run_for(measured_s);
    producer->recording = FALSE;
    frames->recording = FALSE;
    double seconds = (peer_wall_ms() - wall) / 1000.0;
    double process_cpu_pct = (peer_cpu_ms() - cpu) / (seconds * 1000.0) * 100;

    long late = 0;
    double longest = 0;
    for (guint i = 0; i < frames->intervals->len; i++) {
        double interval = g_array_index(frames->intervals, double, i);
        late += interval > STORM_LATE_MS;
        longest = MAX(longest, interval);
    }
    guint count = frames->intervals->len;
    peer_line_add(line, "frames", count);
    peer_line_add(line, "frame_cpu_p50_ms", storm_percentile(frames->frame_cpu, 50));
    peer_line_add(line, "frame_cpu_p95_ms", storm_percentile(frames->frame_cpu, 95));
    peer_line_add(line, "update_cpu_p50_ms", storm_percentile(frames->update_cpu, 50));
    peer_line_add(line, "update_cpu_p95_ms", storm_percentile(frames->update_cpu, 95));
    peer_line_add(line, "update_us_per_row",
                  producer->rows_handed ? producer->update_cpu_total_ms * 1000 / producer->rows_handed : NAN);
    peer_line_add(line, "on_time_pct", count ? 100.0 * (count - late) / count : 0);
    peer_line_add(line, "interval_max_ms", longest);
    peer_line_add(line, "stale_p50_ms", storm_percentile(frames->stale, 50));
    peer_line_add(line, "stale_p95_ms", storm_percentile(frames->stale, 95));
    peer_line_add(line, "stale_max_ms", storm_percentile(frames->stale, 100));
    peer_line_add(line, "updates_per_s", producer->rows_handed / seconds);
    peer_line_add(line, "process_cpu_pct", process_cpu_pct);
    peer_line_add(line, "rows_shown", count ? (double)frames->rows_read / count : 0);
    peer_line_add(line, "torn_rows", frames->torn_rows);
    peer_line_add(line, "misordered_frames", frames->misordered_frames);
    peer_line_print(line);
}

/* The arguments every peer takes: the part, the warm-up, the measured time and the limit;
 * FALSE when they are not those. */
static gboolean storm_arguments(int argc, char **argv, gboolean *sorted, double *warm_up_s, double *measured_s,
                                unsigned *limit_s) {
    if (argc != 5 || (strcmp(argv[1], "unsorted") != 0 && strcmp(argv[1], "sorted") != 0))
        return FALSE;
    *sorted = strcmp(argv[1], "sorted") == 0;
    *warm_up_s = atof(argv[2]);
    *measured_s = atof(argv[3]);
    *limit_s = (unsigned)atoi(argv[4]);
    return *measured_s > 0 && *limit_s > 0;
}

#endif
