#!/usr/bin/env bash
# The out-of-process accessibility suite (Tests/Accessibility): builds the fixture app, then
# reads it through AT-SPI as a screen reader does, headless, on a display and a session bus of
# its own. Exits non-zero when a test fails.
#
# Needs xvfb, dbus (dbus-run-session), at-spi2-core, python3-gi and gir1.2-atspi-2.0, and the
# system python: other pythons have no `gi`. test_postgres_saving.py starts a PostgreSQL cluster
# of its own (scripts/postgres-test-server.sh, which installs the server when missing) and needs
# psql.
set -euo pipefail

swift=${SWIFT:-swift}
build=(--scratch-path "${SCRATCH:-.build}")
cd "$(dirname "${BASH_SOURCE[0]}")/.."

"$swift" build "${build[@]}" --product AccessibilityFixture
export ACCESSIBILITY_FIXTURE="$("$swift" build "${build[@]}" --show-bin-path)/AccessibilityFixture"

# GTK loads its AT-SPI bridge only without NO_AT_BRIDGE; the bus and the registry are started
# on demand by the session bus dbus-run-session provides.
unset NO_AT_BRIDGE
started=$SECONDS
status=0
xvfb-run -a -s "-screen 0 1920x1080x24" dbus-run-session -- \
    /usr/bin/python3 -m unittest discover -s Tests/Accessibility -v || status=$?
echo "check-accessibility: $((SECONDS - started)) s, exit status $status"
exit "$status"
