#!/bin/bash
# A single-node Kubernetes cluster for the test suites (docs/kubernetes.md, "Testing against a real
# cluster"): etcd, the control plane, a kubelet over its own containerd, kube-proxy, a bridge
# network and a NetworkPolicy agent, all bound to the bridge's gateway address so that pods reach
# the API server. Everything it starts is recorded under the run folder (the agent under a folder
# of its own), and `down` removes it: processes by pid, pods, mounts, network namespaces, iptables
# chains, nftables tables and the bridge.
#
#   cluster.sh up CACHE_DIR      start (binaries in CACHE_DIR/bin, built by build-binaries.sh)
#   cluster.sh agent CACHE_DIR   start the NetworkPolicy agent on a running cluster, unless it runs
#   cluster.sh down CACHE_DIR    stop and remove everything `up` made
#   cluster.sh import CACHE_DIR  import an image archive (docker save) read from stdin
set -euo pipefail

command=${1:?usage: cluster.sh up|agent|down|import CACHE_DIR}
cache=${2:?usage: cluster.sh up|agent|down|import CACHE_DIR}
here=$(cd "$(dirname "$0")" && pwd)
bin="$cache/bin"
pki="$cache/pki"
run="$cache/run"
images="$cache/containerd-root"
bridge=nbhk8s0
gateway=10.213.0.1
pod_cidr=10.213.0.0/24
service_cidr=10.214.0.0/24
api_service_ip=10.214.0.1
node=notebook-hub-node
api="https://$gateway:6443"
containerd_socket="$run/containerd.sock"
pause_image=docker.io/library/notebook-hub-pause:1
# The agent's pid and log live outside the run folder: a checkout whose scripts predate the agent
# removes the run folder on `down` without stopping it, and the next `agent` must still find it.
agent_dir="$cache/network-policy-agent"
agent_binary="$bin/kube-network-policies"
# The netfilter queue the agent takes verdicts from; kubernetes.ts names it to the tests.
agent_queue=213
# The agent's own nftables table (kube-network-policies' default name), removed on `down`.
agent_table=kube-network-policies

log() { echo "[kubernetes] $*" >&2; }

ctr_() { ctr --address "$containerd_socket" --namespace k8s.io "$@"; }

# Answers a GET of the API as the admin.
api_get() {
  curl -sf --max-time 5 --cacert "$pki/ca.crt" --cert "$pki/admin.crt" --key "$pki/admin.key" "$api$1"
}

wait_for() {
  local what=$1 seconds=$2
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS > deadline)); then
      log "$what did not come up within ${seconds}s"
      tail -n 40 "$run"/*.log >&2 || true
      return 1
    fi
    sleep 0.3
  done
}

start() {
  local name=$1
  shift
  nohup "$@" >"$run/$name.log" 2>&1 &
  echo $! >"$run/$name.pid"
}

make_pki() {
  [ -f "$pki/admin.crt" ] && return
  mkdir -p "$pki"
  local days=3650
  openssl req -x509 -newkey rsa:2048 -nodes -days $days -subj /CN=notebook-hub-test-ca -keyout "$pki/ca.key" -out "$pki/ca.crt" 2>/dev/null
  cat >"$pki/apiserver.ext" <<EOM
subjectAltName=IP:$gateway,IP:$api_service_ip,IP:127.0.0.1,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local
extendedKeyUsage=serverAuth
EOM
  openssl req -newkey rsa:2048 -nodes -subj /CN=kube-apiserver -keyout "$pki/apiserver.key" -out "$pki/apiserver.csr" 2>/dev/null
  openssl x509 -req -in "$pki/apiserver.csr" -CA "$pki/ca.crt" -CAkey "$pki/ca.key" -CAcreateserial -days $days -extfile "$pki/apiserver.ext" -out "$pki/apiserver.crt" 2>/dev/null
  printf 'extendedKeyUsage=clientAuth\n' >"$pki/client.ext"
  openssl req -newkey rsa:2048 -nodes -subj "/O=system:masters/CN=notebook-hub-test-admin" -keyout "$pki/admin.key" -out "$pki/admin.csr" 2>/dev/null
  openssl x509 -req -in "$pki/admin.csr" -CA "$pki/ca.crt" -CAkey "$pki/ca.key" -CAcreateserial -days $days -extfile "$pki/client.ext" -out "$pki/admin.crt" 2>/dev/null
  openssl genrsa -out "$pki/service-accounts.key" 2048 2>/dev/null
  openssl rsa -in "$pki/service-accounts.key" -pubout -out "$pki/service-accounts.pub" 2>/dev/null
}

write_kubeconfig() {
  cat >"$run/admin.kubeconfig" <<EOM
apiVersion: v1
kind: Config
clusters:
  - name: notebook-hub-test
    cluster:
      server: $api
      certificate-authority-data: $(base64 -w0 "$pki/ca.crt")
users:
  - name: admin
    user:
      client-certificate-data: $(base64 -w0 "$pki/admin.crt")
      client-key-data: $(base64 -w0 "$pki/admin.key")
contexts:
  - name: notebook-hub-test
    context: { cluster: notebook-hub-test, user: admin }
current-context: notebook-hub-test
EOM
}

make_bridge() {
  ip link show $bridge >/dev/null 2>&1 || ip link add $bridge type bridge
  ip addr replace $gateway/24 dev $bridge
  ip link set $bridge up
  sysctl -qw net.ipv4.ip_forward=1
  # Docker sets the FORWARD policy to DROP: pods reach the outside (package indexes) only through
  # a chain of ours that accepts the bridge's traffic.
  iptables -N NBH-FORWARD 2>/dev/null || iptables -F NBH-FORWARD
  iptables -A NBH-FORWARD -i $bridge -j ACCEPT
  iptables -A NBH-FORWARD -o $bridge -j ACCEPT
  iptables -C FORWARD -j NBH-FORWARD 2>/dev/null || iptables -I FORWARD 1 -j NBH-FORWARD
}

write_configs() {
  mkdir -p "$run/cni" "$images"
  cat >"$run/cni/10-notebook-hub.conflist" <<EOM
{
  "cniVersion": "1.0.0",
  "name": "notebook-hub-pods",
  "plugins": [
    {
      "type": "bridge", "bridge": "$bridge", "isGateway": true, "ipMasq": true, "hairpinMode": true,
      "ipam": { "type": "host-local", "dataDir": "$run/ipam", "ranges": [[{ "subnet": "$pod_cidr", "gateway": "$gateway" }]], "routes": [{ "dst": "0.0.0.0/0" }] }
    },
    { "type": "portmap", "capabilities": { "portMappings": true } }
  ]
}
EOM
  cat >"$run/containerd.toml" <<EOM
version = 2
root = "$images"
state = "$run/containerd-state"
[grpc]
  address = "$containerd_socket"
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "$pause_image"
  restrict_oom_score_adj = true
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "$run/cni"
  [plugins."io.containerd.grpc.v1.cri".containerd]
    default_runtime_name = "runc"
  [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
    runtime_type = "io.containerd.runc.v2"
  [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
    SystemdCgroup = false
EOM
  cat >"$run/kubelet.yaml" <<EOM
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: $gateway
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
authentication:
  anonymous: { enabled: false }
  webhook: { enabled: false }
  x509: { clientCAFile: $pki/ca.crt }
authorization: { mode: AlwaysAllow }
cgroupDriver: cgroupfs
cgroupsPerQOS: false
enforceNodeAllocatable: []
failSwapOn: false
failCgroupV1: false
containerRuntimeEndpoint: unix://$containerd_socket
evictionHard: { memory.available: 100Mi, nodefs.available: 1%, imagefs.available: 1%, nodefs.inodesFree: 1% }
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
serializeImagePulls: false
resolvConf: /etc/resolv.conf
# Secret volumes follow their Secret at each pod sync: every 10 s rather than every minute, so that
# a test of a refreshed secret file waits seconds.
syncFrequency: 10s
EOM
  cat >"$run/kube-proxy.yaml" <<EOM
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
clientConnection: { kubeconfig: $run/admin.kubeconfig }
mode: iptables
clusterCIDR: $pod_cidr
hostnameOverride: $node
bindAddress: $gateway
healthzBindAddress: 127.0.0.1:10256
metricsBindAddress: 127.0.0.1:10249
conntrack: { maxPerCore: 0, min: 0 }
EOM
}

# The pause image: a static binary in a one-layer image, imported once into the kept image store.
ensure_pause_image() {
  ctr_ images ls -q | grep -qx "$pause_image" && return
  local work="$run/pause-image"
  mkdir -p "$work/rootfs"
  CGO_ENABLED=0 go build -C "$here" -ldflags '-s -w' -o "$work/rootfs/pause" pause.go
  (cd "$work/rootfs" && tar -cf ../layer.tar pause)
  local layer_digest config_digest manifest_digest
  layer_digest=$(sha256sum "$work/layer.tar" | cut -d' ' -f1)
  mkdir -p "$work/oci/blobs/sha256"
  cp "$work/layer.tar" "$work/oci/blobs/sha256/$layer_digest"
  printf '{"architecture":"amd64","os":"linux","config":{"Entrypoint":["/pause"]},"rootfs":{"type":"layers","diff_ids":["sha256:%s"]}}' "$layer_digest" >"$work/config.json"
  config_digest=$(sha256sum "$work/config.json" | cut -d' ' -f1)
  cp "$work/config.json" "$work/oci/blobs/sha256/$config_digest"
  printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"sha256:%s","size":%d},"layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar","digest":"sha256:%s","size":%d}]}' \
    "$config_digest" "$(stat -c %s "$work/config.json")" "$layer_digest" "$(stat -c %s "$work/layer.tar")" >"$work/manifest.json"
  manifest_digest=$(sha256sum "$work/manifest.json" | cut -d' ' -f1)
  cp "$work/manifest.json" "$work/oci/blobs/sha256/$manifest_digest"
  printf '{"imageLayoutVersion":"1.0.0"}' >"$work/oci/oci-layout"
  printf '{"schemaVersion":2,"manifests":[{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"sha256:%s","size":%d,"annotations":{"org.opencontainers.image.ref.name":"%s","io.containerd.image.name":"%s"}}]}' \
    "$manifest_digest" "$(stat -c %s "$work/manifest.json")" "$pause_image" "$pause_image" >"$work/oci/index.json"
  (cd "$work/oci" && tar -cf ../pause.tar .)
  ctr_ images import --index-name "$pause_image" "$work/pause.tar" >/dev/null
  rm -rf "$work"
}

# Where the agent sees each new connection of a pod (docs/kubernetes.md, "NetworkPolicy
# enforcement in the test cluster"). kube-network-policies diverts the first packet of a
# connection to its netfilter queue with an nftables `queue` rule, and a kernel without the
# nftables queue expression (CONFIG_NFT_QUEUE, as on the test machines) refuses its table. The
# xtables NFQUEUE target is there, so the same diversion is made here with iptables, on the same
# hook (POSTROUTING, after DNAT, before SNAT) and with the same exemptions: established
# connections, and the node's root (the kubelet, the test processes). Every pod address is
# diverted, not only the policed pods': the agent accepts what no policy selects.
# `--queue-bypass` lets packets through while no agent listens, so that a stopped agent does not
# cut the cluster off; the enforcement test checks that the agent listens.
divert_to_agent() {
  local chain=NBH-NETWORK-POLICY
  local want="-N $chain
-A $chain -m conntrack --ctstate RELATED,ESTABLISHED -j RETURN
-A $chain -m owner --uid-owner 0 -j RETURN
-A $chain -s $pod_cidr -j NFQUEUE --queue-num $agent_queue --queue-bypass
-A $chain -d $pod_cidr -j NFQUEUE --queue-num $agent_queue --queue-bypass"
  # Rewritten only when it differs: a flush would let new connections through unchecked meanwhile.
  if [ "$(iptables -t mangle -S $chain 2>/dev/null)" != "$want" ]; then
    iptables -t mangle -N $chain 2>/dev/null || iptables -t mangle -F $chain
    iptables -t mangle -A $chain -m conntrack --ctstate RELATED,ESTABLISHED -j RETURN
    iptables -t mangle -A $chain -m owner --uid-owner 0 -j RETURN
    iptables -t mangle -A $chain -s $pod_cidr -j NFQUEUE --queue-num $agent_queue --queue-bypass
    iptables -t mangle -A $chain -d $pod_cidr -j NFQUEUE --queue-num $agent_queue --queue-bypass
  fi
  iptables -t mangle -C POSTROUTING -j $chain 2>/dev/null || iptables -t mangle -A POSTROUTING -j $chain
}

undivert() {
  iptables -t mangle -D POSTROUTING -j NBH-NETWORK-POLICY 2>/dev/null || true
  iptables -t mangle -F NBH-NETWORK-POLICY 2>/dev/null || true
  iptables -t mangle -X NBH-NETWORK-POLICY 2>/dev/null || true
}

# The agent's pid file names a live agent, not a process that reused the pid (an agent whose
# binary was rebuilt since it started still counts).
agent_running() {
  local pid exe
  pid=$(cat "$agent_dir/agent.pid" 2>/dev/null) || return 1
  exe=$(readlink "/proc/$pid/exe" 2>/dev/null) || return 1
  [ "${exe% (deleted)}" = "$(readlink -f "$agent_binary")" ]
}

# The agent listens on its queue once its caches are in sync with the API server.
agent_listening() {
  awk -v queue=$agent_queue '$1 == queue { found = 1 } END { exit !found }' /proc/net/netfilter/nfnetlink_queue
}

# Idempotent: a cluster brought up by a checkout whose scripts predate the agent gets it here.
agent() {
  [ -x "$agent_binary" ] || { log "missing $agent_binary (run build-binaries.sh first)"; exit 1; }
  api_get /readyz >/dev/null || { log "no cluster answers at $api"; exit 1; }
  # An agent left running by such a checkout's `down` watched an API server that is gone: its
  # caches would trail the new cluster's pods for a while, so it makes way for a new agent.
  if agent_running && [ "$(cat "$agent_dir/cluster" 2>/dev/null)" != "$(cat "$run/kube-apiserver.pid")" ]; then
    log "restarting the NetworkPolicy agent of a previous cluster"
    stop_pid "$agent_dir/agent.pid"
  fi
  if ! agent_running; then
    log "starting the NetworkPolicy agent"
    mkdir -p "$agent_dir"
    # Its kubeconfig is its own copy: the run folder may be removed under a running agent.
    cp "$run/admin.kubeconfig" "$agent_dir/admin.kubeconfig"
    cp "$run/kube-apiserver.pid" "$agent_dir/cluster"
    nohup "$agent_binary" --kubeconfig="$agent_dir/admin.kubeconfig" --hostname-override=$node --nfqueue-id=$agent_queue \
      >"$agent_dir/agent.log" 2>&1 &
    echo $! >"$agent_dir/agent.pid"
  fi
  local deadline=$((SECONDS + 60))
  until agent_listening; do
    # kill -0, not agent_running: a process just started may not have run the agent's binary yet.
    if ! kill -0 "$(cat "$agent_dir/agent.pid")" 2>/dev/null || ((SECONDS > deadline)); then
      log "the NetworkPolicy agent is not listening on netfilter queue $agent_queue"
      tail -n 40 "$agent_dir/agent.log" >&2 || true
      exit 1
    fi
    sleep 0.3
  done
  # The agent loads its nftables table before it listens: where the kernel took it, the agent
  # diverts packets itself and a second diversion would only make it judge each one twice.
  if nft list table inet $agent_table >/dev/null 2>&1; then
    undivert
  else
    divert_to_agent
  fi
}

# Ready, and schedulable: the controller manager lifts the node's not-ready taint a moment after
# the kubelet reports Ready, and a pod created in between is refused.
node_ready() {
  api_get "/api/v1/nodes/$node" | python3 -c 'import json,sys; n=json.load(sys.stdin); ready=any(c["type"]=="Ready" and c["status"]=="True" for c in n["status"]["conditions"]); blocked=any(t["effect"]=="NoSchedule" for t in n["spec"].get("taints") or []); sys.exit(0 if ready and not blocked else 1)'
}

up() {
  for binary in kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy; do
    [ -x "$bin/$binary" ] || { log "missing $bin/$binary (run build-binaries.sh first)"; exit 1; }
  done
  down_quietly
  mkdir -p "$run"
  make_pki
  write_kubeconfig
  make_bridge
  write_configs
  log "starting etcd and containerd"
  start etcd etcd --data-dir "$run/etcd" --listen-client-urls http://127.0.0.1:23790 --advertise-client-urls http://127.0.0.1:23790 \
    --listen-peer-urls http://127.0.0.1:23800 --initial-advertise-peer-urls http://127.0.0.1:23800 --initial-cluster default=http://127.0.0.1:23800
  start containerd containerd --config "$run/containerd.toml"
  wait_for containerd 30 ctr_ version
  ensure_pause_image
  log "starting the control plane"
  start kube-apiserver "$bin/kube-apiserver" --etcd-servers=http://127.0.0.1:23790 --bind-address=$gateway --advertise-address=$gateway --secure-port=6443 \
    --tls-cert-file="$pki/apiserver.crt" --tls-private-key-file="$pki/apiserver.key" --client-ca-file="$pki/ca.crt" \
    --service-cluster-ip-range=$service_cidr --service-account-issuer=https://kubernetes.default.svc \
    --service-account-key-file="$pki/service-accounts.pub" --service-account-signing-key-file="$pki/service-accounts.key" \
    --authorization-mode=Node,RBAC --kubelet-client-certificate="$pki/admin.crt" --kubelet-client-key="$pki/admin.key" \
    --kubelet-preferred-address-types=InternalIP --cert-dir="$run/apiserver-certs"
  wait_for kube-apiserver 90 api_get /readyz
  start kube-controller-manager "$bin/kube-controller-manager" --kubeconfig="$run/admin.kubeconfig" --leader-elect=false --bind-address=127.0.0.1 \
    --service-account-private-key-file="$pki/service-accounts.key" --root-ca-file="$pki/ca.crt" --cluster-cidr=$pod_cidr \
    --cluster-signing-cert-file="$pki/ca.crt" --cluster-signing-key-file="$pki/ca.key" --use-service-account-credentials=true \
    --cert-dir="$run/controller-manager-certs"
  start kube-scheduler "$bin/kube-scheduler" --kubeconfig="$run/admin.kubeconfig" --leader-elect=false --bind-address=127.0.0.1
  log "starting the node"
  start kubelet "$bin/kubelet" --config="$run/kubelet.yaml" --kubeconfig="$run/admin.kubeconfig" --root-dir="$run/kubelet" \
    --cert-dir="$run/kubelet-certs" --hostname-override=$node --node-ip=$gateway
  start kube-proxy "$bin/kube-proxy" --config="$run/kube-proxy.yaml"
  wait_for "the node" 120 node_ready
  wait_for "the default service account" 60 api_get /api/v1/namespaces/default/serviceaccounts/default
  agent
  log "cluster ready at $api"
}

stop_pid() {
  local file=$1 pid
  [ -f "$file" ] || return 0
  pid=$(cat "$file")
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$file"
}

# Best effort throughout: whatever is already gone is skipped.
down_quietly() (
  set +e +o pipefail
  # The agent first, even without a run folder (see agent_dir): it removes its table on SIGTERM.
  agent_running && stop_pid "$agent_dir/agent.pid"
  nft delete table inet $agent_table 2>/dev/null
  rm -rf "$agent_dir"
  [ -d "$run" ] || exit 0
  # Pods first, while the kubelet and containerd can still take their sandboxes and networks down.
  if [ -f "$run/kubelet.pid" ] && kill -0 "$(cat "$run/kubelet.pid")" 2>/dev/null && api_get /readyz >/dev/null 2>&1; then
    for namespace in $(api_get /api/v1/namespaces | python3 -c 'import json,sys; print(" ".join(i["metadata"]["name"] for i in json.load(sys.stdin)["items"]))'); do
      curl -sf --max-time 10 -X DELETE --cacert "$pki/ca.crt" --cert "$pki/admin.crt" --key "$pki/admin.key" \
        "$api/api/v1/namespaces/$namespace/pods?gracePeriodSeconds=0" >/dev/null || true
    done
    local deadline=$((SECONDS + 30))
    while ((SECONDS < deadline)) && [ "$(api_get /api/v1/pods | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["items"]))' 2>/dev/null || echo 0)" != 0 ]; do sleep 0.5; done
  fi
  for name in kube-proxy kubelet kube-scheduler kube-controller-manager kube-apiserver; do stop_pid "$run/$name.pid"; done
  if [ -S "$containerd_socket" ] && ctr_ version >/dev/null 2>&1; then
    for task in $(ctr_ tasks ls -q 2>/dev/null); do ctr_ tasks kill -s KILL "$task" >/dev/null 2>&1 || true; done
    sleep 0.5
    for task in $(ctr_ tasks ls -q 2>/dev/null); do ctr_ tasks delete -f "$task" >/dev/null 2>&1 || true; done
    for container in $(ctr_ containers ls -q 2>/dev/null); do ctr_ containers delete "$container" >/dev/null 2>&1 || true; done
  fi
  stop_pid "$run/containerd.pid"
  stop_pid "$run/etcd.pid"
  # Mounts the kubelet and containerd made (projected volumes, pod shm, rootfs), deepest first.
  grep -F " $run/" /proc/self/mounts | awk '{print $2}' | sort -r | while read -r mount; do umount -l "$mount" 2>/dev/null || true; done
  for namespace in $(ip netns list 2>/dev/null | awk '{print $1}' | grep '^cni-' || true); do ip netns delete "$namespace" 2>/dev/null || true; done
  for table in nat filter mangle; do
    iptables-save -t $table 2>/dev/null | grep -oE '^:(KUBE|CNI|NBH)-[A-Za-z0-9_-]+' | tr -d : | while read -r chain; do
      iptables -t $table -F "$chain" 2>/dev/null || true
    done
    for hook in PREROUTING INPUT FORWARD OUTPUT POSTROUTING; do
      iptables-save -t $table 2>/dev/null | grep -E "^-A $hook .*-j (KUBE|CNI|NBH)-" | sed 's/^-A /-D /' | while read -r rule; do
        eval "iptables -t $table $rule" 2>/dev/null || true
      done
    done
    iptables-save -t $table 2>/dev/null | grep -oE '^:(KUBE|CNI|NBH)-[A-Za-z0-9_-]+' | tr -d : | while read -r chain; do
      iptables -t $table -X "$chain" 2>/dev/null || true
    done
  done
  ip link delete $bridge 2>/dev/null || true
  rm -rf "$run"
)

case "$command" in
  up) up ;;
  agent) agent ;;
  down) down_quietly; log "cluster removed" ;;
  import) ctr_ images import --all-platforms - >/dev/null ;;
  *) echo "unknown command $command" >&2; exit 2 ;;
esac
