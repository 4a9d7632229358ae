# GtkListManager: build, run and test entry points. See README.md.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
# Build folder; e.g. `make test SCRATCH=.build-mine` to keep builds apart.
SCRATCH ?= .build
export SWIFT SCRATCH

XVFB := xvfb-run -a -s "-screen 0 1920x1080x24"

.PHONY: deps run test lint format sanitizers consumer docs docs-check screenshot benchmark api-check fuzz

## deps: install GTK 3 headers, Xvfb, xauth, xdotool and the AT-SPI client's packages if
## missing (apt).
deps:
	@scripts/install-system-deps.sh

## run: open the sample viewer (headless screenshot to viewer.png when there is no display).
run: deps
	@if [ -n "$${DISPLAY:-}" ]; then \
		$(SWIFT) run --scratch-path $(SCRATCH) -c release package-viewer; \
	else \
		echo "No DISPLAY: running the viewer under Xvfb and saving it to viewer.png instead."; \
		CONFIGURATION=release scripts/viewer-screenshot.sh viewer.png; \
	fi

## test: all unit tests headless under Xvfb (in two shards side by side: scripts/test-shards.sh,
## with a throwaway PostgreSQL cluster for the server storage's suites:
## scripts/postgres-test-server.sh),
## the list suites again right to left at GDK_SCALE=2 (HiDPI), then the viewer's end-to-end
## checks, then the accessibility suite read out of process through AT-SPI (at scale 1, then its
## classes that read extents at GDK_SCALE=2), then a one-minute soak of the debug benchmark the
## build above made (`list-benchmarks soak 1`: memory, GTK criticals, shown rows; see CONTRIBUTING),
## then the fuzz targets over their committed corpora (`scripts/fuzz.sh replay`).
# One rerun for both: direction mirrors the logical geometry, scale doubles the device pixels
# under it, and neither hides the other's faults (a rerun each cost CI four and a half minutes
# more). It leaves out what neither changes: the index suites (row heights, sections,
# type-ahead), which show no widget, and the suites that check which rows a list shows in which
# order for each kind of storage (storage kinds, randomized lists, database sorts), not where;
# the touch suite, which mostly waits out GTK's gesture timers and gives its points in
# logical pixels; the right-to-left suite, which sets the direction itself; and the suites of
# storages, threads and databases whose rows are checked by what they hold, not where (the
# lazy database storage, the database's writes and bad input, full-text search, the mirror, the
# splice shifts and inserted positions, wrong threads); and the row states and prefetching, which
# follow which rows are bound, not where. The rerun tries a quarter of the random seeds: direction and
# scale change where rows go, not which sequences of changes reach them (the plain run tries
# them all).
NOT_RERUN_SUITES := --skip RowHeightIndexTests --skip SectionStartsTests --skip TypeAheadIndexTests --skip DatabaseColumnSortTests --skip LazyDatabaseColumnSortTests \
	--skip DatabaseRequestReplacementTests --skip GridStorageKindsTests --skip VirtualListStorageKindsTests --skip RandomizedListTests --skip TouchInputTests \
	--skip RightToLeftTests --skip LazyDatabaseStorageTests --skip RandomizedDatabaseWritesTests --skip DatabaseBadInputTests --skip FullTextSearchTests \
	--skip StorageMirrorTests --skip SpliceShiftTests --skip WrongThreadTests --skip InsertedPositionsTests --skip RowStateTests \
	--skip PrefetchTests
test: deps
	$(SWIFT) build --build-tests --scratch-path $(SCRATCH)
	scripts/postgres-test-server.sh run scripts/test-shards.sh --scratch-path $(SCRATCH)
	GLM_TEST_TEXT_DIRECTION=rtl GDK_SCALE=2 RANDOMIZED_SEED_DIVISOR=4 scripts/test-shards.sh --scratch-path $(SCRATCH) \
		--select '^GtkListManagerTests\.' $(NOT_RERUN_SUITES)
	scripts/check-viewer.sh
	scripts/check-accessibility.sh
	GDK_SCALE=2 scripts/check-accessibility.sh
	$(XVFB) $(SCRATCH)/debug/list-benchmarks soak 1 --plot $(SCRATCH)/soak-memory.svg
	scripts/fuzz.sh replay

## fuzz: every fuzz target (Fuzz/) built with libFuzzer and AddressSanitizer and run for
## FUZZ_SECONDS each (CONTRIBUTING, "Fuzzing"); a failing input lands in .build-fuzz/crashes.
FUZZ_SECONDS ?= 120
fuzz:
	scripts/fuzz.sh run $(FUZZ_SECONDS)

## lint: the Swift sources against .swift-format, the viewer's desktop entry and AppStream
## metadata (Resources/PackageViewer); fails on any finding. `make format` fixes the Swift side.
lint:
	scripts/lint.sh

## format: rewrites the Swift sources as .swift-format says.
format:
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Plugins Sources Tests Benchmarks Examples

## sanitizers: the library's suites again under AddressSanitizer with LeakSanitizer (a leak is a
## report unless scripts/lsan-suppressions.txt says why it is not ours), then ThreadSanitizer;
## fails on any report.
sanitizers: deps
	scripts/test-sanitized.sh address
	scripts/test-sanitized.sh thread

## api-check: the public API against the last release's (CHANGELOG.md's newest release entry,
## by its tag); fails on a break CHANGELOG.md's Unreleased section does not announce.
api-check:
	scripts/api-check.sh

## consumer: build Examples/MinimalApp outside the repository, as a user's app, and run its check.
consumer: deps
	scripts/check-consumer.sh

## docs: the five DocC catalogs as one static site in $(SCRATCH)-docs/site; fails on any DocC
## warning (an unresolved symbol link included). Its own build folder: the symbol graphs need
## other compiler flags than the tests' build.
docs: deps
	$(SWIFT) package --scratch-path $(SCRATCH)-docs --allow-writing-to-directory $(SCRATCH)-docs/site \
		generate-documentation --target ModelStorage --target GtkListManager --target GRDBStorage --target PostgresStorage \
		--target GtkListManagerTesting \
		--enable-experimental-combined-documentation --transform-for-static-hosting \
		--output-path $(SCRATCH)-docs/site --warnings-as-errors
	@echo "Documentation: $(SCRATCH)-docs/site (serve it, e.g. python3 -m http.server -d $(SCRATCH)-docs/site)"

## docs-check: each DocC catalog against the symbol graphs of the `make test` build (no rebuild);
## fails on any DocC warning. What CI runs; `make docs` builds the site itself.
docs-check:
	scripts/check-docs.sh

## screenshot: regenerate the README picture (from the bundled sample, so it is the same everywhere).
screenshot: deps
	scripts/viewer-screenshot.sh docs/screenshots/viewer.png \
		--status-file Examples/PackageViewer/Resources/sample-dpkg-status
	scripts/viewer-screenshot.sh docs/screenshots/viewer-search.png \
		--status-file Examples/PackageViewer/Resources/sample-dpkg-status --search lib --sort size
	scripts/viewer-screenshot.sh docs/screenshots/viewer-grid.png \
		--status-file Examples/PackageViewer/Resources/sample-dpkg-status --grid
	favourites=$$(mktemp -d) && trap 'rm -rf "$$favourites"' EXIT && \
		scripts/viewer-screenshot.sh docs/screenshots/viewer-favourites.png \
		--status-file Examples/PackageViewer/Resources/sample-dpkg-status --favourites-file "$$favourites/favourites.sqlite" \
		--add-favourite apt --add-favourite postgresql --add-favourite base-files
	scripts/viewer-screenshot.sh docs/screenshots/viewer-million.png --synthetic 1000000 --scroll-fraction 0.4213
	scripts/viewer-screenshot.sh docs/screenshots/viewer-files-grid.png --grid --files Sources
	scripts/viewer-screenshot.sh docs/screenshots/viewer-files-tree.png --files Sources \
		--expand Sources/ModelStorage --expand Sources/ModelStorage/Outline
	scripts/postgres-test-server.sh run scripts/viewer-screenshot.sh docs/screenshots/viewer-postgres.png \
		--postgres "" --postgres-demo
	scripts/viewer-screenshot.sh docs/screenshots/viewer-dependencies.png --dependencies \
		--status-file Examples/PackageViewer/Resources/sample-dpkg-status \
		--expand at-spi2-core --expand at-spi2-core/gsettings-desktop-schemas

## benchmark: release build of the benchmark executable and the C peers; prints Markdown tables.
benchmark: deps
	$(SWIFT) build --scratch-path $(SCRATCH) -c release --product list-benchmarks
	scripts/build-benchmark-peers.sh $(SCRATCH)/peers
	BENCHMARK_PEERS=$(SCRATCH)/peers $(XVFB) $(SCRATCH)/release/list-benchmarks
	BENCHMARK_PEERS=$(SCRATCH)/peers $(XVFB) $(SCRATCH)/release/list-benchmarks big
	BENCHMARK_PEERS=$(SCRATCH)/peers $(XVFB) $(SCRATCH)/release/list-benchmarks big-grid
	BENCHMARK_PEERS=$(SCRATCH)/peers $(XVFB) $(SCRATCH)/release/list-benchmarks big-tree
	BENCHMARK_PEERS=$(SCRATCH)/peers $(XVFB) $(SCRATCH)/release/list-benchmarks big-table
	BENCHMARK_PEERS=$(SCRATCH)/peers $(XVFB) $(SCRATCH)/release/list-benchmarks updates
	BENCHMARK_PEERS=$(SCRATCH)/peers $(XVFB) $(SCRATCH)/release/list-benchmarks big-filter
	$(XVFB) $(SCRATCH)/release/list-benchmarks animation
	$(XVFB) $(SCRATCH)/release/list-benchmarks thumbnails
	$(XVFB) $(SCRATCH)/release/list-benchmarks database
