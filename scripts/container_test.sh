#!/usr/bin/env bash
# Builds the image with the project's own Dockerfile and checks it for real: the curl integration tests
# against the container (graceful SIGTERM with requests in flight included), non-root user, HEALTHCHECK,
# image size, OCI labels against --version and flightplan_build_info, JSON log lines, FLIGHTPLAN_HOST, what a
# scanner (syft) finds in the image against the SBOM the build wrote (scripts/image_scan.py); then
# the Kubernetes manifests under `podman kube play` (scripts/kube_play_test.sh). Uses podman (there is no
# Docker engine here). Base images cannot be pulled, so a minimal Debian made with debootstrap is imported
# and passed as BUILDER (the runtime is scratch); the host's Swift toolchain, package mirror and git
# configuration are mounted into the build stage.
# The image's binary is copied out to .build/image/flightplan: the CLI checks here use it, and scripts/test.sh runs
# every release-build step against it, so a run builds the release configuration once, from source, as shipped.
# Skips (exit 77, saying why; scripts/test.sh counts it, and fails under CI) where podman cannot run containers.
# Usage: container_test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
binary=.build/image/flightplan
rm -f "$binary"
skip() { echo "container_test: SKIPPED: $*"; exit 77; }

command -v podman >/dev/null || skip "podman is not installed (apt-get install podman runc)"
podman=(podman --runtime runc --cgroup-manager cgroupfs --events-backend file)
# The sandbox refuses the default (raised) limits: keep the open-file limit and cap processes below the hard limit.
limits=(--ulimit "nofile=$(ulimit -Sn):$(ulimit -Hn)" --ulimit nproc=4096:4096)
"${podman[@]}" info >/dev/null 2>&1 || skip "podman cannot start here: $("${podman[@]}" info 2>&1 | tail -1)"

# The base image: a debootstrap tarball, cached outside the clone so later runs only import it.
base=localhost/flightplan-base:bookworm
cache=${FLIGHTPLAN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/flightplan}
if ! "${podman[@]}" image exists "$base"; then
    mkdir -p "$cache"
    if [ ! -s "$cache/bookworm-minbase.tar" ]; then
        command -v debootstrap >/dev/null || skip "debootstrap is not installed"
        rootfs=$(mktemp -d)
        debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >/dev/null
        rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
        tar -C "$rootfs" -cf "$cache/bookworm-minbase.tar.part" .
        mv "$cache/bookworm-minbase.tar.part" "$cache/bookworm-minbase.tar"
        rm -rf "$rootfs"
    fi
    "${podman[@]}" import "$cache/bookworm-minbase.tar" "$base" >/dev/null
fi

toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
mirror=$(git config --system --get-regexp '^url\..*\.insteadof$' | head -1 | sed -E 's/^url\.(.*)\.insteadof .*/\1/')
mounts=(-v "$toolchain:/opt/swift:ro")
[ -n "$mirror" ] && mounts+=(-v "${mirror%/}:${mirror%/}:ro" -v /etc/gitconfig:/etc/gitconfig:ro)
image=localhost/flightplan:ci
# The commit (marked -dirty with uncommitted changes) for the revision label; the origin for the source label
# only when it is a URL (a clone's origin here is a local path: then the Dockerfile's default URL stands).
revision=$(git describe --always --dirty --abbrev=40 2>/dev/null || echo unknown)
source_arg=()
origin=$(git remote get-url origin 2>/dev/null || true)
[[ "$origin" =~ ^https?:// ]] && source_arg=(--build-arg SOURCE="$origin")
start=$(date +%s)
"${podman[@]}" build --format docker --network host "${limits[@]}" "${mounts[@]}" \
    --build-arg BUILDER="$base" --build-arg REVISION="$revision" "${source_arg[@]}" -t "$image" .
echo "container_test: image built in $(( $(date +%s) - start )) s"
mkdir -p "$(dirname "$binary")"
copy=$("${podman[@]}" create --health-cmd none "$image")
"${podman[@]}" cp "$copy:/usr/local/bin/flightplan" "$binary"
# The SBOM the build wrote into the image (scripts/sbom.py), beside the binary.
sbom=$(dirname "$binary")/flightplan.cdx.json
"${podman[@]}" cp "$copy:/usr/share/doc/flightplan/flightplan.cdx.json" "$sbom"
"${podman[@]}" rm "$copy" >/dev/null

failures=0
check() {  # check NAME COMMAND...: runs the command, counts a failure
    local name=$1; shift
    if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}
inspect() { "${podman[@]}" image inspect --format "$1" "$2"; }
size=$(inspect '{{.Size}}' "$image")
echo "container_test: image $((size / 1024 / 1024)) MiB ($size bytes): the stripped binary and the libraries it loads, on scratch"
check "the image is under 40 MiB" test "$size" -lt $((40 * 1024 * 1024))
check "configured user is not root" test "$(inspect '{{.Config.User}}' "$image")" = 10001:10001
label() { inspect "{{index .Config.Labels \"org.opencontainers.image.$1\"}}" "$image"; }
version=$("${podman[@]}" run --rm "${limits[@]}" --health-cmd none --entrypoint flightplan "$image" --version)
echo "container_test: labels version=$(label version) revision=$(label revision) source=$(label source); binary: $version"
check "--version in the image agrees with the version and revision labels" \
    test "$version" = "flightplan $(label version) (revision $(label revision))"
check "the revision label is this commit" test "$(label revision)" = "$revision"
check "the source label is an http(s) URL, never a local path" grep -qE '^https?://[^/]+' <<< "$(label source)"
check "the image's binary, copied out, runs here with the same --version" test "$("$binary" --version)" = "$version"
check "HEALTHCHECK runs flightplan healthcheck" grep -q healthcheck <<< "$(inspect '{{.Config.Healthcheck.Test}}' "$image")"
check "STOPSIGNAL is SIGTERM" test "$(inspect '{{.Config.StopSignal}}' "$image")" = SIGTERM

# What a scanner sees: the image saved as an archive and read by syft, against the SBOM (scripts/image_scan.py).
archive=$(mktemp -d)
"${podman[@]}" save --format docker-archive -o "$archive/image.tar" "$image" >/dev/null
check "a scanner (syft) lists the image's Debian packages, libmicrohttpd and glibc with versions, as the SBOM does" \
    python3 scripts/image_scan.py "docker-archive:$archive/image.tar" "$sbom"
rm -rf "$archive"

# The health check command itself, against a running container (podman's own scheduler needs systemd).
name=flightplan-health-$$
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port) admin=$(free_port)
# FLIGHTPLAN_HOST must win over the image's 0.0.0.0 (the entrypoint sets no flag).
"${podman[@]}" run -d --name "$name" --network host "${limits[@]}" --health-cmd none -e FLIGHTPLAN_PORT="$port" \
    -e FLIGHTPLAN_ADMIN_PORT="$admin" -e FLIGHTPLAN_HOST=127.0.0.1 -e FLIGHTPLAN_LOG_LEVEL=debug "$image" >/dev/null
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$admin/readyz" >/dev/null && break; sleep 0.1; done
check "the admin listener answers the probes" curl -fs "http://127.0.0.1:$admin/healthz"
check "healthcheck command passes on a running server (through the admin port)" "${podman[@]}" exec "$name" flightplan healthcheck
pid=$("${podman[@]}" inspect --format '{{.State.Pid}}' "$name")
check "runs as uid 10001" test "$(awk '/^Uid:/ {print $2}' "/proc/$pid/status")" = 10001
check "flightplan_build_info agrees with the labels" grep -qF "flightplan_build_info{version=\"$(label version)\",revision=\"$(label revision)\"} 1" \
    <<< "$(curl -fs "http://127.0.0.1:$admin/metrics")"
traced=$(curl -fs -o /dev/null -D - -H "traceparent: 00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" "http://127.0.0.1:$port/openapi.yaml" | tr -d '\r')
"${podman[@]}" stop -t 15 "$name" >/dev/null
logs=$("${podman[@]}" logs "$name" 2>&1 || true)
"${podman[@]}" rm -f "$name" >/dev/null
json_lines() {  # every line of the container's output is a JSON object; the startup line names 127.0.0.1; the trace is logged
    python3 -c '
import json, sys
lines = [json.loads(line) for line in sys.stdin.read().splitlines()]
assert lines and lines[0]["host"] == "127.0.0.1", lines[:1]
assert any(line.get("trace_id") == "0af7651916cd43dd8448eb211c80319c" and line.get("route") == "/openapi.yaml" for line in lines), lines
startup = lines[0]["message"]
print(f"container_test: {len(lines)} log lines, all JSON; startup: {startup}")' <<< "$logs"
}
check "the container logs JSON lines (startup on FLIGHTPLAN_HOST, the trace id in the access line)" json_lines
check "the response answered traceresponse" grep -q "^traceresponse: 00-0af7651916cd43dd8448eb211c80319c-" <<< "$traced"
unhealthy() { ! "${podman[@]}" run --rm --network host "${limits[@]}" -e FLIGHTPLAN_PORT="$port" -e FLIGHTPLAN_ADMIN_PORT="$admin" --entrypoint flightplan "$image" healthcheck 2>/dev/null; }
check "healthcheck command fails once it has stopped" unhealthy

# The whole curl integration suite, each server it starts being this image.
FLIGHTPLAN_CONTAINER="${podman[*]} run --rm --network host --health-cmd none -e FLIGHTPLAN_ADMIN_PORT= ${limits[*]} $image" \
    python3 scripts/integration_test.py "$binary" || failures=$((failures + 1))
scripts/kube_play_test.sh "$image" "$binary" || failures=$((failures + 1))
echo "container_test: $failures failed"
[ "$failures" -eq 0 ]
