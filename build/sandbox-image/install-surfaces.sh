#!/usr/bin/env sh
# Installs the edit sessions' surfaces into DIR, in the layout the local driver's install makes
# (sandbox-drivers/src/surfaces/, docs/surfaces.md): DIR/code-server/bin/code-server (code-server
# on a Node 24 of its own) and DIR/opencode/bin/opencode. The Dockerfile and build-offline.sh run it
# inside the image's build; `build/sandbox-image/pins.sh` gives the versions.
#
# Needs node and npm (any Node the project runs on), a C++ compiler, make, python3, the Kerberos
# headers (Debian: libkrb5-dev) and the npm registry. Runs the packages' install scripts (the
# project's .npmrc turns them off for its own dependencies).
#
# Usage: CODE_SERVER_VERSION=... CODE_SERVER_NODE_VERSION=... OPENCODE_VERSION=... [NPM_CLI=...] install-surfaces.sh DIR
set -eu

dir=${1:?usage: install-surfaces.sh DIR}
: "${CODE_SERVER_VERSION:?}" "${CODE_SERVER_NODE_VERSION:?}" "${OPENCODE_VERSION:?}"
node_package="node-$(node -p process.platform)-$(node -p process.arch)"
# npm itself, to run it on code-server's Node: $NPM_CLI, or the npm-cli.js of the npm on PATH.
npm_cli="${NPM_CLI:-$(npm root --global)/npm/bin/npm-cli.js}"
[ -f "$npm_cli" ] || { echo "install-surfaces.sh: npm-cli.js not found at $npm_cli" >&2; exit 1; }
scripted="--ignore-scripts=false --foreground-scripts --no-audit --no-fund --no-update-notifier"

# A launcher that finds its surface from its own path, so the folder works wherever it is copied.
write_launcher() { # FILE COMMAND
  mkdir -p "$(dirname "$1")"
  {
    echo '#!/bin/sh'
    echo '# Installed by build/sandbox-image/install-surfaces.sh; docs/surfaces.md.'
    # shellcheck disable=SC2016 # expanded when the launcher runs
    echo 'root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)'
    echo "$2"
  } >"$1"
  chmod 755 "$1"
}

cs="$dir/code-server"
rm -rf "$cs" "$dir/opencode"
echo "install-surfaces: Node $CODE_SERVER_NODE_VERSION ($node_package) for code-server" >&2
npm install --prefix "$cs/node" --no-save --no-audit --no-fund --ignore-scripts "$node_package@$CODE_SERVER_NODE_VERSION"
node_home="$cs/node/node_modules/$node_package"

# npm runs on that Node, so code-server's post-install builds VS Code's native modules for it,
# against its own headers (node-gyp downloads nothing).
echo "install-surfaces: code-server $CODE_SERVER_VERSION (builds native modules)" >&2
# shellcheck disable=SC2086 # $scripted is a list of flags
PATH="$node_home/bin:$PATH" npm_config_nodedir="$node_home" \
  "$node_home/bin/node" "$npm_cli" install $scripted --allow-scripts=code-server,argon2 --global --prefix "$cs/app" \
  "code-server@$CODE_SERVER_VERSION"
write_launcher "$cs/bin/code-server" \
  "exec \"\$root/node/node_modules/$node_package/bin/node\" \"\$root/app/lib/node_modules/code-server/out/node/entry.js\" \"\$@\""

# opencode-ai's post-install links the binary of the platform package that suits this CPU.
echo "install-surfaces: OpenCode $OPENCODE_VERSION" >&2
# shellcheck disable=SC2086
npm install $scripted --allow-scripts=opencode-ai --global --prefix "$dir/opencode" "opencode-ai@$OPENCODE_VERSION"

"$cs/bin/code-server" --config "$cs/version-check.yaml" --version
rm -f "$cs/version-check.yaml"
OPENCODE_DISABLE_AUTOUPDATE=1 "$dir/opencode/bin/opencode" --version
