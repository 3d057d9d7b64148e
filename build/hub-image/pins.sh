#!/usr/bin/env sh
# Prints the hub image's pins as shell assignments (NODE_VERSION=...), read from
# build/hub.Dockerfile so the offline image runs the same Node as the registry one.
set -eu
dockerfile="$(cd "$(dirname "$0")/.." && pwd)/hub.Dockerfile"
value=$(sed -n 's/^ARG NODE_VERSION=\([0-9][0-9.]*\)$/\1/p' "$dockerfile")
[ -n "$value" ] || { echo "pins.sh: ARG NODE_VERSION=<version> not found in $dockerfile" >&2; exit 1; }
echo "NODE_VERSION=$value"
