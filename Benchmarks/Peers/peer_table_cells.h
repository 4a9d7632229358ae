/* What the big-table benchmark's mixed cells (issue 55) share between its C peers and its Swift
 * side (Benchmarks/ListBenchmarks/BigTable/BigTableCells.swift): the table of peer_table.h whose
 * 20 columns cycle through five kinds of cell (text, toggle, icon, progress, number), each
 * cell's value computed from its row and column, and the line the part prints.
 *
 * Protocol: `<program> cells ROWS LIMIT` under a display prints one line,
 * `RESULT side=… part=cells n=… first_frame_ms=… jump_cpu_p50_ms=… jump_cpu_p95_ms=…
 * hstep_cpu_p50_ms=… hstep_cpu_p95_ms=… memory_mib=… live_cells=… wrong_rows=… wrong_columns=…`,
 * and exits 0; after LIMIT seconds it prints the figures measured so far and `timed_out_s=LIMIT`.
 * The figures are peer_table.h's. The checks read text cells only: the rows after each jump from
 * column 0, and after each sideways step the column under PEER_TABLE_PROBE_X when it is a text
 * column (a step that leaves another kind there is not checked). */
#ifndef PEER_TABLE_CELLS_H
#define PEER_TABLE_CELLS_H

#include "peer_table.h"

#define PEER_TABLE_CELLS_PART "cells"

typedef enum {
    PEER_CELL_TEXT,
    PEER_CELL_TOGGLE,
    PEER_CELL_ICON,
    PEER_CELL_PROGRESS,
    PEER_CELL_NUMBER,
    PEER_CELL_KINDS
} PeerCellKind;

/* Column `column`'s kind: text, toggle, icon, progress, number, text, … (column 0 is text). */
static inline PeerCellKind peer_cell_kind(int column) { return (PeerCellKind)(column % PEER_CELL_KINDS); }

/* Whether a toggle cell is checked: three rows in seven. */
static inline gboolean peer_cell_toggle(long row, int column) { return (row * 3 + column) % 7 < 3; }

/* Full-colour icons every GTK 3 and GTK 4 theme here has (Adwaita's places). */
static const char *const peer_cell_icons[4] = {"folder", "folder-documents", "folder-music", "folder-pictures"};

static inline const char *peer_cell_icon(long row, int column) { return peer_cell_icons[(row + column) % 4]; }

/* A progress cell's value, 0 to 100 percent. */
static inline int peer_cell_percent(long row, int column) { return (int)((row * 37 + column * 11) % 101); }

/* A number cell's value, shown with PEER_CELL_DIGITS digits after the point. */
static inline double peer_cell_number(long row, int column) { return (double)(row % 10000) * 0.25 + column; }

#define PEER_CELL_DIGITS 2

/* The viewport check for the mixed cells: the rows down the probe's column when it is a text
 * column (peer_table_viewport_agrees), else TRUE (nothing there to read a row from). */
static inline gboolean peer_table_cells_agree(PeerTableCellAt cell_at, gpointer view, double scrolled_x, double page) {
    int probed = (int)((scrolled_x + PEER_TABLE_PROBE_X) / PEER_TABLE_COLUMN_WIDTH);
    return peer_cell_kind(probed) != PEER_CELL_TEXT || peer_table_viewport_agrees(cell_at, view, scrolled_x, page);
}

#endif
