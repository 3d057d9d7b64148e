#!/usr/bin/env sh
# Prints the runtime pins as shell assignments (MARIMO_VERSION=..., UV_VERSION=..., the surfaces'
# CODE_SERVER_VERSION=..., CODE_SERVER_NODE_VERSION=..., OPENCODE_VERSION=...), read from
# sandbox-drivers/runtime/pins.ts so the image never disagrees with the hub about versions.
set -eu
pins="$(cd "$(dirname "$0")/../.." && pwd)/sandbox-drivers/runtime/pins.ts"
for name in MARIMO_VERSION UV_VERSION CODE_SERVER_VERSION CODE_SERVER_NODE_VERSION OPENCODE_VERSION; do
  value=$(sed -n "s/^export const $name = '\([^']*\)';\$/\1/p" "$pins")
  [ -n "$value" ] || { echo "pins.sh: $name not found in $pins" >&2; exit 1; }
  echo "$name=$value"
done
