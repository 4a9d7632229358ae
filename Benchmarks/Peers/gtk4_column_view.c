/* The big-table benchmark's GTK 4 peer: GTK 4's GtkColumnView, 20 fixed-width columns whose
 * cells are labels a GtkSignalListItemFactory per column makes, over a list model of ROWS rows
 * that makes each row's item when the view asks for it (a computed table stores none: a
 * GtkStringList would hold a million strings, and the 20 columns' text is computed anyway).
 * The view makes a widget for every column of the rows near the viewport, recycled.
 * See peer_table.h.
 *
 * Its text sort (peer_table_sort.h) gives the model each row's text, made before the clock, and
 * the rows a "text" property, which column 4 shows and sorts by with a GtkStringSorter (column 0
 * by the index); the view's sorter sorts a GtkSortListModel between the rows and the view, and
 * a click is gtk_column_view_sort_by_column, what a header click does.
 *
 * Usage: `gtk4-column-view ROWS` under a display (GSK_RENDERER picks the renderer) prints
 * `RESULT side=gtk4-column-view n=ROWS columns=20 …` (peer_table.h); `gtk4-column-view text-sort
 * ROWS LIMIT` prints `RESULT side=gtk4-column-view part=text-sort n=ROWS …` (peer_table_sort.h). */
#include "peer_table_sort.h"

/* A row of the table: its index, all its cells' text is made of, and for the text sort its text
 * (the model's). */
#define TABLE_TYPE_ROW (table_row_get_type())
G_DECLARE_FINAL_TYPE(TableRow, table_row, TABLE, ROW, GObject)

struct _TableRow {
    GObject parent_instance;
    long index;
    const char *text;
};

G_DEFINE_TYPE(TableRow, table_row, G_TYPE_OBJECT)

enum { ROW_PROP_TEXT = 1 };

static void table_row_get_property(GObject *object, guint id, GValue *value, GParamSpec *spec) {
    if (id == ROW_PROP_TEXT)
        g_value_set_string(value, TABLE_ROW(object)->text);
    else
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
}

static void table_row_class_init(TableRowClass *class) {
    G_OBJECT_CLASS(class)->get_property = table_row_get_property;
    g_object_class_install_property(G_OBJECT_CLASS(class), ROW_PROP_TEXT,
                                    g_param_spec_string("text", NULL, NULL, NULL, G_PARAM_READABLE));
}

static void table_row_init(TableRow *row) { (void)row; }

/* The table's rows, 0 to `count` - 1, each made when asked for. */
#define TABLE_TYPE_ROWS (table_rows_get_type())
G_DECLARE_FINAL_TYPE(TableRows, table_rows, TABLE, ROWS, GObject)

struct _TableRows {
    GObject parent_instance;
    guint count;
    /* The rows' texts for the text sort, else NULL. */
    char **texts;
};

static GType table_rows_get_item_type(GListModel *model) {
    (void)model;
    return TABLE_TYPE_ROW;
}

static guint table_rows_get_n_items(GListModel *model) { return TABLE_ROWS(model)->count; }

static gpointer table_rows_get_item(GListModel *model, guint position) {
    if (position >= TABLE_ROWS(model)->count)
        return NULL;
    TableRow *row = g_object_new(TABLE_TYPE_ROW, NULL);
    row->index = position;
    row->text = TABLE_ROWS(model)->texts ? TABLE_ROWS(model)->texts[position] : NULL;
    return row;
}

static void table_rows_list_model_init(GListModelInterface *interface) {
    interface->get_item_type = table_rows_get_item_type;
    interface->get_n_items = table_rows_get_n_items;
    interface->get_item = table_rows_get_item;
}

G_DEFINE_TYPE_WITH_CODE(TableRows, table_rows, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, table_rows_list_model_init))

static void table_rows_class_init(TableRowsClass *class) { (void)class; }

static void table_rows_init(TableRows *rows) { (void)rows; }

typedef struct TableSide TableSide;

/* What a column's factory is told: the side, for its count of cells, and the column's number. */
typedef struct {
    TableSide *side;
    int index;
} TableColumn;

struct TableSide {
    GtkWidget *view;
    TableColumn columns[PEER_TABLE_COLUMNS];
    /* Cells set up and not yet torn down: the cell widgets alive. */
    int live_cells;
    /* The rows, given to the view as the clock starts. */
    GtkSelectionModel *model;
    /* The text sort: column 4's sorter, the rows, and the column sorted first and its way. */
    gboolean text_sort;
    GtkSorter *text_sorter;
    TableRows *rows;
    int sorted_column;
    gboolean descending;
};

static void setup_cell(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory;
    TableColumn *column = data;
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_list_item_set_child(item, label);
    column->side->live_cells++;
}

static void bind_cell(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory;
    TableColumn *column = data;
    TableRow *row = gtk_list_item_get_item(item);
    if (column->side->text_sort && column->index == PEER_TABLE_SORTED_COLUMN) {
        gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), row->text);
        return;
    }
    char text[PEER_TABLE_TEXT_SIZE];
    peer_table_cell_text(row->index, column->index, text, sizeof text);
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), text);
}

static void teardown_cell(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory, (void)item;
    TableColumn *column = data;
    column->side->live_cells--;
}

static int compare_indices(gconstpointer a, gconstpointer b, gpointer data) {
    (void)data;
    long left = ((const TableRow *)a)->index, right = ((const TableRow *)b)->index;
    return left < right ? -1 : left > right;
}

/* For the text sort, column 4 sorts by the rows' text as GTK 4's default for strings does, and
 * column 0 by the index. */
static void add_sorters(TableSide *side, GtkColumnViewColumn *column, int index) {
    if (index == PEER_TABLE_SORTED_COLUMN) {
        GtkExpression *text = gtk_property_expression_new(TABLE_TYPE_ROW, NULL, "text");
        side->text_sorter = GTK_SORTER(gtk_string_sorter_new(text));
        gtk_column_view_column_set_sorter(column, side->text_sorter);
    } else if (index == 0) {
        GtkSorter *sorter = GTK_SORTER(gtk_custom_sorter_new(compare_indices, NULL, NULL));
        gtk_column_view_column_set_sorter(column, sorter);
        g_object_unref(sorter);
    }
}

static void add_columns(TableSide *side) {
    for (int c = 0; c < PEER_TABLE_COLUMNS; c++) {
        side->columns[c] = (TableColumn){side, c};
        GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
        g_signal_connect(factory, "setup", G_CALLBACK(setup_cell), &side->columns[c]);
        g_signal_connect(factory, "bind", G_CALLBACK(bind_cell), &side->columns[c]);
        g_signal_connect(factory, "teardown", G_CALLBACK(teardown_cell), &side->columns[c]);
        char title[PEER_TABLE_TEXT_SIZE];
        snprintf(title, sizeof title, "Column %d", c);
        GtkColumnViewColumn *column = gtk_column_view_column_new(title, factory);
        gtk_column_view_column_set_fixed_width(column, PEER_TABLE_COLUMN_WIDTH);
        if (side->text_sort)
            add_sorters(side, column, c);
        gtk_column_view_append_column(GTK_COLUMN_VIEW(side->view), column);
        g_object_unref(column);
    }
}

/* The label of the cell drawn at (x, y) of the rows' viewport, or NULL for none. */
static GtkWidget *label_at(TableSide *side, double x, double y) {
    /* The rows fill the view below the headers; the vertical page is their height. */
    GtkAdjustment *vertical = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->view));
    double headers = gtk_widget_get_height(side->view) - gtk_adjustment_get_page_size(vertical);
    GtkWidget *picked = gtk_widget_pick(side->view, x, headers + y, GTK_PICK_DEFAULT);
    if (picked == NULL || picked == side->view)
        return NULL;
    if (GTK_IS_LABEL(picked))
        return picked;
    /* A cell's padding around its label. */
    GtkWidget *child = gtk_widget_get_first_child(picked);
    return child && GTK_IS_LABEL(child) ? child : NULL;
}

static gboolean cell_at(gpointer data, double x, double y, long *row, int *column) {
    GtkWidget *label = label_at(data, x, y);
    return label != NULL && peer_table_cell_of_text(gtk_label_get_text(GTK_LABEL(label)), row, column);
}

static gboolean viewport_shows_cells(gpointer data) {
    TableSide *side = data;
    GtkAdjustment *vertical = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->view));
    GtkAdjustment *horizontal = gtk_scrollable_get_hadjustment(GTK_SCROLLABLE(side->view));
    return peer_table_viewport_agrees(cell_at, side, gtk_adjustment_get_value(horizontal),
                                      gtk_adjustment_get_page_size(vertical));
}

/* Column `column`'s width, as a drag of its header's edge sets it. */
static void set_column_width(gpointer data, int column, int width) {
    TableSide *side = data;
    GListModel *columns = gtk_column_view_get_columns(GTK_COLUMN_VIEW(side->view));
    GtkColumnViewColumn *shown = g_list_model_get_item(columns, column);
    gtk_column_view_column_set_fixed_width(shown, width);
    g_object_unref(shown);
}

static void set_model(gpointer data) {
    TableSide *side = data;
    gtk_column_view_set_model(GTK_COLUMN_VIEW(side->view), side->model);
}

static long live_cells(gpointer data) { return ((TableSide *)data)->live_cells; }

/* The window with an empty table, shown and drawn once; its frames counted in `frames`. */
static void show_table(TableSide *side, PeerFrames *frames) {
    side->view = gtk_column_view_new(NULL);
    add_columns(side);
    peer_show_scrolled(side->view, PEER_TABLE_WIDTH, PEER_TABLE_HEIGHT, frames);
}

/* A click on column `column`'s header: what GTK 4's header does, through its public
 * equivalent. The column sorted first is reversed, any other sorts ascending. */
static void click_header(gpointer data, int column) {
    TableSide *side = data;
    side->descending = side->sorted_column == column && !side->descending;
    side->sorted_column = column;
    GListModel *columns = gtk_column_view_get_columns(GTK_COLUMN_VIEW(side->view));
    GtkColumnViewColumn *clicked = g_list_model_get_item(columns, column);
    gtk_column_view_sort_by_column(GTK_COLUMN_VIEW(side->view), clicked,
                                   side->descending ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING);
    g_object_unref(clicked);
}

static gboolean row_at(gpointer data, double y, long *row) {
    int column = -1;
    return cell_at(data, PEER_TABLE_PROBE_X, y, row, &column) && column == 0;
}

/* Column 4's own sorter on rows `a` and `b`. */
static int compare_texts(gpointer data, long a, long b) {
    TableSide *side = data;
    GListModel *rows = G_LIST_MODEL(side->rows);
    gpointer left = g_list_model_get_item(rows, (guint)a), right = g_list_model_get_item(rows, (guint)b);
    int order = gtk_sorter_compare(side->text_sorter, left, right);
    g_object_unref(left);
    g_object_unref(right);
    return order;
}

static gboolean shows_order(gpointer data, int column, gboolean ascending) {
    TableSide *side = data;
    GtkAdjustment *vertical = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->view));
    return peer_table_sort_viewport_ordered(row_at, compare_texts, side, gtk_adjustment_get_page_size(vertical), column,
                                            ascending);
}

/* The text sort (peer_table_sort.h): the rows and their texts made before the clock, the first
 * frame, then the four header clicks. */
static int run_text_sort(long rows, unsigned limit) {
    PeerLine line = peer_line_begin("gtk4-column-view", PEER_TABLE_SORT_PART, rows, limit);
    peer_exit_after(limit);
    TableSide side = {.text_sort = TRUE, .sorted_column = -1};
    PeerFrames frames = {0};
    show_table(&side, &frames);
    side.rows = g_object_new(TABLE_TYPE_ROWS, NULL);
    side.rows->count = (guint)rows;
    side.rows->texts = g_new(char *, rows);
    char text[PEER_TABLE_SORT_TEXT_SIZE];
    for (long i = 0; i < rows; i++) {
        peer_table_sort_text(i, text, sizeof text);
        side.rows->texts[i] = g_strdup(text);
    }
    GtkSorter *sorter = g_object_ref(gtk_column_view_get_sorter(GTK_COLUMN_VIEW(side.view)));
    GtkSortListModel *sorted = gtk_sort_list_model_new(G_LIST_MODEL(g_object_ref(side.rows)), sorter);
    GtkSelectionModel *selection = GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(sorted)));
    double start = peer_wall_ms();
    gtk_column_view_set_model(GTK_COLUMN_VIEW(side.view), selection);
    peer_wait_for_frame_within(&frames, G_MAXINT);
    peer_line_add(&line, "first_frame_ms", peer_wall_ms() - start);
    peer_table_sort_measure(&line, &frames, click_header, shows_order, &side);
    return 0;
}

int main(int argc, char **argv) {
    gboolean text_sort = argc == 4 && strcmp(argv[1], PEER_TABLE_SORT_PART) == 0;
    if ((argc != 2 && !text_sort) || !gtk_init_check()) {
        fprintf(stderr, "usage: gtk4-column-view ROWS | gtk4-column-view text-sort ROWS LIMIT (under a display)\n");
        return 2;
    }
    if (text_sort)
        return run_text_sort(atol(argv[2]), (unsigned)atoi(argv[3]));
    long rows = atol(argv[1]);
    PeerLine line = peer_table_line_begin("gtk4-column-view", rows);
    TableSide side = {0};
    PeerFrames frames = {0};
    show_table(&side, &frames);

    /* The model exists before the clock starts. */
    TableRows *model = g_object_new(TABLE_TYPE_ROWS, NULL);
    model->count = (guint)rows;
    side.model = GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(model)));
    GtkScrollable *scrollable = GTK_SCROLLABLE(side.view);
    return peer_table_measure(&line, &frames, gtk_scrollable_get_vadjustment(scrollable),
                              gtk_scrollable_get_hadjustment(scrollable), set_model, viewport_shows_cells,
                              set_column_width, live_cells, &side);
}
