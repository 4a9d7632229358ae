/* The big-filter benchmark's GTK 4 peer: GTK 4's GtkListView over an incremental
 * GtkFilterListModel over a GtkStringList of `row <i>`, a GtkCustomFilter testing the number's
 * digits; each keystroke changes the filter (more strict as a digit is typed, less as one is
 * erased), timed to the frame after the model has no item pending. See peer_filter.h. */
#include "peer_filter.h"
#include "peer_gtk4_label_rows.h"

static const char *query = "";

typedef struct {
    GtkWidget *list;
    GtkCustomFilter *filter;
    GtkFilterListModel *filtered;
} FilterSide;

static gboolean row_matches(gpointer item, gpointer data) {
    (void)data;
    const char *text = gtk_string_object_get_string(item);
    return peer_number_contains(atol(text + 4), query);
}

/* A new query: the filter changes (more strict as a digit is typed, less as one is erased), and
 * the model filters it in slices from the main loop until none is pending. */
static void apply_query(gpointer data, const char *previous, const char *new_query) {
    FilterSide *side = data;
    query = new_query;
    gboolean stricter = strlen(new_query) > strlen(previous);
    gtk_filter_changed(GTK_FILTER(side->filter), stricter ? GTK_FILTER_CHANGE_MORE_STRICT : GTK_FILTER_CHANGE_LESS_STRICT);
    while (gtk_filter_list_model_get_pending(side->filtered) > 0)
        g_main_context_iteration(NULL, TRUE);
}

/* Whether the rows the view shows, top to bottom (20 at most), are consecutive matches: read
 * from its children's labels, ordered by where they are. */
static gboolean shows_matches(gpointer data, const char *shown_query) {
    GtkWidget *list = ((FilterSide *)data)->list;
    long shown[20];
    float tops[20];
    int count = 0;
    for (GtkWidget *row = gtk_widget_get_first_child(list); row; row = gtk_widget_get_next_sibling(row)) {
        GtkWidget *label = gtk_widget_get_first_child(row);
        graphene_rect_t bounds;
        if (!label || !GTK_IS_LABEL(label) || !gtk_widget_get_child_visible(row) || !gtk_widget_compute_bounds(row, list, &bounds) ||
            bounds.origin.y + bounds.size.height <= 0 || bounds.origin.y >= gtk_widget_get_height(list))
            continue;
        /* Insertion by y, the 20 topmost kept: the children are not in the order they show. */
        if (count == 20 && bounds.origin.y >= tops[19])
            continue;
        int at = count < 20 ? count++ : 19;
        while (at > 0 && tops[at - 1] > bounds.origin.y) {
            tops[at] = tops[at - 1];
            shown[at] = shown[at - 1];
            at--;
        }
        tops[at] = bounds.origin.y;
        shown[at] = peer_index_of_text(gtk_label_get_text(GTK_LABEL(label)));
    }
    return peer_filter_consecutive(shown, count, shown_query);
}

int main(int argc, char **argv) {
    if (argc != 3 || strcmp(argv[1], "filter") != 0 || !gtk_init_check()) {
        fprintf(stderr, "usage: gtk4-filter-list filter ROWS (under a display)\n");
        return 2;
    }
    long rows = atol(argv[2]);
    PeerLine line = peer_line_begin("gtk4-filter-list", "filter", rows, 170);
    peer_exit_after(170);
    GtkListItemFactory *factory = peer_label_row_factory();
    GtkWidget *list = gtk_list_view_new(NULL, factory);
    PeerFrames frames = {0};
    GtkWidget *window = GTK_WIDGET(gtk_widget_get_root(peer_show_scrolled(list, PEER_WINDOW_WIDTH, PEER_WINDOW_HEIGHT, &frames)));

    /* The model exists, shown, before the clock starts. */
    char **texts = g_new0(char *, rows + 1);
    for (long i = 0; i < rows; i++)
        texts[i] = g_strdup_printf("row %ld", i);
    GtkStringList *strings = gtk_string_list_new((const char *const *)texts);
    g_strfreev(texts);
    GtkCustomFilter *filter = gtk_custom_filter_new(row_matches, NULL, NULL);
    GtkFilterListModel *filtered = gtk_filter_list_model_new(G_LIST_MODEL(strings), GTK_FILTER(g_object_ref(filter)));
    gtk_filter_list_model_set_incremental(filtered, TRUE);
    GtkSelectionModel *selection = GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(g_object_ref(filtered))));
    gtk_list_view_set_model(GTK_LIST_VIEW(list), selection);
    gtk_widget_queue_draw(window);
    peer_wait_for_frame_within(&frames, G_MAXINT);

    FilterSide side = {list, filter, filtered};
    peer_filter_measure(&line, &frames, apply_query, shows_matches, &side);
    peer_line_print(&line);
    return 0;
}
