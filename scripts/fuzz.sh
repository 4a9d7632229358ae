#!/usr/bin/env bash
# The fuzz targets (issue 58; Fuzz/, CONTRIBUTING "Fuzzing").
#
#   scripts/fuzz.sh run [SECONDS] [TARGET…]   build them with libFuzzer and AddressSanitizer
#                                              (in .build-fuzz) and run each for SECONDS (60)
#   scripts/fuzz.sh replay [TARGET…]           replay the committed corpora (Fuzz/Corpus) with
#                                              the ordinary debug build: what `make test` runs
#
# New inputs libFuzzer finds go to .build-fuzz/corpus/TARGET; a failing one to
# .build-fuzz/crashes/. Once its defect is fixed, copy it into Fuzz/Corpus/TARGET: the replay
# then runs it in every test run.
set -euo pipefail
cd "$(dirname "$0")/.."

swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"
all_targets=(DifferFuzz FilterFuzz OutlineFuzz ChangeSetFuzz DpkgFuzz ViewerFilesFuzz)
# The targets whose code under test makes GTK widgets: they need an X display, a virtual one
# (xvfb-run) when there is none.
display_targets=" ChangeSetFuzz "

# GTK allocates for the process as it goes (the accessibility bridge's D-Bus buffers, GLib's
# caches; their stacks name no frame of ours), which libFuzzer's leak check would count against
# the first input and AddressSanitizer's at exit: these targets run without it (their
# properties are the splices, not leaks).
leak_unchecked_targets=" ChangeSetFuzz "

# Runs a target's binary, under xvfb-run when it needs a display and there is none.
run_target() {
    local target="$1"
    shift
    if [[ "$display_targets" == *" $target "* && -z "${DISPLAY:-}" ]]; then
        xvfb-run -a -s "-screen 0 1920x1080x24" "$@"
    else
        "$@"
    fi
}
mode="${1:-}"
shift || true

case "$mode" in
run)
    seconds=60
    if [[ "${1:-}" =~ ^[0-9]+$ ]]; then seconds="$1"; shift; fi
    [ $# -gt 0 ] && targets=("$@") || targets=("${all_targets[@]}")
    scratch="${FUZZ_SCRATCH:-.build-fuzz}"
    for target in "${targets[@]}"; do
        "$swift" build --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld --product "$target"
    done
    bin="$("$swift" build --scratch-path "$scratch" --show-bin-path)"
    mkdir -p "$scratch/crashes"
    # A failing input's stack is libFuzzer's to print: Swift's backtracer, started from a crashed
    # target under AddressSanitizer, can hang, holding whatever the run holds (a build lock).
    export SWIFT_BACKTRACE=enable=no
    # Leaks that are not ours, each with why (Fuzz/lsan.supp).
    export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$PWD/Fuzz/lsan.supp"
    for target in "${targets[@]}"; do
        mkdir -p "$scratch/corpus/$target"
        echo "fuzz: $target for ${seconds} s"
        leaks=()
        [[ "$leak_unchecked_targets" == *" $target "* ]] && leaks=(env "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0")
        if ! run_target "$target" "${leaks[@]}" "$bin/$target" -max_total_time="$seconds" -print_final_stats=1 \
            -artifact_prefix="$scratch/crashes/$target-" "$scratch/corpus/$target" "Fuzz/Corpus/$target"; then
            echo "fuzz: $target failed; the input is in $scratch/crashes (replay it: $bin/$target FILE)" >&2
            exit 1
        fi
    done
    ;;
replay)
    [ $# -gt 0 ] && targets=("$@") || targets=("${all_targets[@]}")
    scratch="${SCRATCH:-.build}"
    for target in "${targets[@]}"; do
        "$swift" build --scratch-path "$scratch" --product "$target"
    done
    bin="$("$swift" build --scratch-path "$scratch" --show-bin-path)"
    for target in "${targets[@]}"; do
        printf 'fuzz corpus: %s: ' "$target"
        run_target "$target" "$bin/$target" "Fuzz/Corpus/$target"
    done
    ;;
*)
    echo "usage: scripts/fuzz.sh run [SECONDS] [TARGET…] | replay [TARGET…]" >&2
    exit 2
    ;;
esac
