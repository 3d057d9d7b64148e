# Shared by the offline image builds (build/sandbox-image/build-offline.sh,
# build/hub-image/build-offline.sh, build/compose/nginx-image-offline.sh); source it, do not run it.
# Reads their common options, makes a minimal Debian bookworm tree with debootstrap, without any
# container registry, keeping the downloaded .debs in a work dir between builds, and turns a
# finished tree into an image with `docker import`.
#
# The caller sets `rootfs_log_tag` (the prefix of progress lines) and then uses:
#   rootfs_parse_args NAME [--OPTION=VARIABLE ...] -- ARGS...
#                                    reads ARGS: --tag, --work-dir and --mirror into $tag, $work and
#                                    $mirror (default $DEBIAN_MIRROR, else deb.debian.org), each
#                                    --OPTION given into its VARIABLE, and --help prints the
#                                    "Usage:" part of the script's opening comment; anything else
#                                    is an error (exit 2). Set $tag and the VARIABLEs' defaults first.
#   rootfs_preflight NAME            root, debootstrap and the docker CLI are present
#   rootfs_work_dir DIR              sets $work (DIR, or a temporary dir removed on exit)
#   rootfs_create MIRROR PACKAGES    sets $rootfs: debootstrap --variant=minbase, PACKAGES
#                                    comma-separated; the tree is removed on exit
#   rootfs_trust_ca_bundle FILE      the tree trusts FILE instead of Debian's bundle
#   rootfs_trim                      drops apt lists and caches, docs, man pages and locales
#   rootfs_import TAG [ARGS...]      `docker import` of the tree, ARGS passed on (--change ...)
# and `rootfs_step MESSAGE` for a timestamped progress line on stderr.

rootfs_parse_args() {
  local name="$1"
  shift
  # Every option takes a value; the table maps each to the variable it sets.
  local -A variable_of=([--tag]=tag [--work-dir]=work [--mirror]=mirror)
  while [ $# -gt 0 ] && [ "$1" != -- ]; do
    variable_of[${1%%=*}]=${1#*=}
    shift
  done
  if [ $# -gt 0 ]; then shift; fi
  work=""
  mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
  while [ $# -gt 0 ]; do
    case "$1" in
      -h | --help) rootfs_usage; exit 0 ;;
    esac
    if [ -z "$1" ] || [ -z "${variable_of[$1]:-}" ]; then
      echo "$name: unknown argument $1" >&2
      rootfs_usage >&2
      exit 2
    fi
    if [ $# -lt 2 ]; then
      echo "$name: $1 needs a value" >&2
      exit 2
    fi
    printf -v "${variable_of[$1]}" '%s' "$2"
    shift 2
  done
}

# The script's own usage: its opening comment from the "# Usage:" line on.
rootfs_usage() {
  sed -n '/^# Usage:/,/^[^#]/{/^#/{s/^# \{0,1\}//;p}}' "$0"
}

rootfs_step() { echo "[${rootfs_log_tag:-image}] $(date +%H:%M:%S) $*" >&2; }

rootfs_preflight() {
  local name="$1"
  [ "$(id -u)" = 0 ] || { echo "$name: must run as root (debootstrap, chroot)" >&2; exit 1; }
  command -v debootstrap >/dev/null || { echo "$name: debootstrap is not installed" >&2; exit 1; }
  command -v docker >/dev/null || { echo "$name: the docker CLI is not installed" >&2; exit 1; }
}

rootfs_temporary_work=""
rootfs=""
rootfs_work_dir() {
  work="$1"
  if [ -z "$work" ]; then
    work=$(mktemp -d)
    rootfs_temporary_work="$work"
  fi
  mkdir -p "$work/debs"
  trap rootfs_cleanup EXIT
}

rootfs_cleanup() {
  if [ -n "$rootfs" ]; then
    # debootstrap leaves /proc mounted in the tree when it fails; rm cannot get past a mount.
    local mounted
    for mounted in proc sys dev/pts; do
      if mountpoint -q "$rootfs/$mounted" 2>/dev/null; then umount -l "$rootfs/$mounted"; fi
    done
    rm -rf "$rootfs" "$rootfs.log"
  fi
  if [ -n "$rootfs_temporary_work" ]; then rm -rf "$rootfs_temporary_work"; fi
}

rootfs_create() {
  local mirror="$1" packages="$2"
  # A fresh tree per build, so two builds sharing a work dir cannot trample each other.
  rootfs=$(mktemp -d "$work/rootfs.XXXXXX")
  chmod 755 "$rootfs"
  rootfs_step "debootstrap bookworm (minbase + $packages) from $mirror"
  debootstrap --variant=minbase --include="$packages" \
    --cache-dir="$work/debs" bookworm "$rootfs" "$mirror" >"$rootfs.log" 2>&1 \
    || { tail -n 40 "$rootfs.log" >&2; tail -n 40 "$rootfs/debootstrap/debootstrap.log" >&2 2>/dev/null; exit 1; }
  rm -f "$rootfs.log"
}

rootfs_trust_ca_bundle() {
  local bundle="$1"
  [ -n "$bundle" ] || return 0
  rootfs_step "trusting $bundle"
  cp "$bundle" "$rootfs/etc/ssl/certs/ca-certificates.crt"
}

rootfs_trim() {
  : >"$rootfs/etc/resolv.conf"
  rm -rf "$rootfs/root/.cache" "$rootfs/var/cache/apt/"* "$rootfs/var/lib/apt/lists/"* \
    "$rootfs/usr/share/doc" "$rootfs/usr/share/man" "$rootfs/usr/share/info" "$rootfs/usr/share/locale"
}

rootfs_import() {
  local tag="$1"
  shift
  rootfs_step "docker import as $tag"
  tar --numeric-owner -C "$rootfs" -c . | docker import "$@" - "$tag" >/dev/null
}
