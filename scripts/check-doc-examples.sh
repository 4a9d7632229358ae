#!/usr/bin/env bash
# Checks that every Swift example of the README and the DocC articles is compiled code: each
# line of each ```swift block must be a line of Examples/MinimalApp (its Package.swift or its
# sources), which `make consumer` builds outside the repository as a user's package.
# Compared with runs of spaces made one; comment lines and lines with "…" (elided on purpose)
# are not checked. Prints every line not found, with where the example is.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

normalize() { sed -E 's/^[[:space:]]+//; s/[[:space:]]+$//; s/[[:space:]]+/ /g'; }

corpus=$(mktemp)
trap 'rm -f "$corpus"' EXIT
find Examples/MinimalApp -name '*.swift' -not -path '*/.build/*' -exec cat {} + | normalize | sort -u >"$corpus"

missing=0 examples=0
for document in README.md Sources/*/*.docc/*.md; do
    while IFS=$'\t' read -r number line; do
        if ! grep -qxF -- "$line" "$corpus"; then
            echo "$document:$number: not in Examples/MinimalApp: $line"
            missing=$((missing + 1))
        fi
    done < <(awk '
        /^[[:space:]]*```swift[[:space:]]*$/ { inside = 1; next }
        /^[[:space:]]*```/ { inside = 0; next }
        inside {
            line = $0
            gsub(/[[:space:]]+/, " ", line)
            sub(/^ /, "", line)
            sub(/ $/, "", line)
            if (line != "" && line !~ /^\/\// && index(line, "…") == 0) print NR "\t" line
        }' "$document")
    examples=$((examples + $(grep -cE '^[[:space:]]*```swift[[:space:]]*$' "$document" || true)))
done

if [ "$missing" -gt 0 ]; then
    echo "check-doc-examples: $missing line(s) of the documentation's examples are not compiled code" >&2
    exit 1
fi
echo "check-doc-examples: all $examples Swift examples of the README and the DocC articles are in Examples/MinimalApp"
