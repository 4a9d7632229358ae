#!/usr/bin/env bash
# Builds each DocC catalog against the symbol graphs of the debug build `make test` made, and fails
# on any DocC warning (an unresolved symbol link included) and on any public symbol without
# documentation. The quick check CI runs; `make docs`
# builds the browsable site with swift-docc-plugin, from the same catalogs.
# Environment: SWIFT (swift binary), SCRATCH (the build folder of `make test`).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

swift=${SWIFT:-swift}
scratch=${SCRATCH:-.build}
docc=$(dirname "$(readlink -f "$(command -v "$swift")")")/docc

# Extracted from the modules already built: no rebuild.
"$swift" package --scratch-path "$scratch" dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(find "$scratch" -maxdepth 3 -type d -name symbolgraph | head -n 1)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for module in ModelStorage GtkListManager GRDBStorage PostgresStorage GtkListManagerTesting; do
    mkdir -p "$work/$module/graphs"
    cp "$graphs/$module".symbols.json "$work/$module/graphs/"
    cp "$graphs/$module"@*.symbols.json "$work/$module/graphs/" 2>/dev/null || true
    if ! "$docc" convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$work/$module/graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.gtklistmanager.$module" \
        --output-path "$work/$module/archive" --warnings-as-errors >"$work/$module/log" 2>&1; then
        cat "$work/$module/log" >&2
        echo "check-docs: $module's documentation has warnings (see above)" >&2
        exit 1
    fi
    if ! "$swift" scripts/undocumented-symbols.swift "$work/$module/archive" >&2; then
        echo "check-docs: $module has public symbols without documentation (see above)" >&2
        exit 1
    fi
    echo "check-docs: $module: no DocC warning, every public symbol documented"
done
