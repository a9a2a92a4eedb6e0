#!/usr/bin/env bash
# Runs deploy/kubernetes under `podman kube play` with a local image, as a cluster would run it: waits for the
# pod, runs the startup, readiness and liveness probes as the Deployment defines them (each httpGet sent from the
# host to the pod's published port, as a kubelet sends it from the node; see below for podman's own healthcheck),
# posts a plan through the published port and compares it with the CLI's bytes, sends SIGTERM with requests in
# flight and checks the drain (exit 0, "stopped" logged, every request answered), then tears the pod down.
# What is changed for podman (and why): the image (the local one) and the ports 8080/8081 → free ones (podman 4.3
# publishes every containerPort on the host, so a busy 8080 would collide). The Deployment sets no replicas (the
# HPA owns them), so podman starts one. The Namespace, Service, HPA, PDB, NetworkPolicy and PodMonitor are given
# too: podman ignores kinds it does not run.
# Usage: kube_play_test.sh IMAGE path/to/flightplan   (called by container_test.sh once the image is built)
set -euo pipefail
cd "$(dirname "$0")/.."
image=$1 binary=$2
podman=(podman --runtime runc --cgroup-manager cgroupfs --events-backend file)
work=$(mktemp -d)
# This sandbox refuses podman's raised default limits (as container_test.sh's --ulimit flags say).
printf '[containers]\ndefault_ulimits = ["nofile=%s:%s", "nproc=4096:4096"]\n' "$(ulimit -Sn)" "$(ulimit -Hn)" > "$work/containers.conf"
export CONTAINERS_CONF=$work/containers.conf
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port) admin=$(free_port)
for manifest in namespace deployment service hpa pdb networkpolicy prometheus-operator/podmonitor; do
    echo ---
    sed -e "s#image: flightplan:1.0.0#image: $image#" -e "s/8080/$port/g" -e "s/8081/$admin/g" \
        "deploy/kubernetes/$manifest.yaml"
done > "$work/kube.yaml"
failures=0
check() {  # check NAME COMMAND...
    local name=$1; shift
    if "$@"; then echo "ok   kube: $name"; else echo "FAIL kube: $name"; failures=$((failures + 1)); fi
}
cleanup() { "${podman[@]}" kube down "$work/kube.yaml" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

start=$(date +%s.%N)
"${podman[@]}" kube play "$work/kube.yaml" >/dev/null
# podman names a Deployment's container DEPLOYMENT-pod-N-CONTAINER.
container=$("${podman[@]}" ps --format '{{.Names}}' | grep -x 'flightplan-pod-[0-9]*-flightplan' | head -1)
# Each probe's URL as the kubelet builds it from the manifest: the httpGet path on the port its name resolves to
# among the container's ports (published on the host by podman).
probe() { python3 -c 'import sys, yaml
for document in yaml.safe_load_all(open(sys.argv[1])):
    if document and document["kind"] == "Deployment":
        container = document["spec"]["template"]["spec"]["containers"][0]
        get = container[sys.argv[2]]["httpGet"]
        port = {port["name"]: port["containerPort"] for port in container["ports"]}.get(get["port"], get["port"])
        path = get["path"]
        print(f"http://127.0.0.1:{port}{path}")' "$work/kube.yaml" "$1"; }
startup=$(probe startupProbe) readiness=$(probe readinessProbe) liveness=$(probe livenessProbe)
ready=false
for _ in $(seq 100); do
    if curl -fs -o /dev/null "$readiness"; then ready=true; break; fi
    sleep 0.1
done
echo "kube: pod $container ready in $(python3 -c "import time; print(f'{time.time() - $start:.2f}')") s (kube play included)"
check "the readiness probe (GET $readiness) passes" $ready
check "the startup probe (GET $startup) passes" curl -fs -o /dev/null "$startup"
check "the liveness probe (GET $liveness) passes" curl -fs -o /dev/null "$liveness"
# podman 4.3 does not run httpGet probes itself: it turns the liveness probe into a healthcheck `CMD-SHELL curl -f
# http://localhost:PORT/healthz || exit 1` (a named port becomes 0), which needs a shell and curl the image does not
# have, and which only systemd would schedule (there is none here, so it never runs). Hence the GETs above, from
# outside the container as a kubelet sends them; the kubelet itself needs nothing in the image.
check "podman read the liveness probe's httpGet (its healthcheck names the path)" \
    grep -q "/healthz" <<< "$("${podman[@]}" inspect --format '{{join .Config.Healthcheck.Test " "}}' "$container")"
expected=$("$binary" plan examples/zoom.json)
check "a plan through the pod's port is the CLI's bytes" \
    test "$(curl -fsS -H 'Content-Type: application/json' --data-binary @examples/zoom.json "http://127.0.0.1:$port/v1/plans")" = "$expected"
check "/metrics is served on the admin port" grep -q '^flightplan_build_info' <<< "$(curl -fsS "http://127.0.0.1:$admin/metrics")"

# SIGTERM (podman stop sends the image's STOPSIGNAL) while 8 clients keep posting plans over kept-alive connections.
python3 - "$port" > "$work/load.txt" <<'PY' &
import http.client, json, sys, threading, time
port, body = int(sys.argv[1]), open("examples/zoom.json", "rb").read()
outcomes = []
def client():
    connection, started = None, time.monotonic()
    while time.monotonic() - started < 4:
        try:
            connection = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("POST", "/v1/plans", body, {"Content-Type": "application/json"})
            answer = connection.getresponse()
            answer.read()
            outcomes.append(answer.status)
            if answer.getheader("Connection") == "close":
                connection.close(); connection = None
        except (ConnectionRefusedError, ConnectionResetError) as error:
            # Refused: the listener is closed (draining has begun). A reset would be a request lost mid-answer.
            outcomes.append(type(error).__name__)
            connection = None
            time.sleep(0.05)
threads = [threading.Thread(target=client) for _ in range(8)]
for thread in threads: thread.start()
for thread in threads: thread.join()
print(json.dumps({str(k): outcomes.count(k) for k in set(outcomes)}))
PY
load=$!
sleep 1.5
"${podman[@]}" stop -t 30 "$container" >/dev/null
wait "$load"
outcomes=$(cat "$work/load.txt")
echo "kube: answers during the stop: $outcomes"
check "no request was cut mid-answer (200s, then 503s or refused connections once draining)" \
    python3 -c "import json, sys; o = json.loads(sys.argv[1]); sys.exit(0 if o.get('200', 0) > 0 and set(o) <= {'200', '503', 'ConnectionRefusedError'} else 1)" "$outcomes"
check "the container exited 0 after draining" test "$("${podman[@]}" inspect --format '{{.State.ExitCode}}' "$container")" = 0
logs=$("${podman[@]}" logs "$container" 2>&1)
check "its log says it drained and stopped (JSON lines)" python3 -c '
import json, sys
messages = [json.loads(line)["message"] for line in sys.stdin.read().splitlines()]
sys.exit(0 if any(m.startswith("signal 15: draining") for m in messages) and messages[-1] == "stopped" else 1)' <<< "$logs"
"${podman[@]}" kube down "$work/kube.yaml" >/dev/null
check "kube down removed the pod" test -z "$("${podman[@]}" pod ps --filter name=flightplan-pod -q)"
echo "kube_play_test: $failures failed"
[ "$failures" -eq 0 ]
