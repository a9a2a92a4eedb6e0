# Flightplan as a container: a Swift build stage and a slim Debian runtime with only libmicrohttpd.
#
# The base images are build arguments so the same file builds anywhere: by default the official
# Swift and Debian images; in CI (scripts/container_test.sh) a local debootstrap image with the
# toolchain mounted in, because this machine cannot pull images.
ARG BUILDER=docker.io/library/swift:6.1-bookworm
ARG RUNTIME=docker.io/library/debian:bookworm-slim

FROM ${BUILDER} AS build
# Where a mounted toolchain lives (the official image has swift on PATH already).
ENV PATH="/opt/swift/usr/bin:${PATH}"
# The build needs the libmicrohttpd headers, pkg-config to find them, git to fetch the packages, and
# the C/C++ runtime files the Swift linker uses; the official image already has all but the first.
# Versions come with the pinned Debian release (bookworm), so they are not pinned one by one.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libmicrohttpd-dev pkg-config git ca-certificates binutils libc6-dev libgcc-12-dev libstdc++-12-dev \
        libcurl4 libxml2 zlib1g-dev libncurses6 libedit2 libpython3.11 libsqlite3-0 tzdata \
    && apt-get clean && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift openapi.yaml ./
COPY Sources ./Sources
# SwiftPM reads every target of the manifest, the test targets included.
COPY Tests ./Tests
RUN swift build -c release --static-swift-stdlib --product flightplan \
    && install -m 0755 "$(swift build -c release --show-bin-path)/flightplan" /usr/local/bin/flightplan

FROM ${RUNTIME}
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd12 \
    && apt-get clean && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin flightplan
COPY --from=build /usr/local/bin/flightplan /usr/local/bin/flightplan
# Every flag has a FLIGHTPLAN_* twin; these are the container's defaults.
ENV FLIGHTPLAN_PORT=8080 \
    FLIGHTPLAN_ADMIN_PORT=8081 \
    FLIGHTPLAN_LOG_LEVEL=info \
    FLIGHTPLAN_SHUTDOWN_GRACE=10
USER 10001:10001
EXPOSE 8080 8081
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 CMD ["flightplan", "healthcheck"]
ENTRYPOINT ["flightplan", "serve", "--host", "0.0.0.0"]
