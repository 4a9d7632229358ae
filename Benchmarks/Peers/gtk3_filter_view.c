/* The big-filter benchmark's GTK 3 peer: a GtkTreeView in fixed-height mode over a
 * GtkTreeModelFilter over a GtkListStore of the rows' numbers, a cell data function showing
 * `row <i>`; each keystroke sets the query and refilters, timed to the frame. See peer_filter.h. */
#include "peer_filter.h"

static const char *query = "";

static gboolean row_matches(GtkTreeModel *model, GtkTreeIter *iter, gpointer data) {
    (void)data;
    int number = 0;
    gtk_tree_model_get(model, iter, 0, &number, -1);
    return peer_number_contains(number, query);
}

static void cell_text(GtkTreeViewColumn *column, GtkCellRenderer *renderer, GtkTreeModel *model, GtkTreeIter *iter,
                      gpointer data) {
    (void)column, (void)data;
    int number = 0;
    gtk_tree_model_get(model, iter, 0, &number, -1);
    char text[32];
    snprintf(text, sizeof text, "row %d", number);
    g_object_set(renderer, "text", text, NULL);
}

/* A new query: the filter's visible function reads it, and refiltering is synchronous. */
static void apply_query(gpointer tree, const char *previous, const char *new_query) {
    (void)previous;
    query = new_query;
    gtk_tree_model_filter_refilter(GTK_TREE_MODEL_FILTER(gtk_tree_view_get_model(tree)));
}

/* Whether the rows the view shows, top to bottom (20 at most), are consecutive matches. */
static gboolean shows_matches(gpointer tree, const char *shown_query) {
    GtkTreePath *start = NULL, *end = NULL;
    if (!gtk_tree_view_get_visible_range(tree, &start, &end))
        return TRUE;
    GtkTreeModel *model = gtk_tree_view_get_model(tree);
    long shown[20];
    int count = 0, last = gtk_tree_path_get_indices(end)[0] - gtk_tree_path_get_indices(start)[0];
    GtkTreeIter iter;
    gboolean valid = gtk_tree_model_get_iter(model, &iter, start);
    for (; valid && count < 20 && count <= last; count++) {
        int number = -1;
        gtk_tree_model_get(model, &iter, 0, &number, -1);
        shown[count] = number;
        valid = gtk_tree_model_iter_next(model, &iter);
    }
    gtk_tree_path_free(start);
    gtk_tree_path_free(end);
    return peer_filter_consecutive(shown, count, shown_query);
}

int main(int argc, char **argv) {
    if (argc != 3 || strcmp(argv[1], "filter") != 0 || !gtk_init_check(&argc, &argv)) {
        fprintf(stderr, "usage: gtk3-filter-view filter ROWS (under an X display)\n");
        return 2;
    }
    long rows = atol(argv[2]);
    PeerLine line = peer_line_begin("gtk3-filter-view", "filter", rows, 170);
    peer_exit_after(170);
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_default_size(GTK_WINDOW(window), PEER_WINDOW_WIDTH, PEER_WINDOW_HEIGHT);
    GtkWidget *scrolled = gtk_scrolled_window_new(NULL, NULL);
    GtkWidget *tree = gtk_tree_view_new();
    GtkCellRenderer *renderer = gtk_cell_renderer_text_new();
    GtkTreeViewColumn *column = gtk_tree_view_column_new();
    gtk_tree_view_column_pack_start(column, renderer, TRUE);
    gtk_tree_view_column_set_cell_data_func(column, renderer, cell_text, NULL, NULL);
    gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED);
    gtk_tree_view_column_set_fixed_width(column, PEER_WINDOW_WIDTH - 20);
    gtk_tree_view_append_column(GTK_TREE_VIEW(tree), column);
    gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(tree), TRUE);
    gtk_tree_view_set_headers_visible(GTK_TREE_VIEW(tree), FALSE);
    gtk_container_add(GTK_CONTAINER(scrolled), tree);
    gtk_container_add(GTK_CONTAINER(window), scrolled);
    gtk_widget_show_all(window);
    while (!gtk_widget_get_mapped(window))
        g_main_context_iteration(NULL, TRUE);
    PeerFrames frames = {0};
    peer_watch_frames(window, &frames);

    /* The model exists, shown, before the clock starts. */
    GtkListStore *store = gtk_list_store_new(1, G_TYPE_INT);
    for (long i = 0; i < rows; i++)
        gtk_list_store_insert_with_values(store, NULL, -1, 0, (int)i, -1);
    GtkTreeModel *filter = gtk_tree_model_filter_new(GTK_TREE_MODEL(store), NULL);
    gtk_tree_model_filter_set_visible_func(GTK_TREE_MODEL_FILTER(filter), row_matches, NULL, NULL);
    gtk_tree_view_set_model(GTK_TREE_VIEW(tree), filter);
    gtk_widget_queue_draw(window);
    peer_wait_for_frame_within(&frames, G_MAXINT);

    peer_filter_measure(&line, &frames, apply_query, shows_matches, tree);
    peer_line_print(&line);
    return 0;
}
