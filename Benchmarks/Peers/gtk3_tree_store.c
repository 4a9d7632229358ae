/* The big-tree benchmark's GTK 3 peer: a GtkTreeView over a GtkTreeStore, measured as
 * Benchmarks/ListBenchmarks/BigTree measures ours: one parent row and its children, one text
 * column, a 400×600 window. See peer_measure.h.
 *
 * Usage: `gtk3-tree-store fixed|autosize PART ROWS TIMEOUT_S` under an X display. `fixed` is
 * fixed-height mode with a fixed-size column, GTK 3's answer for long lists; `autosize` is the
 * default, every row measured. PART is one of
 *   expand      expand a parent of ROWS children and collapse it: expand_ms (to the frame),
 *               expand_idle_ms (until the main loop has nothing left to do), expand_mb, collapse_ms
 *   scroll      random jumps and wheel steps in the expanded tree: jump_cpu_p50_ms, … wrong_rows
 *   expand-all  gtk_tree_view_expand_all over ROWS/100 parents of 100: expand_all_ms, collapse_all_ms
 *   select-all  gtk_tree_selection_select_all over ROWS expanded children: select_all_ms
 *   fill        ROWS children appended to the collapsed parent one at a time: fill_ms
 *   memory      a store of one parent with ROWS children "child i", built with no view:
 *               build_ms, bytes_per_item (resident memory after malloc_trim, after less before,
 *               per row), items
 *   memory-wide the same with ROWS/100 parents of 100 children
 * and prints `RESULT side=gtk3-treestore-MODE part=PART n=ROWS key=value …`, or after
 * TIMEOUT_S seconds the figures measured so far and `timed_out_s=TIMEOUT_S`. */
/* The list peers' helpers this one leaves unused (their rows and line) are no error. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "peer_measure.h"
#pragma GCC diagnostic pop

#define CHILDREN_PER_PARENT 100

typedef struct {
    GtkWidget *tree;
    GtkWidget *scrolled;
    GtkTreeStore *store;
    PeerFrames frames;
} TreeSide;

/* The row index drawn at `y` (scrolled window coordinates), or -1 for none or the parent. */
static long index_at(TreeSide *side, int y) {
    int tree_x = 0, tree_y = 0, bin_x = 0, bin_y = 0;
    gtk_widget_translate_coordinates(side->scrolled, side->tree, 40, y, &tree_x, &tree_y);
    gtk_tree_view_convert_widget_to_bin_window_coords(GTK_TREE_VIEW(side->tree), tree_x, tree_y, &bin_x, &bin_y);
    GtkTreePath *path = NULL;
    if (!gtk_tree_view_get_path_at_pos(GTK_TREE_VIEW(side->tree), bin_x, bin_y, &path, NULL, NULL, NULL))
        return -1;
    GtkTreeIter iter;
    char *text = NULL;
    if (gtk_tree_model_get_iter(GTK_TREE_MODEL(side->store), &iter, path))
        gtk_tree_model_get(GTK_TREE_MODEL(side->store), &iter, 0, &text, -1);
    long index = peer_index_of_text(text);
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
        indices[i] = index_at(side, (int)((i + 0.5) * page / PEER_SAMPLES));
    return peer_samples_agree(indices, page);
}

/* The window with an empty tree view, shown and drawn once. */
static void show_tree(TreeSide *side, gboolean fixed_height) {
    side->tree = gtk_tree_view_new();
    gtk_tree_view_set_headers_visible(GTK_TREE_VIEW(side->tree), FALSE);
    GtkTreeViewColumn *column = gtk_tree_view_column_new_with_attributes("", gtk_cell_renderer_text_new(), "text", 0, NULL);
    if (fixed_height) {
        gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED);
        gtk_tree_view_column_set_fixed_width(column, PEER_WINDOW_WIDTH - 40);
    }
    gtk_tree_view_append_column(GTK_TREE_VIEW(side->tree), column);
    gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(side->tree), fixed_height);
    side->scrolled = peer_show_scrolled(side->tree, PEER_WINDOW_WIDTH, PEER_WINDOW_HEIGHT, &side->frames);
}

/* `parents` top-level rows `parent <p>`, each with `children` rows `row <i>` (numbered across
 * the parents). Prepended, each sibling list in reverse: appending walks the siblings (see fill). */
static GtkTreeStore *make_store(long parents, long children) {
    GtkTreeStore *store = gtk_tree_store_new(1, G_TYPE_STRING);
    for (long p = parents - 1; p >= 0; p--) {
        GtkTreeIter parent;
        char *title = g_strdup_printf("parent %ld", p);
        gtk_tree_store_insert_with_values(store, &parent, NULL, 0, 0, title, -1);
        g_free(title);
        for (long i = children - 1; i >= 0; i--) {
            char *text = g_strdup_printf("row %ld", p * children + i);
            gtk_tree_store_insert_with_values(store, NULL, &parent, 0, 0, text, -1);
            g_free(text);
        }
    }
    return store;
}

static void attach(TreeSide *side, GtkTreeStore *store) {
    side->store = store;
    gtk_tree_view_set_model(GTK_TREE_VIEW(side->tree), GTK_TREE_MODEL(store));
    peer_wait_for_frame_within(&side->frames, G_MAXINT);
}

static void set_first_expanded(TreeSide *side, gboolean expanded) {
    GtkTreePath *path = gtk_tree_path_new_first();
    if (expanded)
        gtk_tree_view_expand_row(GTK_TREE_VIEW(side->tree), path, FALSE);
    else
        gtk_tree_view_collapse_row(GTK_TREE_VIEW(side->tree), path);
    gtk_tree_path_free(path);
}

static void measure_expand(TreeSide *side, long rows, PeerLine *line) {
    attach(side, make_store(1, rows));
    double before = peer_resident_mib(), start = peer_wall_ms();
    peer_line_add(line, "expand_ms", PEER_TIME_TO_SLOW_FRAME(&side->frames, set_first_expanded(side, TRUE)));
    /* Until the main loop has nothing left to do: GtkTreeView measures the rows off screen in
     * idle handlers after the first frame, unless in fixed-height mode. */
    peer_wait_until_idle();
    peer_line_add(line, "expand_idle_ms", peer_wall_ms() - start);
    peer_line_add(line, "expand_mb", peer_resident_mib() - before);
    peer_line_add(line, "collapse_ms", PEER_TIME_TO_SLOW_FRAME(&side->frames, set_first_expanded(side, FALSE)));
}

static void measure_scrolling(TreeSide *side, long rows, PeerLine *line) {
    attach(side, make_store(1, rows));
    PEER_TIME_TO_SLOW_FRAME(&side->frames, set_first_expanded(side, TRUE));
    peer_wait_until_idle();
    PeerResult result = {0};
    GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->tree));
    peer_measure_scrolling(adjustment, &side->frames, viewport_shows_rows, side, &result);
    peer_measure_wheel(adjustment, &side->frames, &result);
    peer_line_add(line, "jump_cpu_p50_ms", result.jump_cpu_p50_ms);
    peer_line_add(line, "jump_cpu_p95_ms", result.jump_cpu_p95_ms);
    peer_line_add(line, "wheel_cpu_p50_ms", result.wheel_cpu_p50_ms);
    peer_line_add(line, "wheel_cpu_p95_ms", result.wheel_cpu_p95_ms);
    peer_line_add(line, "wrong_rows", result.wrong_rows);
}

static void measure_expand_all(TreeSide *side, long rows, PeerLine *line) {
    attach(side, make_store(rows / CHILDREN_PER_PARENT, CHILDREN_PER_PARENT));
    GtkTreeView *tree = GTK_TREE_VIEW(side->tree);
    peer_line_add(line, "expand_all_ms", PEER_TIME_TO_SLOW_FRAME(&side->frames, gtk_tree_view_expand_all(tree)));
    peer_line_add(line, "collapse_all_ms", PEER_TIME_TO_SLOW_FRAME(&side->frames, gtk_tree_view_collapse_all(tree)));
}

static void measure_select_all(TreeSide *side, long rows, PeerLine *line) {
    attach(side, make_store(1, rows));
    PEER_TIME_TO_SLOW_FRAME(&side->frames, set_first_expanded(side, TRUE));
    peer_wait_until_idle();
    GtkTreeSelection *selection = gtk_tree_view_get_selection(GTK_TREE_VIEW(side->tree));
    gtk_tree_selection_set_mode(selection, GTK_SELECTION_MULTIPLE);
    peer_line_add(line, "select_all_ms", PEER_TIME_TO_SLOW_FRAME(&side->frames, gtk_tree_selection_select_all(selection)));
    peer_line_add(line, "selected", gtk_tree_selection_count_selected_rows(selection));
}

/* What an app does when it adds a folder's entries as it reads them: one append each, to the
 * end, into the store the view shows (the parent collapsed). GtkTreeStore walks the parent's
 * children to find the end of each append. */
static void append_children(TreeSide *side, GtkTreeIter *parent, long rows) {
    for (long i = 0; i < rows; i++) {
        char *text = g_strdup_printf("row %ld", i);
        gtk_tree_store_insert_with_values(side->store, NULL, parent, -1, 0, text, -1);
        g_free(text);
    }
    gtk_widget_queue_draw(side->tree);
}

static void measure_fill(TreeSide *side, long rows, PeerLine *line) {
    attach(side, make_store(1, 0));
    GtkTreeIter parent;
    gtk_tree_model_get_iter_first(GTK_TREE_MODEL(side->store), &parent);
    peer_line_add(line, "fill_ms", PEER_TIME_TO_SLOW_FRAME(&side->frames, append_children(side, &parent, rows)));
}

/* The memory parts: `parents` rows "parent p", each with `children` rows "child i" (numbered
 * across the parents), inserted with gtk_tree_store_insert_with_values into a store no view
 * shows. Prepended, each sibling list in reverse, as make_store does (appending walks the
 * siblings). */
static void measure_memory(long parents, long children, PeerLine *line) {
    double before = peer_resident_mib(), start = peer_wall_ms();
    GtkTreeStore *store = gtk_tree_store_new(1, G_TYPE_STRING);
    char text[64];
    for (long p = parents - 1; p >= 0; p--) {
        GtkTreeIter parent;
        g_snprintf(text, sizeof text, "parent %ld", p);
        gtk_tree_store_insert_with_values(store, &parent, NULL, 0, 0, text, -1);
        for (long i = children - 1; i >= 0; i--) {
            g_snprintf(text, sizeof text, "child %ld", p * children + i);
            gtk_tree_store_insert_with_values(store, NULL, &parent, 0, 0, text, -1);
        }
    }
    double built = peer_wall_ms();
    double items = (double)parents * (double)(children + 1);
    peer_line_add(line, "build_ms", built - start);
    peer_line_add(line, "bytes_per_item", (peer_resident_mib() - before) * 1048576.0 / items);
    peer_line_add(line, "items", items);
    peer_line_add(line, "rows", gtk_tree_model_iter_n_children(GTK_TREE_MODEL(store), NULL));
}

int main(int argc, char **argv) {
    if (argc != 5 || !gtk_init_check(&argc, &argv)) {
        fprintf(stderr, "usage: gtk3-tree-store fixed|autosize expand|scroll|expand-all|select-all|fill|memory|memory-wide ROWS TIMEOUT_S\n");
        return 2;
    }
    gboolean fixed_height = strcmp(argv[1], "fixed") == 0;
    const char *part = argv[2];
    long rows = atol(argv[3]);
    char *side_name = g_strdup_printf("gtk3-treestore-%s", fixed_height ? "fixed" : "autosize");
    unsigned timeout_seconds = (unsigned)atoi(argv[4]);
    PeerLine line = peer_line_begin(side_name, part, rows, timeout_seconds);
    peer_exit_after(timeout_seconds);
    TreeSide side = {0};
    show_tree(&side, fixed_height);
    if (strcmp(part, "expand") == 0)
        measure_expand(&side, rows, &line);
    else if (strcmp(part, "scroll") == 0)
        measure_scrolling(&side, rows, &line);
    else if (strcmp(part, "expand-all") == 0)
        measure_expand_all(&side, rows, &line);
    else if (strcmp(part, "select-all") == 0)
        measure_select_all(&side, rows, &line);
    else if (strcmp(part, "fill") == 0)
        measure_fill(&side, rows, &line);
    else if (strcmp(part, "memory") == 0)
        measure_memory(1, rows, &line);
    else if (strcmp(part, "memory-wide") == 0)
        measure_memory(rows / CHILDREN_PER_PARENT, CHILDREN_PER_PARENT, &line);
    else {
        fprintf(stderr, "gtk3-tree-store: unknown part %s\n", part);
        return 2;
    }
    peer_line_print(&line);
    return 0;
}
