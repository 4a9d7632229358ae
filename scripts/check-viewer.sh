#!/usr/bin/env bash
# End-to-end checks of the sample viewer, run by `make test` after `swift test`:
#  1. the dpkg parser reads every installed stanza of the bundled sample;
#  2. the window renders headless into a non-trivial PNG, with favourites too.
set -euo pipefail

swift=${SWIFT:-swift}
build=(--scratch-path "${SCRATCH:-.build}")
sample=Examples/PackageViewer/Resources/sample-dpkg-status

"$swift" build "${build[@]}" --product package-viewer
viewer="$("$swift" build "${build[@]}" --show-bin-path)/package-viewer"

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
scripts/viewer-screenshot.sh "$tmp/files.png" --files Sources
# And the virtualized grid: the files as tiles.
scripts/viewer-screenshot.sh "$tmp/files-grid.png" --grid --files Sources
