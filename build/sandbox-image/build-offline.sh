#!/usr/bin/env bash
# Builds the sandbox image without pulling from any container registry: debootstrap a minimal
# Debian bookworm, install python3 and the pinned runtime wheels (marimo, uv) into a venv, then
# `docker import` the tree with the image settings the sandbox drivers expect.
#
# Needs root, debootstrap, a Debian package mirror, the Python package index (or a wheel
# directory), and a Docker engine (honours DOCKER_HOST).
#
# Usage: build-offline.sh [--tag TAG] [--work-dir DIR] [--mirror URL] [--ca-bundle FILE]
#   --tag        image tag (default notebook-hub-sandbox:marimo-<version>)
#   --work-dir   keeps the downloaded .debs and wheels between builds (default: a temp dir)
#   --mirror     Debian mirror (default http://deb.debian.org/debian)
#   --ca-bundle  PEM bundle the image trusts instead of Debian's, for networks that intercept TLS
#                (default: $SSL_CERT_FILE when set)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
eval "$("$here/pins.sh")"

tag="notebook-hub-sandbox:marimo-$MARIMO_VERSION"
work=""
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
ca_bundle="${SSL_CERT_FILE:-}"
while [ $# -gt 0 ]; do
  case "$1" in
    --tag) tag="$2"; shift 2 ;;
    --work-dir) work="$2"; shift 2 ;;
    --mirror) mirror="$2"; shift 2 ;;
    --ca-bundle) ca_bundle="$2"; shift 2 ;;
    *) echo "build-offline.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

runtime=/opt/notebook-runtime
step() { echo "[sandbox-image] $(date +%H:%M:%S) $*" >&2; }

[ "$(id -u)" = 0 ] || { echo "build-offline.sh: must run as root (debootstrap, chroot)" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "build-offline.sh: debootstrap is not installed" >&2; exit 1; }
command -v docker >/dev/null || { echo "build-offline.sh: the docker CLI is not installed" >&2; exit 1; }

temporary_work=""
if [ -z "$work" ]; then
  work=$(mktemp -d)
  temporary_work="$work"
fi
mkdir -p "$work/debs" "$work/wheels"
# A fresh tree per build, so two builds sharing a work dir cannot trample each other.
rootfs=$(mktemp -d "$work/rootfs.XXXXXX")
chmod 755 "$rootfs"
cleanup() {
  # debootstrap leaves /proc mounted in the tree when it fails; rm cannot get past a mount.
  for mounted in proc sys dev/pts; do
    mountpoint -q "$rootfs/$mounted" 2>/dev/null && umount -l "$rootfs/$mounted"
  done
  rm -rf "$rootfs"
  if [ -n "$temporary_work" ]; then rm -rf "$temporary_work"; fi
}
trap cleanup EXIT

step "debootstrap bookworm (minbase) from $mirror"
debootstrap --variant=minbase --include=python3,python3-venv,ca-certificates \
  --cache-dir="$work/debs" bookworm "$rootfs" "$mirror" >"$rootfs.log" 2>&1 \
  || { tail -n 40 "$rootfs.log" >&2; tail -n 40 "$rootfs/debootstrap/debootstrap.log" >&2 2>/dev/null; exit 1; }
rm -f "$rootfs.log"

if [ -n "$ca_bundle" ]; then
  step "trusting $ca_bundle"
  cp "$ca_bundle" "$rootfs/etc/ssl/certs/ca-certificates.crt"
fi

step "installing marimo==$MARIMO_VERSION uv==$UV_VERSION"
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

step "creating the sandbox user and trimming"
echo "marimo:x:1000:1000:marimo:/home/marimo:/bin/sh" >>"$rootfs/etc/passwd"
echo "marimo:x:1000:" >>"$rootfs/etc/group"
mkdir -p "$rootfs/home/marimo" "$rootfs/workspace"
chown 1000:1000 "$rootfs/home/marimo" "$rootfs/workspace"
: >"$rootfs/etc/resolv.conf"
rm -rf "$rootfs/tmp/wheels" "$rootfs/root/.cache" "$rootfs/var/cache/apt/"* "$rootfs/var/lib/apt/lists/"* \
  "$rootfs/usr/share/doc" "$rootfs/usr/share/man" "$rootfs/usr/share/info" "$rootfs/usr/share/locale"

step "docker import as $tag"
tar --numeric-owner -C "$rootfs" -c . | docker import \
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
  - "$tag" >/dev/null
step "built $tag"
