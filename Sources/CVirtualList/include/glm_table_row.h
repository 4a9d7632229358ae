/*
 * GlmTableRow: the widget a table row's cells sit in. Each cell has a column's place, a start
 * (from the leading edge: mirrored right to left) and a width; the row is as wide as the
 * columns together and as high as its tallest cell. The host scrolls the row sideways, and the
 * table binds cells only for the columns on screen, so a row holds a few of its cells.
 *
 * GlmTableHeaderRow: the same for the column headers (CSS node "header").
 *
 * GlmTableHeader: the strip that shows a header row pinned above a table (CSS node "treeview"
 * with the style class "view", so themes draw "treeview.view header button" as they draw
 * GtkTreeView's headers). It clips the row and scrolls it with a horizontal adjustment, the
 * one that scrolls the table's rows.
 */
#ifndef GLM_TABLE_ROW_H
#define GLM_TABLE_ROW_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define GLM_TYPE_TABLE_ROW (glm_table_row_get_type())
G_DECLARE_DERIVABLE_TYPE(GlmTableRow, glm_table_row, GLM, TABLE_ROW, GtkContainer)

struct _GlmTableRowClass {
    GtkContainerClass parent_class;
};

/** A new row without cells (CSS node "cells"). */
GtkWidget *glm_table_row_new(void);

/** Makes `cell` a cell of the row (adding it when it is not one yet, showing it again when it
 *  was parked), `start` pixels from the row's leading edge and `width` pixels wide. */
void glm_table_row_place_cell(GlmTableRow *row, GtkWidget *cell, gint start, gint width);

/** As glm_table_row_place_cell; a `pinned` cell (a frozen column's) is placed at `start` plus
 *  the row's pinned offset, so it stays at the viewport's leading edge while the row scrolls,
 *  and is drawn last, over the strip's opaque background (glm_table_row_set_pinned_strip). */
void glm_table_row_place_cell_pinned(GlmTableRow *row, GtkWidget *cell, gint start, gint width, gboolean pinned);

/** The pinned strip of a row scrolled `offset` pixels from its leading edge: its pinned cells
 *  move by `offset` (O(pinned cells)), and the row draws `width` pixels at the viewport's
 *  leading edge (the right one right to left) opaque, its pinned cells on them, over its
 *  scrolled cells. `width` 0: no strip. */
void glm_table_row_set_pinned_strip(GlmTableRow *row, gint offset, gint width);

/** Places `widget` (an editor) over the row's cells, `start` pixels from its leading edge and
 *  `width` pixels wide, as high as the row: it is drawn over the cells (added after them) and
 *  never measured, so the row keeps its height. `pinned`: over a frozen column's cell, it
 *  moves with the pinned strip's offset as that cell does. Take it out with
 *  glm_table_row_remove_cell. */
void glm_table_row_place_overlay(GlmTableRow *row, GtkWidget *widget, gint start, gint width, gboolean pinned);

/** Takes `cell` out of the row. */
void glm_table_row_remove_cell(GlmTableRow *row, GtkWidget *cell);

/** Keeps `cell` in the row, hidden (not mapped, measured or placed), so a column that comes
 *  into view later takes it without parenting and realizing a cell; place it to show it. */
void glm_table_row_park_cell(GlmTableRow *row, GtkWidget *cell);

/** The width the row asks for: all its columns. */
void glm_table_row_set_content_width(GlmTableRow *row, gint width);
/* While `keep` is on (a scroll sideways binding cells to other columns), the texts the row's
 * text cells let go of stay shaped in the row for a cell that shows them again; a text cell
 * takes a text shaped there whenever the row has it (glm_shaped_texts.c). */
void glm_table_row_keep_shaped_texts(GlmTableRow *row, gboolean keep);
/* Lets go of the texts kept: the row shows another model (or the same, changed). */
void glm_table_row_forget_shaped_texts(GlmTableRow *row);

/** The row's hidden toggle cell (CSS node "check", or "radio" when `radio`) that the row's
 *  toggle cells draw their indicators under, made on first call: a node that never moves, so
 *  GTK keeps the indicator styles computed under it while cells move from row to row (GTK
 *  drops a node's cache of its children's styles when the node moves; CONTRIBUTING, Hot
 *  paths: 21). It takes the row's state (backdrop, insensitive), direction and scale. */
GtkWidget *glm_table_row_get_indicator_node(GlmTableRow *row, gboolean radio);

#define GLM_TYPE_TABLE_HEADER_ROW (glm_table_header_row_get_type())
G_DECLARE_FINAL_TYPE(GlmTableHeaderRow, glm_table_header_row, GLM, TABLE_HEADER_ROW, GlmTableRow)

/** A new header row (CSS node "header"), for a GlmTableHeader. */
GtkWidget *glm_table_header_row_new(void);

#define GLM_TYPE_TABLE_HEADER (glm_table_header_get_type())
G_DECLARE_FINAL_TYPE(GlmTableHeader, glm_table_header, GLM, TABLE_HEADER, GtkBin)

/** A new header strip; give it a GlmTableHeaderRow with gtk_container_add. */
GtkWidget *glm_table_header_new(void);

/** Scrolls the header row with `adjustment` (its value and upper bound: the rows' scroll and
 *  width), or keeps it at the start when NULL. */
void glm_table_header_set_adjustment(GlmTableHeader *header, GtkAdjustment *adjustment);
/** Starts the header row where `rows` (the widget showing the rows: the scrolled window's
 *  child) starts, kept current as it is allocated: a scrollbar beside the rows, on their left
 *  right to left, is left out. */
void glm_table_header_set_rows(GlmTableHeader *header, GtkWidget *rows);

G_END_DECLS

#endif /* GLM_TABLE_ROW_H */
