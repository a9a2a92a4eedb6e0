#!/usr/bin/env python3
"""Writes the image's SBOM (CycloneDX 1.6 JSON) at build time, from what the image holds and how it was built:
- the Debian packages whose files the runtime copies, one record each under ROOT/var/lib/dpkg/status.d/ (as
  distroless images keep them; the Dockerfile writes them with dpkg-query), with the distribution from
  ROOT/etc/os-release;
- the Swift packages as SwiftPM resolved them for this build (PACKAGE/Package.resolved: exact version, revision and
  repository), `required` when one of their modules is linked into the executable (the object files SwiftPM's
  linker was given: PACKAGE/.build/release/flightplan.product/Objects.LinkFileList), `excluded` when resolved but
  linked into nothing (a build-tool plugin such as swift-docc-plugin);
- the Swift standard library, linked in statically (--static-swift-stdlib), at the toolchain's version;
- Flightplan itself, with the version, revision and source URL the image's labels carry.
Standard library only (the build stage has Python but no pip). scripts/container_test.sh checks the result against
the CycloneDX schema and against what syft finds in the built image.

Usage: sbom.py ROOT PACKAGE --version V --revision R --source URL --swift-version "$(swift --version 2>&1)"
"""
import argparse
import json
import os
import re
import sys
from urllib.parse import quote, urlparse


def stanzas(path):
    """The fields of each deb822 stanza in the file at `path` (continuation lines joined to their field)."""
    records, fields, key = [], {}, None
    for line in open(path, encoding="utf-8").read().splitlines() + [""]:
        if not line.strip():
            if fields:
                records.append(fields)
            fields, key = {}, None
        elif line[0] in " \t" and key:
            fields[key] += "\n" + line.strip()
        else:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return records


def purl_version(version):
    """A version as a package URL spells it: percent-encoded, except the characters purl leaves alone."""
    return quote(version, safe=":.-_~")


def operating_system(root):
    """{ID, VERSION_ID, PRETTY_NAME, ...} from ROOT/etc/os-release."""
    pairs = (line.split("=", 1) for line in open(os.path.join(root, "etc", "os-release")).read().splitlines() if "=" in line)
    return {key: value.strip('"') for key, value in pairs}


def debian_components(root, system):
    """One component per record in ROOT/var/lib/dpkg/status.d/, with the purl scanners match vulnerabilities by."""
    folder = os.path.join(root, "var", "lib", "dpkg", "status.d")
    components = []
    for name in sorted(os.listdir(folder)):
        for record in stanzas(os.path.join(folder, name)):
            qualifiers = f"arch={record['Architecture']}&distro={system['ID']}-{system['VERSION_ID']}"
            # "Source: NAME" or, for a binary-only rebuild, "Source: NAME (VERSION)": upstream=NAME or NAME@VERSION.
            source, _, source_version = record.get("Source", "").partition(" ")
            if source and source != record["Package"]:
                upstream = f"{source}@{source_version.strip('()')}" if source_version else source
                qualifiers += f"&upstream={quote(upstream, safe='')}"
            purl = f"pkg:deb/{system['ID']}/{quote(record['Package'])}@{purl_version(record['Version'])}?{qualifiers}"
            components.append({
                "type": "library", "bom-ref": purl, "name": record["Package"], "version": record["Version"],
                "publisher": record.get("Maintainer", ""), "purl": purl, "scope": "required",
                "description": record.get("Description", "").split("\n")[0],
                "properties": [{"name": "debian:source", "value": source or record["Package"]},
                               {"name": "debian:status.d", "value": f"/var/lib/dpkg/status.d/{name}"}],
            })
    return components


def linked_modules(package):
    """The modules linked into the executable: the MODULE.build folders of the object files its link was given."""
    objects = open(os.path.join(package, ".build", "release", "flightplan.product", "Objects.LinkFileList")).read().split()
    return {match.group(1) for path in objects if (match := re.search(r"([^/]+)\.build/[^/]+$", path))}


def swift_components(package):
    """One component per pin of Package.resolved: required when any of its modules is linked into the executable."""
    pins = json.load(open(os.path.join(package, "Package.resolved")))["pins"]
    linked = linked_modules(package)
    components = []
    for pin in sorted(pins, key=lambda pin: pin["identity"]):
        location, state = pin["location"], pin["state"]
        url = urlparse(location)
        path = url.path.removesuffix(".git").strip("/")
        purl = f"pkg:swift/{url.hostname}/{path}@{purl_version(state['version'])}"
        sources = os.path.join(package, ".build", "checkouts", pin["identity"], "Sources")
        modules = set(os.listdir(sources)) if os.path.isdir(sources) else set()
        components.append({
            "type": "library", "bom-ref": purl, "name": pin["identity"], "version": state["version"], "purl": purl,
            "scope": "required" if modules & linked else "excluded",
            "externalReferences": [{"type": "vcs", "url": location}],
            "properties": [{"name": "swift:revision", "value": state["revision"]},
                           {"name": "swift:modules-linked", "value": " ".join(sorted(modules & linked)) or "none"}],
        })
    return components


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("root", help="the runtime's root folder (/runtime in the Dockerfile)")
    parser.add_argument("package", help="the Swift package, built with `swift build -c release`")
    parser.add_argument("--version", required=True)
    parser.add_argument("--revision", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--swift-version", required=True, help="the output of `swift --version`")
    arguments = parser.parse_args()
    system = operating_system(arguments.root)
    toolchain = re.search(r"Swift version (\S+)", arguments.swift_version)
    if not toolchain:
        sys.exit(f"sbom: no 'Swift version' in {arguments.swift_version!r}")
    source = urlparse(arguments.source)
    flightplan = f"pkg:swift/{source.hostname}/{source.path.strip('/')}@{purl_version(arguments.version)}"
    stdlib = f"pkg:generic/swiftlang/swift@{purl_version(toolchain.group(1))}"
    components = debian_components(arguments.root, system) + swift_components(arguments.package) + [
        {"type": "library", "bom-ref": stdlib, "name": "swift-stdlib", "version": toolchain.group(1), "purl": stdlib,
         "scope": "required", "description": "The Swift standard library and runtime, linked statically"},
        {"type": "operating-system", "bom-ref": f"os:{system['ID']}-{system['VERSION_ID']}", "name": system["ID"],
         "version": system["VERSION_ID"], "description": system.get("PRETTY_NAME", "")},
    ]
    required = [component["bom-ref"] for component in components if component.get("scope") == "required"]
    bom = {
        "bomFormat": "CycloneDX", "specVersion": "1.6", "version": 1,
        "metadata": {
            "tools": {"components": [{"type": "application", "name": "flightplan scripts/sbom.py"}]},
            "component": {
                "type": "application", "bom-ref": flightplan, "name": "flightplan", "version": arguments.version,
                "purl": flightplan, "externalReferences": [{"type": "vcs", "url": arguments.source}],
                "properties": [{"name": "org.opencontainers.image.revision", "value": arguments.revision}],
            },
        },
        "components": components,
        "dependencies": [{"ref": flightplan, "dependsOn": required}] + [{"ref": ref} for ref in required],
    }
    json.dump(bom, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
