#!/usr/bin/env bash
# Installs the system packages that building (GTK 3 and SQLite headers) and the headless tests
# (Xvfb; for the accessibility suite a session bus, the AT-SPI registry and the system
# python's Atspi bindings; for the collation tests the C library's locale sources, which they
# compile with localedef) need, and only those that are missing: when everything is present it
# returns at once.
set -euo pipefail

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists gtk+-3.0 2>/dev/null || missing+=(libgtk-3-dev)
pkg-config --exists sqlite3 2>/dev/null || missing+=(libsqlite3-dev)
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb)
command -v xauth >/dev/null 2>&1 || missing+=(xauth)
command -v xdotool >/dev/null 2>&1 || missing+=(xdotool)
command -v dbus-run-session >/dev/null 2>&1 || missing+=(dbus)
[ -x /usr/libexec/at-spi-bus-launcher ] || missing+=(at-spi2-core)
/usr/bin/python3 -c 'import gi; gi.require_version("Atspi", "2.0")' >/dev/null 2>&1 \
    || missing+=(python3-gi gir1.2-atspi-2.0)
[ -f /usr/share/i18n/locales/en_US ] && [ -f /usr/share/i18n/locales/sv_SE ] || missing+=(locales)

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-system-deps: missing ${missing[*]}, and apt-get is not available (Debian/Ubuntu only)" >&2
    exit 1
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
    sudo=(sudo)
fi

echo "install-system-deps: installing ${missing[*]}"
"${sudo[@]}" apt-get update
# Always the full set: apt skips what is already installed.
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    pkg-config libgtk-3-dev libsqlite3-dev xvfb xauth xdotool \
    dbus at-spi2-core python3-gi gir1.2-atspi-2.0 locales
