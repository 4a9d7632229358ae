#!/usr/bin/env bash
# Builds Examples/MinimalApp outside the repository, next to a link to this checkout, the way a
# user's application depends on GtkListManager, and runs its headless check under Xvfb. Its
# DocumentationExamples target holds every example of the README and the DocC articles:
# scripts/check-doc-examples.sh checks first that the documents print that code.
set -euo pipefail

swift=${SWIFT:-swift}
repository=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$repository/scripts/check-doc-examples.sh"
workspace=$(mktemp -d)
trap 'rm -rf "$workspace"' EXIT

ln -s "$repository" "$workspace/GtkListManager"
cp -R "$repository/Examples/MinimalApp" "$workspace/MinimalApp"
rm -rf "$workspace/MinimalApp/.build"

cd "$workspace/MinimalApp"
"$swift" build
xvfb-run -a -s "-screen 0 1920x1080x24" "$("$swift" build --show-bin-path)/MinimalApp" --check
