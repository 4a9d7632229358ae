#!/usr/bin/env bash
# Runs the built test suites as two shards side by side, each on an X display of its own, and
# fails when either fails. The suites mostly wait for GTK's frame clock, its timers and the X
# server (one run keeps a core about a third busy), so two shards on the machine's two cores
# take little more than half the time of one run.
#
# Usage: scripts/test-shards.sh [--scratch-path PATH] [--sanitize=NAME] [--disable-default-traits] [--select REGEX]
#                                [--skip SUITE]...
#   --select   an extended regular expression over `swift test list`'s "Module.Suite/test"
#              lines: the suites with a test it matches run (all of them by default).
#   --skip     a suite left out, by its name without the module (repeatable).
#   --sanitize=NAME, --disable-default-traits  how the build to run was made (the sanitizer runs).
# The test binary runs directly: `swift test` holds a lock on its build folder for the whole
# run, which would queue the second shard behind the first. Each shard's output goes to the
# standard output whole, one after the other, once both end.
# Environment: SWIFT (swift binary), SHARD_LOG_DIR (keep the shards' logs there).
set -euo pipefail

swift=${SWIFT:-swift}
build_options=()
selection='.'
skipped='^$'
while [ $# -gt 0 ]; do
    case "$1" in
        --scratch-path) build_options+=(--scratch-path "$2"); shift 2 ;;
        --sanitize=* | --disable-default-traits) build_options+=("$1"); shift ;;
        --select) selection=$2; shift 2 ;;
        --skip) skipped+="|^[A-Za-z]+\.$2\$"; shift 2 ;;
        *) echo "test-shards: unknown option '$1'" >&2; exit 64 ;;
    esac
done

binary="$("$swift" build "${build_options[@]}" --show-bin-path)/GtkListManagerPackageTests.xctest"
tests=$("$swift" test list --skip-build "${build_options[@]}" 2>/dev/null | grep -E "$selection" || true)

# XCTest's suites by name, dealt alternately to the shards: sorted names spread the long suites
# of each folder over both (measured: 351 s and 354 s of the 704 s plain run). Swift Testing's
# tests (their names end in "()") run after the second shard's, as one selection.
mapfile -t suites < <(grep -v '()$' <<<"$tests" | sed 's|/.*||' | sort -u | grep -vE "$skipped" || true)
swift_testing=$(grep -c '()$' <<<"$tests" || true)
if [ "${#suites[@]}" -eq 0 ] && [ "$swift_testing" -eq 0 ]; then
    echo "test-shards: no test matches '$selection'" >&2
    exit 1
fi
shard_suites=("" "")
for ((i = 0; i < ${#suites[@]}; i++)); do
    shard_suites[$((i % 2))]+="${shard_suites[$((i % 2))]:+,}${suites[$i]}"
done

run_shard() {
    local shard=$1 status=0
    if [ -n "${shard_suites[$shard]}" ]; then
        "$binary" "${shard_suites[$shard]}" || status=$?
    fi
    if [ "$shard" = 1 ] && [ "$swift_testing" -gt 0 ]; then
        "$binary" --testing-library swift-testing --filter "$selection" || status=$?
    fi
    return "$status"
}

logs=${SHARD_LOG_DIR:-$(mktemp -d)}
mkdir -p "$logs"
pids=()
for shard in 0 1; do
    xvfb-run -a -s "-screen 0 1920x1080x24" bash -c "$(declare -p binary shard_suites swift_testing selection); \
        $(declare -f run_shard); run_shard $shard" >"$logs/shard-$shard.log" 2>&1 &
    pids+=($!)
    # xvfb-run -a takes the first display without a lock file: let the first shard's server
    # write its own before the second looks.
    sleep 2
done
status=0
for pid in "${pids[@]}"; do
    wait "$pid" || status=$?
done
for shard in 0 1; do
    echo "test-shards: shard $((shard + 1)) of 2:"
    cat "$logs/shard-$shard.log"
done
echo "test-shards: ${#suites[@]} XCTest suites and $swift_testing Swift Testing tests in two shards, exit status $status"
exit "$status"
