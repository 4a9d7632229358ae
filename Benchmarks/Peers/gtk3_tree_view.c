/* The big-list benchmark's GTK 3 peer: a GtkTreeView over a GtkListStore in fixed-height mode,
 * GTK 3's own answer for long lists (cell renderers, no widget per row). See peer_measure.h. */
#include "peer_measure.h"

typedef struct {
    GtkWidget *tree;
    GtkWidget *scrolled;
    GtkListStore *store;
} TreeSide;

/* The row index drawn at `y` (scrolled window coordinates), or -1 for none. */
static long index_at(TreeSide *side, int y, int *row_y) {
    int tree_x = 0, tree_y = 0, bin_x = 0, bin_y = 0;
    gtk_widget_translate_coordinates(side->scrolled, side->tree, 20, y, &tree_x, &tree_y);
    gtk_tree_view_convert_widget_to_bin_window_coords(GTK_TREE_VIEW(side->tree), tree_x, tree_y, &bin_x, &bin_y);
    GtkTreePath *path = NULL;
    if (!gtk_tree_view_get_path_at_pos(GTK_TREE_VIEW(side->tree), bin_x, bin_y, &path, NULL, NULL, NULL))
        return -1;
    GtkTreeIter iter;
    char *text = NULL;
    if (gtk_tree_model_get_iter(GTK_TREE_MODEL(side->store), &iter, path))
        gtk_tree_model_get(GTK_TREE_MODEL(side->store), &iter, 0, &text, -1);
    long index = peer_index_of_text(text);
    if (row_y) {
        GdkRectangle area;
        gtk_tree_view_get_background_area(GTK_TREE_VIEW(side->tree), path, NULL, &area);
        int widget_x = 0, widget_y = 0;
        gtk_tree_view_convert_bin_window_to_widget_coords(GTK_TREE_VIEW(side->tree), area.x, area.y, &widget_x, &widget_y);
        *row_y = widget_y;
    }
    g_free(text);
    gtk_tree_path_free(path);
    return index;
}

static gboolean viewport_shows_rows(gpointer data) {
    TreeSide *side = data;
    GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->tree));
    double page = gtk_adjustment_get_page_size(adjustment);
    long indices[PEER_SAMPLES];
    for (int i = 0; i < PEER_SAMPLES; i++)
        indices[i] = index_at(side, (int)((i + 0.5) * page / PEER_SAMPLES), NULL);
    return peer_samples_agree(indices, page);
}

static void insert_rows(GtkListStore *store, int count) {
    for (int i = 0; i < count; i++) {
        char *text = g_strdup_printf("new %d", i);
        gtk_list_store_insert_with_values(store, NULL, 0, 0, text, -1);
        g_free(text);
    }
}

static void remove_rows(GtkListStore *store, int count) {
    GtkTreeIter iter;
    for (int i = 0; i < count && gtk_tree_model_get_iter_first(GTK_TREE_MODEL(store), &iter); i++)
        gtk_list_store_remove(store, &iter);
}

int main(int argc, char **argv) {
    if (argc != 2 || !gtk_init_check(&argc, &argv)) {
        fprintf(stderr, "usage: gtk3-tree-view ROWS (under an X display)\n");
        return 2;
    }
    long rows = atol(argv[1]);
    TreeSide side = {0};
    side.tree = gtk_tree_view_new();
    gtk_tree_view_set_headers_visible(GTK_TREE_VIEW(side.tree), FALSE);
    GtkTreeViewColumn *column = gtk_tree_view_column_new_with_attributes("", gtk_cell_renderer_text_new(), "text", 0, NULL);
    gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED);
    gtk_tree_view_append_column(GTK_TREE_VIEW(side.tree), column);
    gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(side.tree), TRUE);
    PeerFrames frames = {0};
    side.scrolled = peer_show_scrolled(side.tree, PEER_WINDOW_WIDTH, PEER_WINDOW_HEIGHT, &frames);

    /* The models exist before the clock starts. */
    side.store = gtk_list_store_new(1, G_TYPE_STRING);
    for (long i = 0; i < rows; i++) {
        char *text = peer_row_text(i);
        gtk_list_store_insert_with_values(side.store, NULL, -1, 0, text, -1);
        g_free(text);
    }
    PeerResult result = {0};
    double memory_before = peer_resident_mib();
    double start = peer_wall_ms();
    gtk_tree_view_set_model(GTK_TREE_VIEW(side.tree), GTK_TREE_MODEL(side.store));
    peer_wait_for_frame(&frames);
    result.first_frame_ms = peer_wall_ms() - start;

    GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side.tree));
    peer_measure_scrolling(adjustment, &frames, viewport_shows_rows, &side, &result);
    result.list_mb = peer_resident_mib() - memory_before;
    peer_measure_wheel(adjustment, &frames, &result);

    peer_step(adjustment, &frames, peer_scroll_range(adjustment) / 2, NULL);
    int top_y = 0, moved_y = -1;
    long top = index_at(&side, 0, &top_y);
    result.insert1_ms = PEER_TIME_TO_FRAME(&frames, insert_rows(side.store, 1));
    result.delete1_ms = PEER_TIME_TO_FRAME(&frames, remove_rows(side.store, 1));
    result.insert1000_ms = PEER_TIME_TO_FRAME(&frames, insert_rows(side.store, 1000));
    /* The row that was at the top, now 1,000 further: is it where it was? */
    GtkTreePath *path = gtk_tree_path_new_from_indices((int)(top + 1000), -1);
    GdkRectangle area;
    gtk_tree_view_get_background_area(GTK_TREE_VIEW(side.tree), path, NULL, &area);
    int widget_x = 0;
    gtk_tree_view_convert_bin_window_to_widget_coords(GTK_TREE_VIEW(side.tree), area.x, area.y, &widget_x, &moved_y);
    gtk_tree_path_free(path);
    result.stayed = top >= 0 && moved_y == top_y;
    result.delete1000_ms = PEER_TIME_TO_FRAME(&frames, remove_rows(side.store, 1000));
    result.live_widgets = -1; /* cell renderers: no widget per row */
    peer_print("gtk3-treeview", rows, &result);
    return 0;
}
