#!/usr/bin/env bash
# Renders the sample viewer headless into a PNG and checks the file is a real picture.
# Usage: scripts/viewer-screenshot.sh OUTPUT.png [extra package-viewer options]
# Environment: SWIFT (swift binary), SCRATCH (build folder, default .build), CONFIGURATION;
# VIEWER, a package-viewer already built, skips the build (a SwiftPM call costs seconds even
# with nothing to do: scripts/check-viewer.sh builds once for its dozen pictures).
set -euo pipefail

output=${1:?usage: $0 OUTPUT.png [package-viewer options]}
shift
swift=${SWIFT:-swift}
build=(--scratch-path "${SCRATCH:-.build}" -c "${CONFIGURATION:-debug}")

# Build first, outside Xvfb, then run the binary directly.
viewer=${VIEWER:-}
if [ -z "$viewer" ]; then
    "$swift" build "${build[@]}" --product package-viewer
    viewer="$("$swift" build "${build[@]}" --show-bin-path)/package-viewer"
fi

mkdir -p "$(dirname "$output")"
rm -f "$output"
# Pictures are the same everywhere: the user's favourites stay out of them (an empty favourites
# file in a folder of its own, unless the options name a --favourites-file).
data_home=$(mktemp -d)
trap 'rm -rf "$data_home"' EXIT
# 24-bit screen (xvfb-run defaults to 8-bit), wide enough that the pointer, parked at the
# screen centre, is outside the window (the favourites pane makes it wider) and highlights no row.
XDG_DATA_HOME="$data_home" xvfb-run -a -s "-screen 0 2560x1440x24" "$viewer" --screenshot "$output" "$@"

size=$(stat -c %s "$output" 2>/dev/null || echo 0)
if [ "$size" -le 10240 ]; then
    echo "viewer-screenshot: $output is missing or too small ($size bytes): not a real list" >&2
    exit 1
fi
echo "viewer-screenshot: $output ($size bytes)"
