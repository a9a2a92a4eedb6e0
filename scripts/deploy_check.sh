#!/usr/bin/env bash
# Checks everything in Dockerfile and deploy/ that does not need a container engine: hadolint on the
# Dockerfile, its source label's default and the build context .dockerignore leaves, the Kubernetes manifests
# against the API schema (strict) of the oldest and the newest version they are for, the PodMonitor against
# prometheus-operator's CRD models, what the manifests must hold together (probes, HPA, PDB, security), the
# kustomization's files, the compose file parsed by podman-compose, the
# systemd unit (alone and with its drop-in) verified and scored by systemd-analyze, the sizing figures against
# the performance page (scripts/sizing.py), every documentation reference in these files
# (scripts/doc_references.py), and the nginx config live (scripts/proxy_test.py). The image itself is built and
# run by container_test.sh.
# Usage: deploy_check.sh path/to/flightplan
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(readlink -f "$1")

hadolint Dockerfile && echo "ok   hadolint: Dockerfile is clean"
# The build context as Docker and podman cut it with .dockerignore (docker-py's implementation of its rules): what
# the Dockerfile copies, without the build folders (hundreds of MB) or git's metadata.
python3 - <<'PY'
import os, re, subprocess
from docker.utils.build import exclude_paths
ignore = open(".dockerignore").read().splitlines() if os.path.exists(".dockerignore") else []
patterns = [line.strip() for line in ignore if line.strip() and not line.startswith("#")]
context = exclude_paths(".", patterns)
whole = exclude_paths(".", [])
size = lambda paths: sum(os.path.getsize(path) for path in paths if os.path.isfile(path) and not os.path.islink(path))
leaked = sorted(path for path in context if re.match(r"(.*/)?(\.build[^/]*|\.git)(/|$)", path))
assert not leaked, f".dockerignore lets these into the build context: {leaked[:5]}"
dockerfile = open("Dockerfile").read()
copied = [word for line in dockerfile.splitlines() if line.startswith("COPY ") and "--from" not in line for word in line.split()[1:-1]]
tracked = subprocess.run(["git", "ls-files", "--", *copied], capture_output=True, text=True, check=True).stdout.split()
missing = sorted(set(tracked) - context)
assert tracked and not missing, f"the Dockerfile copies {copied}, but the context lacks {missing[:5]}"
print(f"ok   .dockerignore: the build context keeps all {len(tracked)} files the Dockerfile copies ({' '.join(copied)}), "
      f"no build folder or .git; {size(context) / 2**20:.1f} MiB in {len(context)} files, of {size(whole) / 2**20:.1f} MiB")
source = re.search(r"^ARG SOURCE=(\S*)", dockerfile, re.M)
assert source and re.match(r"https?://[^/]+", source.group(1)), f"the source label's default is not a URL: {source and source.group(1)}"
print(f"ok   the image's org.opencontainers.image.source defaults to a URL ({source.group(1)})")
PY

manifests=(deploy/kubernetes/namespace.yaml deploy/kubernetes/deployment.yaml deploy/kubernetes/service.yaml deploy/kubernetes/hpa.yaml
    deploy/kubernetes/pdb.yaml deploy/kubernetes/networkpolicy.yaml)
# The oldest Kubernetes the manifests are for (docs/operations.md: the preStop `sleep` action is on by default from
# 1.30; the 1.28 schema refuses it) and the newest schema kubernetes-validate has.
oldest=1.30.0 newest=1.37.0
for version in "$oldest" "$newest"; do kubernetes-validate --strict --quiet -k "$version" "${manifests[@]}"; done
echo "ok   kubernetes-validate --strict: ${manifests[*]} (Kubernetes $oldest and $newest)"
# The PodMonitor is a CRD's kind, which kubernetes-validate has no schema for: it is read by cloudcoil's models of
# prometheus-operator's CRDs (generated from their OpenAPI schemas: types, enums, required fields), and whatever the
# models do not read back (an unknown or misspelt field) fails too.
python3 - deploy/kubernetes/prometheus-operator/podmonitor.yaml <<'PY'
import sys, yaml
from importlib.metadata import version
from cloudcoil.models.prometheus_operator import v1
def unread(given, kept, path=""):
    """The fields of `given` that the model did not keep as they were."""
    if isinstance(given, dict):
        return [field for key, value in given.items()
                for field in (unread(value, kept[key], f"{path}.{key}") if isinstance(kept, dict) and key in kept else [f"{path}.{key}"])]
    if isinstance(given, list):
        return [field for index, value in enumerate(given) for field in unread(value, kept[index], f"{path}[{index}]")]
    return [] if given == kept else [f"{path} ({given!r} read as {kept!r})"]
document = yaml.safe_load(open(sys.argv[1]))
model = v1.PodMonitor.model_validate(document)
lost = unread(document, model.model_dump(by_alias=True, exclude_none=True, mode="json"))
assert not lost, f"{sys.argv[1]}: fields the PodMonitor schema does not have: {lost}"
print(f"ok   {sys.argv[1]} is a valid PodMonitor (cloudcoil-models-prometheus-operator {version('cloudcoil-models-prometheus-operator')}, every field read back)")
PY
python3 - "${manifests[@]}" <<'PY'
import sys, yaml
listed = yaml.safe_load(open("deploy/kubernetes/kustomization.yaml"))["resources"]
given = [path.split("/")[-1] for path in sys.argv[1:]]
assert sorted(listed) == sorted(given), f"kustomization lists {listed}, the manifests are {given}"
overlay = yaml.safe_load(open("deploy/kubernetes/prometheus-operator/kustomization.yaml"))
assert overlay["resources"] == ["..", "podmonitor.yaml"] and overlay["namespace"] == "flightplan", "the PodMonitor overlay is the base and the PodMonitor"
load = lambda name: yaml.safe_load(open(f"deploy/kubernetes/{name}.yaml"))
deployment, hpa, pdb, monitor = load("deployment"), load("hpa"), load("pdb"), load("prometheus-operator/podmonitor")
pod = deployment["spec"]["template"]["spec"]
labels = deployment["spec"]["template"]["metadata"]["labels"]
container = pod["containers"][0]
env = {item["name"]: item["value"] for item in container["env"]}
ports = {port["name"]: port["containerPort"] for port in container["ports"]}
assert str(ports["admin"]) == env["FLIGHTPLAN_ADMIN_PORT"], "the admin port must be the one the server listens on"
# The kubelet GETs the admin listener: no process starts in the container for a probe.
probes = {name: container[name]["httpGet"] for name in ("startupProbe", "readinessProbe", "livenessProbe")}
assert all(probe["port"] == "admin" for probe in probes.values()), probes
assert probes["readinessProbe"]["path"] == "/readyz" and probes["livenessProbe"]["path"] == probes["startupProbe"]["path"] == "/healthz", probes
# The HPA owns the replica count.
assert hpa["spec"]["scaleTargetRef"]["name"] == deployment["metadata"]["name"] and "replicas" not in deployment["spec"], \
    "a Deployment under an HPA must not set replicas (each apply would reset the HPA's count)"
assert pdb["spec"]["selector"]["matchLabels"].items() <= labels.items(), "the PodDisruptionBudget must select the pods"
pre_stop = container["lifecycle"]["preStop"]["sleep"]["seconds"]
assert pod["terminationGracePeriodSeconds"] > pre_stop + float(env["FLIGHTPLAN_SHUTDOWN_GRACE"]), "grace period must cover preStop + drain"
# The PodMonitor scrapes what the annotations name.
annotations = deployment["spec"]["template"]["metadata"]["annotations"]
endpoint = monitor["spec"]["podMetricsEndpoints"][0]
assert monitor["spec"]["selector"]["matchLabels"].items() <= labels.items(), "the PodMonitor must select the pods"
assert (str(ports[endpoint["port"]]), endpoint["path"]) == (annotations["prometheus.io/port"], annotations["prometheus.io/path"]), \
    "the PodMonitor and the prometheus.io annotations must name the same endpoint"
# Restricted: non-root, read-only root, RuntimeDefault seccomp, no capability, no escalation.
security = container["securityContext"]
assert pod["securityContext"]["runAsNonRoot"] and security["runAsNonRoot"] and security["readOnlyRootFilesystem"]
assert security["seccompProfile"]["type"] == pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"
assert security["capabilities"]["drop"] == ["ALL"] and security["allowPrivilegeEscalation"] is False
print("ok   kustomization lists every manifest; httpGet probes on the admin port; no replicas under the HPA; the PDB and "
      "the PodMonitor select the pods, which scrapes what the annotations name; the grace period covers preStop + "
      "--shutdown-grace; non-root, read-only, RuntimeDefault seccomp, no capabilities")
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
    analyze() {  # analyze WHAT: the unit (with its drop-ins) verifies without a word and scores at most 2.0;
                 # the report is left in $security
        local warnings score
        warnings=$(systemd-analyze verify "$unit" 2>&1)
        [ -z "$warnings" ] || { echo "FAIL systemd-analyze verify, $1: $warnings"; return 1; }
        security=$(systemd-analyze security --offline=true "$unit")
        score=$(sed -nE 's/.*Overall exposure level for .*: ([0-9.]+).*/\1/p' <<< "$security")
        python3 -c "import sys; sys.exit(0 if float('$score') <= 2.0 else 1)"
        echo "ok   systemd-analyze verify, $1; exposure level $score (≤ 2.0)"
    }
    analyze "the unit"
    # The documented drop-in for a remote Prometheus, where the operator puts it: the unit then allows a
    # non-local peer (systemd-analyze security says so), and stays as well scored.
    mkdir "$unit.d" && cp deploy/systemd/remote-metrics.conf "$unit.d/"
    analyze "with the drop-in remote-metrics.conf"
    grep -q "allow list with non-localhost entries" <<< "$security"
    grep -qx "Environment=FLIGHTPLAN_HOST=0.0.0.0" "$unit.d/remote-metrics.conf"
    echo "ok   remote-metrics.conf opens both listeners to all interfaces and one more peer through the IP filter"
    rm -rf "$(dirname "$unit")"
else
    skipped+=(systemd-analyze)
fi

python3 scripts/sizing.py
python3 scripts/doc_references.py
python3 scripts/proxy_test.py "$binary"
if [ ${#skipped[@]} -gt 0 ]; then echo "deploy_check: SKIPPED: ${skipped[*]} not installed"; exit 77; fi
