/* What the PostgreSQL benchmark's C peers share (Benchmarks/ListBenchmarks/Postgres): a libpq
 * connection from the PG* variables, a GtkTreeView in fixed-height mode of the tickets' six
 * columns in a 1280×800 window, what its rows on screen show read back as drawn (the id column's
 * renderer), the wait for the painted frame that shows them, and the line with every sample.
 * The clocks, memory, stall watch, frames and timeout are peer_measure.h's.
 *
 * Protocol: `<program> TABLE ROWS LIMIT FRACTIONS` under an X display, FRACTIONS the jumps'
 * places (fractions of the scroll range, comma-separated: the Swift side's seeded jumps), prints
 * `RESULT side=… part=load n=ROWS first_frame_ms=… first_jump_ms=… jump_samples=a,b,… …` and
 * exits 0; at LIMIT seconds it prints the figures it has and `timed_out_s=LIMIT` instead.
 *
 *   first_frame_ms          the query or count started to the painted frame whose every row on
 *                           screen shows a ticket, the first ones by id
 *   jump_samples            each jump: the adjustment set to the fraction of its range, to the
 *                           painted frame whose rows on screen all show tickets, in id order
 *   memory_*_mib            resident after the first frame, after the jumps, and the peak, less
 *                           before the query (MiB)
 *   stall_*_ms              the main loop's longest stall during the first frame, the jumps */
#ifndef PEER_PG_H
#define PEER_PG_H

/* The list peers' helpers these leave unused are no error. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "peer_measure.h"
#pragma GCC diagnostic pop
#include <libpq-fe.h>

#define PEER_PG_WIDTH 1280
#define PEER_PG_HEIGHT 800
#define PEER_PG_COLUMNS 6
#define PEER_PG_MAX_JUMPS 64
/* How long one wait for rows on screen may take before it counts as failed. */
#define PEER_PG_WAIT_MS 30000

/* The command line. */
typedef struct {
    const char *table;
    long rows;
    unsigned limit;
    double fractions[PEER_PG_MAX_JUMPS];
    int jumps;
} PeerPgArgs;

static inline gboolean peer_pg_parse(int argc, char **argv, PeerPgArgs *args) {
    if (argc != 5)
        return FALSE;
    args->table = argv[1];
    args->rows = atol(argv[2]);
    args->limit = (unsigned)atoi(argv[3]);
    args->jumps = 0;
    for (char *text = argv[4]; *text != '\0' && args->jumps < PEER_PG_MAX_JUMPS;) {
        char *end = NULL;
        args->fractions[args->jumps++] = strtod(text, &end);
        if (end == text)
            return FALSE;
        text = *end == ',' ? end + 1 : end;
    }
    return args->rows > 0 && args->limit > 0;
}

/* A connection as psql makes it from PGHOST, PGPORT, PGUSER, …; the process ends when it fails. */
static inline PGconn *peer_pg_connect(void) {
    PGconn *connection = PQconnectdb("");
    if (PQstatus(connection) != CONNECTION_OK) {
        fprintf(stderr, "peer: cannot connect: %s", PQerrorMessage(connection));
        exit(1);
    }
    return connection;
}

/* `sql`'s rows, every one read into memory (libpq's PQexec); the process ends when it fails. */
static inline PGresult *peer_pg_query(PGconn *connection, const char *sql) {
    PGresult *result = PQexec(connection, sql);
    if (PQresultStatus(result) != PGRES_TUPLES_OK) {
        fprintf(stderr, "peer: %s: %s", sql, PQerrorMessage(connection));
        exit(1);
    }
    return result;
}

/* A GtkTreeView of six text columns, each the store's string column of its number, fixed-width,
 * in fixed-height mode (every row one line high: GTK then measures one row, not all of them). */
static inline GtkWidget *peer_pg_tree_new(void) {
    static const char *const titles[PEER_PG_COLUMNS] = {"ID", "Title", "Status", "Priority", "Assignee", "Updated"};
    static const int widths[PEER_PG_COLUMNS] = {110, 480, 110, 90, 120, 230};
    GtkWidget *tree = gtk_tree_view_new();
    for (int c = 0; c < PEER_PG_COLUMNS; c++) {
        GtkTreeViewColumn *column =
            gtk_tree_view_column_new_with_attributes(titles[c], gtk_cell_renderer_text_new(), "text", c, NULL);
        gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED);
        gtk_tree_view_column_set_fixed_width(column, widths[c]);
        gtk_tree_view_append_column(GTK_TREE_VIEW(tree), column);
    }
    gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(tree), TRUE);
    return tree;
}

/* A store of the six columns as text, as libpq gives them. */
static inline GtkListStore *peer_pg_store_new(void) {
    return gtk_list_store_new(PEER_PG_COLUMNS, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING,
                              G_TYPE_STRING, G_TYPE_STRING);
}

/* Row `row` of `result` into the store's row at `iter`. */
static inline void peer_pg_set_row(GtkListStore *store, GtkTreeIter *iter, PGresult *result, int row) {
    gtk_list_store_set(store, iter, 0, PQgetvalue(result, row, 0), 1, PQgetvalue(result, row, 1), 2,
                       PQgetvalue(result, row, 2), 3, PQgetvalue(result, row, 3), 4, PQgetvalue(result, row, 4), 5,
                       PQgetvalue(result, row, 5), -1);
}

/* The ids of the rows the view shows (its visible range), top to bottom, read as drawn: the id
 * column's renderer given each row's data, its text read back. Their count, or -1 when a row on
 * screen shows no id (not read yet) or there are more than `max`. */
static inline int peer_pg_visible_ids(GtkTreeView *tree, long *ids, int max) {
    GtkTreePath *start = NULL, *end = NULL;
    GtkTreeModel *model = gtk_tree_view_get_model(tree);
    if (model == NULL || !gtk_tree_view_get_visible_range(tree, &start, &end))
        return -1;
    GtkTreeViewColumn *column = gtk_tree_view_get_column(tree, 0);
    GList *renderers = gtk_cell_layout_get_cells(GTK_CELL_LAYOUT(column));
    int count = 0;
    GtkTreeIter iter;
    gboolean valid = gtk_tree_model_get_iter(model, &iter, start);
    int last = gtk_tree_path_get_indices(end)[0];
    for (int index = gtk_tree_path_get_indices(start)[0]; valid && index <= last; index++) {
        gtk_tree_view_column_cell_set_cell_data(column, model, &iter, FALSE, FALSE);
        char *text = NULL;
        g_object_get(renderers->data, "text", &text, NULL);
        char *end_of_number = NULL;
        long id = text == NULL ? 0 : strtol(text, &end_of_number, 10);
        gboolean shown = text != NULL && end_of_number != text;
        g_free(text);
        if (!shown || count == max) {
            count = -1;
            break;
        }
        ids[count++] = id;
        valid = gtk_tree_model_iter_next(model, &iter);
    }
    g_list_free(renderers);
    gtk_tree_path_free(start);
    gtk_tree_path_free(end);
    return count;
}

/* The rows on screen: 1 when they all show tickets in id order (and, with `top`, start at ticket
 * 1 and fill the screen), and whether they are consecutive. */
static inline gboolean peer_pg_shows_rows(GtkTreeView *tree, gboolean top, gboolean *consecutive) {
    long ids[256];
    int count = peer_pg_visible_ids(tree, ids, 256);
    if (count <= 0 || (top && (ids[0] != 1 || count < 10)))
        return FALSE;
    gboolean increasing = TRUE, steps = TRUE;
    for (int i = 1; i < count; i++) {
        increasing = increasing && ids[i] > ids[i - 1];
        steps = steps && ids[i] == ids[i - 1] + 1;
    }
    if (consecutive != NULL)
        *consecutive = steps;
    return increasing;
}

/* Waits for the painted frame that shows what a check accepts: checked after each of the window's
 * paints ("after-paint"), as the Swift side's ScreenWatch. */
typedef gboolean (*PeerPgCheck)(gpointer data);

typedef struct {
    PeerPgCheck check;
    gpointer data;
    double shown_at, last_paint;
} PeerPgScreen;

static inline void peer_pg_after_paint(GdkFrameClock *clock, PeerPgScreen *screen) {
    (void)clock;
    screen->last_paint = peer_wall_ms();
    if (screen->check != NULL && screen->shown_at < 0 && screen->check(screen->data))
        screen->shown_at = screen->last_paint;
}

static inline void peer_pg_watch(GtkWidget *window, PeerPgScreen *screen) {
    screen->check = NULL;
    screen->shown_at = -1;
    screen->last_paint = peer_wall_ms();
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(peer_pg_after_paint), screen);
}

static inline gboolean peer_pg_tick(gpointer data) {
    (void)data;
    return G_SOURCE_CONTINUE;
}

/* Runs the main loop until a painted frame shows what `check` accepts: that paint's wall time, or
 * -1 after PEER_PG_WAIT_MS. After 50 ms without a paint while `check` holds, one more frame is
 * asked for, to see it. */
static inline double peer_pg_wait(PeerPgScreen *screen, GtkWidget *window, PeerPgCheck check, gpointer data) {
    screen->check = check;
    screen->data = data;
    screen->shown_at = -1;
    gboolean queued = FALSE;
    double deadline = peer_wall_ms() + PEER_PG_WAIT_MS;
    guint ticker = g_timeout_add(10, peer_pg_tick, NULL);
    while (screen->shown_at < 0 && peer_wall_ms() < deadline) {
        g_main_context_iteration(NULL, TRUE);
        if (!queued && screen->shown_at < 0 && peer_wall_ms() - screen->last_paint > 50 && check(data)) {
            gtk_widget_queue_draw(window);
            queued = TRUE;
        }
    }
    g_source_remove(ticker);
    screen->check = NULL;
    return screen->shown_at;
}

/* The most resident memory the process had (VmHWM), in MiB. */
static inline double peer_pg_peak_mib(void) {
    FILE *file = fopen("/proc/self/status", "r");
    if (file == NULL)
        return 0;
    char text[256];
    double kibibytes = 0;
    while (fgets(text, sizeof text, file) != NULL)
        if (sscanf(text, "VmHWM: %lf", &kibibytes) == 1)
            break;
    fclose(file);
    return kibibytes / 1024;
}

/* Every sample of a repeated measurement on the line: `key=a,b,…` (the Swift side pools them). */
static inline void peer_pg_line_samples(PeerLine *line, const char *key, const double *samples, int count) {
    g_string_append_printf(line->text, " %s=", key);
    for (int i = 0; i < count; i++)
        g_string_append_printf(line->text, i == 0 ? "%.3f" : ",%.3f", samples[i]);
    peer_line_keep(line);
}

/* The jumps: the vertical adjustment set to each fraction of its range, each timed to the painted
 * frame that shows tickets on every row on screen (`check`); the samples, the first, the longest
 * stall, the jumps landing on rows not consecutive, and memory, onto `line`. */
static inline void peer_pg_measure_jumps(PeerLine *line, const PeerPgArgs *args, PeerPgScreen *screen,
                                         GtkWidget *window, GtkTreeView *tree, PeerPgCheck check, gpointer data,
                                         double memory_before) {
    double samples[PEER_PG_MAX_JUMPS];
    int measured = 0, wrong = 0, failed = 0;
    GtkAdjustment *vertical = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(tree));
    PeerStallWatch stall;
    peer_stall_start(&stall);
    for (int i = 0; i < args->jumps; i++) {
        double start = peer_wall_ms();
        gtk_adjustment_set_value(vertical, args->fractions[i] * peer_scroll_range(vertical));
        double shown = peer_pg_wait(screen, window, check, data);
        if (shown < 0) {
            failed++;
            continue;
        }
        samples[measured++] = shown - start;
        gboolean consecutive = FALSE;
        if (!peer_pg_shows_rows(tree, FALSE, &consecutive) || !consecutive)
            wrong++;
    }
    peer_line_add(line, "stall_jumps_ms", peer_stall_stop(&stall));
    if (measured > 0)
        peer_line_add(line, "first_jump_ms", samples[0]);
    peer_pg_line_samples(line, "jump_samples", samples, measured);
    peer_line_add(line, "jump_wrong_rows", wrong);
    if (failed > 0)
        peer_line_add(line, "jump_failed", failed);
    peer_line_add(line, "memory_jumps_mib", peer_resident_mib() - memory_before);
    peer_line_add(line, "memory_end_mib", peer_resident_mib() - memory_before);
    peer_line_add(line, "memory_peak_mib", peer_pg_peak_mib() - memory_before);
}

#endif
