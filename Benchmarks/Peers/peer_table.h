/* What the big-table benchmark's two C peers share: the table (ROWS rows of 20 text columns,
 * 160 px each, in a 1280×800 window, so 8 columns in view), its cells' text, the horizontal
 * steps, the column resize, the check that the viewport shows the cells it should, and the one
 * line each run prints. Works with GTK 3 and GTK 4; the clocks, frames and random jumps are
 * peer_measure.h's.
 *
 * Protocol: `<program> ROWS` under an X display prints one line,
 * `RESULT side=… n=… columns=20 first_frame_ms=… jump_cpu_p50_ms=… jump_cpu_p95_ms=…
 * hstep_cpu_p50_ms=… hstep_cpu_p95_ms=… memory_mib=… resize_cpu_p50_ms=… resize_cpu_p95_ms=…
 * live_cells=… wrong_rows=… wrong_columns=…`,
 * and exits 0; after PEER_TABLE_TIMEOUT_S seconds it prints the figures measured so far and
 * `timed_out_s=…` instead. A GTK 4 peer's side does not name the renderer (GSK_RENDERER picks
 * it): the benchmark that runs it adds the name, as for the other GTK 4 peers.
 *
 *   first_frame_ms    the model set on the shown, empty view, to the frame that shows it
 *   jump_cpu_p*_ms    PEER_JUMPS random vertical jumps (peer_measure_scrolling), CPU to the frame
 *   hstep_cpu_p*_ms   PEER_TABLE_HSTEPS steps of PEER_TABLE_HSTEP px right, from the rows in the
 *                     middle, CPU to the frame
 *   memory_mib        resident after the jumps and steps, less before the model was set
 *   resize_cpu_p*_ms  column PEER_TABLE_RESIZED_COLUMN widened PEER_TABLE_RESIZE_STEPS times by
 *                     PEER_TABLE_RESIZE_STEP px, from the rows in the middle, CPU to the frame
 *   live_cells        cell widgets alive at the end (GTK 3 draws cells with renderers: 0)
 *   wrong_rows        jumps after which the viewport's rows disagreed (peer_table_viewport_agrees)
 *   wrong_columns     steps after which the viewport showed the wrong column or rows */
#ifndef PEER_TABLE_H
#define PEER_TABLE_H

/* The list peers' helpers these leave unused (their rows, wheel steps and line) are no error. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "peer_measure.h"
#pragma GCC diagnostic pop

#define PEER_TABLE_WIDTH 1280
#define PEER_TABLE_HEIGHT 800
#define PEER_TABLE_COLUMNS 20
#define PEER_TABLE_COLUMN_WIDTH 160
#define PEER_TABLE_HSTEPS 200
#define PEER_TABLE_HSTEP 40
/* As the Swift side's resize part: column 3, in view at the left edge with columns after it. */
#define PEER_TABLE_RESIZED_COLUMN 3
#define PEER_TABLE_RESIZE_STEPS 100
#define PEER_TABLE_RESIZE_STEP 2
/* Where the checks look across the viewport: inside its first column whatever the scroll, as
 * the horizontal steps' positions (multiples of 40) never put a column's edge there. */
#define PEER_TABLE_PROBE_X 20
/* Room for `r<i> c<c>` of any row a long holds. */
#define PEER_TABLE_TEXT_SIZE 48
/* A run that takes longer is stuck, not slow: a million rows take GtkTreeView seconds. */
#define PEER_TABLE_TIMEOUT_S 300

/* Cell (row, column)'s text into `buffer`: `row <i>` in column 0, what peer_index_of_text reads,
 * `r<i> c<c>` in the others. Formatted in place, as both toolkits copy the text they are given. */
static inline void peer_table_cell_text(long row, int column, char *buffer, size_t size) {
    if (column == 0)
        snprintf(buffer, size, "row %ld", row);
    else
        snprintf(buffer, size, "r%ld c%d", row, column);
}

/* The row and column a cell's text names; FALSE for text no cell shows. */
static inline gboolean peer_table_cell_of_text(const char *text, long *row, int *column) {
    if (text == NULL)
        return FALSE;
    if (sscanf(text, "row %ld", row) == 1) {
        *column = 0;
        return TRUE;
    }
    return sscanf(text, "r%ld c%d", row, column) == 2;
}

/* The row and column of the cell a peer's view draws at (x, y) of its viewport, the rows' area
 * below the headers; FALSE for none. */
typedef gboolean (*PeerTableCellAt)(gpointer view, double x, double y, long *row, int *column);

/* The viewport shows the column expected at PEER_TABLE_PROBE_X when scrolled `scrolled_x` to the
 * right, and down it consecutive rows (peer_samples_agree) over the `page` px of rows. */
static inline gboolean peer_table_viewport_agrees(PeerTableCellAt cell_at, gpointer view, double scrolled_x,
                                                  double page) {
    int expected = (int)((scrolled_x + PEER_TABLE_PROBE_X) / PEER_TABLE_COLUMN_WIDTH);
    long rows[PEER_SAMPLES];
    for (int i = 0; i < PEER_SAMPLES; i++) {
        int column = -1;
        if (!cell_at(view, PEER_TABLE_PROBE_X, (i + 0.5) * page / PEER_SAMPLES, &rows[i], &column) ||
            column != expected)
            return FALSE;
    }
    return peer_samples_agree(rows, page);
}

/* PEER_TABLE_HSTEPS steps of PEER_TABLE_HSTEP px to the right, from the left edge and back to it
 * from the right one, each to its frame: the CPU time of each, and the steps after which `check`
 * found the viewport wrong. */
static inline void peer_table_measure_hsteps(GtkAdjustment *horizontal, PeerFrames *frames, PeerViewportCheck check,
                                             gpointer view, double *p50, double *p95, int *wrong) {
    double cpu[PEER_TABLE_HSTEPS];
    if (gtk_adjustment_get_value(horizontal) != 0)
        peer_step(horizontal, frames, 0, NULL);
    for (int i = 0; i < PEER_TABLE_HSTEPS; i++) {
        double value = gtk_adjustment_get_value(horizontal), end = peer_scroll_range(horizontal);
        cpu[i] = peer_step(horizontal, frames, value >= end ? 0 : MIN(value + PEER_TABLE_HSTEP, end), NULL);
        if (!check(view))
            (*wrong)++;
    }
    *p50 = peer_percentile(cpu, PEER_TABLE_HSTEPS, 50);
    *p95 = peer_percentile(cpu, PEER_TABLE_HSTEPS, 95);
}

/* Sets a column's fixed width in a peer's view, as a drag of its header's edge does. */
typedef void (*PeerTableSetWidth)(gpointer view, int column, int width);

/* PEER_TABLE_RESIZE_STEPS widenings of column PEER_TABLE_RESIZED_COLUMN by PEER_TABLE_RESIZE_STEP
 * px from PEER_TABLE_COLUMN_WIDTH, scrolled to the left edge first, each to its frame: the CPU
 * time of each. */
static inline void peer_table_measure_resize(GtkAdjustment *horizontal, PeerFrames *frames, PeerTableSetWidth set_width,
                                             gpointer view, double *p50, double *p95) {
    double cpu[PEER_TABLE_RESIZE_STEPS];
    if (gtk_adjustment_get_value(horizontal) != 0)
        peer_step(horizontal, frames, 0, NULL);
    for (int i = 0; i < PEER_TABLE_RESIZE_STEPS; i++) {
        double start = peer_cpu_ms();
        set_width(view, PEER_TABLE_RESIZED_COLUMN, PEER_TABLE_COLUMN_WIDTH + PEER_TABLE_RESIZE_STEP * (i + 1));
        peer_wait_for_frame(frames);
        cpu[i] = peer_cpu_ms() - start;
    }
    *p50 = peer_percentile(cpu, PEER_TABLE_RESIZE_STEPS, 50);
    *p95 = peer_percentile(cpu, PEER_TABLE_RESIZE_STEPS, 95);
}

/* The run's line, `RESULT side=… n=… columns=20`, kept for the alarm that ends a stuck run. */
static inline PeerLine peer_table_line_begin(const char *side, long rows) {
    PeerLine line = {g_string_new(NULL)};
    g_string_printf(line.text, "RESULT side=%s n=%ld columns=%d", side, rows, PEER_TABLE_COLUMNS);
    peer_timeout_seconds = PEER_TABLE_TIMEOUT_S;
    peer_line_keep(&line);
    peer_exit_after(PEER_TABLE_TIMEOUT_S);
    return line;
}

/* A count on the line, as a whole number. */
static inline void peer_table_line_count(PeerLine *line, const char *key, long value) {
    g_string_append_printf(line->text, " %s=%ld", key, value);
    peer_line_keep(line);
}

/* A table's measurements once the shown, empty view is given its model by `set_model`: the first
 * frame, the jumps, the sideways steps from the rows in the middle, memory, then the column
 * resize when `set_width` is given, and the cells alive (`live_cells`, read at the end), onto
 * `line`, printed. */
typedef void (*PeerTableSetModel)(gpointer view);
typedef long (*PeerTableLiveCells)(gpointer view);

/* GTK 3's views draw cells with renderers: no widget per cell. */
static inline long peer_table_no_cell_widgets(gpointer view) {
    (void)view;
    return 0;
}

static inline int peer_table_measure(PeerLine *line, PeerFrames *frames, GtkAdjustment *vertical,
                                     GtkAdjustment *horizontal, PeerTableSetModel set_model, PeerViewportCheck check,
                                     PeerTableSetWidth set_width, PeerTableLiveCells live_cells, gpointer view) {
    double memory_before = peer_resident_mib();
    double start = peer_wall_ms();
    set_model(view);
    /* However long it takes: the alarm caps a stuck run. */
    peer_wait_for_frame_within(frames, G_MAXINT);
    peer_line_add(line, "first_frame_ms", peer_wall_ms() - start);

    PeerResult result = {0};
    peer_measure_scrolling(vertical, frames, check, view, &result);
    peer_line_add(line, "jump_cpu_p50_ms", result.jump_cpu_p50_ms);
    peer_line_add(line, "jump_cpu_p95_ms", result.jump_cpu_p95_ms);

    /* Across the rows in the middle. */
    peer_step(vertical, frames, peer_scroll_range(vertical) / 2, NULL);
    double p50 = 0, p95 = 0;
    int wrong_columns = 0;
    peer_table_measure_hsteps(horizontal, frames, check, view, &p50, &p95, &wrong_columns);
    peer_line_add(line, "hstep_cpu_p50_ms", p50);
    peer_line_add(line, "hstep_cpu_p95_ms", p95);
    peer_line_add(line, "memory_mib", peer_resident_mib() - memory_before);
    if (set_width != NULL) {
        peer_table_measure_resize(horizontal, frames, set_width, view, &p50, &p95);
        peer_line_add(line, "resize_cpu_p50_ms", p50);
        peer_line_add(line, "resize_cpu_p95_ms", p95);
    }
    peer_table_line_count(line, "live_cells", live_cells(view));
    peer_table_line_count(line, "wrong_rows", result.wrong_rows);
    peer_table_line_count(line, "wrong_columns", wrong_columns);
    peer_line_print(line);
    return 0;
}

#endif
