#!/usr/bin/env bash
# Builds the sandbox image without pulling from any container registry: debootstrap a minimal
# Debian bookworm, install python3 and the pinned runtime wheels (marimo, uv) into a venv, then
# `docker import` the tree with the image settings the sandbox drivers expect. The Debian part is
# build/lib/debian-rootfs.sh, shared with the hub image's offline build.
#
# Needs root, debootstrap, a Debian package mirror, the Python package index (or a wheel
# directory), and a Docker engine (honours DOCKER_HOST).
#
# Usage: build-offline.sh [--tag TAG] [--work-dir DIR] [--mirror URL] [--ca-bundle FILE] [--help]
#   --tag        image tag (default notebook-hub-sandbox:marimo-<version>)
#   --work-dir   keeps the downloaded .debs and wheels between builds (default: a temp dir)
#   --mirror     Debian mirror (default http://deb.debian.org/debian)
#   --ca-bundle  PEM bundle the image trusts instead of Debian's, for networks that intercept TLS
#                (default: $SSL_CERT_FILE when set)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
eval "$("$here/pins.sh")"

runtime=/opt/notebook-runtime
rootfs_log_tag=sandbox-image
# shellcheck source=../lib/debian-rootfs.sh
. "$here/../lib/debian-rootfs.sh"
tag="notebook-hub-sandbox:marimo-$MARIMO_VERSION"
ca_bundle="${SSL_CERT_FILE:-}"
rootfs_parse_args build-offline.sh --ca-bundle=ca_bundle -- "$@"
rootfs_preflight build-offline.sh
rootfs_work_dir "$work"
mkdir -p "$work/wheels"
rootfs_create "$mirror" python3,python3-venv,ca-certificates
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
  --change "LABEL notebook-hub.uv-version=$UV_VERSION"
rootfs_step "built $tag"
