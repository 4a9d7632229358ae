/* The big-tree benchmark's GTK 4 peer: a GtkListView over a GtkTreeListModel, rows of a
 * GtkTreeExpander around a label made by a GtkSignalListItemFactory, measured as
 * Benchmarks/ListBenchmarks/BigTree measures ours: one parent row and its children, a 400×600
 * window. The children are GtkStringLists made before the clock starts. See peer_measure.h.
 *
 * Usage: `gtk4-tree-list PART ROWS TIMEOUT_S` under a display (GSK_RENDERER picks the
 * renderer). PART is one of
 *   expand      expand a parent of ROWS children and collapse it: expand_ms (to the frame),
 *               expand_idle_ms (until the main loop has nothing left to do), expand_mb, collapse_ms
 *   scroll      random jumps and wheel steps in the expanded tree: jump_cpu_p50_ms, … wrong_rows
 *   expand-all  ROWS/100 parents of 100, every parent's row expanded (GtkTreeListModel has no
 *               expand-all), then collapsed: expand_all_ms, collapse_all_ms; and a new model
 *               made with autoexpand=TRUE, set on the view: autoexpand_ms
 *   select-all  gtk_selection_model_select_all on a GtkMultiSelection over ROWS expanded
 *               children: select_all_ms
 *   fill        ROWS children appended to the collapsed parent's GtkStringList one at a time:
 *               fill_ms
 *   memory      one parent's GtkStringList of ROWS children "child i" under a GtkTreeListModel
 *               (made as the other parts make theirs), built with no view: build_ms,
 *               bytes_per_item (resident memory after malloc_trim, after less before, per
 *               item), items
 *   memory-wide the same with ROWS/100 parents of 100 children
 * and prints `RESULT side=gtk4-treelist part=PART n=ROWS key=value …`, or after TIMEOUT_S
 * seconds the figures measured so far and `timed_out_s=TIMEOUT_S`. */
/* The list peers' helpers this one leaves unused (their rows and line) are no error. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "peer_measure.h"
#pragma GCC diagnostic pop

#define CHILDREN_PER_PARENT 100
#define SIDE_NAME "gtk4-treelist"

typedef struct {
    GtkWidget *list;
    GtkWidget *scrolled;
    PeerFrames frames;
    /* The children of `parent <p>`, one list each. */
    GPtrArray *children;
} TreeSide;

static void setup_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory, (void)data;
    GtkWidget *expander = gtk_tree_expander_new();
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_tree_expander_set_child(GTK_TREE_EXPANDER(expander), label);
    gtk_list_item_set_child(item, expander);
}

static void bind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory, (void)data;
    GtkTreeListRow *row = gtk_list_item_get_item(item);
    GtkTreeExpander *expander = GTK_TREE_EXPANDER(gtk_list_item_get_child(item));
    gtk_tree_expander_set_list_row(expander, row);
    GtkStringObject *string = gtk_tree_list_row_get_item(row);
    gtk_label_set_text(GTK_LABEL(gtk_tree_expander_get_child(expander)), gtk_string_object_get_string(string));
    g_object_unref(string);
}

static void unbind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory, (void)data;
    gtk_tree_expander_set_list_row(GTK_TREE_EXPANDER(gtk_list_item_get_child(item)), NULL);
}

/* The children of a `parent <p>` row, none for a `row <i>`. */
static GListModel *children_of(gpointer item, gpointer data) {
    TreeSide *side = data;
    long parent = -1;
    if (sscanf(gtk_string_object_get_string(item), "parent %ld", &parent) != 1 || parent >= (long)side->children->len)
        return NULL;
    return g_object_ref(G_LIST_MODEL(g_ptr_array_index(side->children, parent)));
}

/* The label of the row drawn at `y` (scrolled window coordinates), or NULL for none. */
static GtkWidget *label_at(TreeSide *side, double y) {
    graphene_point_t point = GRAPHENE_POINT_INIT(100, (float)y), local;
    if (!gtk_widget_compute_point(side->scrolled, side->list, &point, &local))
        return NULL;
    GtkWidget *picked = gtk_widget_pick(side->list, local.x, local.y, GTK_PICK_DEFAULT);
    if (picked == NULL || picked == side->list)
        return NULL;
    if (GTK_IS_LABEL(picked))
        return picked;
    GtkWidget *expander = GTK_IS_TREE_EXPANDER(picked) ? picked : gtk_widget_get_ancestor(picked, GTK_TYPE_TREE_EXPANDER);
    GtkWidget *first = gtk_widget_get_first_child(picked);
    if (expander == NULL && first && GTK_IS_TREE_EXPANDER(first))
        expander = first;
    GtkWidget *label = expander ? gtk_tree_expander_get_child(GTK_TREE_EXPANDER(expander)) : NULL;
    return label && GTK_IS_LABEL(label) ? label : NULL;
}

static gboolean viewport_shows_rows(gpointer data) {
    TreeSide *side = data;
    GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->list));
    double page = gtk_adjustment_get_page_size(adjustment);
    long indices[PEER_SAMPLES];
    for (int i = 0; i < PEER_SAMPLES; i++) {
        GtkWidget *label = label_at(side, (i + 0.5) * page / PEER_SAMPLES);
        indices[i] = label ? peer_index_of_text(gtk_label_get_text(GTK_LABEL(label))) : -1;
    }
    return peer_samples_agree(indices, page);
}

/* The window with an empty list view, shown and drawn once. */
static void show_list(TreeSide *side) {
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    g_signal_connect(factory, "unbind", G_CALLBACK(unbind_row), NULL);
    side->list = gtk_list_view_new(NULL, factory);
    side->scrolled = peer_show_scrolled(side->list, PEER_WINDOW_WIDTH, PEER_WINDOW_HEIGHT, &side->frames);
}

/* The models, before the clock: `parents` lists of `children` rows `row <i>` (numbered across
 * the parents; `child_format` names them), and the top level's `parent <p>` rows. */
static GtkStringList *make_named_models(TreeSide *side, long parents, long children, const char *child_format) {
    side->children = g_ptr_array_new_with_free_func(g_object_unref);
    char **titles = g_new0(char *, parents + 1);
    for (long p = 0; p < parents; p++) {
        char **texts = g_new0(char *, children + 1);
        for (long i = 0; i < children; i++)
            texts[i] = g_strdup_printf(child_format, p * children + i);
        g_ptr_array_add(side->children, gtk_string_list_new((const char *const *)texts));
        g_strfreev(texts);
        titles[p] = g_strdup_printf("parent %ld", p);
    }
    GtkStringList *top = gtk_string_list_new((const char *const *)titles);
    g_strfreev(titles);
    return top;
}

static GtkStringList *make_models(TreeSide *side, long parents, long children) {
    return make_named_models(side, parents, children, "row %ld");
}

/* A tree model over `top` (taking it), shown by the view through a GtkMultiSelection when
 * `multiple`, else a GtkNoSelection. */
static GtkTreeListModel *attach(TreeSide *side, GtkStringList *top, gboolean autoexpand, gboolean multiple) {
    GtkTreeListModel *model = gtk_tree_list_model_new(G_LIST_MODEL(top), FALSE, autoexpand, children_of, side, NULL);
    GListModel *shown = G_LIST_MODEL(g_object_ref(model));
    GtkSelectionModel *selection =
        multiple ? GTK_SELECTION_MODEL(gtk_multi_selection_new(shown)) : GTK_SELECTION_MODEL(gtk_no_selection_new(shown));
    gtk_list_view_set_model(GTK_LIST_VIEW(side->list), selection);
    g_object_unref(selection);
    return model;
}

static void set_expanded_at(GtkTreeListModel *model, guint position, gboolean expanded) {
    GtkTreeListRow *row = gtk_tree_list_model_get_row(model, position);
    gtk_tree_list_row_set_expanded(row, expanded);
    g_object_unref(row);
}

static void measure_expand(TreeSide *side, long rows, PeerLine *line) {
    GtkTreeListModel *model = attach(side, make_models(side, 1, rows), FALSE, FALSE);
    peer_wait_for_frame(&side->frames);
    double before = peer_resident_mib(), start = peer_wall_ms();
    peer_line_add(line, "expand_ms", PEER_TIME_TO_SLOW_FRAME(&side->frames, set_expanded_at(model, 0, TRUE)));
    /* Until the main loop has nothing left to do: GtkTreeView measures the rows off screen in
     * idle handlers after the first frame, unless in fixed-height mode. */
    peer_wait_until_idle();
    peer_line_add(line, "expand_idle_ms", peer_wall_ms() - start);
    peer_line_add(line, "expand_mb", peer_resident_mib() - before);
    peer_line_add(line, "collapse_ms", PEER_TIME_TO_SLOW_FRAME(&side->frames, set_expanded_at(model, 0, FALSE)));
}

static void measure_scrolling(TreeSide *side, long rows, PeerLine *line) {
    GtkTreeListModel *model = attach(side, make_models(side, 1, rows), FALSE, FALSE);
    PEER_TIME_TO_SLOW_FRAME(&side->frames, set_expanded_at(model, 0, TRUE));
    peer_wait_until_idle();
    PeerResult result = {0};
    GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->list));
    peer_measure_scrolling(adjustment, &side->frames, viewport_shows_rows, side, &result);
    peer_measure_wheel(adjustment, &side->frames, &result);
    peer_line_add(line, "jump_cpu_p50_ms", result.jump_cpu_p50_ms);
    peer_line_add(line, "jump_cpu_p95_ms", result.jump_cpu_p95_ms);
    peer_line_add(line, "wheel_cpu_p50_ms", result.wheel_cpu_p50_ms);
    peer_line_add(line, "wheel_cpu_p95_ms", result.wheel_cpu_p95_ms);
    peer_line_add(line, "wrong_rows", result.wrong_rows);
}

/* Every parent's row, from the last up, so that the rows above keep their positions. */
static void set_every_parent_expanded(GtkTreeListModel *model, long parents, gboolean expanded) {
    for (long p = parents - 1; p >= 0; p--)
        set_expanded_at(model, (guint)(expanded ? p : p * (CHILDREN_PER_PARENT + 1)), expanded);
}

static void measure_expand_all(TreeSide *side, long rows, PeerLine *line) {
    long parents = rows / CHILDREN_PER_PARENT;
    GtkStringList *top = make_models(side, parents, CHILDREN_PER_PARENT);
    GtkTreeListModel *model = attach(side, g_object_ref(top), FALSE, FALSE);
    peer_wait_for_frame(&side->frames);
    peer_line_add(line, "expand_all_ms",
                  PEER_TIME_TO_SLOW_FRAME(&side->frames, set_every_parent_expanded(model, parents, TRUE)));
    peer_line_add(line, "collapse_all_ms",
                  PEER_TIME_TO_SLOW_FRAME(&side->frames, set_every_parent_expanded(model, parents, FALSE)));
    peer_line_add(line, "autoexpand_ms", PEER_TIME_TO_SLOW_FRAME(&side->frames, attach(side, top, TRUE, FALSE)));
}

static void measure_select_all(TreeSide *side, long rows, PeerLine *line) {
    GtkTreeListModel *model = attach(side, make_models(side, 1, rows), FALSE, TRUE);
    PEER_TIME_TO_SLOW_FRAME(&side->frames, set_expanded_at(model, 0, TRUE));
    peer_wait_until_idle();
    GtkSelectionModel *selection = gtk_list_view_get_model(GTK_LIST_VIEW(side->list));
    peer_line_add(line, "select_all_ms", PEER_TIME_TO_SLOW_FRAME(&side->frames, gtk_selection_model_select_all(selection)));
    GtkBitset *selected = gtk_selection_model_get_selection(selection);
    peer_line_add(line, "selected", (double)gtk_bitset_get_size(selected));
    gtk_bitset_unref(selected);
}

/* One append each, to the end of the parent's children (collapsed: the tree model holds no
 * node for them yet). */
static void append_children(TreeSide *side, GtkStringList *children, long rows) {
    for (long i = 0; i < rows; i++) {
        char *text = g_strdup_printf("row %ld", i);
        gtk_string_list_append(children, text);
        g_free(text);
    }
    gtk_widget_queue_draw(side->list);
}

static void measure_fill(TreeSide *side, long rows, PeerLine *line) {
    attach(side, make_models(side, 1, 0), FALSE, FALSE);
    peer_wait_for_frame(&side->frames);
    GtkStringList *children = g_ptr_array_index(side->children, 0);
    peer_line_add(line, "fill_ms", PEER_TIME_TO_SLOW_FRAME(&side->frames, append_children(side, children, rows)));
}

/* The memory parts: the models the other parts make, children "child i", and the tree model
 * over them, which no view shows. */
static void measure_memory(TreeSide *side, long parents, long children, PeerLine *line) {
    double before = peer_resident_mib(), start = peer_wall_ms();
    GtkStringList *top = make_named_models(side, parents, children, "child %ld");
    GtkTreeListModel *model = gtk_tree_list_model_new(G_LIST_MODEL(top), FALSE, FALSE, children_of, side, NULL);
    double built = peer_wall_ms();
    double items = (double)parents * (double)(children + 1);
    peer_line_add(line, "build_ms", built - start);
    peer_line_add(line, "bytes_per_item", (peer_resident_mib() - before) * 1048576.0 / items);
    peer_line_add(line, "items", items);
    peer_line_add(line, "rows", g_list_model_get_n_items(G_LIST_MODEL(model)));
}

int main(int argc, char **argv) {
    if (argc != 4 || !gtk_init_check()) {
        fprintf(stderr, "usage: gtk4-tree-list expand|scroll|expand-all|select-all|fill|memory|memory-wide ROWS TIMEOUT_S\n");
        return 2;
    }
    const char *part = argv[1];
    long rows = atol(argv[2]);
    unsigned timeout_seconds = (unsigned)atoi(argv[3]);
    PeerLine line = peer_line_begin(SIDE_NAME, part, rows, timeout_seconds);
    peer_exit_after(timeout_seconds);
    TreeSide side = {0};
    show_list(&side);
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
        measure_memory(&side, 1, rows, &line);
    else if (strcmp(part, "memory-wide") == 0)
        measure_memory(&side, rows / CHILDREN_PER_PARENT, CHILDREN_PER_PARENT, &line);
    else {
        fprintf(stderr, "gtk4-tree-list: unknown part %s\n", part);
        return 2;
    }
    peer_line_print(&line);
    return 0;
}
