/* The update-storm benchmark's GTK 4 peer: GtkColumnView over a GListStore of StormRow objects
 * with 8 int properties, each column's cells labels bound to their property by a property
 * expression (gtk_expression_bind on the list item's item, the idiomatic GTK 4 binding: a
 * label follows its item's notify signal, and shows the int as GValue transforms it). A row
 * update sets the object's 8 values and notifies each by its GParamSpec, under one
 * freeze_notify, as a GObject's setter does.
 *
 * Sorted: a GtkSortListModel between the store and the view, sorted by the view's sorter, column
 * 0 sorted by a GtkNumericSorter on "key" (gtk_column_view_sort_by_column, what a header click
 * does). A sort model does not watch its items' properties, so each tick tells it which items
 * changed the one way GListModel has: the store splices the tick's objects in again
 * (g_list_store_splice over their range, the same objects), and the sort model places them anew.
 *
 * What the visible rows show is read from the labels GTK drew: every mapped label of the view
 * inside its viewport, grouped into rows by where they are, in column order.
 *
 * Usage: `gtk4-update-storm unsorted|sorted WARM_UP_S MEASURED_S LIMIT_S` (peer_update_storm.h;
 * GSK_RENDERER picks the renderer). */
#include "peer_update_storm.h"

#define STORM_TYPE_ROW (storm_row_get_type())
G_DECLARE_FINAL_TYPE(StormRow, storm_row, STORM, ROW, GObject)

struct _StormRow {
    GObject parent_instance;
    int values[STORM_COLUMNS];
};

G_DEFINE_TYPE(StormRow, storm_row, G_TYPE_OBJECT)

/* Properties 1–8: column 0's "key", then "v1" … "v7". */
static GParamSpec *row_properties[STORM_COLUMNS + 1];

static void storm_row_get_property(GObject *object, guint id, GValue *value, GParamSpec *spec) {
    if (id >= 1 && id <= STORM_COLUMNS)
        g_value_set_int(value, STORM_ROW(object)->values[id - 1]);
    else
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
}

static void storm_row_class_init(StormRowClass *class) {
    G_OBJECT_CLASS(class)->get_property = storm_row_get_property;
    for (int c = 0; c < STORM_COLUMNS; c++) {
        char name[STORM_TEXT_SIZE];
        snprintf(name, sizeof name, c == 0 ? "key" : "v%d", c);
        row_properties[c + 1] = g_param_spec_int(g_intern_string(name), NULL, NULL, 0, G_MAXINT, 0,
                                                 G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
    }
    g_object_class_install_properties(G_OBJECT_CLASS(class), STORM_COLUMNS + 1, row_properties);
}

static void storm_row_init(StormRow *row) { (void)row; }

/* Row `id` at `version`: every value set, each change notified. */
static void storm_row_update(StormRow *row, int id, int version) {
    g_object_freeze_notify(G_OBJECT(row));
    for (int c = 0; c < STORM_COLUMNS; c++) {
        int value = storm_column_value(id, c, version);
        if (row->values[c] != value) {
            row->values[c] = value;
            g_object_notify_by_pspec(G_OBJECT(row), row_properties[c + 1]);
        }
    }
    g_object_thaw_notify(G_OBJECT(row));
}

typedef struct {
    GListStore *store;
    StormRow *rows[STORM_ROWS];
    gboolean sorted;
    GtkWidget *view;
    GtkWidget *scrolled;
} StormSide;

static void apply(gpointer data, int first, int count, const int *versions) {
    StormSide *side = data;
    for (int id = first; id < first + count; id++)
        storm_row_update(side->rows[id], id, versions[id]);
    if (side->sorted)
        g_list_store_splice(side->store, first, count, (gpointer *)&side->rows[first], count);
}

/* A cell: a label bound to its column's property of the list item's item. */
static void setup_cell(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer property) {
    (void)factory;
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_list_item_set_child(item, label);
    GtkExpression *row = gtk_property_expression_new(GTK_TYPE_LIST_ITEM, NULL, "item");
    gtk_expression_bind(gtk_property_expression_new(STORM_TYPE_ROW, row, property), label, "label", item);
}

/* A label read: its row's top, its left and its text. */
typedef struct {
    double y, x;
    const char *text;
} ShownLabel;

static int compare_labels(const void *a, const void *b) {
    const ShownLabel *left = a, *right = b;
    if (left->y != right->y)
        return left->y < right->y ? -1 : 1;
    return left->x < right->x ? -1 : left->x > right->x;
}

/* Every mapped label under `widget` within the viewport's rows (below the headers). */
static void collect_labels(StormSide *side, GtkWidget *widget, double top, double bottom, GArray *labels) {
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_get_mapped(child))
            continue;
        if (!GTK_IS_LABEL(child)) {
            collect_labels(side, child, top, bottom, labels);
            continue;
        }
        graphene_rect_t bounds, row;
        /* A cell's row: the label's grandparent (label → cell → row). */
        GtkWidget *row_widget = gtk_widget_get_parent(gtk_widget_get_parent(child));
        if (!gtk_widget_compute_bounds(child, side->scrolled, &bounds) ||
            !gtk_widget_compute_bounds(row_widget, side->scrolled, &row))
            continue;
        if (bounds.origin.y + bounds.size.height <= top || bounds.origin.y >= bottom)
            continue;
        ShownLabel label = {row.origin.y, bounds.origin.x, gtk_label_get_text(GTK_LABEL(child))};
        g_array_append_val(labels, label);
    }
}

static void read_shown(gpointer data, StormCheck *check) {
    StormSide *side = data;
    GtkAdjustment *vertical = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(side->view));
    double bottom = gtk_widget_get_height(side->scrolled);
    double top = gtk_widget_get_height(side->view) - gtk_adjustment_get_page_size(vertical);
    GArray *labels = g_array_new(FALSE, FALSE, sizeof(ShownLabel));
    /* The header's titles are labels too: only the list's rows, below them, count. */
    collect_labels(side, side->view, top, bottom, labels);
    g_array_sort(labels, compare_labels);
    for (guint i = 0; i < labels->len;) {
        const char *texts[STORM_COLUMNS] = {0};
        double y = g_array_index(labels, ShownLabel, i).y;
        for (int c = 0; i < labels->len && g_array_index(labels, ShownLabel, i).y == y; i++, c++)
            if (c < STORM_COLUMNS)
                texts[c] = g_array_index(labels, ShownLabel, i).text;
        storm_check_row(check, texts);
    }
    g_array_free(labels, TRUE);
}

int main(int argc, char **argv) {
    gboolean sorted;
    double warm_up_s, measured_s;
    unsigned limit_s;
    if (!storm_arguments(argc, argv, &sorted, &warm_up_s, &measured_s, &limit_s) || !gtk_init_check()) {
        fprintf(stderr, "usage: gtk4-update-storm unsorted|sorted WARM_UP_S MEASURED_S LIMIT_S (under a display)\n");
        return 2;
    }
    PeerLine line = peer_line_begin("gtk4-column-view", argv[1], STORM_ROWS, limit_s);
    peer_exit_after(limit_s);

    static StormSide side;
    side.sorted = sorted;
    side.store = g_list_store_new(STORM_TYPE_ROW);
    for (int id = 0; id < STORM_ROWS; id++) {
        side.rows[id] = g_object_new(STORM_TYPE_ROW, NULL);
        for (int c = 0; c < STORM_COLUMNS; c++)
            side.rows[id]->values[c] = storm_column_value(id, c, 0);
    }
    g_list_store_splice(side.store, 0, 0, (gpointer *)side.rows, STORM_ROWS);

    side.view = gtk_column_view_new(NULL);
    GtkColumnViewColumn *key_column = NULL;
    for (int c = 0; c < STORM_COLUMNS; c++) {
        const char *property = row_properties[c + 1]->name;
        GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
        g_signal_connect(factory, "setup", G_CALLBACK(setup_cell), (gpointer)property);
        char title[STORM_TEXT_SIZE];
        snprintf(title, sizeof title, c == 0 ? "Key" : "V%d", c);
        GtkColumnViewColumn *column = gtk_column_view_column_new(title, factory);
        gtk_column_view_column_set_fixed_width(column, STORM_COLUMN_WIDTH);
        if (c == 0) {
            GtkExpression *key = gtk_property_expression_new(STORM_TYPE_ROW, NULL, "key");
            GtkSorter *sorter = GTK_SORTER(gtk_numeric_sorter_new(key));
            gtk_column_view_column_set_sorter(column, sorter);
            g_object_unref(sorter);
            key_column = column;
        }
        gtk_column_view_append_column(GTK_COLUMN_VIEW(side.view), column);
        g_object_unref(column);
    }
    GListModel *rows = G_LIST_MODEL(side.store);
    if (sorted) {
        GtkSorter *sorter = g_object_ref(gtk_column_view_get_sorter(GTK_COLUMN_VIEW(side.view)));
        rows = G_LIST_MODEL(gtk_sort_list_model_new(rows, sorter));
        gtk_column_view_sort_by_column(GTK_COLUMN_VIEW(side.view), key_column, GTK_SORT_ASCENDING);
    }
    gtk_column_view_set_model(GTK_COLUMN_VIEW(side.view), GTK_SELECTION_MODEL(gtk_no_selection_new(rows)));

    PeerFrames shown = {0};
    side.scrolled = peer_show_scrolled(side.view, STORM_WIDTH, STORM_HEIGHT, &shown);
    static StormProducer producer;
    StormFrames frames = {.producer = &producer, .read_shown = read_shown, .side = &side, .sorted = sorted};
    storm_start(&producer, apply, &side);
    storm_measure(&line, &producer, &frames, GTK_WIDGET(gtk_widget_get_root(side.view)), warm_up_s, measured_s);
    return 0;
}
