/* The big-table benchmark's mixed cells, GTK 3's side: a GtkTreeView in fixed-height mode over a
 * GtkListStore of the rows' indices, 20 fixed-width columns whose cell renderers are the ones
 * GTK 3 ships for each kind (peer_table_cells.h): GtkCellRendererText, GtkCellRendererToggle
 * (activatable), GtkCellRendererPixbuf by icon name, GtkCellRendererProgress and
 * GtkCellRendererSpin (two digits, right-aligned, with its adjustment), each given its values by
 * a cell data function as the view draws, as gtk3_tree_table.c's text columns are.
 *
 * Usage: `gtk3-tree-table-cells cells ROWS LIMIT` under an X display prints
 * `RESULT side=gtk3-tree-table part=cells n=ROWS …` (peer_table_cells.h). */
#include "peer_table_cells.h"

typedef struct {
    GtkWidget *tree;
    GtkListStore *store;
} TableSide;

static long row_of(GtkTreeModel *model, GtkTreeIter *iter) {
    int row = 0;
    gtk_tree_model_get(model, iter, 0, &row, -1);
    return row;
}

static void text_data(GtkTreeViewColumn *column, GtkCellRenderer *renderer, GtkTreeModel *model, GtkTreeIter *iter,
                      gpointer data) {
    (void)column;
    char text[PEER_TABLE_TEXT_SIZE];
    peer_table_cell_text(row_of(model, iter), GPOINTER_TO_INT(data), text, sizeof text);
    g_object_set(renderer, "text", text, NULL);
}

static void toggle_data(GtkTreeViewColumn *column, GtkCellRenderer *renderer, GtkTreeModel *model,
                        GtkTreeIter *iter, gpointer data) {
    (void)column;
    g_object_set(renderer, "active", peer_cell_toggle(row_of(model, iter), GPOINTER_TO_INT(data)), NULL);
}

static void icon_data(GtkTreeViewColumn *column, GtkCellRenderer *renderer, GtkTreeModel *model, GtkTreeIter *iter,
                      gpointer data) {
    (void)column;
    g_object_set(renderer, "icon-name", peer_cell_icon(row_of(model, iter), GPOINTER_TO_INT(data)), NULL);
}

static void progress_data(GtkTreeViewColumn *column, GtkCellRenderer *renderer, GtkTreeModel *model,
                          GtkTreeIter *iter, gpointer data) {
    (void)column;
    g_object_set(renderer, "value", peer_cell_percent(row_of(model, iter), GPOINTER_TO_INT(data)), NULL);
}

static void number_data(GtkTreeViewColumn *column, GtkCellRenderer *renderer, GtkTreeModel *model,
                        GtkTreeIter *iter, gpointer data) {
    (void)column;
    char text[PEER_TABLE_TEXT_SIZE];
    snprintf(text, sizeof text, "%.*f", PEER_CELL_DIGITS, peer_cell_number(row_of(model, iter), GPOINTER_TO_INT(data)));
    g_object_set(renderer, "text", text, NULL);
}

/* Column `c`'s renderer, set up once, and its data function. */
static GtkCellRenderer *make_renderer(int c, GtkTreeCellDataFunc *data) {
    switch (peer_cell_kind(c)) {
    case PEER_CELL_TOGGLE: {
        GtkCellRenderer *renderer = gtk_cell_renderer_toggle_new();
        g_object_set(renderer, "activatable", TRUE, NULL);
        *data = toggle_data;
        return renderer;
    }
    case PEER_CELL_ICON:
        *data = icon_data;
        return gtk_cell_renderer_pixbuf_new();
    case PEER_CELL_PROGRESS:
        *data = progress_data;
        return gtk_cell_renderer_progress_new();
    case PEER_CELL_NUMBER: {
        GtkCellRenderer *renderer = gtk_cell_renderer_spin_new();
        GtkAdjustment *range = gtk_adjustment_new(0, 0, 1e6, 0.25, 10, 0);
        g_object_set(renderer, "adjustment", range, "digits", PEER_CELL_DIGITS, "xalign", 1.0f, "editable", TRUE,
                     NULL);
        *data = number_data;
        return renderer;
    }
    default:
        *data = text_data;
        return gtk_cell_renderer_text_new();
    }
}

static void add_columns(GtkTreeView *tree) {
    for (int c = 0; c < PEER_TABLE_COLUMNS; c++) {
        char title[PEER_TABLE_TEXT_SIZE];
        snprintf(title, sizeof title, "Column %d", c);
        GtkTreeCellDataFunc data = NULL;
        GtkCellRenderer *renderer = make_renderer(c, &data);
        GtkTreeViewColumn *column = gtk_tree_view_column_new();
        gtk_tree_view_column_set_title(column, title);
        gtk_tree_view_column_pack_start(column, renderer, TRUE);
        gtk_tree_view_column_set_cell_data_func(column, renderer, data, GINT_TO_POINTER(c), NULL);
        gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED);
        gtk_tree_view_column_set_fixed_width(column, PEER_TABLE_COLUMN_WIDTH);
        gtk_tree_view_append_column(tree, column);
    }
}

/* The text cell drawn at (x, y) of the rows' viewport, read as its renderer draws it. */
static gboolean cell_at(gpointer data, double x, double y, long *row, int *column) {
    TableSide *side = data;
    GtkTreeView *tree = GTK_TREE_VIEW(side->tree);
    int bin_x = 0, bin_y = 0;
    gtk_tree_view_convert_widget_to_bin_window_coords(tree, (int)x, 0, &bin_x, &bin_y);
    GtkTreePath *path = NULL;
    GtkTreeViewColumn *shown = NULL;
    if (!gtk_tree_view_get_path_at_pos(tree, bin_x, (int)y, &path, &shown, NULL, NULL))
        return FALSE;
    GtkTreeIter iter;
    char *text = NULL;
    GList *renderers = gtk_cell_layout_get_cells(GTK_CELL_LAYOUT(shown));
    if (GTK_IS_CELL_RENDERER_TEXT(renderers->data) &&
        gtk_tree_model_get_iter(GTK_TREE_MODEL(side->store), &iter, path)) {
        gtk_tree_view_column_cell_set_cell_data(shown, GTK_TREE_MODEL(side->store), &iter, FALSE, FALSE);
        g_object_get(renderers->data, "text", &text, NULL);
    }
    g_list_free(renderers);
    gboolean found = peer_table_cell_of_text(text, row, column);
    g_free(text);
    gtk_tree_path_free(path);
    return found;
}

static gboolean viewport_shows_cells(gpointer data) {
    TableSide *side = data;
    GtkAdjustment *vertical = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->tree));
    GtkAdjustment *horizontal = gtk_scrollable_get_hadjustment(GTK_SCROLLABLE(side->tree));
    return peer_table_cells_agree(cell_at, side, gtk_adjustment_get_value(horizontal),
                                  gtk_adjustment_get_page_size(vertical));
}

static void set_model(gpointer data) {
    TableSide *side = data;
    gtk_tree_view_set_model(GTK_TREE_VIEW(side->tree), GTK_TREE_MODEL(side->store));
}

int main(int argc, char **argv) {
    if (argc != 4 || strcmp(argv[1], PEER_TABLE_CELLS_PART) != 0 || !gtk_init_check(&argc, &argv)) {
        fprintf(stderr, "usage: gtk3-tree-table-cells cells ROWS LIMIT (under an X display)\n");
        return 2;
    }
    long rows = atol(argv[2]);
    unsigned limit = (unsigned)atoi(argv[3]);
    PeerLine line = peer_line_begin("gtk3-tree-table", PEER_TABLE_CELLS_PART, rows, limit);
    peer_exit_after(limit);

    TableSide side = {0};
    side.tree = gtk_tree_view_new();
    add_columns(GTK_TREE_VIEW(side.tree));
    gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(side.tree), TRUE);
    PeerFrames frames = {0};
    peer_show_scrolled(side.tree, PEER_TABLE_WIDTH, PEER_TABLE_HEIGHT, &frames);

    /* The model exists before the clock starts, appended one row at a time. */
    side.store = gtk_list_store_new(1, G_TYPE_INT);
    for (long i = 0; i < rows; i++)
        gtk_list_store_insert_with_values(side.store, NULL, -1, 0, (int)i, -1);
    GtkScrollable *scrollable = GTK_SCROLLABLE(side.tree);
    return peer_table_measure(&line, &frames, gtk_scrollable_get_vadjustment(scrollable),
                              gtk_scrollable_get_hadjustment(scrollable), set_model, viewport_shows_cells, NULL,
                              peer_table_no_cell_widgets, &side);
}
