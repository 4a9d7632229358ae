/* The big-list benchmark's GTK 4 peer: GTK 4's GtkListView over a GtkStringList, the widget
 * the virtualized host brings to GTK 3 (widgets for the rows near the viewport, recycled).
 * See peer_measure.h. */
#include "peer_gtk4_label_rows.h"
#include "peer_measure.h"

typedef struct {
    GtkWidget *list;
    GtkWidget *scrolled;
    GtkStringList *strings;
} ListSide;

/* The label of the row drawn at `y` (scrolled window coordinates), or NULL for none. */
static GtkWidget *label_at(ListSide *side, double y) {
    graphene_point_t point = GRAPHENE_POINT_INIT(20, (float)y), local;
    if (!gtk_widget_compute_point(side->scrolled, side->list, &point, &local))
        return NULL;
    GtkWidget *picked = gtk_widget_pick(side->list, local.x, local.y, GTK_PICK_DEFAULT);
    if (picked == NULL || picked == side->list)
        return NULL;
    if (GTK_IS_LABEL(picked))
        return picked;
    GtkWidget *child = gtk_widget_get_first_child(picked);
    return child && GTK_IS_LABEL(child) ? child : NULL;
}

static long index_at(ListSide *side, double y) {
    GtkWidget *label = label_at(side, y);
    return label ? peer_index_of_text(gtk_label_get_text(GTK_LABEL(label))) : -1;
}

static gboolean viewport_shows_rows(gpointer data) {
    ListSide *side = data;
    GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->list));
    double page = gtk_adjustment_get_page_size(adjustment);
    long indices[PEER_SAMPLES];
    for (int i = 0; i < PEER_SAMPLES; i++)
        indices[i] = index_at(side, (i + 0.5) * page / PEER_SAMPLES);
    return peer_samples_agree(indices, page);
}

/* The on-screen y of the row widget whose label reads `text`, or -1. */
static float row_y_showing(ListSide *side, const char *text) {
    for (GtkWidget *row = gtk_widget_get_first_child(side->list); row; row = gtk_widget_get_next_sibling(row)) {
        GtkWidget *label = gtk_widget_get_first_child(row);
        if (!label || !GTK_IS_LABEL(label) || !gtk_widget_get_child_visible(row) ||
            strcmp(gtk_label_get_text(GTK_LABEL(label)), text) != 0)
            continue;
        graphene_point_t origin = GRAPHENE_POINT_INIT(0, 0), point;
        if (gtk_widget_compute_point(row, side->scrolled, &origin, &point))
            return point.y;
    }
    return -1;
}

static void splice_rows(GtkStringList *strings, guint removals, guint insertions) {
    char **texts = g_new0(char *, insertions + 1);
    for (guint i = 0; i < insertions; i++)
        texts[i] = g_strdup_printf("new %u", i);
    gtk_string_list_splice(strings, 0, removals, (const char *const *)texts);
    g_strfreev(texts);
}

static int live_row_widgets(ListSide *side) {
    int count = 0;
    for (GtkWidget *row = gtk_widget_get_first_child(side->list); row; row = gtk_widget_get_next_sibling(row))
        count++;
    return count;
}

int main(int argc, char **argv) {
    if (argc != 2 || !gtk_init_check()) {
        fprintf(stderr, "usage: gtk4-list-view ROWS (under a display)\n");
        return 2;
    }
    long rows = atol(argv[1]);
    ListSide side = {0};
    GtkListItemFactory *factory = peer_label_row_factory();
    side.list = gtk_list_view_new(NULL, factory);
    PeerFrames frames = {0};
    side.scrolled = peer_show_scrolled(side.list, PEER_WINDOW_WIDTH, PEER_WINDOW_HEIGHT, &frames);

    /* The models exist before the clock starts. */
    char **texts = g_new0(char *, rows + 1);
    for (long i = 0; i < rows; i++)
        texts[i] = peer_row_text(i);
    side.strings = gtk_string_list_new((const char *const *)texts);
    g_strfreev(texts);
    GtkSelectionModel *selection = GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(g_object_ref(side.strings))));
    PeerResult result = {0};
    double memory_before = peer_resident_mib();
    double start = peer_wall_ms();
    gtk_list_view_set_model(GTK_LIST_VIEW(side.list), selection);
    peer_wait_for_frame(&frames);
    result.first_frame_ms = peer_wall_ms() - start;

    GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side.list));
    peer_measure_scrolling(adjustment, &frames, viewport_shows_rows, &side, &result);
    result.list_mb = peer_resident_mib() - memory_before;
    peer_measure_wheel(adjustment, &frames, &result);
    result.live_widgets = live_row_widgets(&side);

    peer_step(adjustment, &frames, peer_scroll_range(adjustment) / 2, NULL);
    GtkWidget *top_label = label_at(&side, 1);
    char *top_text = g_strdup(top_label ? gtk_label_get_text(GTK_LABEL(top_label)) : "");
    float top_y = row_y_showing(&side, top_text);
    result.insert1_ms = PEER_TIME_TO_FRAME(&frames, splice_rows(side.strings, 0, 1));
    result.delete1_ms = PEER_TIME_TO_FRAME(&frames, splice_rows(side.strings, 1, 0));
    result.insert1000_ms = PEER_TIME_TO_FRAME(&frames, splice_rows(side.strings, 0, 1000));
    result.stayed = top_label != NULL && row_y_showing(&side, top_text) == top_y;
    result.delete1000_ms = PEER_TIME_TO_FRAME(&frames, splice_rows(side.strings, 1000, 0));
    g_free(top_text);
    peer_print("gtk4-listview", rows, &result);
    return 0;
}
