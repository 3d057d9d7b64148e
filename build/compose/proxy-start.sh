#!/bin/sh
# The `proxy` service's entry (compose.yaml): fills the port, the hub's port and the base path (the
# path of PUBLIC_URL) into nginx.conf, checks the result and runs nginx in the foreground. nginx
# cannot read environment variables itself, and this works the same in the official image and in a
# Debian one (POSIX sh and sed only).
set -eu
: "${PUBLIC_URL:?PUBLIC_URL must be set (the address browsers use, e.g. https://example.org/notebooks)}"
: "${PROXY_LISTEN:?PROXY_LISTEN must be set}"
: "${HUB_PORT:?HUB_PORT must be set}"
# https://example.org/notebooks/ -> /notebooks; https://hub.example.com -> "" (a host of its own).
base=$(printf '%s' "$PUBLIC_URL" | sed -e 's|^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*||' -e 's|/*$||')
case "$base" in
  *[!A-Za-z0-9/._~-]*) echo "proxy-start.sh: the path of PUBLIC_URL ($base) may only hold letters, digits, / . _ ~ -" >&2; exit 1 ;;
esac
drop_prefix_only=''
# Without a prefix there is no "base without its slash" to redirect.
[ -n "$base" ] || drop_prefix_only='/# only with a path prefix$/d'
sed -e "$drop_prefix_only" \
  -e "s|@PROXY_LISTEN@|$PROXY_LISTEN|g" -e "s|@HUB_PORT@|$HUB_PORT|g" -e "s|@BASE@|$base|g" \
  /etc/notebook-hub/nginx.conf >/tmp/nginx.conf
nginx -t -q -c /tmp/nginx.conf
exec nginx -c /tmp/nginx.conf -g 'daemon off;'
