#!/usr/bin/env bash
# `make lint`: the Swift sources against .swift-format (swift-format, in the toolchain), the
# sample viewer's desktop entry and AppStream metadata (desktop-file-validate, appstreamcli).
# Installs desktop-file-utils and appstream with apt-get when missing. Fails on any finding.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

missing=()
command -v desktop-file-validate >/dev/null 2>&1 || missing+=(desktop-file-utils)
command -v appstreamcli >/dev/null 2>&1 || missing+=(appstream)
if [ ${#missing[@]} -gt 0 ]; then
    sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    echo "lint: installing ${missing[*]}"
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

swift=${SWIFT:-swift}
"$swift" format lint --strict --recursive --parallel Package.swift Plugins Sources Tests Benchmarks Examples
echo "lint: Swift sources follow .swift-format"

desktop-file-validate Resources/PackageViewer/*.desktop
appstreamcli validate --no-net Resources/PackageViewer/*.metainfo.xml
echo "lint: desktop entry and AppStream metadata valid"
