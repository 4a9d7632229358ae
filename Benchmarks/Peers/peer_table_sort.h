/* What the big-table benchmark's text sort (issue 55) shares between its C peers and its Swift
 * side (Benchmarks/ListBenchmarks/BigTable/TextSortedTableRow.swift): each row's text, column 4's
 * sort key, and the four header clicks, each timed to the frame that shows the new order, with
 * the longest block of the main loop meanwhile. Both toolkits sort by their own default text
 * comparison (GtkListStore: g_utf8_collate; GtkStringSorter: case-folded collation keys), under
 * the locale the process inherits, as the Swift side does.
 *
 * Protocol: `<program> text-sort ROWS LIMIT` under a display prints one line,
 * `RESULT side=… part=text-sort n=… first_frame_ms=… sort_ms=… sort_block_ms=…
 * sort_main_cpu_ms=… sort_wrong=… reverse_… back_… resort_… block_ms=… wrong=…`, and exits 0;
 * after LIMIT seconds it prints the figures measured so far and `timed_out_s=LIMIT` instead.
 *
 *   sort_*      a click on column 4's header: sorted by text, ascending
 *   reverse_*   a second click on it: descending
 *   back_*      a click on column 0's header: by row number again
 *   resort_*    column 4 once more, ascending: a sort by a column already sorted once
 *   *_ms        wall time from the click to the frame after it
 *   *_block_ms  the longest the main loop stayed away meanwhile (PeerStallWatch)
 *   *_main_cpu_ms  the main thread's CPU time meanwhile
 *   *_wrong     1 when the viewport then did not show rows in the new order
 *   block_ms, wrong  the longest block and the wrong orders over the four clicks */
#ifndef PEER_TABLE_SORT_H
#define PEER_TABLE_SORT_H

#include "peer_table.h"

#define PEER_TABLE_SORTED_COLUMN 4
#define PEER_TABLE_SORT_PART "text-sort"
/* Room for two words and a number. */
#define PEER_TABLE_SORT_TEXT_SIZE 64

/* Capitals, accents and ligatures, each beside a plain spelling that collates close to it. */
static const char *const peer_table_sort_words[64] = {
    "Äpfel",  "apfel",  "apple",  "Apple",  "éclair", "Eclair", "Zebra",    "zebra",    "Ångström", "angstrom", "banana",
    "Banana", "café",   "Cafe",   "Ölfass", "olfass", "Über",   "uber",     "naïve",    "Naive",    "Straße",   "strasse",
    "Ægir",   "œuvre",  "Łódź",   "lodz",   "Čapek",  "capek",  "ñandú",    "Nandu",    "résumé",   "Resume",   "Zürich",
    "zurich", "Señor",  "senor",  "déjà",   "Deja",   "fiancé", "Fiance",   "jalapeño", "Jalapeno", "piñata",   "Pinata",
    "Crème",  "creme",  "Brûlée", "brulee", "Façade", "facade", "Mañana",   "manana",   "Éire",     "eire",     "Ōsaka",
    "osaka",  "İzmir",  "izmir",  "Ça",     "ca",     "Þór",    "thor",     "Dvořák",   "dvorak",
};

/* Row `row`'s text into `buffer`: two words from a Fibonacci hash of the row and a number below
 * 1,000 from that hash mixed (SplitMix64's mix), `Äpfel zebra 123`. Sorting moves nearly every
 * row. The words' pairs spread evenly over the rows, but the numbers fall as at random, so texts
 * repeat: about one row in 40 shares its text with another at 100,000 rows, one in 5 at
 * a million (the hash alone would spread them evenly too, and never tie). */
static inline void peer_table_sort_text(long row, char *buffer, size_t size) {
    uint64_t hash = ((uint64_t)row + 1) * 0x9E3779B97F4A7C15ULL;
    uint64_t mixed = (hash ^ (hash >> 30)) * 0xBF58476D1CE4E5B9ULL;
    mixed ^= mixed >> 27;
    snprintf(buffer, size, "%s %s %u", peer_table_sort_words[hash >> 58], peer_table_sort_words[(hash >> 52) & 63],
             (unsigned)((mixed >> 32) % 1000));
}

static double peer_thread_cpu_ms(void) {
    struct timespec time;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time);
    return time.tv_sec * 1e3 + time.tv_nsec / 1e6;
}

/* The row whose column 0 the view draws at height `y` of its viewport; FALSE for none. */
typedef gboolean (*PeerTableRowAt)(gpointer view, double y, long *row);
/* How the view's text sort orders rows `a` and `b` ascending: negative, zero or positive. */
typedef int (*PeerTableCompareTexts)(gpointer view, long a, long b);

/* The viewport shows, at PEER_SAMPLES points down its `page` px, different rows in the order of
 * column `column` (PEER_TABLE_SORTED_COLUMN: `compare`; 0: the row number), the way `ascending`
 * says. Rows whose texts tie may come in either order: each toolkit breaks ties its own way. */
static inline gboolean peer_table_sort_viewport_ordered(PeerTableRowAt row_at, PeerTableCompareTexts compare,
                                                        gpointer view, double page, int column, gboolean ascending) {
    long rows[PEER_SAMPLES];
    for (int i = 0; i < PEER_SAMPLES; i++) {
        if (!row_at(view, (i + 0.5) * page / PEER_SAMPLES, &rows[i]))
            return FALSE;
        if (i == 0)
            continue;
        if (rows[i] == rows[i - 1])
            return FALSE;
        int order = column == 0 ? (rows[i - 1] < rows[i] ? -1 : 1) : compare(view, rows[i - 1], rows[i]);
        if (ascending ? order > 0 : order < 0)
            return FALSE;
    }
    return TRUE;
}

/* Clicks a header of the view; returns when the click was handled (a sort inside it included). */
typedef void (*PeerTableClick)(gpointer view, int column);
/* The viewport's order check after a click: peer_table_sort_viewport_ordered for the view. */
typedef gboolean (*PeerTableOrdered)(gpointer view, int column, gboolean ascending);

/* One click on column `column`'s header, to the frame after it, however long it takes (the alarm
 * caps the run): `<name>_ms`, `<name>_block_ms`, `<name>_main_cpu_ms` and `<name>_wrong` on the
 * line; the block and whether the order was wrong added to `longest_block` and `wrong`. */
static inline void peer_table_sort_click(PeerLine *line, const char *name, PeerFrames *frames, PeerTableClick click,
                                         PeerTableOrdered ordered, gpointer view, int column, gboolean ascending,
                                         double *longest_block, int *wrong) {
    PeerStallWatch watch;
    double cpu = peer_thread_cpu_ms(), start = peer_wall_ms();
    peer_stall_start(&watch);
    click(view, column);
    peer_wait_for_frame_within(frames, G_MAXINT);
    double frame = peer_wall_ms() - start;
    double block = peer_stall_stop(&watch);
    double main_cpu = peer_thread_cpu_ms() - cpu;
    gboolean right = ordered(view, column, ascending);
    char key[64];
    snprintf(key, sizeof key, "%s_ms", name);
    peer_line_add(line, key, frame);
    snprintf(key, sizeof key, "%s_block_ms", name);
    peer_line_add(line, key, block);
    snprintf(key, sizeof key, "%s_main_cpu_ms", name);
    peer_line_add(line, key, main_cpu);
    snprintf(key, sizeof key, "%s_wrong", name);
    peer_table_line_count(line, key, !right);
    *longest_block = MAX(*longest_block, block);
    *wrong += !right;
}

/* The four clicks (see the protocol above), then the line. */
static inline void peer_table_sort_measure(PeerLine *line, PeerFrames *frames, PeerTableClick click,
                                           PeerTableOrdered ordered, gpointer view) {
    double block = 0;
    int wrong = 0;
    const int text = PEER_TABLE_SORTED_COLUMN;
    peer_table_sort_click(line, "sort", frames, click, ordered, view, text, TRUE, &block, &wrong);
    peer_table_sort_click(line, "reverse", frames, click, ordered, view, text, FALSE, &block, &wrong);
    peer_table_sort_click(line, "back", frames, click, ordered, view, 0, TRUE, &block, &wrong);
    peer_table_sort_click(line, "resort", frames, click, ordered, view, text, TRUE, &block, &wrong);
    peer_line_add(line, "block_ms", block);
    peer_table_line_count(line, "wrong", wrong);
    peer_line_print(line);
}

#endif
