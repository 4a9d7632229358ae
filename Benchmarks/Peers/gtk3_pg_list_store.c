/* The PostgreSQL benchmark's naive GTK 3 app: `SELECT * FROM table ORDER BY id` read whole with
 * libpq, every row appended to a GtkListStore of six string columns, shown in a GtkTreeView in
 * fixed-height mode (peer_pg.h). That is how a GTK 3 app shows a table when nothing pages it: the
 * first frame waits for every row, and the process holds them all.
 *
 * Usage: `gtk3-pg-list-store TABLE ROWS LIMIT FRACTIONS` under an X display, with libpq's PG*
 * variables set: prints `RESULT side=gtk3-pg-list-store part=load n=ROWS …` (peer_pg.h), with
 * `query_ms` (PQexec to its last row) and `fill_ms` (the store filled). */
#include "peer_pg.h"

static gboolean shows_first_rows(gpointer data) { return peer_pg_shows_rows(data, TRUE, NULL); }

static gboolean shows_rows(gpointer data) { return peer_pg_shows_rows(data, FALSE, NULL); }

int main(int argc, char **argv) {
    PeerPgArgs args;
    if (!peer_pg_parse(argc, argv, &args) || !gtk_init_check(&argc, &argv)) {
        fprintf(stderr, "usage: gtk3-pg-list-store TABLE ROWS LIMIT FRACTIONS (under an X display, PG* set)\n");
        return 2;
    }
    PeerLine line = peer_line_begin("gtk3-pg-list-store", "load", args.rows, args.limit);
    peer_exit_after(args.limit);
    PGconn *connection = peer_pg_connect();
    GtkWidget *tree = peer_pg_tree_new();
    PeerFrames frames = {0};
    GtkWidget *window = gtk_widget_get_toplevel(peer_show_scrolled(tree, PEER_PG_WIDTH, PEER_PG_HEIGHT, &frames));
    PeerPgScreen screen;
    peer_pg_watch(window, &screen);
    double memory_before = peer_resident_mib();

    PeerStallWatch stall;
    peer_stall_start(&stall);
    double start = peer_wall_ms();
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT * FROM %s ORDER BY id", args.table);
    PGresult *result = peer_pg_query(connection, sql);
    double queried = peer_wall_ms();
    peer_line_add(&line, "query_ms", queried - start);
    GtkListStore *store = peer_pg_store_new();
    GtkTreeIter iter;
    for (int row = 0, rows = PQntuples(result); row < rows; row++) {
        gtk_list_store_append(store, &iter);
        peer_pg_set_row(store, &iter, result, row);
    }
    PQclear(result);
    peer_line_add(&line, "fill_ms", peer_wall_ms() - queried);
    gtk_tree_view_set_model(GTK_TREE_VIEW(tree), GTK_TREE_MODEL(store));
    double shown = peer_pg_wait(&screen, window, shows_first_rows, tree);
    peer_line_add(&line, "stall_first_frame_ms", peer_stall_stop(&stall));
    if (shown < 0)
        peer_line_add(&line, "first_frame_failed", 1);
    else
        peer_line_add(&line, "first_frame_ms", shown - start);
    peer_line_add(&line, "memory_first_frame_mib", peer_resident_mib() - memory_before);

    peer_pg_measure_jumps(&line, &args, &screen, window, GTK_TREE_VIEW(tree), shows_rows, tree, memory_before);
    peer_line_print(&line);
    PQfinish(connection);
    return 0;
}
