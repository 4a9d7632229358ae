/* The big-grid benchmark's GTK 4 peer: GTK 4's GtkGridView over a GtkStringList, the widget the
 * virtualized grid brings to GTK 3 (widgets for the cells near the viewport, recycled), measured
 * as Benchmarks/ListBenchmarks/BigGrid/BigGridScenario.swift measures ours. GTK 4.8's GridView
 * has no section headers: its cells run on without the 100 titled sections ours has.
 * See peer_measure.h.
 *
 * Usage: `gtk4-grid-view WIDTH CELLS` (a WIDTH×600 window) prints one line,
 * `RESULT side=gtk4-gridview-WIDTH n=… first_frame_ms=… jump_cpu_p50_ms=… jump_cpu_p95_ms=…
 * resize_ms=… resize_p95_ms=… live_widgets=… grid_mb=… wrong_cells=…`. */
/* The list peers' helpers this one leaves unused (rows, wheel steps, their line) are no error. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "peer_measure.h"
#pragma GCC diagnostic pop

#define GRID_HEIGHT 600
#define CELL_WIDTH 96
#define CELL_HEIGHT 72
#define GRID_RESIZES 20

typedef struct {
    GtkWidget *window;
    GtkWidget *grid;
    GtkWidget *scrolled;
} GridSide;

/* A cell as the benchmark's IconLabelCell: a 32 px icon over a label, 96×72. */
static void setup_cell(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory, (void)data;
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    gtk_widget_set_size_request(box, CELL_WIDTH, CELL_HEIGHT);
    GtkWidget *image = gtk_image_new_from_icon_name("text-x-generic");
    gtk_image_set_pixel_size(GTK_IMAGE(image), 32);
    gtk_box_append(GTK_BOX(box), image);
    gtk_box_append(GTK_BOX(box), gtk_label_new(NULL));
    gtk_list_item_set_child(item, box);
}

static void bind_cell(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory, (void)data;
    GtkStringObject *string = gtk_list_item_get_item(item);
    GtkWidget *label = gtk_widget_get_last_child(gtk_list_item_get_child(item));
    gtk_label_set_text(GTK_LABEL(label), gtk_string_object_get_string(string));
}

/* The grid's child (the cell's item widget) drawn at (x, y) in scrolled window coordinates, or
 * NULL where no cell is. */
static GtkWidget *cell_at(GridSide *side, double x, double y) {
    graphene_point_t point = GRAPHENE_POINT_INIT((float)x, (float)y), local;
    if (!gtk_widget_compute_point(side->scrolled, side->grid, &point, &local))
        return NULL;
    GtkWidget *picked = gtk_widget_pick(side->grid, local.x, local.y, GTK_PICK_DEFAULT);
    while (picked != NULL && picked != side->grid && gtk_widget_get_parent(picked) != side->grid)
        picked = gtk_widget_get_parent(picked);
    return picked == side->grid ? NULL : picked;
}

/* The index a cell's label shows (`cell <i>`), or -1. */
static long shown_index(GtkWidget *cell) {
    GtkWidget *box = gtk_widget_get_first_child(cell);
    GtkWidget *label = box ? gtk_widget_get_last_child(box) : NULL;
    long index = -1;
    if (label == NULL || !GTK_IS_LABEL(label) || sscanf(gtk_label_get_text(GTK_LABEL(label)), "cell %ld", &index) != 1)
        return -1;
    return index;
}

/* The model index at a cell's place in the grid: its row (content y over the row height) times
 * the columns (the grid's width over the cell's) plus its column. */
static long expected_index(GridSide *side, GtkWidget *cell) {
    graphene_rect_t bounds;
    if (!gtk_widget_compute_bounds(cell, side->grid, &bounds) || bounds.size.width < 1 || bounds.size.height < 1)
        return -2;
    GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->grid));
    double width = gtk_widget_get_width(side->grid);
    long columns = lround(width / bounds.size.width);
    long column = lround(bounds.origin.x / (width / columns));
    long row = lround((bounds.origin.y + gtk_adjustment_get_value(adjustment)) / bounds.size.height);
    return row * columns + column;
}

/* Whether 12 points across the viewport (3 columns × 4 rows, as the Swift side samples) each
 * show a mapped cell whose label is the model's at its place; a point with no cell is skipped. */
static gboolean viewport_shows_cells(gpointer data) {
    GridSide *side = data;
    GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->grid));
    double page = gtk_adjustment_get_page_size(adjustment);
    for (int sample = 0; sample < 12; sample++) {
        GtkWidget *cell = cell_at(side, 30 + (sample % 3) * 300, (sample / 3 + 0.5) * page / 4);
        if (cell == NULL)
            continue;
        if (!gtk_widget_get_mapped(cell) || shown_index(cell) != expected_index(side, cell))
            return FALSE;
    }
    return TRUE;
}

/* Cell widgets alive in the grid: the item widgets GTK keeps, shown or not. */
static int live_cell_widgets(GridSide *side) {
    int count = 0;
    for (GtkWidget *cell = gtk_widget_get_first_child(side->grid); cell; cell = gtk_widget_get_next_sibling(cell))
        count++;
    return count;
}

/* Resizes the window to `width` (GTK 4 has no gtk_window_resize: the default size of a shown
 * window resizes it) and waits for the first frame painted at that width; the wall time. */
static double resize(GridSide *side, PeerFrames *frames, int width) {
    double start = peer_wall_ms();
    gtk_window_set_default_size(GTK_WINDOW(side->window), width, GRID_HEIGHT);
    while (peer_wait_for_frame(frames) && gtk_widget_get_width(side->window) != width)
        ;
    return peer_wall_ms() - start;
}

int main(int argc, char **argv) {
    if (argc != 3 || atoi(argv[1]) <= CELL_WIDTH || atol(argv[2]) <= 0 || !gtk_init_check()) {
        fprintf(stderr, "usage: gtk4-grid-view WIDTH CELLS (under a display)\n");
        return 2;
    }
    int width = atoi(argv[1]);
    long cells = atol(argv[2]);
    GridSide side = {0};
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_cell), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_cell), NULL);
    side.grid = gtk_grid_view_new(NULL, factory);
    /* As many columns as 96 px cells fit, as ours: the default of 7 would leave the 900px window
     * fewer. No more: GTK 4.8's GridView keeps max-columns × 30 rows of cells bound around its
     * anchor whatever the columns shown (GTK_GRID_VIEW_MAX_VISIBLE_ROWS), so 64 would make it
     * rebind some 2,000 cells a jump. */
    gtk_grid_view_set_max_columns(GTK_GRID_VIEW(side.grid), width / CELL_WIDTH);
    /* The same cells as ours: GTK 4.8's theme pads each grid view child by 3 px and gives a
     * box in it a 12 px margin and 8 px more spacing, which would make the cells 102×88. */
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css, "gridview > child { padding: 0; } gridview > child box { margin: 0; border-spacing: 0; }", -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    PeerFrames frames = {0};
    side.scrolled = peer_show_scrolled(side.grid, width, GRID_HEIGHT, &frames);
    side.window = GTK_WIDGET(gtk_widget_get_root(side.scrolled));

    /* The model exists before the clock starts. */
    char **texts = g_new0(char *, cells + 1);
    for (long i = 0; i < cells; i++)
        texts[i] = g_strdup_printf("cell %ld", i);
    GtkStringList *strings = gtk_string_list_new((const char *const *)texts);
    g_strfreev(texts);
    GtkSelectionModel *selection = GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(strings)));
    PeerResult result = {0};
    double memory_before = peer_resident_mib();
    double start = peer_wall_ms();
    gtk_grid_view_set_model(GTK_GRID_VIEW(side.grid), selection);
    peer_wait_for_frame(&frames);
    result.first_frame_ms = peer_wall_ms() - start;

    GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side.grid));
    peer_measure_scrolling(adjustment, &frames, viewport_shows_cells, &side, &result);
    result.list_mb = peer_resident_mib() - memory_before;

    /* A column fewer, then back, from the middle. */
    peer_step(adjustment, &frames, peer_scroll_range(adjustment) / 2, NULL);
    double resizes[GRID_RESIZES];
    for (int i = 0; i < GRID_RESIZES; i++)
        resizes[i] = resize(&side, &frames, width - (i % 2 == 0 ? CELL_WIDTH : 0));
    result.live_widgets = live_cell_widgets(&side);

    printf("RESULT side=gtk4-gridview-%d n=%ld first_frame_ms=%.3f jump_cpu_p50_ms=%.3f jump_cpu_p95_ms=%.3f "
           "resize_ms=%.3f resize_p95_ms=%.3f live_widgets=%d grid_mb=%.3f wrong_cells=%d\n",
           width, cells, result.first_frame_ms, result.jump_cpu_p50_ms, result.jump_cpu_p95_ms,
           peer_percentile(resizes, GRID_RESIZES, 50), peer_percentile(resizes, GRID_RESIZES, 95), result.live_widgets,
           result.list_mb, result.wrong_rows);
    fflush(stdout);
    return 0;
}
