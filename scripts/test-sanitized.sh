#!/usr/bin/env bash
# Builds and runs the library's test suites under a sanitizer, headless under Xvfb, and fails on any
# report, whatever the test run's own exit status.
# Usage: scripts/test-sanitized.sh address|thread
# Environment: SWIFT (swift binary), SCRATCH (base build folder; this uses SCRATCH-asan or -tsan).
set -euo pipefail

sanitizer=${1:?usage: $0 address|thread}
swift=${SWIFT:-swift}
case "$sanitizer" in
    address)
        scratch="${SCRATCH:-.build}-asan"
        # LeakSanitizer checks each test process (and each probe it starts) at its exit: a leak is
        # a report, unless scripts/lsan-suppressions.txt names it as a library's or the test
        # harness's, with the reason. The fast unwinder's stacks (the slow one costs 3 to 8 times
        # the run) stop in the system libraries, built without frame pointers: a suppression
        # names the frame nearest the allocation that is theirs.
        export ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}"
        export LSAN_OPTIONS="suppressions=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lsan-suppressions.txt:print_suppressions=0:${LSAN_OPTIONS:-}"
        # Without a session bus (xvfb-run starts none) GTK's accessibility bridge fails to start
        # and leaks its half-made state (atk-bridge, libdbus); nothing of ours runs there. The
        # AT-SPI fixture runs the bridge on a bus of its own.
        export NO_AT_BRIDGE=1
        report='ERROR: (AddressSanitizer|LeakSanitizer)'
        ;;
    thread)
        scratch="${SCRATCH:-.build}-tsan"
        report='WARNING: ThreadSanitizer'
        ;;
    *)
        echo "test-sanitized: unknown sanitizer '$sanitizer' (address or thread)" >&2
        exit 64
        ;;
esac

log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Both sanitizers try a quarter of the randomized sequences (SeedCount): memory errors and the
# interleavings of the background work with the main thread show in the shorter sequences as
# well, and the plain run keeps the breadth. (Every sequence under ThreadSanitizer cost about
# 100 s more, and CI must stay under 45 minutes.)
export RANDOMIZED_SEED_DIVISOR=4

# The test bundle and the probes its tests start as child processes; not the benchmarks, which
# no test runs (the plain `make test` build keeps them compiling). The build keeps its index
# store: on Linux, XCTest finds the tests through it.
# Without the package's default trait (PostgreSQL): the server storage and SwiftNIO under it
# would add two sanitized builds of SwiftNIO to CI's time.
for product in GtkListManagerPackageTests ThreadMisuseProbe DatabaseWriterProbe; do
    "$swift" build --product "$product" --sanitize="$sanitizer" --scratch-path "$scratch" --disable-default-traits
done
status=0
# The library's suites: the sample viewer's module (an application of the library, opening its
# whole window in every test) runs in the plain `make test`; the index suites and the inserted
# positions are safe Swift on one thread, with nothing for either sanitizer to watch.
skipped=(--skip RowHeightIndexTests --skip SectionStartsTests --skip InsertedPositionsTests)
# Suites of clicks, keys, wheel and scrolls routed to events through xdotool: main-thread
# geometry and X input over code the other suites run here (the rows bound, the events
# delivered); the plain and right-to-left runs drive them. Drag and drop, whose selection data
# and targets are C memory, and the tables' drawn cells stay under AddressSanitizer.
input_driven=(ContextMenuEventTests VirtualListEventTests VirtualListEventGroupTests GridInteractionTests SelectionEventTests
    GridEventGroupTests GridReorderingAndScrollEventTests AnimatedScrollingTests VirtualRubberBandTests TreeRowTests
    DeclarativeTreeTests TableColumnTests TableActivationTests TableEventTests TouchInputTests TypeAheadTests PrefetchTests
    RowStateTests EditInPlaceTests)
for suite in "${input_driven[@]}"; do skipped+=(--skip "$suite"); done
selected=('^(GtkListManagerTests|ModelStorageTests)\.')
if [ "$sanitizer" = thread ]; then
    # ThreadSanitizer watches threads: it runs ModelStorage's suites (its storages work off the
    # main thread) and the list suites whose code does too, found by what they use: background
    # execution, hand-offs to the main thread, database storages, lazy children, late content,
    # tasks, streams, locks, GLib idle callbacks. The rest is main-thread GTK work and waits for
    # the X server, with no thread of its own to watch (AddressSanitizer runs it).
    markers='\.background|execution:|GLibMainActorHandOff|Database|OutlineChildrenProvider|childrenProvider|LateContent'
    markers+='|RowBinding|Thumbnail|DispatchQueue|Thread|Task[ .{(]|async|AndWait|Changes\(\)|FilteredStorage'
    markers+='|SortedStorage|TypeAhead|CallbackBox|MainActorBridge|g_idle_add|Mutex|NSLock'
    threaded=$(grep -rlE "$markers" Tests/GtkListManagerTests --include='*.swift' \
        | xargs grep -ohE '^(final )?class [A-Za-z0-9]+Tests' | awk '{print $NF}' | sort -u | paste -sd '|')
    selected=("^ModelStorageTests\.|^GtkListManagerTests\.($threaded)/")
fi
if [ "$sanitizer" = address ]; then
    # The right-to-left suite's mirrored geometry is Swift arithmetic over the C code the other
    # suites run here; the rerun right to left drives it. The viewport's anchoring through 800
    # trials is main-thread geometry over code the other suites run here (the filtered storage
    # under it runs its own suite under both sanitizers); the plain and right-to-left runs drive
    # it.
    skipped+=(--skip RightToLeftTests --skip ViewportAnchoringTests)
fi
"$(dirname "${BASH_SOURCE[0]}")/test-shards.sh" --sanitize="$sanitizer" --scratch-path "$scratch" --disable-default-traits --select "${selected[0]}" "${skipped[@]}" 2>&1 \
    | tee "$log" || status=$?

reports=$(grep -cE "$report" "$log" || true)
if [ "$reports" -gt 0 ]; then
    # Again at the end, where a CI log's tail shows them: the first reports, whole.
    echo "test-sanitized: the first $sanitizer sanitizer report(s), repeated:" >&2
    awk -v report="$report" '$0 ~ report { inside = 1 } inside { print } /^SUMMARY: / { inside = 0 }' "$log" | head -150 >&2
    echo "test-sanitized: $reports $sanitizer sanitizer report(s); see above" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "test-sanitized: the suite failed under the $sanitizer sanitizer (exit $status)" >&2
    exit "$status"
fi
echo "test-sanitized: the suite passed under the $sanitizer sanitizer with no report"
