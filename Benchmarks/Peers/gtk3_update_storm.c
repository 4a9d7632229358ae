/* The update-storm benchmark's GTK 3 peer: GtkTreeView over a GtkListStore of 8 int columns,
 * drawn by text renderers (the "text" attribute shows an int as GTK formats it), fixed-height
 * mode and fixed-width columns, as a table of many rows is set up for speed. Each row update is
 * one gtk_list_store_set of its 8 columns, through the iter kept for the row (a list store's
 * iters persist). Sorted: the store sorts itself by column 0 (gtk_tree_sortable_set_sort_column_id,
 * what a click on its header does), so a set moves its row.
 *
 * What the visible rows show is read from the store after the frame: the rows of
 * gtk_tree_view_get_visible_range, formatted as the renderer formats them (GtkTreeView keeps no
 * text of its own: it draws the store's values at each frame).
 *
 * Usage: `gtk3-update-storm unsorted|sorted WARM_UP_S MEASURED_S LIMIT_S` (peer_update_storm.h). */
#include "peer_update_storm.h"

typedef struct {
    GtkListStore *store;
    GtkWidget *tree;
    GtkTreeIter iters[STORM_ROWS];
} StormSide;

static void apply(gpointer data, int first, int count, const int *versions) {
    StormSide *side = data;
    for (int id = first; id < first + count; id++) {
        int v = versions[id];
        gtk_list_store_set(side->store, &side->iters[id], 0, storm_key(id, v), 1, storm_value(id, 1, v), 2,
                           storm_value(id, 2, v), 3, storm_value(id, 3, v), 4, storm_value(id, 4, v), 5,
                           storm_value(id, 5, v), 6, storm_value(id, 6, v), 7, storm_value(id, 7, v), -1);
    }
}

static void read_shown(gpointer data, StormCheck *check) {
    StormSide *side = data;
    GtkTreePath *start = NULL, *end = NULL;
    if (!gtk_tree_view_get_visible_range(GTK_TREE_VIEW(side->tree), &start, &end))
        return;
    GtkTreeModel *model = GTK_TREE_MODEL(side->store);
    GtkTreeIter iter;
    gboolean more = gtk_tree_model_get_iter(model, &iter, start);
    int last = gtk_tree_path_get_indices(end)[0];
    for (int position = gtk_tree_path_get_indices(start)[0]; more && position <= last; position++) {
        char buffers[STORM_COLUMNS][STORM_TEXT_SIZE];
        const char *texts[STORM_COLUMNS];
        for (int c = 0; c < STORM_COLUMNS; c++) {
            int value = 0;
            gtk_tree_model_get(model, &iter, c, &value, -1);
            snprintf(buffers[c], STORM_TEXT_SIZE, "%d", value);
            texts[c] = buffers[c];
        }
        storm_check_row(check, texts);
        more = gtk_tree_model_iter_next(model, &iter);
    }
    gtk_tree_path_free(start);
    gtk_tree_path_free(end);
}

int main(int argc, char **argv) {
    gboolean sorted;
    double warm_up_s, measured_s;
    unsigned limit_s;
    if (!storm_arguments(argc, argv, &sorted, &warm_up_s, &measured_s, &limit_s) || !gtk_init_check(NULL, NULL)) {
        fprintf(stderr, "usage: gtk3-update-storm unsorted|sorted WARM_UP_S MEASURED_S LIMIT_S (under a display)\n");
        return 2;
    }
    PeerLine line = peer_line_begin("gtk3-tree-view", argv[1], STORM_ROWS, limit_s);
    peer_exit_after(limit_s);

    static StormSide side;
    side.store = gtk_list_store_new(STORM_COLUMNS, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT,
                                    G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
    for (int id = 0; id < STORM_ROWS; id++)
        gtk_list_store_insert_with_values(side.store, &side.iters[id], -1, 0, storm_key(id, 0), 1,
                                          storm_value(id, 1, 0), 2, storm_value(id, 2, 0), 3, storm_value(id, 3, 0),
                                          4, storm_value(id, 4, 0), 5, storm_value(id, 5, 0), 6,
                                          storm_value(id, 6, 0), 7, storm_value(id, 7, 0), -1);
    if (sorted)
        gtk_tree_sortable_set_sort_column_id(GTK_TREE_SORTABLE(side.store), 0, GTK_SORT_ASCENDING);

    side.tree = gtk_tree_view_new_with_model(GTK_TREE_MODEL(side.store));
    for (int c = 0; c < STORM_COLUMNS; c++) {
        char title[STORM_TEXT_SIZE];
        snprintf(title, sizeof title, c == 0 ? "Key" : "V%d", c);
        GtkTreeViewColumn *column =
            gtk_tree_view_column_new_with_attributes(title, gtk_cell_renderer_text_new(), "text", c, NULL);
        gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED);
        gtk_tree_view_column_set_fixed_width(column, STORM_COLUMN_WIDTH);
        if (c == 0)
            gtk_tree_view_column_set_sort_column_id(column, 0);
        gtk_tree_view_append_column(GTK_TREE_VIEW(side.tree), column);
    }
    gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(side.tree), TRUE);

    PeerFrames shown = {0};
    GtkWidget *window = gtk_widget_get_toplevel(peer_show_scrolled(side.tree, STORM_WIDTH, STORM_HEIGHT, &shown));
    static StormProducer producer;
    StormFrames frames = {.producer = &producer, .read_shown = read_shown, .side = &side, .sorted = sorted};
    storm_start(&producer, apply, &side);
    storm_measure(&line, &producer, &frames, window, warm_up_s, measured_s);
    return 0;
}
