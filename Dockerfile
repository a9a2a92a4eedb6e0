# Flightplan as a container: a Swift build stage, and a runtime of nothing but the stripped binary and the
# shared libraries it loads (libmicrohttpd, GnuTLS and their dependencies, glibc), copied from the builder as
# `ldd` lists them: no shell, no package manager, no curl. The HEALTHCHECK runs `flightplan healthcheck`.
# So that scanners see what is there, the runtime keeps the Debian package record of every package a copied
# file comes from (/var/lib/dpkg/status.d/PACKAGE, as distroless images do) and Debian's /etc/os-release, and
# the build writes an SBOM (CycloneDX JSON, scripts/sbom.py) to /usr/share/doc/flightplan/flightplan.cdx.json:
# those packages, the Swift packages at the exact versions the build resolved, and the Swift runtime linked in.
#
# The builder image is a build argument so the same file builds anywhere: by default the official Swift
# image; in CI (scripts/container_test.sh) a local debootstrap image with the toolchain mounted in, because
# that machine cannot pull images. The runtime is `scratch`, which needs no pull.
# VERSION, REVISION and SOURCE become the OCI labels; the build stamps REVISION into the binary and fails
# when VERSION is not the binary's own, so the labels, `flightplan --version` and flightplan_build_info agree.
# SOURCE is where the sources can be had, a URL (a fork sets its own); the build fails on anything else, a
# local path say.
ARG BUILDER=docker.io/library/swift:6.1-bookworm
ARG SOURCE=https://github.com/flightplan/flightplan

FROM ${BUILDER} AS build
# Where a mounted toolchain lives (the official image has swift on PATH already).
ENV PATH="/opt/swift/usr/bin:${PATH}"
# The build needs the libmicrohttpd headers, pkg-config to find them, git to fetch the packages, the
# C/C++ runtime files the Swift linker uses, and Python for scripts/sbom.py (its standard library comes with
# libpython3.11); the official image already has all but the first.
# Versions come with the pinned Debian release (bookworm), so they are not pinned one by one.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libmicrohttpd-dev pkg-config git ca-certificates binutils libc6-dev libgcc-12-dev libstdc++-12-dev \
        libcurl4 libxml2 zlib1g-dev libncurses6 libedit2 libpython3.11 libsqlite3-0 tzdata python3-minimal \
    && apt-get clean && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift openapi.yaml ./
COPY Sources ./Sources
# SwiftPM reads every target of the manifest, the test targets included.
COPY Tests ./Tests
COPY scripts/stamp-revision.sh scripts/sbom.py ./scripts/
ARG VERSION=1.0.0
ARG REVISION=unknown
ARG SOURCE
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
# The runtime's files go under /runtime: the stripped binary, every library `ldd` names and /etc/os-release
# (symlinks resolved), the status record of each package those files come from (dpkg-query -S finds the owner
# by the path ldd gives or, for a soname link, by the file it points to; a file no package owns fails the
# build), the SBOM, and a passwd/group naming uid 10001.
RUN { [[ "${SOURCE}" =~ ^https?://[^/]+ ]] || { echo "SOURCE must be an http(s) URL, got '${SOURCE}'" >&2; exit 1; }; } \
    && scripts/stamp-revision.sh "${REVISION}" \
    && swift build -c release --static-swift-stdlib --product flightplan \
    && install -D -m 0755 -s "$(swift build -c release --show-bin-path)/flightplan" /runtime/usr/local/bin/flightplan \
    && test "$(/runtime/usr/local/bin/flightplan --version)" = "flightplan ${VERSION} (revision ${REVISION})" \
    && files="$(ldd /runtime/usr/local/bin/flightplan | grep -o '/[^ ]*') /etc/os-release" \
    && for file in ${files}; do cp --parents -L "${file}" /runtime/; done \
    && mkdir -p /runtime/var/lib/dpkg/status.d /runtime/usr/share/doc/flightplan \
    && for file in ${files}; do dpkg-query -S "${file}" 2>/dev/null || dpkg-query -S "$(readlink -f "${file}")" || exit 1; done \
        | sed 's/:.*//; s/, /\n/g' | sort -u \
        | while read -r package; do dpkg-query -s "${package}" > "/runtime/var/lib/dpkg/status.d/${package}" || exit 1; done \
    && python3 scripts/sbom.py /runtime . --version "${VERSION}" --revision "${REVISION}" --source "${SOURCE}" \
        --swift-version "$(swift --version 2>&1)" > /runtime/usr/share/doc/flightplan/flightplan.cdx.json \
    && echo 'flightplan:x:10001:10001::/nonexistent:/usr/sbin/nologin' > /runtime/etc/passwd \
    && echo 'flightplan:x:10001:' > /runtime/etc/group

FROM scratch
ARG VERSION=1.0.0
ARG REVISION=unknown
ARG SOURCE
LABEL org.opencontainers.image.title="flightplan" \
      org.opencontainers.image.description="Shared-element UI transition plans over HTTP" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.source="${SOURCE}"
COPY --from=build /runtime/ /
# Every flag has a FLIGHTPLAN_* twin; these are the container's defaults (the entrypoint sets no flag, so
# each of them can be changed with -e): all interfaces, the admin listener for probes and scrapes, JSON lines.
ENV PATH=/usr/local/bin \
    FLIGHTPLAN_HOST=0.0.0.0 \
    FLIGHTPLAN_PORT=8080 \
    FLIGHTPLAN_ADMIN_PORT=8081 \
    FLIGHTPLAN_LOG_LEVEL=info \
    FLIGHTPLAN_LOG_FORMAT=json \
    FLIGHTPLAN_SHUTDOWN_GRACE=10
USER 10001:10001
EXPOSE 8080 8081
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 CMD ["flightplan", "healthcheck"]
ENTRYPOINT ["flightplan", "serve"]
