#!/usr/bin/env bash
# Checks everything in Dockerfile and deploy/ that does not need a container engine: hadolint on the
# Dockerfile, its source label's default and the build context .dockerignore leaves, the Kubernetes manifests
# against the API schema (strict), the kustomization's files, the compose file parsed by podman-compose, the
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
