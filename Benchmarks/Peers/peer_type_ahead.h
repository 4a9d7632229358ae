/* What the big-filter benchmark's type-ahead part shares between its C peers and its Swift side
 * (Benchmarks/ListBenchmarks/BigFilter): the keys typed, where each must put the cursor, how
 * each is timed and the line they print.
 *
 * Protocol: `<program> type-ahead <rows>` under a display shows the rows `row 0` … `row <N-1>`
 * with the cursor on row 0 and the list focused, types `row <N-1>` a character at a time, then
 * `x`, which matches nothing (the miss), and prints
 * `RESULT side=… part=type-ahead n=… keystroke_main_cpu_p50_ms=… keystroke_main_cpu_max_ms=…
 * keystroke_frame_p50_ms=… keystroke_frame_max_ms=… keystroke_block_max_ms=… miss_main_cpu_ms=…
 * wrong_rows=…`. The keystroke figures are the typed keys' (the miss left out), the miss's CPU
 * is alone. Works with GTK 3 and GTK 4. */
#ifndef PEER_TYPE_AHEAD_H
#define PEER_TYPE_AHEAD_H

/* The type-ahead part uses the filter part's clocks and main-loop watch. */
#include "peer_filter.h"

#define PEER_TYPE_AHEAD_PREFIX "row "
#define PEER_TYPE_AHEAD_MISS 'x'
/* Enough for any `long` row count's keys and queries (their terminating zero included). */
#define PEER_TYPE_AHEAD_MAX_KEYSTROKES 32
/* How long a key that changed nothing drawn may wait for a frame that will not come. */
#define PEER_TYPE_AHEAD_NO_FRAME_MS 100

/* The keys: the prefix, the digits of the last row's number, the miss. */
static inline int peer_type_ahead_keystrokes(long rows) {
    char digits[24];
    return (int)strlen(PEER_TYPE_AHEAD_PREFIX) + snprintf(digits, sizeof digits, "%ld", rows - 1) + 1;
}

/* The query once key `keystroke` (from 0) is typed, into `out`
 * (PEER_TYPE_AHEAD_MAX_KEYSTROKES bytes). */
static inline void peer_type_ahead_query(long rows, int keystroke, char *out) {
    int typed = snprintf(out, PEER_TYPE_AHEAD_MAX_KEYSTROKES, PEER_TYPE_AHEAD_PREFIX "%ld%c", rows - 1,
                         PEER_TYPE_AHEAD_MISS);
    if (keystroke + 1 < typed)
        out[keystroke + 1] = '\0';
}

/* The row the cursor must be on after key `keystroke`: the first whose text starts with the query
 * (the search starts over from the first row on each key). While the query is the prefix, that is
 * row 0; then the query holds the leading digits of N-1, and no number below the one they make
 * starts with them. The miss finds nothing and leaves the cursor where it was. */
static inline long peer_type_ahead_expected_row(long rows, int keystroke) {
    if (keystroke == peer_type_ahead_keystrokes(rows) - 1)
        return peer_type_ahead_expected_row(rows, keystroke - 1);
    char query[PEER_TYPE_AHEAD_MAX_KEYSTROKES];
    peer_type_ahead_query(rows, keystroke, query);
    size_t prefix = strlen(PEER_TYPE_AHEAD_PREFIX);
    return strlen(query) <= prefix ? 0 : atol(query + prefix);
}

/* How a side types a character as the user would, and whether it then shows `query` in its search
 * with the cursor on `row`. */
typedef void (*PeerTypeAheadType)(gpointer side, char character);
typedef gboolean (*PeerTypeAheadCheck)(gpointer side, const char *query, long row);

/* Types the keys, each timed until the main loop has nothing pending and the frame after it is
 * drawn (a key that changed nothing drawn, until the main loop had nothing pending), and adds their
 * figures to `line`. */
static inline void peer_type_ahead_measure(PeerLine *line, PeerFrames *frames, long rows, PeerTypeAheadType type,
                                           PeerTypeAheadCheck check, gpointer side) {
    int keystrokes = peer_type_ahead_keystrokes(rows), typed = keystrokes - 1, wrong = 0;
    double frame[PEER_TYPE_AHEAD_MAX_KEYSTROKES], cpu[PEER_TYPE_AHEAD_MAX_KEYSTROKES];
    double frame_max = 0, cpu_max = 0, block_max = 0;
    char query[PEER_TYPE_AHEAD_MAX_KEYSTROKES];
    for (int k = 0; k < keystrokes; k++) {
        peer_type_ahead_query(rows, k, query);
        PeerStallWatch watch;
        gint painted = frames->painted;
        double cpu_start = peer_thread_cpu_ms(), start = peer_wall_ms();
        peer_stall_start(&watch);
        type(side, query[k]);
        peer_wait_until_idle();
        double idle = peer_wall_ms();
        gboolean drawn = frames->painted != painted || peer_wait_for_frame_within(frames, PEER_TYPE_AHEAD_NO_FRAME_MS);
        frame[k] = (drawn ? peer_wall_ms() : idle) - start;
        double block = peer_stall_stop(&watch);
        cpu[k] = peer_thread_cpu_ms() - cpu_start;
        if (!check(side, query, peer_type_ahead_expected_row(rows, k)))
            wrong++;
        if (k < typed) {
            frame_max = fmax(frame_max, frame[k]);
            cpu_max = fmax(cpu_max, cpu[k]);
            block_max = fmax(block_max, block);
        }
    }
    peer_line_add(line, "keystroke_main_cpu_p50_ms", peer_percentile(cpu, typed, 50));
    peer_line_add(line, "keystroke_main_cpu_max_ms", cpu_max);
    peer_line_add(line, "keystroke_frame_p50_ms", peer_percentile(frame, typed, 50));
    peer_line_add(line, "keystroke_frame_max_ms", frame_max);
    peer_line_add(line, "keystroke_block_max_ms", block_max);
    peer_line_add(line, "miss_main_cpu_ms", cpu[typed]);
    peer_line_add(line, "wrong_rows", wrong);
}

#endif
