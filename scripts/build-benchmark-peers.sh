#!/usr/bin/env bash
# Builds the big-list, big-grid, big-tree, big-table and big-filter benchmarks' C peers
# (Benchmarks/Peers): GTK 3's GtkTreeView over a list store, over a tree store, with 20 columns
# and over a GtkTreeModelFilter, GTK 4's GtkListView, GtkGridView, GtkListView over a
# GtkTreeListModel, GtkColumnView and GtkListView over a GtkFilterListModel, measured the same way
# as the virtualized host. The two 20-column peers also sort a text column by header
# (`gtk3-tree-table text-sort …`, `gtk4-column-view text-sort …`, peer_table_sort.h), and
# two more show 20 columns of mixed cells (`gtk3-tree-table-cells`, `gtk4-column-view-cells`,
# peer_table_cells.h). The PostgreSQL benchmark's two peers read a server's table with libpq:
# `gtk3-pg-list-store` (every row in a GtkListStore) and `gtk3-pg-offset` (pages read by
# LIMIT/OFFSET as the view scrolls), peer_pg.h. The update storm's two peers change 100,000 rows
# a second: `gtk3-update-storm` (a GtkListStore) and `gtk4-update-storm` (a GListStore of
# objects), peer_update_storm.h.
# Installs libgtk-4-dev and libpq-dev with apt-get when missing. Usage: scripts/build-benchmark-peers.sh [FOLDER]
# (default .build/peers).
set -euo pipefail

folder=${1:-.build/peers}
sources=$(cd "$(dirname "$0")/../Benchmarks/Peers" && pwd)

# Installs the Debian package `$2` when pkg-config does not know `$1`.
install_missing() {
    local module=$1 package=$2
    pkg-config --exists "$module" 2>/dev/null && return 0
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "build-benchmark-peers: $module headers missing and apt-get not available" >&2
        exit 1
    fi
    local sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    echo "build-benchmark-peers: installing $package"
    "${sudo[@]}" apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$package"
}
install_missing gtk4 libgtk-4-dev
install_missing libpq libpq-dev

mkdir -p "$folder"
build() {
    local program=$1 source=$2 package=$3
    # Rebuilt when the program is older than its source or any shared header.
    local header
    for header in "$sources/$source" "$sources"/*.h; do
        [ "$folder/$program" -nt "$header" ] || { compile "$@"; return; }
    done
}
compile() {
    local program=$1 source=$2 package=$3
    # shellcheck disable=SC2046
    cc -O2 -Wall -Wextra -Werror "$sources/$source" -o "$folder/$program" $(pkg-config --cflags --libs "$package") -lm
}
build gtk3-tree-view gtk3_tree_view.c gtk+-3.0
build gtk4-list-view gtk4_list_view.c gtk4
build gtk4-grid-view gtk4_grid_view.c gtk4
build gtk3-tree-store gtk3_tree_store.c gtk+-3.0
build gtk4-tree-list gtk4_tree_list.c gtk4
build gtk3-tree-table gtk3_tree_table.c gtk+-3.0
build gtk4-column-view gtk4_column_view.c gtk4
build gtk3-filter-view gtk3_filter_view.c gtk+-3.0
build gtk4-filter-list gtk4_filter_list.c gtk4
build gtk3-tree-table-cells gtk3_tree_table_cells.c gtk+-3.0
build gtk4-column-view-cells gtk4_column_view_cells.c gtk4
build gtk3-pg-list-store gtk3_pg_list_store.c "gtk+-3.0 libpq"
build gtk3-pg-offset gtk3_pg_offset.c "gtk+-3.0 libpq"
build gtk3-update-storm gtk3_update_storm.c gtk+-3.0
build gtk4-update-storm gtk4_update_storm.c gtk4
echo "$folder/gtk3-tree-view $folder/gtk4-list-view $folder/gtk4-grid-view $folder/gtk3-tree-store $folder/gtk4-tree-list $folder/gtk3-tree-table $folder/gtk4-column-view $folder/gtk3-filter-view $folder/gtk4-filter-list $folder/gtk3-tree-table-cells $folder/gtk4-column-view-cells $folder/gtk3-pg-list-store $folder/gtk3-pg-offset $folder/gtk3-update-storm $folder/gtk4-update-storm"
