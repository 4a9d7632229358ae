/* The big-table benchmark's GTK 3 peer: a GtkTreeView in fixed-height mode over a GtkListStore
 * of one int column, the row's index, with 20 fixed-width text columns whose text cell data
 * functions compute. That is how GTK 3 applications show big computed tables: a store of 20
 * string columns would hold 20 million strings at a million rows, while the view asks for the
 * text of the cells it draws only (cell renderers, no widget per cell). See peer_table.h.
 *
 * Its text sort (peer_table_sort.h) adds a string column to the store, each row's text, which
 * column 4 shows: a column the view sorts has to be in the store. Columns 0 and 4 sort by their
 * store column (sort-column-id), GtkListStore's default comparison: the number, and
 * g_utf8_collate for the text.
 *
 * Usage: `gtk3-tree-table ROWS` under an X display prints
 * `RESULT side=gtk3-tree-table n=ROWS columns=20 …` (peer_table.h); `gtk3-tree-table text-sort
 * ROWS LIMIT` prints `RESULT side=gtk3-tree-table part=text-sort n=ROWS …` (peer_table_sort.h). */
#include "peer_table_sort.h"

/* The text sort's store column of the texts. */
#define TEXT_COLUMN 1

typedef struct {
    GtkWidget *tree;
    GtkListStore *store;
    gboolean text_sort;
} TableSide;

/* A cell's text, asked for by the view as it draws (or measures) the cell; `data` is the
 * column's number. */
static void cell_data(GtkTreeViewColumn *column, GtkCellRenderer *renderer, GtkTreeModel *model, GtkTreeIter *iter,
                      gpointer data) {
    (void)column;
    int row = 0;
    gtk_tree_model_get(model, iter, 0, &row, -1);
    char text[PEER_TABLE_TEXT_SIZE];
    peer_table_cell_text(row, GPOINTER_TO_INT(data), text, sizeof text);
    g_object_set(renderer, "text", text, NULL);
}

/* The columns; for the text sort, column 4 shows the store's texts, and it and column 0 sort by
 * their store columns when their header is clicked. */
static void add_columns(GtkTreeView *tree, gboolean text_sort) {
    for (int c = 0; c < PEER_TABLE_COLUMNS; c++) {
        char title[PEER_TABLE_TEXT_SIZE];
        snprintf(title, sizeof title, "Column %d", c);
        GtkCellRenderer *renderer = gtk_cell_renderer_text_new();
        GtkTreeViewColumn *column = gtk_tree_view_column_new();
        gtk_tree_view_column_set_title(column, title);
        gtk_tree_view_column_pack_start(column, renderer, TRUE);
        if (text_sort && c == PEER_TABLE_SORTED_COLUMN) {
            gtk_tree_view_column_add_attribute(column, renderer, "text", TEXT_COLUMN);
            gtk_tree_view_column_set_sort_column_id(column, TEXT_COLUMN);
        } else {
            gtk_tree_view_column_set_cell_data_func(column, renderer, cell_data, GINT_TO_POINTER(c), NULL);
        }
        if (text_sort && c == 0)
            gtk_tree_view_column_set_sort_column_id(column, 0);
        gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED);
        gtk_tree_view_column_set_fixed_width(column, PEER_TABLE_COLUMN_WIDTH);
        gtk_tree_view_append_column(tree, column);
    }
}

/* The cell drawn at (x, y) of the rows' viewport, read as its renderer draws it: the text its
 * column's cell data function gives. */
static gboolean cell_at(gpointer data, double x, double y, long *row, int *column) {
    TableSide *side = data;
    GtkTreeView *tree = GTK_TREE_VIEW(side->tree);
    /* The bin window holds the rows: its y is the viewport's, its x the scrolled content's. */
    int bin_x = 0, bin_y = 0;
    gtk_tree_view_convert_widget_to_bin_window_coords(tree, (int)x, 0, &bin_x, &bin_y);
    GtkTreePath *path = NULL;
    GtkTreeViewColumn *shown = NULL;
    if (!gtk_tree_view_get_path_at_pos(tree, bin_x, (int)y, &path, &shown, NULL, NULL))
        return FALSE;
    GtkTreeIter iter;
    char *text = NULL;
    if (gtk_tree_model_get_iter(GTK_TREE_MODEL(side->store), &iter, path)) {
        gtk_tree_view_column_cell_set_cell_data(shown, GTK_TREE_MODEL(side->store), &iter, FALSE, FALSE);
        GList *renderers = gtk_cell_layout_get_cells(GTK_CELL_LAYOUT(shown));
        g_object_get(renderers->data, "text", &text, NULL);
        g_list_free(renderers);
    }
    gboolean found = peer_table_cell_of_text(text, row, column);
    g_free(text);
    gtk_tree_path_free(path);
    return found;
}

static gboolean viewport_shows_cells(gpointer data) {
    TableSide *side = data;
    GtkAdjustment *vertical = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->tree));
    GtkAdjustment *horizontal = gtk_scrollable_get_hadjustment(GTK_SCROLLABLE(side->tree));
    return peer_table_viewport_agrees(cell_at, side, gtk_adjustment_get_value(horizontal),
                                      gtk_adjustment_get_page_size(vertical));
}

/* Column `column`'s width: its sizing is fixed, so the fixed width is the width it gets. */
static void set_column_width(gpointer data, int column, int width) {
    TableSide *side = data;
    gtk_tree_view_column_set_fixed_width(gtk_tree_view_get_column(GTK_TREE_VIEW(side->tree), column), width);
}

static void set_model(gpointer data) {
    TableSide *side = data;
    gtk_tree_view_set_model(GTK_TREE_VIEW(side->tree), GTK_TREE_MODEL(side->store));
}

/* The window with an empty table, shown and drawn once; its frames counted in `frames`. */
static void show_table(TableSide *side, PeerFrames *frames) {
    side->tree = gtk_tree_view_new();
    add_columns(GTK_TREE_VIEW(side->tree), side->text_sort);
    /* After the columns: fixed-height mode wants every column fixed-width. */
    gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(side->tree), TRUE);
    peer_show_scrolled(side->tree, PEER_TABLE_WIDTH, PEER_TABLE_HEIGHT, frames);
}

/* The rows' indices, appended one at a time as an application fills its store. */
static GtkListStore *make_store(long rows) {
    GtkListStore *store = gtk_list_store_new(1, G_TYPE_INT);
    for (long i = 0; i < rows; i++)
        gtk_list_store_insert_with_values(store, NULL, -1, 0, (int)i, -1);
    return store;
}

/* The text sort's store: each row's index and text, appended one at a time. */
static GtkListStore *make_text_store(long rows) {
    GtkListStore *store = gtk_list_store_new(2, G_TYPE_INT, G_TYPE_STRING);
    char text[PEER_TABLE_SORT_TEXT_SIZE];
    for (long i = 0; i < rows; i++) {
        peer_table_sort_text(i, text, sizeof text);
        gtk_list_store_insert_with_values(store, NULL, -1, 0, (int)i, TEXT_COLUMN, text, -1);
    }
    return store;
}

/* A click on column `column`'s header, as GTK delivers it to the header's button. */
static void click_header(gpointer data, int column) {
    TableSide *side = data;
    GtkTreeViewColumn *clicked = gtk_tree_view_get_column(GTK_TREE_VIEW(side->tree), column);
    gtk_button_clicked(GTK_BUTTON(gtk_tree_view_column_get_button(clicked)));
}

static gboolean row_at(gpointer data, double y, long *row) {
    int column = -1;
    return cell_at(data, PEER_TABLE_PROBE_X, y, row, &column) && column == 0;
}

/* GtkListStore's comparison of two string values (gtk_tree_data_list_compare_func). */
static int compare_texts(gpointer data, long a, long b) {
    (void)data;
    char text_a[PEER_TABLE_SORT_TEXT_SIZE], text_b[PEER_TABLE_SORT_TEXT_SIZE];
    peer_table_sort_text(a, text_a, sizeof text_a);
    peer_table_sort_text(b, text_b, sizeof text_b);
    return g_utf8_collate(text_a, text_b);
}

static gboolean shows_order(gpointer data, int column, gboolean ascending) {
    TableSide *side = data;
    GtkAdjustment *vertical = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->tree));
    return peer_table_sort_viewport_ordered(row_at, compare_texts, side, gtk_adjustment_get_page_size(vertical), column,
                                            ascending);
}

/* The text sort (peer_table_sort.h): the store made before the clock, the first frame, then the
 * four header clicks. */
static int run_text_sort(long rows, unsigned limit) {
    PeerLine line = peer_line_begin("gtk3-tree-table", PEER_TABLE_SORT_PART, rows, limit);
    peer_exit_after(limit);
    TableSide side = {.text_sort = TRUE};
    PeerFrames frames = {0};
    show_table(&side, &frames);
    side.store = make_text_store(rows);
    double start = peer_wall_ms();
    gtk_tree_view_set_model(GTK_TREE_VIEW(side.tree), GTK_TREE_MODEL(side.store));
    peer_wait_for_frame_within(&frames, G_MAXINT);
    peer_line_add(&line, "first_frame_ms", peer_wall_ms() - start);
    peer_table_sort_measure(&line, &frames, click_header, shows_order, &side);
    return 0;
}

int main(int argc, char **argv) {
    gboolean text_sort = argc == 4 && strcmp(argv[1], PEER_TABLE_SORT_PART) == 0;
    if ((argc != 2 && !text_sort) || !gtk_init_check(&argc, &argv)) {
        fprintf(stderr, "usage: gtk3-tree-table ROWS | gtk3-tree-table text-sort ROWS LIMIT (under an X display)\n");
        return 2;
    }
    if (text_sort)
        return run_text_sort(atol(argv[2]), (unsigned)atoi(argv[3]));
    long rows = atol(argv[1]);
    PeerLine line = peer_table_line_begin("gtk3-tree-table", rows);
    TableSide side = {0};
    PeerFrames frames = {0};
    show_table(&side, &frames);

    /* The model exists before the clock starts. */
    side.store = make_store(rows);
    GtkScrollable *scrollable = GTK_SCROLLABLE(side.tree);
    return peer_table_measure(&line, &frames, gtk_scrollable_get_vadjustment(scrollable),
                              gtk_scrollable_get_hadjustment(scrollable), set_model, viewport_shows_cells,
                              set_column_width, peer_table_no_cell_widgets, &side);
}
