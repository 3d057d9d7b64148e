#!/usr/bin/env bash
# Builds an nginx image without pulling from any container registry, for running
# build/compose/compose.yaml where the official `nginx` image cannot be pulled (an offline host,
# the test suite): debootstrap a minimal Debian bookworm with `nginx-light`
# (build/lib/debian-rootfs.sh, shared with the hub and sandbox images) and `docker import` it with
# nginx in the foreground as its command. compose.yaml replaces the command and the whole
# configuration, so the image only has to hold nginx and a shell.
#
# Needs root, debootstrap, a Debian package mirror and a Docker engine (honours DOCKER_HOST).
#
# Usage: nginx-image-offline.sh [--tag TAG] [--work-dir DIR] [--mirror URL] [--help]
#   --tag       image tag (default notebook-hub-nginx:bookworm)
#   --work-dir  keeps the downloaded .debs between builds (default: a temp dir)
#   --mirror    Debian mirror (default http://deb.debian.org/debian)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
rootfs_log_tag=nginx-image
# shellcheck source=../lib/debian-rootfs.sh
. "$here/../lib/debian-rootfs.sh"
tag="notebook-hub-nginx:bookworm"
rootfs_parse_args nginx-image-offline.sh -- "$@"
rootfs_preflight nginx-image-offline.sh
rootfs_work_dir "$work"
rootfs_create "$mirror" nginx-light
# The package's own site would listen on port 80 of the host's network: the compose file brings
# its own configuration, and nothing else should be served.
rm -f "$rootfs/etc/nginx/sites-enabled/default"
rootfs_trim
# `docker import` cannot set a stop signal: compose.yaml sets SIGQUIT, nginx's graceful stop.
rootfs_import "$tag" \
  --change 'CMD ["nginx", "-g", "daemon off;"]' \
  --change 'EXPOSE 80'
rootfs_step "built $tag"
