/*
 * GlmVirtualList: a GtkContainer and GtkScrollable whose own window is the viewport. Children
 * are the bound rows, placed by the host on every allocation in a bin window as tall as the
 * viewport and as wide as the rows: a scroll sideways moves the bin window (as GtkViewport and
 * GtkTreeView do) and leaves every row where it is. The adjustments describe the whole content,
 * which no widget or window is ever as tall as.
 */
#include "glm_virtual_list.h"
#include "glm_virtual_list_private.h"

enum {
    PROP_0,
    PROP_HADJUSTMENT,
    PROP_VADJUSTMENT,
    PROP_HSCROLL_POLICY,
    PROP_VSCROLL_POLICY,
};

G_DEFINE_TYPE_WITH_CODE(GlmVirtualList, glm_virtual_list, GTK_TYPE_CONTAINER,
                        G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

/* ---- Adjustments --------------------------------------------------------------------- */

static void vadjustment_value_changed(GtkAdjustment *adjustment, GlmVirtualList *list) {
    if (list->configuring)
        return;
    if (list->callbacks.scrolled)
        list->callbacks.scrolled(list->user_data, gtk_adjustment_get_value(adjustment));
    glm_virtual_list_queue_layout(list);
}

static gint horizontal_offset(GlmVirtualList *list) {
    if (list->content_width == 0 || list->hadjustment == NULL)
        return 0;
    return (gint)gtk_adjustment_get_value(list->hadjustment);
}

static void allocate_viewport_child(GlmVirtualList *list) {
    if (list->viewport_child == NULL)
        return;
    GdkRectangle place = list->viewport_child_place;
    place.x += horizontal_offset(list);
    glm_virtual_list_place_child(list, list->viewport_child, place.x, place.y, place.width, place.height);
}

/* The bin window: as high as the viewport, as wide as the rows, at the horizontal offset. */
static void place_bin_window(GlmVirtualList *list) {
    if (list->bin_window == NULL)
        return;
    GtkWidget *widget = GTK_WIDGET(list);
    gint width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget);
    gdk_window_move_resize(list->bin_window, -horizontal_offset(list), 0, MAX(width, list->content_width),
                           MAX(height, 1));
}

/* The pinned strip stays at the viewport's leading edge while the kept pixels shift under it:
 * its part of them is drawn again (the frozen cells, placed anew, invalidate theirs too; this
 * covers a row without a cell in a frozen column). One rectangle: O(1) per step. */
static void invalidate_pinned_strip(GlmVirtualList *list) {
    if (list->pixels == NULL || list->pinned_width <= 0)
        return;
    GtkWidget *widget = GTK_WIDGET(list);
    gint width = gtk_widget_get_allocated_width(widget);
    gint strip_width = MIN(list->pinned_width, width);
    cairo_rectangle_int_t strip = {
        .x = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? width - strip_width : 0,
        .y = 0,
        .width = strip_width,
        .height = gtk_widget_get_allocated_height(widget),
    };
    cairo_region_t *region = cairo_region_create_rectangle(&strip);
    glm_row_pixels_invalidate(list->pixels, region, 0, 0);
    cairo_region_destroy(region);
}

/* A horizontal scroll moves the bin window, at once: no row is placed again, and the kept
 * pixels move with it. Only a child kept in the viewport follows. */
static void hadjustment_value_changed(GtkAdjustment *adjustment, GlmVirtualList *list) {
    (void)adjustment;
    if (list->bin_window == NULL)
        return;
    gint old_x = 0, old_y = 0, new_x = -horizontal_offset(list);
    gdk_window_get_position(list->bin_window, &old_x, &old_y);
    gdk_window_move(list->bin_window, new_x, 0);
    glm_row_pixels_shift(list->pixels, new_x - old_x);
    invalidate_pinned_strip(list);
    allocate_viewport_child(list);
}

static void invalidate_pixels(GlmVirtualList *list) {
    if (list->pixels != NULL)
        glm_row_pixels_invalidate_all(list->pixels);
}

/* A child drew something new in the bin window: that part of the kept pixels is stale. */
static void bin_window_invalidated(GdkWindow *window, cairo_region_t *region) {
    gpointer widget = NULL;
    gdk_window_get_user_data(window, &widget);
    GlmVirtualList *list = GLM_VIRTUAL_LIST(widget);
    if (list->pixels == NULL)
        return;
    gint x = 0, y = 0;
    gdk_window_get_position(window, &x, &y);
    glm_row_pixels_invalidate(list->pixels, region, x, y);
}

static void clear_hadjustment(GlmVirtualList *list) {
    if (list->hadjustment == NULL)
        return;
    g_signal_handler_disconnect(list->hadjustment, list->hadjustment_handler);
    g_clear_object(&list->hadjustment);
}

static void set_hadjustment(GlmVirtualList *list, GtkAdjustment *adjustment) {
    if (adjustment == NULL)
        adjustment = gtk_adjustment_new(0, 0, 0, 0, 0, 0);
    if (list->hadjustment == adjustment)
        return;
    clear_hadjustment(list);
    list->hadjustment = g_object_ref_sink(adjustment);
    list->hadjustment_handler =
        g_signal_connect(list->hadjustment, "value-changed", G_CALLBACK(hadjustment_value_changed), list);
    g_object_notify(G_OBJECT(list), "hadjustment");
}

/* Sets an adjustment's geometry, telling its listeners only of what changed. GTK's
 * gtk_adjustment_configure emits "changed" even when nothing did, and the list configures its
 * adjustments on every allocation: a GtkScrolledWindow told so checks its scrollbars again, and
 * when that check disagrees with its own guess it queues a resize. While the list is allocated
 * on its own (its scroll, a change of its rows: gtk_widget_ensure_allocate, the scrolled window
 * not allocated), GTK 3 loses that resize and leaves the scrolled window marked as waiting for
 * one: no later allocation of the list reached it (a table stopped laying out after a
 * re-sort until a wheel step resized it from above). */
static void configure_adjustment(GtkAdjustment *adjustment, gdouble value, gdouble upper, gdouble step_increment,
                                 gdouble page_increment, gdouble page_size) {
    if (gtk_adjustment_get_lower(adjustment) != 0 || gtk_adjustment_get_upper(adjustment) != upper ||
        gtk_adjustment_get_step_increment(adjustment) != step_increment ||
        gtk_adjustment_get_page_increment(adjustment) != page_increment ||
        gtk_adjustment_get_page_size(adjustment) != page_size)
        gtk_adjustment_configure(adjustment, value, 0, upper, step_increment, page_increment, page_size);
    else if (gtk_adjustment_get_value(adjustment) != value)
        gtk_adjustment_set_value(adjustment, value);
}

static void configure_hadjustment(GlmVirtualList *list, gint width) {
    if (list->hadjustment == NULL)
        return;
    gdouble upper = MAX(width, list->content_width);
    gdouble value = CLAMP(gtk_adjustment_get_value(list->hadjustment), 0, upper - width);
    configure_adjustment(list->hadjustment, value, upper, width * 0.1, width * 0.9, width);
}

static void set_vadjustment(GlmVirtualList *list, GtkAdjustment *adjustment) {
    if (adjustment == NULL)
        adjustment = gtk_adjustment_new(0, 0, 0, 0, 0, 0);
    if (list->vadjustment == adjustment)
        return;
    if (list->vadjustment != NULL) {
        g_signal_handler_disconnect(list->vadjustment, list->vadjustment_handler);
        g_clear_object(&list->vadjustment);
    }
    list->vadjustment = g_object_ref_sink(adjustment);
    list->vadjustment_handler =
        g_signal_connect(list->vadjustment, "value-changed", G_CALLBACK(vadjustment_value_changed), list);
    g_object_notify(G_OBJECT(list), "vadjustment");
    gtk_widget_queue_allocate(GTK_WIDGET(list));
}

static void glm_virtual_list_set_property(GObject *object, guint property_id, const GValue *value, GParamSpec *pspec) {
    GlmVirtualList *list = GLM_VIRTUAL_LIST(object);
    switch (property_id) {
    case PROP_HADJUSTMENT:
        set_hadjustment(list, g_value_get_object(value));
        break;
    case PROP_VADJUSTMENT:
        set_vadjustment(list, g_value_get_object(value));
        break;
    case PROP_HSCROLL_POLICY:
        list->hscroll_policy = g_value_get_enum(value);
        break;
    case PROP_VSCROLL_POLICY:
        list->vscroll_policy = g_value_get_enum(value);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, property_id, pspec);
    }
}

static void glm_virtual_list_get_property(GObject *object, guint property_id, GValue *value, GParamSpec *pspec) {
    GlmVirtualList *list = GLM_VIRTUAL_LIST(object);
    switch (property_id) {
    case PROP_HADJUSTMENT:
        g_value_set_object(value, list->hadjustment);
        break;
    case PROP_VADJUSTMENT:
        g_value_set_object(value, list->vadjustment);
        break;
    case PROP_HSCROLL_POLICY:
        g_value_set_enum(value, list->hscroll_policy);
        break;
    case PROP_VSCROLL_POLICY:
        g_value_set_enum(value, list->vscroll_policy);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, property_id, pspec);
    }
}

/* ---- Life -------------------------------------------------------------------------- */

static void release_callbacks(GlmVirtualList *list) {
    if (list->destroy_user_data != NULL && list->user_data != NULL)
        list->destroy_user_data(list->user_data);
    memset(&list->callbacks, 0, sizeof list->callbacks);
    list->user_data = NULL;
    list->destroy_user_data = NULL;
}

static void glm_virtual_list_dispose(GObject *object) {
    GlmVirtualList *list = GLM_VIRTUAL_LIST(object);
    release_callbacks(list);
    if (list->accessible != NULL) {
        g_object_remove_weak_pointer(G_OBJECT(list->accessible), (gpointer *)&list->accessible);
        list->accessible = NULL;
    }
    if (list->vadjustment != NULL) {
        g_signal_handler_disconnect(list->vadjustment, list->vadjustment_handler);
        g_clear_object(&list->vadjustment);
    }
    clear_hadjustment(list);
    G_OBJECT_CLASS(glm_virtual_list_parent_class)->dispose(object);
}

static void glm_virtual_list_finalize(GObject *object) {
    g_ptr_array_unref(GLM_VIRTUAL_LIST(object)->overlays);
    G_OBJECT_CLASS(glm_virtual_list_parent_class)->finalize(object);
}

/* ---- Widget -------------------------------------------------------------------------- */

/* GtkContainer's destroy walks the children without internals, so the spare ones are destroyed
 * here: each takes the row view still inside it along (the host keeps released views parked). */
static void glm_virtual_list_destroy(GtkWidget *widget) {
    GlmVirtualList *list = GLM_VIRTUAL_LIST(widget);
    while (list->parked != NULL)
        gtk_widget_destroy(GTK_WIDGET(list->parked->data));
    GTK_WIDGET_CLASS(glm_virtual_list_parent_class)->destroy(widget);
}

void glm_realize_with_own_window(GtkWidget *widget, GdkEventMask events) {
    GtkAllocation allocation;
    gtk_widget_get_allocation(widget, &allocation);
    gtk_widget_set_realized(widget, TRUE);

    GdkWindowAttr attributes = {0};
    attributes.window_type = GDK_WINDOW_CHILD;
    attributes.x = allocation.x;
    attributes.y = allocation.y;
    attributes.width = allocation.width;
    attributes.height = allocation.height;
    attributes.wclass = GDK_INPUT_OUTPUT;
    attributes.visual = gtk_widget_get_visual(widget);
    attributes.event_mask = gtk_widget_get_events(widget) | GDK_EXPOSURE_MASK | events;
    GdkWindow *window = gdk_window_new(gtk_widget_get_parent_window(widget), &attributes,
                                       GDK_WA_X | GDK_WA_Y | GDK_WA_VISUAL);
    gtk_widget_set_window(widget, window);
    gtk_widget_register_window(widget, window);
}

static void set_parent_window(GtkWidget *child, gpointer bin_window) {
    gtk_widget_set_parent_window(child, bin_window);
}

static void glm_virtual_list_realize(GtkWidget *widget) {
    GlmVirtualList *list = GLM_VIRTUAL_LIST(widget);
    GdkEventMask events = GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK | GDK_POINTER_MOTION_MASK
                          | GDK_ENTER_NOTIFY_MASK | GDK_LEAVE_NOTIFY_MASK | GDK_SCROLL_MASK | GDK_SMOOTH_SCROLL_MASK;
    glm_realize_with_own_window(widget, events);

    GdkWindowAttr attributes = {0};
    attributes.window_type = GDK_WINDOW_CHILD;
    attributes.x = -horizontal_offset(list);
    attributes.width = MAX(gtk_widget_get_allocated_width(widget), list->content_width);
    attributes.height = MAX(gtk_widget_get_allocated_height(widget), 1);
    attributes.wclass = GDK_INPUT_OUTPUT;
    attributes.visual = gtk_widget_get_visual(widget);
    attributes.event_mask = gtk_widget_get_events(widget) | GDK_EXPOSURE_MASK | events;
    list->bin_window = gdk_window_new(gtk_widget_get_window(widget), &attributes, GDK_WA_X | GDK_WA_Y | GDK_WA_VISUAL);
    gtk_widget_register_window(widget, list->bin_window);
    gdk_window_set_invalidate_handler(list->bin_window, bin_window_invalidated);
    list->pixels = glm_row_pixels_new();
    list->ghosts = glm_row_ghosts_new();
    gdk_window_show(list->bin_window);
    gtk_container_forall(GTK_CONTAINER(widget), set_parent_window, list->bin_window);
}

static void glm_virtual_list_unrealize(GtkWidget *widget) {
    GlmVirtualList *list = GLM_VIRTUAL_LIST(widget);
    glm_virtual_list_stop_layout_watch(list);
    gtk_widget_unregister_window(widget, list->bin_window);
    gdk_window_destroy(list->bin_window);
    list->bin_window = NULL;
    g_clear_pointer(&list->pixels, glm_row_pixels_free);
    g_clear_pointer(&list->ghosts, glm_row_ghosts_free);
    GTK_WIDGET_CLASS(glm_virtual_list_parent_class)->unrealize(widget);
}

/* What the list draws itself changed: every kept pixel is stale. */
static void glm_virtual_list_style_updated(GtkWidget *widget) {
    GTK_WIDGET_CLASS(glm_virtual_list_parent_class)->style_updated(widget);
    invalidate_pixels(GLM_VIRTUAL_LIST(widget));
}

static void glm_virtual_list_state_flags_changed(GtkWidget *widget, GtkStateFlags previous) {
    GTK_WIDGET_CLASS(glm_virtual_list_parent_class)->state_flags_changed(widget, previous);
    invalidate_pixels(GLM_VIRTUAL_LIST(widget));
}

static void glm_virtual_list_size_allocate(GtkWidget *widget, GtkAllocation *allocation) {
    GlmVirtualList *list = GLM_VIRTUAL_LIST(widget);
    glm_virtual_list_layout_came(list);
    gtk_widget_set_allocation(widget, allocation);
    if (gtk_widget_get_realized(widget))
        gdk_window_move_resize(gtk_widget_get_window(widget), allocation->x, allocation->y,
                               allocation->width, allocation->height);
    configure_hadjustment(list, allocation->width);
    place_bin_window(list);
    if (list->callbacks.allocate)
        list->callbacks.allocate(list->user_data, allocation->width, allocation->height);
}

static void glm_virtual_list_get_preferred_width(GtkWidget *widget, gint *minimum, gint *natural) {
    GlmVirtualList *list = GLM_VIRTUAL_LIST(widget);
    if (list->content_width > 0) {
        /* Like GtkTreeView: a scrolled window shows its horizontal scrollbar when the
         * columns are wider than it; rows are scrolled, never squeezed. */
        *minimum = *natural = list->content_width;
        return;
    }
    gint most_minimum = 0, most_natural = 0;
    for (GList *node = list->children; node != NULL; node = node->next) {
        GtkWidget *child = node->data;
        if (!gtk_widget_get_visible(child))
            continue;
        gint child_minimum = 0, child_natural = 0;
        gtk_widget_get_preferred_width(child, &child_minimum, &child_natural);
        most_minimum = MAX(most_minimum, child_minimum);
        most_natural = MAX(most_natural, child_natural);
    }
    *minimum = most_minimum;
    *natural = most_natural;
}

static void glm_virtual_list_get_preferred_height(GtkWidget *widget, gint *minimum, gint *natural) {
    GlmVirtualList *list = GLM_VIRTUAL_LIST(widget);
    *minimum = 0;
    *natural = list->callbacks.content_height ? list->callbacks.content_height(list->user_data) : 0;
}

static void draw_child_under_overlays(GtkWidget *child, gpointer data) {
    GlmVirtualList *list = data;
    if (!GLM_IS_LIST_ROW(child) || !glm_list_row_is_overlaid(GLM_LIST_ROW(child)))
        gtk_container_propagate_draw(GTK_CONTAINER(list), child, list->drawing);
}

/* Each overlay hides what scrolls under it: the list's background first, then the child. */
static void draw_overlays(GlmVirtualList *list, cairo_t *cr) {
    GtkWidget *widget = GTK_WIDGET(list);
    GtkStyleContext *context = gtk_widget_get_style_context(widget);
    for (guint i = 0; i < list->overlays->len; i++) {
        GtkWidget *overlay = g_ptr_array_index(list->overlays, i);
        if (!gtk_widget_get_child_visible(overlay))
            continue;
        GtkAllocation allocation;
        gtk_widget_get_allocation(overlay, &allocation);
        cairo_save(cr);
        gtk_cairo_transform_to_window(cr, widget, list->bin_window);
        gtk_render_background(context, cr, allocation.x, allocation.y, allocation.width, allocation.height);
        cairo_restore(cr);
        gtk_container_propagate_draw(GTK_CONTAINER(widget), overlay, cr);
    }
}

/* What the bin window shows, in the widget's coordinates: the background, the rows, and the
 * overlays over them. */
static void draw_rows(gpointer data, cairo_t *cr) {
    GlmVirtualList *list = data;
    GtkWidget *widget = GTK_WIDGET(list);
    GtkStyleContext *context = gtk_widget_get_style_context(widget);
    gtk_render_background(context, cr, 0, 0, gtk_widget_get_allocated_width(widget),
                          gtk_widget_get_allocated_height(widget));
    if (list->ghosts != NULL && glm_row_ghosts_count(list->ghosts) > 0) {
        cairo_save(cr);
        gtk_cairo_transform_to_window(cr, widget, list->bin_window);
        glm_row_ghosts_draw(list->ghosts, cr);
        cairo_restore(cr);
    }
    if (list->overlays->len == 0) {
        GTK_WIDGET_CLASS(glm_virtual_list_parent_class)->draw(widget, cr);
        return;
    }
    list->drawing = cr;
    gtk_container_forall(GTK_CONTAINER(widget), draw_child_under_overlays, list);
    list->drawing = NULL;
    draw_overlays(list, cr);
}

/* GTK 3 draws a widget's windows in one pass; were they exposed one by one, the list's own
 * window would show only the background the bin window may leave uncovered. */
static gboolean glm_virtual_list_draw(GtkWidget *widget, cairo_t *cr) {
    GlmVirtualList *list = GLM_VIRTUAL_LIST(widget);
    gint width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget);
    if (list->bin_window == NULL || !gtk_cairo_should_draw_window(cr, list->bin_window)) {
        gtk_render_background(gtk_widget_get_style_context(widget), cr, 0, 0, width, height);
        return FALSE;
    }
    /* Rows wider than the viewport scroll sideways: draw them through the kept pixels. */
    if (list->pixels != NULL && list->content_width > width) {
        glm_row_pixels_paint(list->pixels, cr, list->bin_window, width, height, draw_rows, list);
        return FALSE;
    }
    invalidate_pixels(list);  // none kept while unused: nothing gathers stale regions
    draw_rows(list, cr);
    return FALSE;
}

static gboolean glm_virtual_list_focus(GtkWidget *widget, GtkDirectionType direction) {
    GlmVirtualList *list = GLM_VIRTUAL_LIST(widget);
    if (list->callbacks.focus)
        return list->callbacks.focus(list->user_data, direction);
    return GTK_WIDGET_CLASS(glm_virtual_list_parent_class)->focus(widget, direction);
}

/* ---- Container ----------------------------------------------------------------------- */

static void glm_virtual_list_add(GtkContainer *container, GtkWidget *child) {
    glm_virtual_list_add_child(GLM_VIRTUAL_LIST(container), child);
}

static void glm_virtual_list_remove(GtkContainer *container, GtkWidget *child) {
    glm_virtual_list_remove_child(GLM_VIRTUAL_LIST(container), child);
}

static void glm_virtual_list_forall(GtkContainer *container, gboolean include_internals, GtkCallback callback,
                                    gpointer callback_data) {
    GlmVirtualList *list = GLM_VIRTUAL_LIST(container);
    /* Spare children are internal: GTK's own walks see them, gtk_container_get_children not.
     * The callback may remove the child it gets: walk a copy. */
    GList *children = g_list_copy(list->children);
    if (include_internals)
        children = g_list_concat(children, g_list_copy(list->parked));
    for (GList *node = children; node != NULL; node = node->next)
        callback(node->data, callback_data);
    g_list_free(children);
}

static void glm_virtual_list_class_init(GlmVirtualListClass *class) {
    GObjectClass *object_class = G_OBJECT_CLASS(class);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
    GtkContainerClass *container_class = GTK_CONTAINER_CLASS(class);

    object_class->set_property = glm_virtual_list_set_property;
    object_class->get_property = glm_virtual_list_get_property;
    object_class->dispose = glm_virtual_list_dispose;
    object_class->finalize = glm_virtual_list_finalize;

    widget_class->destroy = glm_virtual_list_destroy;
    widget_class->realize = glm_virtual_list_realize;
    widget_class->unrealize = glm_virtual_list_unrealize;
    widget_class->style_updated = glm_virtual_list_style_updated;
    widget_class->state_flags_changed = glm_virtual_list_state_flags_changed;
    widget_class->size_allocate = glm_virtual_list_size_allocate;
    widget_class->get_preferred_width = glm_virtual_list_get_preferred_width;
    widget_class->get_preferred_height = glm_virtual_list_get_preferred_height;
    widget_class->draw = glm_virtual_list_draw;
    widget_class->focus = glm_virtual_list_focus;

    container_class->add = glm_virtual_list_add;
    container_class->remove = glm_virtual_list_remove;
    container_class->forall = glm_virtual_list_forall;

    g_object_class_override_property(object_class, PROP_HADJUSTMENT, "hadjustment");
    g_object_class_override_property(object_class, PROP_VADJUSTMENT, "vadjustment");
    g_object_class_override_property(object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
    g_object_class_override_property(object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

    /* Styled like a list box: themes give "list" its background and "list > row" its states. */
    gtk_widget_class_set_css_name(widget_class, "list");
    gtk_widget_class_set_accessible_type(widget_class, GLM_TYPE_VIRTUAL_LIST_ACCESSIBLE);
    gtk_widget_class_set_accessible_role(widget_class, ATK_ROLE_LIST);
}

static void glm_virtual_list_init(GlmVirtualList *list) {
    list->overlays = g_ptr_array_new();
    gtk_widget_set_has_window(GTK_WIDGET(list), TRUE);
    gtk_widget_set_redraw_on_allocate(GTK_WIDGET(list), FALSE);
    set_hadjustment(list, NULL);
    set_vadjustment(list, NULL);
}

/* ---- Public ------------------------------------------------------------------------- */

GtkWidget *glm_virtual_list_new(void) {
    return g_object_new(GLM_TYPE_VIRTUAL_LIST, NULL);
}

void glm_virtual_list_set_callbacks(GlmVirtualList *list, const GlmVirtualListCallbacks *callbacks,
                                    gpointer user_data, GDestroyNotify destroy) {
    release_callbacks(list);
    if (callbacks != NULL)
        list->callbacks = *callbacks;
    list->user_data = user_data;
    list->destroy_user_data = destroy;
    gtk_widget_queue_resize(GTK_WIDGET(list));
}

void glm_virtual_list_place_child_in_viewport(GlmVirtualList *list, GtkWidget *child, gint x, gint y, gint width,
                                             gint height) {
    list->viewport_child = child;
    list->viewport_child_place = (GdkRectangle){.x = x, .y = y, .width = width, .height = height};
    allocate_viewport_child(list);
}

void glm_virtual_list_set_overlay_child(GlmVirtualList *list, GtkWidget *child) {
    glm_virtual_list_set_overlay_children(list, &child, child != NULL ? 1 : 0);
}

void glm_virtual_list_set_overlay_children(GlmVirtualList *list, GtkWidget *const *children, guint count) {
    GPtrArray *overlays = list->overlays;
    gboolean same = overlays->len == count;
    for (guint i = 0; same && i < count; i++)
        same = g_ptr_array_index(overlays, i) == children[i];
    if (same)
        return;
    for (guint i = 0; i < overlays->len; i++)
        glm_list_row_set_overlaid(GLM_LIST_ROW(g_ptr_array_index(overlays, i)), FALSE);
    g_ptr_array_set_size(overlays, 0);
    for (guint i = 0; i < count; i++) {
        g_return_if_fail(GLM_IS_LIST_ROW(children[i]));
        glm_list_row_set_overlaid(GLM_LIST_ROW(children[i]), TRUE);
        g_ptr_array_add(overlays, children[i]);
    }
    invalidate_pixels(list);
    gtk_widget_queue_draw(GTK_WIDGET(list));
}

void glm_virtual_list_forget_overlay(GlmVirtualList *list, GtkWidget *child) {
    if (list->overlays != NULL && g_ptr_array_remove(list->overlays, child))
        glm_list_row_set_overlaid(GLM_LIST_ROW(child), FALSE);
}

GtkAdjustment *glm_virtual_list_get_vadjustment(GlmVirtualList *list) {
    return list->vadjustment;
}

void glm_virtual_list_configure_vadjustment(GlmVirtualList *list, gdouble value, gdouble upper, gdouble page_size) {
    if (list->vadjustment == NULL)
        return;
    list->configuring = TRUE;
    configure_adjustment(list->vadjustment, value, upper, MAX(page_size * 0.1, 1), MAX(page_size * 0.9, 1), page_size);
    list->configuring = FALSE;
}

void glm_virtual_list_set_content_width(GlmVirtualList *list, gint width) {
    width = MAX(width, 0);
    if (list->content_width == width)
        return;
    list->content_width = width;
    configure_hadjustment(list, gtk_widget_get_allocated_width(GTK_WIDGET(list)));
    place_bin_window(list);
    invalidate_pixels(list);
    gtk_widget_queue_resize(GTK_WIDGET(list));
}

void glm_virtual_list_set_pinned_width(GlmVirtualList *list, gint width) {
    width = MAX(width, 0);
    if (list->pinned_width == width)
        return;
    list->pinned_width = width;
    invalidate_pixels(list);
    gtk_widget_queue_draw(GTK_WIDGET(list));
}

gint glm_virtual_list_get_pinned_width(GlmVirtualList *list) {
    return list->pinned_width;
}
