#!/bin/bash
# Builds the Kubernetes binaries a single-node test cluster needs from the Go module proxy, into
# $1/bin (docs/testing.md, "Kubernetes"). k8s.io/kubernetes is built as a dependency of a scratch
# module: its staging modules are replaced with their published versions, as its own go.mod
# replaces them with the staging folders.
set -euo pipefail
cache_dir=${1:?usage: build-binaries.sh CACHE_DIR}
version=1.37.2
minor=${version#1.}
work="$cache_dir/module"
mkdir -p "$work" "$cache_dir/bin"
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
upstream="$(go env GOMODCACHE)/k8s.io/kubernetes@v$version/go.mod"
for module in $(grep -E '^\s*k8s.io/[a-z0-9-]+ => \./staging' "$upstream" | awk '{print $1}'); do
  go mod edit -replace="$module=$module@v0.$minor"
done
echo "[kubernetes] 15% resolving modules"
go mod tidy
flags="-s -w -X k8s.io/component-base/version.gitVersion=v$version -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=${minor%%.*}"
binaries=(kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy)
for index in "${!binaries[@]}"; do
  binary=${binaries[$index]}
  echo "[kubernetes] $((20 + index * 16))% building $binary"
  go build -tags tools -ldflags "$flags" -o "$cache_dir/bin/$binary.partial" "k8s.io/kubernetes/cmd/$binary"
  mv "$cache_dir/bin/$binary.partial" "$cache_dir/bin/$binary"
done
echo "[kubernetes] 100% binaries ready in $cache_dir/bin"
