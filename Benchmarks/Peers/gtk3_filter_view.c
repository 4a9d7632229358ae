/* The big-filter benchmark's GTK 3 peer: a GtkTreeView in fixed-height mode, a cell data function
 * showing `row <i>`. Part `filter`: over a GtkTreeModelFilter over a GtkListStore of the rows'
 * numbers, each keystroke sets the query and refilters, timed to the frame (peer_filter.h). Part
 * `type-ahead`: over a GtkListStore of the numbers and their texts, each key goes to the tree
 * view's interactive search as a key from the keyboard would, timed to the frame
 * (peer_type_ahead.h). */
#include "peer_type_ahead.h"

static const char *query = "";

static gboolean row_matches(GtkTreeModel *model, GtkTreeIter *iter, gpointer data) {
    (void)data;
    int number = 0;
    gtk_tree_model_get(model, iter, 0, &number, -1);
    return peer_number_contains(number, query);
}

static void cell_text(GtkTreeViewColumn *column, GtkCellRenderer *renderer, GtkTreeModel *model, GtkTreeIter *iter,
                      gpointer data) {
    (void)column, (void)data;
    int number = 0;
    gtk_tree_model_get(model, iter, 0, &number, -1);
    char text[32];
    snprintf(text, sizeof text, "row %d", number);
    g_object_set(renderer, "text", text, NULL);
}

/* A new query: the filter's visible function reads it, and refiltering is synchronous. */
static void apply_query(gpointer tree, const char *previous, const char *new_query) {
    (void)previous;
    query = new_query;
    gtk_tree_model_filter_refilter(GTK_TREE_MODEL_FILTER(gtk_tree_view_get_model(tree)));
}

/* Whether the rows the view shows, top to bottom (20 at most), are consecutive matches. */
static gboolean shows_matches(gpointer tree, const char *shown_query) {
    GtkTreePath *start = NULL, *end = NULL;
    if (!gtk_tree_view_get_visible_range(tree, &start, &end))
        return TRUE;
    GtkTreeModel *model = gtk_tree_view_get_model(tree);
    long shown[20];
    int count = 0, last = gtk_tree_path_get_indices(end)[0] - gtk_tree_path_get_indices(start)[0];
    GtkTreeIter iter;
    gboolean valid = gtk_tree_model_get_iter(model, &iter, start);
    for (; valid && count < 20 && count <= last; count++) {
        int number = -1;
        gtk_tree_model_get(model, &iter, 0, &number, -1);
        shown[count] = number;
        valid = gtk_tree_model_iter_next(model, &iter);
    }
    gtk_tree_path_free(start);
    gtk_tree_path_free(end);
    return peer_filter_consecutive(shown, count, shown_query);
}

/* A character typed on the keyboard: a press then a release from the seat's keyboard on the
 * toplevel's window, handed to gtk_main_do_event as GDK hands X's keys. The first reaches the
 * focused tree view, which feeds it to its search entry's input method and, the text changed,
 * pops up the search window. That window is modal: its grab takes the next keys to its entry
 * (so the space reaches the entry, not the tree view's binding for it), whose changes search. */
static void type_key(gpointer tree, char character) {
    GtkWidget *window = gtk_widget_get_toplevel(tree);
    GdkDisplay *display = gtk_widget_get_display(window);
    guint keyval = gdk_unicode_to_keyval((guchar)character);
    GdkKeymapKey *keys = NULL;
    gint count = 0;
    gdk_keymap_get_entries_for_keyval(gdk_keymap_get_for_display(display), keyval, &keys, &count);
    const GdkEventType types[] = {GDK_KEY_PRESS, GDK_KEY_RELEASE};
    for (int i = 0; i < 2; i++) {
        GdkEvent *event = gdk_event_new(types[i]);
        event->key.window = g_object_ref(gtk_widget_get_window(window));
        event->key.send_event = TRUE;
        event->key.time = GDK_CURRENT_TIME;
        event->key.keyval = keyval;
        event->key.string = g_strndup(&character, 1);
        event->key.length = 1;
        if (count > 0) {
            event->key.hardware_keycode = (guint16)keys[0].keycode;
            event->key.group = (guint8)keys[0].group;
        }
        gdk_event_set_device(event, gdk_seat_get_keyboard(gdk_display_get_default_seat(display)));
        gtk_main_do_event(event);
        gdk_event_free(event);
    }
    g_free(keys);
}

/* The entry of the search window GtkTreeView pops up for `window`, if shown: GTK 3 keeps it to
 * itself (gtk_tree_view_get_search_entry gives only an entry the application set), a popup
 * transient for the toplevel, its entry inside a frame and a box. */
static GtkEntry *shown_search_entry(GtkWidget *window) {
    GtkEntry *entry = NULL;
    GList *toplevels = gtk_window_list_toplevels();
    for (GList *item = toplevels; item != NULL && entry == NULL; item = item->next) {
        GtkWidget *popup = item->data;
        if (popup == window || gtk_window_get_transient_for(GTK_WINDOW(popup)) != GTK_WINDOW(window) ||
            !gtk_widget_get_visible(popup))
            continue;
        GtkWidget *frame = gtk_bin_get_child(GTK_BIN(popup));
        GtkWidget *box = frame != NULL ? gtk_bin_get_child(GTK_BIN(frame)) : NULL;
        GList *children = box != NULL ? gtk_container_get_children(GTK_CONTAINER(box)) : NULL;
        if (children != NULL && GTK_IS_ENTRY(children->data))
            entry = children->data;
        g_list_free(children);
    }
    g_list_free(toplevels);
    return entry;
}

/* Whether the search window shows `query` and the cursor is on `row`. */
static gboolean search_found(gpointer tree, const char *shown_query, long row) {
    GtkEntry *entry = shown_search_entry(gtk_widget_get_toplevel(tree));
    GtkTreePath *cursor = NULL;
    gtk_tree_view_get_cursor(tree, &cursor, NULL);
    gboolean found = entry != NULL && strcmp(gtk_entry_get_text(entry), shown_query) == 0 && cursor != NULL &&
                     gtk_tree_path_get_indices(cursor)[0] == row;
    gtk_tree_path_free(cursor);
    return found;
}

/* The filter part's model. */
static GtkTreeModel *filter_model(long rows) {
    GtkListStore *store = gtk_list_store_new(1, G_TYPE_INT);
    for (long i = 0; i < rows; i++)
        gtk_list_store_insert_with_values(store, NULL, -1, 0, (int)i, -1);
    GtkTreeModel *filter = gtk_tree_model_filter_new(GTK_TREE_MODEL(store), NULL);
    gtk_tree_model_filter_set_visible_func(GTK_TREE_MODEL_FILTER(filter), row_matches, NULL, NULL);
    return filter;
}

/* The type-ahead part's model: the numbers the cell shows and, for GTK's own search equal func
 * (which compares a column's string, normalized and case-folded, by prefix), their texts. */
static GtkTreeModel *type_ahead_model(long rows) {
    GtkListStore *store = gtk_list_store_new(2, G_TYPE_INT, G_TYPE_STRING);
    for (long i = 0; i < rows; i++) {
        char text[32];
        snprintf(text, sizeof text, "row %ld", i);
        gtk_list_store_insert_with_values(store, NULL, -1, 0, (int)i, 1, text, -1);
    }
    return GTK_TREE_MODEL(store);
}

int main(int argc, char **argv) {
    gboolean filter = argc == 3 && strcmp(argv[1], "filter") == 0;
    gboolean type_ahead = argc == 3 && strcmp(argv[1], "type-ahead") == 0;
    long rows = argc == 3 ? atol(argv[2]) : 0;
    if (!(filter || (type_ahead && rows > 0)) || !gtk_init_check(&argc, &argv)) {
        fprintf(stderr, "usage: gtk3-filter-view filter|type-ahead ROWS (under an X display)\n");
        return 2;
    }
    PeerLine line = peer_line_begin("gtk3-filter-view", argv[1], rows, 170);
    peer_exit_after(170);
    GtkWidget *tree = gtk_tree_view_new();
    GtkCellRenderer *renderer = gtk_cell_renderer_text_new();
    GtkTreeViewColumn *column = gtk_tree_view_column_new();
    gtk_tree_view_column_pack_start(column, renderer, TRUE);
    gtk_tree_view_column_set_cell_data_func(column, renderer, cell_text, NULL, NULL);
    gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED);
    gtk_tree_view_column_set_fixed_width(column, PEER_WINDOW_WIDTH - 20);
    gtk_tree_view_append_column(GTK_TREE_VIEW(tree), column);
    gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(tree), TRUE);
    gtk_tree_view_set_headers_visible(GTK_TREE_VIEW(tree), FALSE);
    PeerFrames frames = {0};
    GtkWidget *window = gtk_widget_get_toplevel(peer_show_scrolled(tree, PEER_WINDOW_WIDTH, PEER_WINDOW_HEIGHT, &frames));
    /* Keys go to the window with the keyboard focus; with no window manager, none has it unless
     * asked for. */
    if (type_ahead)
        gtk_window_present(GTK_WINDOW(window));

    /* The model exists, shown, before the clock starts. */
    gtk_tree_view_set_model(GTK_TREE_VIEW(tree), filter ? filter_model(rows) : type_ahead_model(rows));
    if (type_ahead) {
        gtk_tree_view_set_enable_search(GTK_TREE_VIEW(tree), TRUE);
        gtk_tree_view_set_search_column(GTK_TREE_VIEW(tree), 1);
        while (!gtk_window_has_toplevel_focus(GTK_WINDOW(window)))
            g_main_context_iteration(NULL, TRUE);
        gtk_widget_grab_focus(tree);
        GtkTreePath *first = gtk_tree_path_new_first();
        gtk_tree_view_set_cursor(GTK_TREE_VIEW(tree), first, NULL, FALSE);
        gtk_tree_path_free(first);
    }
    gtk_widget_queue_draw(window);
    peer_wait_for_frame_within(&frames, G_MAXINT);

    if (filter)
        peer_filter_measure(&line, &frames, apply_query, shows_matches, tree);
    else {
        /* What the first frame left to do (rows to validate) is done before the clock starts. */
        peer_wait_until_idle();
        peer_type_ahead_measure(&line, &frames, rows, type_key, search_found, tree);
    }
    peer_line_print(&line);
    return 0;
}
