#!/bin/bash
# Builds the binaries a single-node test cluster needs from the Go module proxy, into $1/bin
# (docs/kubernetes.md, "Testing against a real cluster"), each only when it is not there yet:
# - Kubernetes' own binaries. k8s.io/kubernetes is built as a dependency of a scratch module: its
#   staging modules are replaced with their published versions, as its own go.mod replaces them
#   with the staging folders.
# - The NetworkPolicy agent (network-policy-agent/: kube-network-policies' controller), from its
#   committed module, rebuilt when that module changes.
set -euo pipefail
cache_dir=${1:?usage: build-binaries.sh CACHE_DIR}
here=$(cd "$(dirname "$0")" && pwd)
version=1.37.2
minor=${version#1.}
kubernetes_binaries=(kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy)
agent_source="$here/network-policy-agent"
agent="$cache_dir/bin/kube-network-policies"
mkdir -p "$cache_dir/bin"

build_kubernetes() {
  local work="$cache_dir/module"
  mkdir -p "$work"
  cd "$work"
  export GOFLAGS=-mod=mod
  cat > go.mod <<EOM
module notebook-hub.test/kubernetes

go 1.25
EOM
  cat > tools.go <<'EOM'
//go:build tools

package tools

import (
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager"
	_ "k8s.io/kubernetes/cmd/kube-proxy"
	_ "k8s.io/kubernetes/cmd/kube-scheduler"
	_ "k8s.io/kubernetes/cmd/kubelet"
)
EOM
  echo "[kubernetes] 5% downloading k8s.io/kubernetes v$version"
  go mod edit -require="k8s.io/kubernetes@v$version"
  go mod download "k8s.io/kubernetes@v$version"
  local upstream
  upstream="$(go env GOMODCACHE)/k8s.io/kubernetes@v$version/go.mod"
  for module in $(grep -E '^\s*k8s.io/[a-z0-9-]+ => \./staging' "$upstream" | awk '{print $1}'); do
    go mod edit -replace="$module=$module@v0.$minor"
  done
  echo "[kubernetes] 15% resolving modules"
  go mod tidy
  local flags="-s -w -X k8s.io/component-base/version.gitVersion=v$version -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=${minor%%.*}"
  for index in "${!kubernetes_binaries[@]}"; do
    local binary=${kubernetes_binaries[$index]}
    echo "[kubernetes] $((20 + index * 14))% building $binary"
    go build -tags tools -ldflags "$flags" -o "$cache_dir/bin/$binary.partial" "k8s.io/kubernetes/cmd/$binary"
    mv "$cache_dir/bin/$binary.partial" "$cache_dir/bin/$binary"
  done
  unset GOFLAGS
}

# What the agent is built from: a new pin or a changed main.go makes a new build.
agent_source_digest() {
  cat "$agent_source/go.mod" "$agent_source/go.sum" "$agent_source"/*.go | sha256sum | cut -d' ' -f1
}

build_agent() {
  echo "[kubernetes] 90% building kube-network-policies (the NetworkPolicy agent)"
  # The committed go.sum pins every module: the build reads it and never rewrites it.
  GOFLAGS='-mod=readonly -buildvcs=false' CGO_ENABLED=0 go build -C "$agent_source" -trimpath -ldflags '-s -w' -o "$agent.partial" .
  mv "$agent.partial" "$agent"
  agent_source_digest >"$agent.source"
}

built=false
for binary in "${kubernetes_binaries[@]}"; do
  if [ ! -x "$cache_dir/bin/$binary" ]; then
    build_kubernetes
    built=true
    break
  fi
done
if [ ! -x "$agent" ] || [ "$(cat "$agent.source" 2>/dev/null)" != "$(agent_source_digest)" ]; then
  build_agent
  built=true
fi
if $built; then echo "[kubernetes] 100% binaries ready in $cache_dir/bin"; fi
