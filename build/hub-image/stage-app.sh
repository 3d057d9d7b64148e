#!/usr/bin/env bash
# Stages what the hub runs into DEST (an empty or missing folder): the compiled kernel, service and
# sandbox drivers, the built web UI (renderer/dist, with the server-side first page), the
# `notebook-hub` command and the production dependencies of the service and the sandbox drivers
# only. The renderer and the desktop app are not installed: the hub serves the UI's built files and
# its first-page module is bundled with everything it imports (renderer/vite.config.ts).
# Both image builds use it: build/hub.Dockerfile and build/hub-image/build-offline.sh.
#
# Needs the build (`npm run build`) to be done, npm and the package registry (or npm's cache).
#
# Usage: stage-app.sh DEST
set -euo pipefail

dest="${1:?usage: stage-app.sh DEST}"
repo=$(cd "$(dirname "$0")/../.." && pwd)

for built in kernel/dist/errors.js service/dist/cli/main.js service/dist/bundle/main.js sandbox-drivers/dist/src/index.js renderer/dist/index.html renderer/dist/server/first-page.js; do
  [ -f "$repo/$built" ] || { echo "stage-app.sh: $built is missing: run npm run build first" >&2; exit 1; }
done
mkdir -p "$dest"
[ -z "$(ls -A "$dest")" ] || { echo "stage-app.sh: $dest is not empty" >&2; exit 1; }

# npm needs every workspace's manifest to read the lockfile, even the ones it does not install.
copy() { mkdir -p "$dest/$(dirname "$1")" && cp -a "$repo/$1" "$dest/$1"; }
for file in package.json package-lock.json .npmrc bin/notebook-hub.mjs scripts/build.mjs scripts/bundle-service.mjs \
  kernel/package.json shared-types/package.json service/package.json sandbox-drivers/package.json renderer/package.json electron/package.json; do
  copy "$file"
done
for built in kernel/dist service/dist sandbox-drivers/dist renderer/dist; do
  mkdir -p "$dest/$built"
  # Compiler bookkeeping (*.tsbuildinfo) is not needed to run.
  tar -C "$repo/$built" --exclude='*.tsbuildinfo' -c . | tar -C "$dest/$built" -x
done
cp "$repo/build/hub-image/healthcheck.mjs" "$dest/healthcheck.mjs"

(
  cd "$dest"
  npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error \
    --workspace=@notebook-hub/kernel --workspace=@notebook-hub/service --workspace=@notebook-hub/sandbox-drivers --include-workspace-root
)
# The manifests of the workspaces that were not installed are not needed any more.
rm -rf "$dest/electron" "$dest/shared-types"
chmod 755 "$dest/bin/notebook-hub.mjs"
