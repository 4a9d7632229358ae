/* The big-table benchmark's mixed cells, GTK 4's side: a GtkColumnView of 20 fixed-width columns
 * whose factories make the widgets GTK 4 applications use for each kind (peer_table_cells.h): a
 * GtkLabel for text, a GtkCheckButton for a toggle, a GtkImage by icon name, a GtkProgressBar
 * showing its percentage and a right-aligned GtkLabel for a number (GTK 4 has no cell renderer:
 * a GtkSpinButton appears only to edit). The rows are made when the view asks for them, as in
 * gtk4_column_view.c.
 *
 * Usage: `gtk4-column-view-cells cells ROWS LIMIT` under a display (GSK_RENDERER picks the
 * renderer) prints `RESULT side=gtk4-column-view part=cells n=ROWS …` (peer_table_cells.h). */
#include "peer_table_cells.h"

/* A row of the table: its index, all its cells' values are made of. */
#define CELLS_TYPE_ROW (cells_row_get_type())
G_DECLARE_FINAL_TYPE(CellsRow, cells_row, CELLS, ROW, GObject)

struct _CellsRow {
    GObject parent_instance;
    long index;
};

G_DEFINE_TYPE(CellsRow, cells_row, G_TYPE_OBJECT)

static void cells_row_class_init(CellsRowClass *class) { (void)class; }

static void cells_row_init(CellsRow *row) { (void)row; }

/* The table's rows, 0 to `count` - 1, each made when asked for. */
#define CELLS_TYPE_ROWS (cells_rows_get_type())
G_DECLARE_FINAL_TYPE(CellsRows, cells_rows, CELLS, ROWS, GObject)

struct _CellsRows {
    GObject parent_instance;
    guint count;
};

static GType cells_rows_get_item_type(GListModel *model) {
    (void)model;
    return CELLS_TYPE_ROW;
}

static guint cells_rows_get_n_items(GListModel *model) { return CELLS_ROWS(model)->count; }

static gpointer cells_rows_get_item(GListModel *model, guint position) {
    if (position >= CELLS_ROWS(model)->count)
        return NULL;
    CellsRow *row = g_object_new(CELLS_TYPE_ROW, NULL);
    row->index = position;
    return row;
}

static void cells_rows_list_model_init(GListModelInterface *interface) {
    interface->get_item_type = cells_rows_get_item_type;
    interface->get_n_items = cells_rows_get_n_items;
    interface->get_item = cells_rows_get_item;
}

G_DEFINE_TYPE_WITH_CODE(CellsRows, cells_rows, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, cells_rows_list_model_init))

static void cells_rows_class_init(CellsRowsClass *class) { (void)class; }

static void cells_rows_init(CellsRows *rows) { (void)rows; }

typedef struct TableSide TableSide;

typedef struct {
    TableSide *side;
    int index;
} CellsColumn;

struct TableSide {
    GtkWidget *view;
    CellsColumn columns[PEER_TABLE_COLUMNS];
    GtkSelectionModel *model;
    long live_cells;
};

static GtkWidget *make_cell(PeerCellKind kind) {
    switch (kind) {
    case PEER_CELL_TOGGLE:
        return gtk_check_button_new();
    case PEER_CELL_ICON:
        return gtk_image_new();
    case PEER_CELL_PROGRESS: {
        GtkWidget *bar = gtk_progress_bar_new();
        gtk_progress_bar_set_show_text(GTK_PROGRESS_BAR(bar), TRUE);
        gtk_widget_set_valign(bar, GTK_ALIGN_CENTER);
        return bar;
    }
    default: {
        GtkWidget *label = gtk_label_new(NULL);
        gtk_label_set_xalign(GTK_LABEL(label), kind == PEER_CELL_NUMBER ? 1 : 0);
        return label;
    }
    }
}

static void setup_cell(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory;
    CellsColumn *column = data;
    gtk_list_item_set_child(item, make_cell(peer_cell_kind(column->index)));
    column->side->live_cells++;
}

static void bind_cell(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory;
    CellsColumn *column = data;
    long row = ((CellsRow *)gtk_list_item_get_item(item))->index;
    GtkWidget *cell = gtk_list_item_get_child(item);
    char text[PEER_TABLE_TEXT_SIZE];
    switch (peer_cell_kind(column->index)) {
    case PEER_CELL_TOGGLE:
        gtk_check_button_set_active(GTK_CHECK_BUTTON(cell), peer_cell_toggle(row, column->index));
        break;
    case PEER_CELL_ICON:
        gtk_image_set_from_icon_name(GTK_IMAGE(cell), peer_cell_icon(row, column->index));
        break;
    case PEER_CELL_PROGRESS:
        gtk_progress_bar_set_fraction(GTK_PROGRESS_BAR(cell), peer_cell_percent(row, column->index) / 100.0);
        break;
    case PEER_CELL_NUMBER:
        snprintf(text, sizeof text, "%.*f", PEER_CELL_DIGITS, peer_cell_number(row, column->index));
        gtk_label_set_text(GTK_LABEL(cell), text);
        break;
    default:
        peer_table_cell_text(row, column->index, text, sizeof text);
        gtk_label_set_text(GTK_LABEL(cell), text);
    }
}

static void teardown_cell(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory, (void)item;
    CellsColumn *column = data;
    column->side->live_cells--;
}

static void add_columns(TableSide *side) {
    for (int c = 0; c < PEER_TABLE_COLUMNS; c++) {
        side->columns[c] = (CellsColumn){side, c};
        GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
        g_signal_connect(factory, "setup", G_CALLBACK(setup_cell), &side->columns[c]);
        g_signal_connect(factory, "bind", G_CALLBACK(bind_cell), &side->columns[c]);
        g_signal_connect(factory, "teardown", G_CALLBACK(teardown_cell), &side->columns[c]);
        char title[PEER_TABLE_TEXT_SIZE];
        snprintf(title, sizeof title, "Column %d", c);
        GtkColumnViewColumn *column = gtk_column_view_column_new(title, factory);
        gtk_column_view_column_set_fixed_width(column, PEER_TABLE_COLUMN_WIDTH);
        gtk_column_view_append_column(GTK_COLUMN_VIEW(side->view), column);
        g_object_unref(column);
    }
}

/* The text of the label drawn at (x, y) of the rows' viewport: a text cell's (a number's label
 * reads as no cell's text). */
static gboolean cell_at(gpointer data, double x, double y, long *row, int *column) {
    TableSide *side = data;
    GtkAdjustment *vertical = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->view));
    double headers = gtk_widget_get_height(side->view) - gtk_adjustment_get_page_size(vertical);
    GtkWidget *picked = gtk_widget_pick(side->view, x, headers + y, GTK_PICK_DEFAULT);
    if (picked == NULL || picked == side->view)
        return FALSE;
    GtkWidget *label = GTK_IS_LABEL(picked) ? picked : gtk_widget_get_first_child(picked);
    return label != NULL && GTK_IS_LABEL(label) &&
           peer_table_cell_of_text(gtk_label_get_text(GTK_LABEL(label)), row, column);
}

static gboolean viewport_shows_cells(gpointer data) {
    TableSide *side = data;
    GtkAdjustment *vertical = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->view));
    GtkAdjustment *horizontal = gtk_scrollable_get_hadjustment(GTK_SCROLLABLE(side->view));
    return peer_table_cells_agree(cell_at, side, gtk_adjustment_get_value(horizontal),
                                  gtk_adjustment_get_page_size(vertical));
}

static void set_model(gpointer data) {
    TableSide *side = data;
    gtk_column_view_set_model(GTK_COLUMN_VIEW(side->view), side->model);
}

static long live_cells(gpointer data) { return ((TableSide *)data)->live_cells; }

int main(int argc, char **argv) {
    if (argc != 4 || strcmp(argv[1], PEER_TABLE_CELLS_PART) != 0 || !gtk_init_check()) {
        fprintf(stderr, "usage: gtk4-column-view-cells cells ROWS LIMIT (under a display)\n");
        return 2;
    }
    long rows = atol(argv[2]);
    unsigned limit = (unsigned)atoi(argv[3]);
    PeerLine line = peer_line_begin("gtk4-column-view", PEER_TABLE_CELLS_PART, rows, limit);
    peer_exit_after(limit);

    TableSide side = {0};
    side.view = gtk_column_view_new(NULL);
    add_columns(&side);
    PeerFrames frames = {0};
    peer_show_scrolled(side.view, PEER_TABLE_WIDTH, PEER_TABLE_HEIGHT, &frames);

    /* The model exists before the clock starts. */
    CellsRows *model = g_object_new(CELLS_TYPE_ROWS, NULL);
    model->count = (guint)rows;
    side.model = GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(model)));
    GtkScrollable *scrollable = GTK_SCROLLABLE(side.view);
    return peer_table_measure(&line, &frames, gtk_scrollable_get_vadjustment(scrollable),
                              gtk_scrollable_get_hadjustment(scrollable), set_model, viewport_shows_cells, NULL,
                              live_cells, &side);
}
