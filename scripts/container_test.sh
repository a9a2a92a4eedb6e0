#!/usr/bin/env bash
# Builds the image with the project's own Dockerfile and checks it for real: the curl integration tests
# against the container (graceful SIGTERM with requests in flight included), non-root user, HEALTHCHECK,
# image size. Uses podman (there is no Docker engine here). Base images cannot be pulled, so a minimal
# Debian made with debootstrap is imported and passed as both BUILDER and RUNTIME; the host's Swift
# toolchain, package mirror and git configuration are mounted into the build stage.
# Skips (exit 0, saying why) where podman cannot run containers.
# Usage: container_test.sh path/to/flightplan   (the local binary, for the CLI checks)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$1
skip() { echo "container_test: SKIPPED: $*"; exit 0; }

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
start=$(date +%s)
"${podman[@]}" build --format docker --network host "${limits[@]}" "${mounts[@]}" \
    --build-arg BUILDER="$base" --build-arg RUNTIME="$base" -t "$image" .
echo "container_test: image built in $(( $(date +%s) - start )) s"

failures=0
check() {  # check NAME COMMAND...: runs the command, counts a failure
    local name=$1; shift
    if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}
inspect() { "${podman[@]}" image inspect --format "$1" "$2"; }
size=$(inspect '{{.Size}}' "$image") base_size=$(inspect '{{.Size}}' "$base")
added=$(( (size - base_size) / 1024 / 1024 ))
echo "container_test: image $((size / 1024 / 1024)) MiB = runtime base $((base_size / 1024 / 1024)) MiB + $added MiB (libmicrohttpd12 and the binary)"
check "the image adds under 40 MiB to its runtime base" test "$added" -lt 40
check "configured user is not root" test "$(inspect '{{.Config.User}}' "$image")" = 10001:10001
check "runs as uid 10001" test "$("${podman[@]}" run --rm --network host "${limits[@]}" --entrypoint id "$image" -u)" = 10001
check "HEALTHCHECK runs flightplan healthcheck" grep -q healthcheck <<< "$(inspect '{{.Config.Healthcheck.Test}}' "$image")"
check "STOPSIGNAL is SIGTERM" test "$(inspect '{{.Config.StopSignal}}' "$image")" = SIGTERM

# The health check command itself, against a running container (podman's own scheduler needs systemd).
name=flightplan-health-$$
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port) admin=$(free_port)
"${podman[@]}" run -d --rm --name "$name" --network host "${limits[@]}" --health-cmd none -e FLIGHTPLAN_PORT="$port" \
    -e FLIGHTPLAN_ADMIN_PORT="$admin" "$image" >/dev/null
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$admin/readyz" >/dev/null && break; sleep 0.1; done
check "the admin listener answers the probes" curl -fs "http://127.0.0.1:$admin/healthz"
check "healthcheck command passes on a running server (through the admin port)" "${podman[@]}" exec "$name" flightplan healthcheck
"${podman[@]}" stop -t 15 "$name" >/dev/null
unhealthy() { ! "${podman[@]}" run --rm --network host "${limits[@]}" -e FLIGHTPLAN_PORT="$port" -e FLIGHTPLAN_ADMIN_PORT="$admin" --entrypoint flightplan "$image" healthcheck 2>/dev/null; }
check "healthcheck command fails once it has stopped" unhealthy

# The whole curl integration suite, each server it starts being this image.
FLIGHTPLAN_CONTAINER="${podman[*]} run --rm --network host --health-cmd none -e FLIGHTPLAN_ADMIN_PORT= ${limits[*]} $image" \
    python3 scripts/integration_test.py "$binary" || failures=$((failures + 1))
echo "container_test: $failures failed"
[ "$failures" -eq 0 ]
