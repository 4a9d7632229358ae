#!/usr/bin/env bash
# Builds Examples/MinimalApp outside the repository, the way a user's application depends on
# GtkListManager: by version, from a git repository next to it. That repository is a snapshot of
# this checkout (its files as they are, uncommitted changes included) tagged with the version
# CHANGELOG.md's newest release names, so the app's `from:` requirement is checked against the
# version and the code under test is what it builds. Then runs the app's headless check under
# Xvfb. Its DocumentationExamples target holds every example of the README and the DocC
# articles: scripts/check-doc-examples.sh checks first that the documents print that code.
set -euo pipefail

swift=${SWIFT:-swift}
repository=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$repository/scripts/check-doc-examples.sh"
version=$(grep -m1 -oE '^## \[[0-9]+\.[0-9]+\.[0-9]+\]' "$repository/CHANGELOG.md" | tr -d '#[] ')
if [ -z "$version" ]; then
    echo "check-consumer: CHANGELOG.md names no release for the app to depend on" >&2
    exit 1
fi
workspace=$(mktemp -d)
trap 'rm -rf "$workspace"' EXIT

snapshot="$workspace/GtkListManager"
mkdir "$snapshot"
(cd "$repository" && git ls-files -z --cached --others --exclude-standard | grep -zv '^Examples/MinimalApp/' |
    xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
    tar --null -T - -cf -) | tar -xf - -C "$snapshot"
(cd "$snapshot" && git init -q && git add -A &&
    git -c user.name=check-consumer -c user.email=check-consumer@localhost commit -qm "$version snapshot" &&
    git tag "$version")
cp -R "$repository/Examples/MinimalApp" "$workspace/MinimalApp"
rm -rf "$workspace/MinimalApp/.build" "$workspace/MinimalApp/Package.resolved"

cd "$workspace/MinimalApp"
"$swift" build
resolved=$(grep -A6 '"identity" : "gtklistmanager"' Package.resolved | grep -oE '"version" : "[^"]+"' || true)
if [ "$resolved" != "\"version\" : \"$version\"" ]; then
    echo "check-consumer: the app resolved GtkListManager as ${resolved:-nothing}, not $version" >&2
    exit 1
fi
xvfb-run -a -s "-screen 0 1920x1080x24" "$("$swift" build --show-bin-path)/MinimalApp" --check
