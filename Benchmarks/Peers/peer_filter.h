/* What the big-filter benchmark's C peers share with its Swift side
 * (Benchmarks/ListBenchmarks/BigFilter): the keystrokes, what matches them, the main loop's
 * longest block and the line they print.
 *
 * Protocol: `<program> filter <rows>` under a display prints
 * `RESULT side=… part=filter n=… keystroke_frame_p50_ms=… keystroke_frame_max_ms=…
 * keystroke_main_cpu_p50_ms=… keystroke_main_cpu_max_ms=… keystroke_block_max_ms=… wrong_rows=…`.
 * Works with GTK 3 and GTK 4. */
#ifndef PEER_FILTER_H
#define PEER_FILTER_H

/* The filter peers use part of peer_measure.h (its clocks, frames and lines), not its scrolling. */
#pragma GCC diagnostic ignored "-Wunused-function"
#include "peer_measure.h"

/* The query typed a digit at a time, then erased a digit at a time (FilterQuery.keystrokes). */
#define PEER_FILTER_KEYSTROKES 10
static const char *const peer_filter_queries[PEER_FILTER_KEYSTROKES] = {"1",     "12",  "123", "1234", "12345",
                                                                         "1234", "123", "12",  "1",    ""};

/* Whether the decimal digits of `number` contain `query`, tested as FilterQuery tests it: the
 * digits written into a small buffer, last first, and searched for the reversed query. */
static inline gboolean peer_number_contains(long number, const char *query) {
    size_t length = strlen(query);
    if (length == 0)
        return TRUE;
    char digits[24];
    int count = 0;
    do {
        digits[count++] = (char)('0' + number % 10);
        number /= 10;
    } while (number > 0);
    for (int start = 0; start + (int)length <= count; start++) {
        gboolean matches = TRUE;
        for (size_t offset = 0; offset < length; offset++)
            if (digits[start + offset] != query[length - 1 - offset]) {
                matches = FALSE;
                break;
            }
        if (matches)
            return TRUE;
    }
    return FALSE;
}

/* CPU time of the calling (main) thread. */
static inline double peer_thread_cpu_ms(void) {
    struct timespec time;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time);
    return time.tv_sec * 1e3 + time.tv_nsec / 1e6;
}

/* Whether `shown` (the numbers of the rows the view shows from its top, in order) are
 * consecutive matches of `query`: each matches, and no number between two of them does. The
 * view may keep its top row where it was (rows inserted above it), so where they start is free. */
static inline gboolean peer_filter_consecutive(const long *shown, int count, const char *query) {
    for (int i = 0; i < count; i++) {
        if (!peer_number_contains(shown[i], query))
            return FALSE;
        if (i > 0) {
            if (shown[i] <= shown[i - 1])
                return FALSE;
            for (long between = shown[i - 1] + 1; between < shown[i]; between++)
                if (peer_number_contains(between, query))
                    return FALSE;
        }
    }
    return TRUE;
}

/* How a side applies a query (`previous` the one shown before) until it has nothing pending,
 * and whether its viewport then shows consecutive matches. */
typedef void (*PeerFilterApply)(gpointer side, const char *previous, const char *query);
typedef gboolean (*PeerFilterCheck)(gpointer side, const char *query);

static inline void peer_filter_line(PeerLine *line, double *frame, double *cpu, double *block, int wrong);

/* Types the keystrokes, each timed to the frame after `apply`, and adds their figures to `line`. */
static inline void peer_filter_measure(PeerLine *line, PeerFrames *frames, PeerFilterApply apply, PeerFilterCheck check,
                                       gpointer side) {
    double frame[PEER_FILTER_KEYSTROKES], cpu[PEER_FILTER_KEYSTROKES], block[PEER_FILTER_KEYSTROKES];
    int wrong = 0;
    const char *previous = "";
    for (int k = 0; k < PEER_FILTER_KEYSTROKES; k++) {
        PeerStallWatch watch;
        double cpu_start = peer_thread_cpu_ms(), start = peer_wall_ms();
        peer_stall_start(&watch);
        apply(side, previous, peer_filter_queries[k]);
        peer_wait_for_frame_within(frames, G_MAXINT);
        frame[k] = peer_wall_ms() - start;
        block[k] = peer_stall_stop(&watch);
        cpu[k] = peer_thread_cpu_ms() - cpu_start;
        if (!check(side, peer_filter_queries[k]))
            wrong++;
        previous = peer_filter_queries[k];
    }
    peer_filter_line(line, frame, cpu, block, wrong);
}

/* The keystrokes' figures, as the Swift side names them. */
static inline void peer_filter_line(PeerLine *line, double *frame, double *cpu, double *block, int wrong) {
    double frame_max = 0, cpu_max = 0, block_max = 0;
    for (int i = 0; i < PEER_FILTER_KEYSTROKES; i++) {
        frame_max = fmax(frame_max, frame[i]);
        cpu_max = fmax(cpu_max, cpu[i]);
        block_max = fmax(block_max, block[i]);
    }
    peer_line_add(line, "keystroke_frame_p50_ms", peer_percentile(frame, PEER_FILTER_KEYSTROKES, 50));
    peer_line_add(line, "keystroke_frame_max_ms", frame_max);
    peer_line_add(line, "keystroke_main_cpu_p50_ms", peer_percentile(cpu, PEER_FILTER_KEYSTROKES, 50));
    peer_line_add(line, "keystroke_main_cpu_max_ms", cpu_max);
    peer_line_add(line, "keystroke_block_max_ms", block_max);
    peer_line_add(line, "wrong_rows", wrong);
}

#endif
