#!/usr/bin/env bash
# Builds the sandbox image without pulling from any container registry: debootstrap a minimal
# Debian bookworm, install python3 and the pinned runtime wheels (marimo, uv) into a venv, add the
# edit sessions' surfaces (code-server and OpenCode under /opt/surfaces, docs/surfaces.md), then
# `docker import` the tree with the image settings the sandbox drivers expect. The Debian part is
# build/lib/debian-rootfs.sh, shared with the hub image's offline build.
#
# Needs root, debootstrap, a Debian package mirror, the Python package index (or a wheel
# directory), node with npm and the npm registry (for the surfaces), and a Docker engine (honours
# DOCKER_HOST).
#
# Usage: build-offline.sh [--tag TAG] [--work-dir DIR] [--mirror URL] [--ca-bundle FILE] [--surfaces-from DIR] [--help]
#   --tag            image tag (default notebook-hub-sandbox:marimo-<version>)
#   --work-dir       keeps the downloaded .debs and wheels between builds (default: a temp dir)
#   --mirror         Debian mirror (default http://deb.debian.org/debian)
#   --ca-bundle      PEM bundle the image trusts instead of Debian's, for networks that intercept TLS
#                    (default: $SSL_CERT_FILE when set)
#   --surfaces-from  a surfaces directory the local driver installed on this machine (its
#                    code-server and opencode folders): copied as they are instead of building
#                    code-server's native modules again, when this machine runs Debian bookworm and
#                    its stamps name this build's pins; otherwise the surfaces are built here
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
eval "$("$here/pins.sh")"

runtime=/opt/notebook-runtime
surfaces=/opt/surfaces
rootfs_log_tag=sandbox-image
# shellcheck source=../lib/debian-rootfs.sh
. "$here/../lib/debian-rootfs.sh"
tag="notebook-hub-sandbox:marimo-$MARIMO_VERSION"
ca_bundle="${SSL_CERT_FILE:-}"
surfaces_from=""
rootfs_parse_args build-offline.sh --ca-bundle=ca_bundle --surfaces-from=surfaces_from -- "$@"
rootfs_preflight build-offline.sh
rootfs_work_dir "$work"
mkdir -p "$work/wheels" "$work/npm-cache"
command -v npm >/dev/null || { echo "build-offline.sh: npm is not installed (the surfaces install from the npm registry)" >&2; exit 1; }
# libgssapi-krb5-2: the Kerberos library code-server's native `kerberos` module loads.
rootfs_create "$mirror" python3,python3-venv,ca-certificates,libgssapi-krb5-2
rootfs_trust_ca_bundle "$ca_bundle"

rootfs_step "installing marimo==$MARIMO_VERSION uv==$UV_VERSION"
cp /etc/resolv.conf "$rootfs/etc/resolv.conf"
mkdir -p "$rootfs/tmp/wheels"
cp -a "$work/wheels/." "$rootfs/tmp/wheels/"
# Download into the kept wheel directory first, so a rebuild with the same pins needs no index.
chroot "$rootfs" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
  PIP_CERT=/etc/ssl/certs/ca-certificates.crt PIP_DISABLE_PIP_VERSION_CHECK=1 \
  sh -euc "
    python3 -m venv $runtime
    $runtime/bin/pip download --quiet --find-links /tmp/wheels -d /tmp/wheels marimo==$MARIMO_VERSION uv==$UV_VERSION
    $runtime/bin/pip install --quiet --no-index --find-links /tmp/wheels marimo==$MARIMO_VERSION uv==$UV_VERSION
    $runtime/bin/marimo --version >/dev/null
    $runtime/bin/uv --version >/dev/null
  "
cp -a "$rootfs/tmp/wheels/." "$work/wheels/"

# Whether DIR holds both surfaces installed by the local driver for this build's pins, on a machine
# whose libraries are the image's (code-server's native modules link against them): its stamps
# (sandbox-drivers/src/surfaces/surface-layout.ts) name the pins, the platform and the CPU.
surfaces_reusable() { # DIR
  local dir="$1" arch node_package
  [ -n "$dir" ] || return 1
  grep -qs '^VERSION_CODENAME=bookworm$' /etc/os-release || return 1
  arch=$(node -p process.arch)
  node_package="node-linux-$arch"
  grep -qsF "\"platform\":\"linux\",\"arch\":\"$arch\"" "$dir/code-server/.notebook-hub-surface" || return 1
  grep -qsF "\"code-server\":\"$CODE_SERVER_VERSION\",\"$node_package\":\"$CODE_SERVER_NODE_VERSION\"" "$dir/code-server/.notebook-hub-surface" || return 1
  grep -qsF "\"arch\":\"$arch\",\"pins\":{\"opencode-ai\":\"$OPENCODE_VERSION\"}" "$dir/opencode/.notebook-hub-surface" || return 1
}

mkdir -p "$rootfs$surfaces"
if surfaces_reusable "$surfaces_from"; then
  rootfs_step "copying code-server $CODE_SERVER_VERSION and OpenCode $OPENCODE_VERSION from $surfaces_from (built on this machine)"
  for surface in code-server opencode; do
    cp -a "$surfaces_from/$surface" "$rootfs$surfaces/$surface"
    rm -f "$rootfs$surfaces/$surface/.lock"
  done
else
  if [ -n "$surfaces_from" ]; then rootfs_step "$surfaces_from is not a surfaces install of this build's pins on Debian bookworm: building them"; fi
  # The surfaces build in a tree of their own that has the compilers (code-server's install builds
  # native modules), so the image carries none of them: only the finished /opt/surfaces is copied.
  builder=""
  remove_builder() {
    [ -n "$builder" ] || return 0
    if mountpoint -q "$builder/proc" 2>/dev/null; then umount -l "$builder/proc"; fi
    rm -rf "$builder" "$builder.log"
    builder=""
  }
  trap 'remove_builder; rootfs_cleanup' EXIT
  builder=$(mktemp -d "$work/surfaces-builder.XXXXXX")
  chmod 755 "$builder"
  rootfs_step "debootstrap bookworm for building the surfaces (compilers, libkrb5-dev)"
  debootstrap --variant=minbase --include=ca-certificates,python3,g++,make,libkrb5-dev \
    --cache-dir="$work/debs" bookworm "$builder" "$mirror" >"$builder.log" 2>&1 \
    || { tail -n 40 "$builder.log" >&2; exit 1; }
  if [ -n "$ca_bundle" ]; then cp "$ca_bundle" "$builder/etc/ssl/certs/ca-certificates.crt"; fi
  cp /etc/resolv.conf "$builder/etc/resolv.conf"

  rootfs_step "installing code-server $CODE_SERVER_VERSION (Node $CODE_SERVER_NODE_VERSION) and OpenCode $OPENCODE_VERSION"
  # Node and npm to run the install with: the Node code-server runs on, and this host's npm version.
  build_node="node-linux-$(node -p process.arch)"
  npm install --prefix "$builder/opt/build-node" --no-save --no-audit --no-fund --ignore-scripts \
    "$build_node@$CODE_SERVER_NODE_VERSION" "npm@$(npm --version)" >/dev/null
  printf '#!/bin/sh\nexec node /opt/build-node/node_modules/npm/bin/npm-cli.js "$@"\n' >"$builder/usr/local/bin/npm"
  chmod 755 "$builder/usr/local/bin/npm"
  cp "$here/install-surfaces.sh" "$builder/tmp/install-surfaces.sh"
  mkdir -p "$builder/var/cache/npm"
  cp -a "$work/npm-cache/." "$builder/var/cache/npm/"
  mount -t proc proc "$builder/proc"
  chroot "$builder" /usr/bin/env -i PATH="/opt/build-node/node_modules/$build_node/bin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    HOME=/root npm_config_cache=/var/cache/npm npm_config_cafile=/etc/ssl/certs/ca-certificates.crt \
    NPM_CLI=/opt/build-node/node_modules/npm/bin/npm-cli.js CODE_SERVER_VERSION="$CODE_SERVER_VERSION" \
    CODE_SERVER_NODE_VERSION="$CODE_SERVER_NODE_VERSION" OPENCODE_VERSION="$OPENCODE_VERSION" \
    sh /tmp/install-surfaces.sh "$surfaces" >"$builder.log" 2>&1 \
    || { tail -n 60 "$builder.log" >&2; exit 1; }
  umount "$builder/proc"
  # Kept for the next build with the same pins: the registry is then only asked, not downloaded from.
  cp -a "$builder/var/cache/npm/." "$work/npm-cache/"
  cp -a "$builder$surfaces/." "$rootfs$surfaces/"
  remove_builder
fi
# Owned by root, readable and runnable by the sandbox user; launchers on PATH as well.
chown -R 0:0 "$rootfs$surfaces"
chmod -R a+rX,go-w "$rootfs$surfaces"
ln -s "$surfaces/code-server/bin/code-server" "$rootfs/usr/local/bin/code-server"
ln -s "$surfaces/opencode/bin/opencode" "$rootfs/usr/local/bin/opencode"

rootfs_step "creating the sandbox user and trimming"
echo "marimo:x:1000:1000:marimo:/home/marimo:/bin/sh" >>"$rootfs/etc/passwd"
echo "marimo:x:1000:" >>"$rootfs/etc/group"
mkdir -p "$rootfs/home/marimo" "$rootfs/workspace"
chown 1000:1000 "$rootfs/home/marimo" "$rootfs/workspace"
rm -rf "$rootfs/tmp/wheels"
rootfs_trim

rootfs_import "$tag" \
  --change "ENV PATH=$runtime/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  --change "ENV SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt" \
  --change "ENV HOME=/home/marimo" \
  --change "ENV LANG=C.UTF-8" \
  --change "ENV MARIMO_VERSION=$MARIMO_VERSION" \
  --change "USER 1000:1000" \
  --change "WORKDIR /workspace" \
  --change 'CMD ["sleep", "infinity"]' \
  --change "LABEL org.opencontainers.image.title=notebook-hub-sandbox" \
  --change "LABEL notebook-hub.marimo-version=$MARIMO_VERSION" \
  --change "LABEL notebook-hub.uv-version=$UV_VERSION" \
  --change "LABEL notebook-hub.code-server-version=$CODE_SERVER_VERSION" \
  --change "LABEL notebook-hub.opencode-version=$OPENCODE_VERSION"
rootfs_step "built $tag"
