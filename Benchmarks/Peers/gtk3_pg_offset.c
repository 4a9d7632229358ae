/* The PostgreSQL benchmark's offset-paging GTK 3 app: `SELECT count(*)`, a GtkListStore of that
 * many empty rows in a GtkTreeView in fixed-height mode (peer_pg.h), and, whenever the view
 * scrolls, the pages of 128 rows its visible range covers read with
 * `SELECT * FROM table ORDER BY id LIMIT 128 OFFSET k` and set into their rows. That is how a
 * GTK 3 app pages a big table by hand: the server walks past k rows for each page, and the main
 * thread waits for it.
 *
 * Usage: `gtk3-pg-offset TABLE ROWS LIMIT FRACTIONS` under an X display, with libpq's PG*
 * variables set: prints `RESULT side=gtk3-pg-offset part=load n=ROWS …` (peer_pg.h), with
 * `count_ms` (the count), `fill_ms` (the empty rows appended) and `first_page_ms` (the first
 * page read, from the clock). */
#include "peer_pg.h"

#define PAGE 128

typedef struct {
    PGconn *connection;
    const char *table;
    GtkListStore *store;
    GtkTreeView *tree;
    long rows;
    /* Whether each page was read. */
    guint8 *loaded;
} OffsetApp;

/* Reads page `page` unless it was, and sets its rows. */
static void read_page(OffsetApp *app, long page) {
    if (page < 0 || page * PAGE >= app->rows || app->loaded[page])
        return;
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT * FROM %s ORDER BY id LIMIT %d OFFSET %ld", app->table, PAGE, page * PAGE);
    PGresult *result = peer_pg_query(app->connection, sql);
    GtkTreeIter iter;
    gboolean valid = gtk_tree_model_iter_nth_child(GTK_TREE_MODEL(app->store), &iter, NULL, (int)(page * PAGE));
    for (int row = 0; valid && row < PQntuples(result); row++) {
        peer_pg_set_row(app->store, &iter, result, row);
        valid = gtk_tree_model_iter_next(GTK_TREE_MODEL(app->store), &iter);
    }
    PQclear(result);
    app->loaded[page] = 1;
}

/* Reads the pages of the rows the viewport covers, a row either side: fixed-height rows, so the
 * row at a scroll offset is the offset over a row's height, the adjustment's upper bound over the
 * row count. */
static void read_visible(GtkAdjustment *vertical, OffsetApp *app) {
    double upper = gtk_adjustment_get_upper(vertical), value = gtk_adjustment_get_value(vertical);
    double page_size = gtk_adjustment_get_page_size(vertical);
    double row_height = upper > page_size ? upper / app->rows : 0;
    if (row_height <= 0) {
        read_page(app, 0);
        return;
    }
    long first = (long)(value / row_height) - 1, last = (long)((value + page_size) / row_height) + 1;
    for (long page = MAX(first, 0) / PAGE; page <= MIN(last, app->rows - 1) / PAGE; page++)
        read_page(app, page);
}

static gboolean shows_first_rows(gpointer data) { return peer_pg_shows_rows(data, TRUE, NULL); }

static gboolean shows_rows(gpointer data) { return peer_pg_shows_rows(data, FALSE, NULL); }

int main(int argc, char **argv) {
    PeerPgArgs args;
    if (!peer_pg_parse(argc, argv, &args) || !gtk_init_check(&argc, &argv)) {
        fprintf(stderr, "usage: gtk3-pg-offset TABLE ROWS LIMIT FRACTIONS (under an X display, PG* set)\n");
        return 2;
    }
    PeerLine line = peer_line_begin("gtk3-pg-offset", "load", args.rows, args.limit);
    peer_exit_after(args.limit);
    OffsetApp app = {.connection = peer_pg_connect(), .table = args.table};
    GtkWidget *tree = peer_pg_tree_new();
    app.tree = GTK_TREE_VIEW(tree);
    PeerFrames frames = {0};
    GtkWidget *window = gtk_widget_get_toplevel(peer_show_scrolled(tree, PEER_PG_WIDTH, PEER_PG_HEIGHT, &frames));
    PeerPgScreen screen;
    peer_pg_watch(window, &screen);
    double memory_before = peer_resident_mib();

    PeerStallWatch stall;
    peer_stall_start(&stall);
    double start = peer_wall_ms();
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", args.table);
    PGresult *counted = peer_pg_query(app.connection, sql);
    app.rows = atol(PQgetvalue(counted, 0, 0));
    PQclear(counted);
    double count_end = peer_wall_ms();
    peer_line_add(&line, "count_ms", count_end - start);
    app.store = peer_pg_store_new();
    app.loaded = g_malloc0(app.rows / PAGE + 1);
    GtkTreeIter iter;
    for (long row = 0; row < app.rows; row++)
        gtk_list_store_append(app.store, &iter);
    peer_line_add(&line, "fill_ms", peer_wall_ms() - count_end);
    read_page(&app, 0);
    peer_line_add(&line, "first_page_ms", peer_wall_ms() - start);
    gtk_tree_view_set_model(app.tree, GTK_TREE_MODEL(app.store));
    g_signal_connect(gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(tree)), "value-changed", G_CALLBACK(read_visible), &app);
    double shown = peer_pg_wait(&screen, window, shows_first_rows, tree);
    peer_line_add(&line, "stall_first_frame_ms", peer_stall_stop(&stall));
    if (shown < 0)
        peer_line_add(&line, "first_frame_failed", 1);
    else
        peer_line_add(&line, "first_frame_ms", shown - start);
    peer_line_add(&line, "memory_first_frame_mib", peer_resident_mib() - memory_before);

    peer_pg_measure_jumps(&line, &args, &screen, window, app.tree, shows_rows, tree, memory_before);
    peer_line_print(&line);
    PQfinish(app.connection);
    return 0;
}
