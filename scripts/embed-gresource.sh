#!/bin/sh
# Writes a compiled GResource bundle as a Swift source (its bytes in Base64), for the build tool
# plugin Plugins/GResourceEmbedder. Usage: embed-gresource.sh BUNDLE OUTPUT.swift
set -eu
bundle=$1 output=$2
{
    echo "// Generated at build time from Resources/$(basename "$bundle" .gresource) by Plugins/GResourceEmbedder."
    echo "/// The library's GResource bundle (its CSS theme and built-in \`.ui\` definitions), in Base64."
    printf 'let embeddedGResourceBundle = "'
    base64 -w0 "$bundle"
    echo '"'
} >"$output.partial"
mv "$output.partial" "$output"
