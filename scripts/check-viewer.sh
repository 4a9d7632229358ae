#!/usr/bin/env bash
# End-to-end checks of the sample viewer, run by `make test` after `swift test`:
#  1. the dpkg parser reads every installed stanza of the bundled sample;
#  2. the window renders headless into a non-trivial PNG, with favourites too;
#  3. a missing folder is reported, in the window and on stderr.
set -euo pipefail

swift=${SWIFT:-swift}
build=(--scratch-path "${SCRATCH:-.build}")
sample=Examples/PackageViewer/Resources/sample-dpkg-status

"$swift" build "${build[@]}" --product package-viewer
viewer="$("$swift" build "${build[@]}" --show-bin-path)/package-viewer"
# Every picture below runs this build.
export VIEWER=$viewer

# A GLib warning or critical (GTK's, GObject's, Pango's, ours) stops the viewer with a breakpoint
# trap, so the run fails as a test that logs one does (Tests/Support/GtkLogCheck).
export G_DEBUG=fatal-warnings

expected=$(grep -c '^Status: install ok installed$' "$sample")
summary=$("$viewer" --summary --status-file "$sample")
echo "check-viewer: $summary"
if [[ "$summary" != "$expected packages in "* ]]; then
    echo "check-viewer: expected $expected packages from $sample" >&2
    exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scripts/viewer-screenshot.sh "$tmp/viewer.png"
# The grid mode: the same packages as tiles on the flow-box grid host.
scripts/viewer-screenshot.sh "$tmp/grid.png" --grid
# Favourites: a new favourites file seeded with three packages of the sample, shown in their pane.
scripts/viewer-screenshot.sh "$tmp/favourites.png" --status-file "$sample" --favourites-file "$tmp/favourites.sqlite" \
    --add-favourite apt --add-favourite postgresql --add-favourite base-files

# The big-list modes on the virtualized host: a million generated rows, and a directory's files.
scripts/viewer-screenshot.sh "$tmp/synthetic.png" --synthetic 1000000 --scroll-fraction 0.5
scripts/viewer-screenshot.sh "$tmp/files.png" --files Sources --flat
# The folder tree: folders read lazily as they open.
scripts/viewer-screenshot.sh "$tmp/files-tree.png" --files Sources --expand Sources/ModelStorage
# The dependency tree: a package under each package that needs it.
scripts/viewer-screenshot.sh "$tmp/dependencies.png" --dependencies --status-file "$sample" --expand at-spi2-core
# And the virtualized grid: the files as tiles.
scripts/viewer-screenshot.sh "$tmp/files-grid.png" --grid --files Sources
# A folder that is not there: said on stderr, in the window (the list's failure state, with a
# retry), and by the exit status, in each of the three file modes.
for mode in "" --grid --flat; do
    status=0
    said=$(xvfb-run -a -s "-screen 0 1920x1080x24" "$viewer" --files /nonexistent $mode --screenshot "$tmp/missing.png" 2>&1 >/dev/null) ||
        status=$?
    if [ "$status" -ne 1 ] || [[ "$said" != *"/nonexistent: no such directory"* ]] || [ ! -s "$tmp/missing.png" ]; then
        echo "check-viewer: --files /nonexistent $mode exited $status and said '$said'" >&2
        exit 1
    fi
done
echo "check-viewer: --files /nonexistent says so on stderr and in the window, and exits 1"

# Right to left, as in Arabic or Hebrew: the packages' window and the virtualized grid mirrored.
# --postgres on the test server: a demo table (made once, small here), its search on the server,
# and a missing table said on stderr and in the window, with exit status 1.
scripts/postgres-test-server.sh run bash -c '
    set -euo pipefail
    tmp=$1
    scripts/viewer-screenshot.sh "$tmp/postgres.png" --postgres "" --postgres-demo --demo-rows 20000
    scripts/viewer-screenshot.sh "$tmp/postgres-search.png" --postgres "" --postgres-demo --search "printer fails"
    status=0
    said=$(xvfb-run -a -s "-screen 0 1920x1080x24" "$VIEWER" --postgres "" --table nowhere --screenshot "$tmp/postgres-missing.png" 2>&1 >/dev/null) ||
        status=$?
    if [ "$status" -ne 1 ] || [[ "$said" != *"no table or view \"nowhere\""* ]] || [ ! -s "$tmp/postgres-missing.png" ]; then
        echo "check-viewer: --postgres --table nowhere exited $status and said \"$said\"" >&2
        exit 1
    fi
    echo "check-viewer: --postgres shows the demo table and its search; a missing table is said, exit 1"
' check-viewer "$tmp"

scripts/viewer-screenshot.sh "$tmp/viewer-rtl.png" --grid --direction rtl
scripts/viewer-screenshot.sh "$tmp/files-grid-rtl.png" --grid --files Sources --direction rtl

# HiDPI: at GDK_SCALE=2 the window renders at twice its logical size, sharp (heights in logical
# pixels, so the picture is twice as wide as at scale 1 for the same window).
GDK_SCALE=2 scripts/viewer-screenshot.sh "$tmp/synthetic-scale2.png" --synthetic 1000000 --scroll-fraction 0.5
png_width() { od -An -tu1 -j16 -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }'; }
single=$(png_width "$tmp/synthetic.png") double=$(png_width "$tmp/synthetic-scale2.png")
if [ "$double" -ne $((2 * single)) ]; then
    echo "check-viewer: at GDK_SCALE=2 the screenshot is $double pixels wide, not twice $single" >&2
    exit 1
fi
echo "check-viewer: GDK_SCALE=2 renders $double pixels wide, twice the $single of scale 1"
