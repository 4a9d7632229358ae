#!/usr/bin/env bash
# `make api-check`: the public API of the library products against the last release's, the
# newest release entry of CHANGELOG.md ("## [x.y.z]"), with
# `swift package diagnose-api-breaking-changes`. Fails on a break that CHANGELOG.md's
# Unreleased section does not announce: each break's symbol (its last name, "bindRow(at:)")
# must appear there. Without a release entry yet there is nothing to compare with.
#
# The release is its tag, or else the commit that added its entry. The release's API, as the
# API digester writes it, is committed under api-baseline/<commit>/ (the digester reuses it
# there), so a check builds the package once, not the release too; a release without one is
# built from its commit (3 to 4 minutes).
# Usage: scripts/api-check.sh [BASELINE]   (a tag or commit in place of the last release)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

swift=${SWIFT:-swift}
baseline=${1:-}
baseline_dir=()
if [ -z "$baseline" ]; then
    release=$(grep -m1 -oE '^## \[[0-9]+\.[0-9]+\.[0-9]+\]' CHANGELOG.md | tr -d '#[] ' || true)
    if [ -z "$release" ]; then
        echo "api-check: CHANGELOG.md has no release yet: no API to compare with"
        exit 0
    fi
    baseline=$(git rev-parse -q --verify "refs/tags/$release^{commit}" || true)
    if [ -z "$baseline" ]; then
        # No tag here (a clone without tags): the commit that added the release's entry.
        baseline=$(git log --format=%H --reverse -S"## [$release]" -- CHANGELOG.md | head -n1)
    fi
    if [ -z "$baseline" ]; then
        echo "api-check: the last release, $release, has neither a tag nor an entry in this clone's history" >&2
        echo "           (a shallow clone? git fetch --unshallow --tags)" >&2
        exit 1
    fi
    echo "api-check: comparing with $release ($baseline)"
    baseline_dir=(--baseline-dir "$PWD/api-baseline")
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$swift" package --scratch-path "${SCRATCH:-.build}" diagnose-api-breaking-changes "$baseline" \
    "${baseline_dir[@]}" --products ModelStorage GtkListManager GRDBStorage GtkListManagerTesting 2>&1 | tee "$log" || true

breaks=$(grep -oE 'API breakage: .*' "$log" || true)
if ! grep -qE 'No breaking changes detected|API breakage' "$log"; then
    echo "api-check: the comparison with $baseline did not run to its end (see above)" >&2
    exit 1
fi
unreleased=$(awk '/^## \[Unreleased\]/ { inside = 1; next } /^## \[/ { inside = 0 } inside' CHANGELOG.md)
unannounced=()
while IFS= read -r line; do
    [ -n "$line" ] || continue
    if [[ $line =~ conformance\ to\ ([A-Za-z0-9_.]+) ]]; then
        # "class ListManager has removed conformance to ListHostDelegate" → ListHostDelegate
        name=${BASH_REMATCH[1]}
    else
        # "API breakage: func ListManager.bindRow(at:) has been removed" → bindRow(at:)
        symbol=$(sed -E 's/^API breakage: ([a-z]+ )*([^ ]+) .*$/\2/' <<<"$line")
        name=${symbol##*.}
    fi
    if ! grep -qF -- "$name" <<<"$unreleased"; then unannounced+=("$line"); fi
done <<<"$breaks"
count=$(grep -c . <<<"$breaks" || true)
if [ ${#unannounced[@]} -gt 0 ]; then
    echo "api-check: ${#unannounced[@]} of $count API break(s) since $baseline not announced in CHANGELOG.md's Unreleased section:" >&2
    printf '  %s\n' "${unannounced[@]}" >&2
    exit 1
fi
echo "api-check: $count API break(s) since $baseline, each announced in CHANGELOG.md"
