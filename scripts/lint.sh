#!/usr/bin/env bash
# `make lint`: the Swift sources against .swift-format (swift-format, in the toolchain), the
# host rule (a widget's calls only in its host's folder), no Swift file over 400 lines, the
# sample viewer's desktop entry and AppStream metadata (desktop-file-validate, appstreamcli).
# Installs desktop-file-utils and appstream with apt-get when missing. Fails on any finding.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

missing=()
command -v desktop-file-validate >/dev/null 2>&1 || missing+=(desktop-file-utils)
command -v appstreamcli >/dev/null 2>&1 || missing+=(appstream)
if [ ${#missing[@]} -gt 0 ]; then
    sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    echo "lint: installing ${missing[*]}"
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

swift=${SWIFT:-swift}
"$swift" format lint --strict --recursive --parallel Package.swift Plugins Sources Tests Benchmarks Examples Fuzz
echo "lint: Swift sources follow .swift-format"

# The host rule (PRODUCT.md §2): a widget's own calls only in its host's folder, and no event
# or declarative code reading the updater (they read the list through the manager and the host).
host_rule() {
    local pattern=$1 folder=$2 found
    found=$(grep -rnE "$pattern" Sources --include='*.swift' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' \
        | grep -v "^$folder/" || true)
    if [ -n "$found" ]; then
        echo "lint: $pattern outside $folder (the host rule):" >&2
        echo "$found" >&2
        return 1
    fi
}
host_rule 'gtk_list_box_[a-z_]+' Sources/GtkListManager/Hosts/ListBox
host_rule 'gtk_flow_box_[a-z_]+' Sources/GtkListManager/Hosts/FlowBox
host_rule 'glm_(virtual_list|list_row)_[a-z_]+' Sources/GtkListManager/Hosts/Virtual
# The table's own widgets (its row of cells, its text, toggle, icon, progress and spinner cells, its
# header row) are the table's.
host_rule 'glm_(table_row|text_cell|toggle_cell|icon_cell|progress_cell|spinner_cell|table_header)_[a-z_]+' Sources/GtkListManager/Tables
updater_reads=$(grep -rnE '\bupdater\.' Sources/GtkListManager/Events Sources/GtkListManager/Declarative --include='*.swift' || true)
if [ -n "$updater_reads" ]; then
    echo "lint: events and declarative rows read the updater (use the manager's layout API):" >&2
    echo "$updater_reads" >&2
    exit 1
fi
echo "lint: widget calls stay in their hosts; events and declarative rows never read the updater"

# The feature seam (CONTRIBUTING, Features): a feature plugs into a list through ListFeature, so
# no file outside a feature's folder names a type declared in it, and a table reaches the list
# only through the manager (never its updater, its factory or its host).
feature_rule() {
    local folder=Sources/GtkListManager/$1 types found
    types=$(grep -rhoE '^(@MainActor[[:space:]]+)?(public[[:space:]]+|internal[[:space:]]+)?(final[[:space:]]+)?(class|struct|enum|protocol|actor)[[:space:]]+[A-Z][A-Za-z0-9]*' \
        "$folder" --include='*.swift' | awk '{print $NF}' | sort -u | paste -sd '|')
    [ -n "$types" ] || return 0
    found=$(grep -rnwE "$types" Sources --include='*.swift' | grep -v "^$folder/" || true)
    if [ -n "$found" ]; then
        echo "lint: a type of $1 named outside it (plug it in through ListFeature):" >&2
        echo "$found" >&2
        return 1
    fi
}
for feature in Tables Events/Find Events/Editing/InPlace Events/Outline; do feature_rule "$feature"; done
table_reach=$(grep -rnE '\b(updater|factory)\b|\bhost\.|\.host\b' Sources/GtkListManager/Tables --include='*.swift' \
    | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
if [ -n "$table_reach" ]; then
    echo "lint: the table reaches past the manager (use the manager's layout and host requests):" >&2
    echo "$table_reach" >&2
    exit 1
fi
echo "lint: features are named only in their folders; the table reaches the list only through the manager"

# One concept per file: no Swift source over 400 lines.
long_files=$(find Package.swift Plugins Sources Tests Benchmarks Examples Fuzz -name '*.swift' -not -path '*/.build/*' \
    -exec awk 'END { if (NR > 400) print FILENAME ": " NR " lines" }' {} \;)
if [ -n "$long_files" ]; then
    echo "lint: Swift sources over 400 lines (split them by concept):" >&2
    echo "$long_files" >&2
    exit 1
fi
echo "lint: no Swift source over 400 lines"

desktop-file-validate Resources/PackageViewer/*.desktop
appstreamcli validate --no-net Resources/PackageViewer/*.metainfo.xml
echo "lint: desktop entry and AppStream metadata valid"
