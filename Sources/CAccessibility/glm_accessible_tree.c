/*
 * A list showing a tree, to screen readers: a "tree" of "tree item"s (a table over it is a tree
 * table), whose rows offer GtkTreeView's actions through AtkAction: "expand or contract" on a
 * row with children, then "activate" on every row; the cells of a tree table's row offer its
 * row's. The actions are performed by the actor set with the tree (glm_accessible_set_tree()).
 */
#include <gtk/gtk.h>
#include <gtk/gtk-a11y.h>
#include "glm_accessibility.h"
#include "glm_accessibility_private.h"

typedef struct {
    GlmAccessibleRowActor act;
    gpointer user_data;
    GDestroyNotify destroy;
} Tree;

static GQuark tree_quark(void) {
    return g_quark_from_static_string("glm-accessible-tree");
}

static void tree_free(gpointer data) {
    Tree *tree = data;
    if (tree->destroy != NULL)
        tree->destroy(tree->user_data);
    g_free(tree);
}

void glm_accessible_set_tree(GtkWidget *list, GlmAccessibleRowActor act, gpointer user_data, GDestroyNotify destroy) {
    gboolean was_tree = g_object_get_qdata(G_OBJECT(list), tree_quark()) != NULL;
    Tree *tree = NULL;
    if (act != NULL) {
        tree = g_new(Tree, 1);
        *tree = (Tree){act, user_data, destroy};
    } else if (destroy != NULL) {
        destroy(user_data);
    }
    g_object_set_qdata_full(G_OBJECT(list), tree_quark(), tree, tree_free);
    // A reader that read the list before hears what it is now.
    if (was_tree != (tree != NULL))
        g_object_notify(G_OBJECT(gtk_widget_get_accessible(list)), "accessible-role");
}

gint glm_accessible_list_role(GtkWidget *list) {
    gint table_role = glm_accessible_table_role(list);
    if (table_role != ATK_ROLE_INVALID)
        return table_role;
    return list != NULL && g_object_get_qdata(G_OBJECT(list), tree_quark()) != NULL ? ATK_ROLE_TREE : ATK_ROLE_INVALID;
}

/* The tree the row widget `row` is in: its nearest container that shows one. */
static Tree *tree_of_row(GtkWidget *row) {
    for (GtkWidget *widget = row != NULL ? gtk_widget_get_parent(row) : NULL; widget != NULL;
         widget = gtk_widget_get_parent(widget)) {
        Tree *tree = g_object_get_qdata(G_OBJECT(widget), tree_quark());
        if (tree != NULL)
            return tree;
    }
    return NULL;
}

/* ---- The actions ------------------------------------------------------------------------ */

typedef struct {
    GlmAccessibleRowAction action;
    const gchar *name;
    const gchar *description;
} ActionInfo;

static const ActionInfo expand_or_contract = {GLM_ACCESSIBLE_ROW_ACTION_EXPAND_OR_CONTRACT, "expand or contract",
                                              "Opens the row to show its children, or closes it"};
static const ActionInfo activate = {GLM_ACCESSIBLE_ROW_ACTION_ACTIVATE, "activate", "Activates the row"};

/* The row widget an action of `object` (a row's accessible or a table cell's) acts on. */
static GtkWidget *row_widget_for(AtkAction *object) {
    GtkWidget *cell_row = glm_table_cell_accessible_row_widget(ATK_OBJECT(object));
    if (cell_row != NULL)
        return cell_row;
    return GTK_IS_ACCESSIBLE(object) ? gtk_accessible_get_widget(GTK_ACCESSIBLE(object)) : NULL;
}

/* The actions of the row, in order, and their number: none outside a tree or for a header. */
static gint row_actions(AtkAction *object, const ActionInfo *actions[2], Tree **tree, GtkWidget **row_widget) {
    *row_widget = row_widget_for(object);
    *tree = tree_of_row(*row_widget);
    GlmAccessibleRow row;
    if (*tree == NULL || !glm_accessible_describe_row(*row_widget, &row))
        return 0;
    g_free(row.name);
    if (row.kind != GLM_ACCESSIBLE_ROW_ITEM || row.level < 0)
        return 0;
    gint count = 0;
    if (row.expandable)
        actions[count++] = &expand_or_contract;
    actions[count++] = &activate;
    return count;
}

static const ActionInfo *action_at(AtkAction *object, gint index, Tree **tree, GtkWidget **row_widget) {
    const ActionInfo *actions[2];
    gint count = row_actions(object, actions, tree, row_widget);
    return index >= 0 && index < count ? actions[index] : NULL;
}

static gint action_get_n_actions(AtkAction *object) {
    const ActionInfo *actions[2];
    Tree *tree;
    GtkWidget *row_widget;
    return row_actions(object, actions, &tree, &row_widget);
}

static const gchar *action_get_name(AtkAction *object, gint index) {
    Tree *tree;
    GtkWidget *row_widget;
    const ActionInfo *info = action_at(object, index, &tree, &row_widget);
    return info != NULL ? info->name : NULL;
}

static const gchar *action_get_description(AtkAction *object, gint index) {
    Tree *tree;
    GtkWidget *row_widget;
    const ActionInfo *info = action_at(object, index, &tree, &row_widget);
    return info != NULL ? info->description : NULL;
}

static gboolean action_do_action(AtkAction *object, gint index) {
    Tree *tree;
    GtkWidget *row_widget;
    const ActionInfo *info = action_at(object, index, &tree, &row_widget);
    return info != NULL && tree->act(row_widget, info->action, tree->user_data);
}

void glm_accessible_tree_action_interface_init(AtkActionIface *iface) {
    iface->get_n_actions = action_get_n_actions;
    iface->get_name = action_get_name;
    iface->get_description = action_get_description;
    iface->do_action = action_do_action;
}
