#!/usr/bin/env bash
# Checks everything in Dockerfile and deploy/ that does not need a container engine: hadolint on the
# Dockerfile, the Kubernetes manifests against the API schema (strict), the kustomization's files, the
# compose file parsed by podman-compose, the systemd unit verified and scored by systemd-analyze, and
# the nginx config live (scripts/proxy_test.py). The image itself is built and run by container_test.sh.
# Usage: deploy_check.sh path/to/flightplan
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(readlink -f "$1")

hadolint Dockerfile && echo "ok   hadolint: Dockerfile is clean"

manifests=(deploy/kubernetes/namespace.yaml deploy/kubernetes/deployment.yaml deploy/kubernetes/service.yaml deploy/kubernetes/hpa.yaml
    deploy/kubernetes/pdb.yaml deploy/kubernetes/networkpolicy.yaml)
kubernetes-validate --strict --quiet -k 1.30.0 "${manifests[@]}"
kubernetes-validate --strict --quiet "${manifests[@]}"
echo "ok   kubernetes-validate --strict: ${manifests[*]} (Kubernetes 1.30 and the latest schema)"
python3 - "${manifests[@]}" <<'PY'
import sys, yaml
listed = yaml.safe_load(open("deploy/kubernetes/kustomization.yaml"))["resources"]
given = [path.split("/")[-1] for path in sys.argv[1:]]
assert sorted(listed) == sorted(given), f"kustomization lists {listed}, the manifests are {given}"
deployment = yaml.safe_load(open("deploy/kubernetes/deployment.yaml"))
pod = deployment["spec"]["template"]["spec"]
container = pod["containers"][0]
env = {item["name"]: item["value"] for item in container["env"]}
pre_stop = container["lifecycle"]["preStop"]["sleep"]["seconds"]
# Every probe runs the binary itself: the image has no shell, curl or sleep.
probes = [container[name] for name in ("startupProbe", "readinessProbe", "livenessProbe")]
assert all(probe["exec"]["command"][:2] == ["flightplan", "healthcheck"] for probe in probes), probes
assert pod["terminationGracePeriodSeconds"] > pre_stop + float(env["FLIGHTPLAN_SHUTDOWN_GRACE"]), "grace period must cover preStop + drain"
assert container["securityContext"]["readOnlyRootFilesystem"] and pod["securityContext"]["runAsNonRoot"]
print("ok   kustomization lists every manifest; the grace period covers preStop + --shutdown-grace")
PY

# A missing podman-compose or systemd-analyze is a skip: the other checks still run, then the script exits 77
# (scripts/test.sh counts it, and fails under CI).
skipped=()
if command -v podman-compose >/dev/null; then
    (cd deploy && podman-compose -f compose.yaml config >/dev/null) && echo "ok   podman-compose parses deploy/compose.yaml"
else
    skipped+=(podman-compose)
fi

if command -v systemd-analyze >/dev/null; then
    unit=$(mktemp -d)/flightplan.service
    sed "s#/usr/local/bin/flightplan#$binary#" deploy/systemd/flightplan.service > "$unit"
    systemd-analyze verify "$unit"
    score=$(systemd-analyze security --offline=true "$unit" | sed -nE 's/.*Overall exposure level for .*: ([0-9.]+).*/\1/p')
    python3 -c "import sys; sys.exit(0 if float('$score') <= 2.0 else 1)"
    echo "ok   systemd-analyze verify; exposure level $score (≤ 2.0)"
    rm -rf "$(dirname "$unit")"
else
    skipped+=(systemd-analyze)
fi

python3 scripts/proxy_test.py "$binary"
if [ ${#skipped[@]} -gt 0 ]; then echo "deploy_check: SKIPPED: ${skipped[*]} not installed"; exit 77; fi
