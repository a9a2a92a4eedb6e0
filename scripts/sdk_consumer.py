#!/usr/bin/env python3
"""An app that depends on the SDK, built from scratch: a throwaway package depending on this checkout by path and on
the FlightplanClient product alone, as docs/sdk.md tells an app to. Fails when the app's graph pins a package, or its
build compiles a module of this package, that FlightplanClient does not need (the CLI's swift-argument-parser and its
plugins, the server's swift-log): what the SDK needs is read from `swift package dump-package`, FlightplanClient's
targets and theirs, transitively, and the packages their products come from. One to two minutes on the 2-core machine,
almost all of it compiling the SDK's modules.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SDK = "FlightplanClient"


def sdk_needs(manifest):
    """FlightplanClient's targets (its own and its dependencies', transitively) and the packages of their products."""
    targets = {target["name"]: target for target in manifest["targets"]}
    needed, packages, pending = set(), set(), [SDK]
    while pending:
        name = pending.pop()
        if name in needed:
            continue
        needed.add(name)
        for dependency in targets[name]["dependencies"]:
            kind, arguments = next(iter(dependency.items()))
            if kind == "product":
                packages.add((arguments[1] or arguments[0]).lower())  # a product named as its package may omit it
            elif arguments[0] in targets:
                pending.append(arguments[0])
            else:
                sys.exit(f"sdk_consumer: {name} names {arguments[0]!r} without its package; say which")
    return needed, packages


def consumer_package(directory):
    """Writes a package whose one executable imports FlightplanClient, depending on this checkout by path."""
    identity = os.path.basename(ROOT)
    os.makedirs(os.path.join(directory, "Sources", "App"))
    with open(os.path.join(directory, "Package.swift"), "w") as manifest:
        manifest.write(f"""// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [.package(path: {json.dumps(ROOT)})],
    targets: [
        .executableTarget(name: "App", dependencies: [.product(name: "{SDK}", package: {json.dumps(identity)})])
    ]
)
""")
    with open(os.path.join(directory, "Sources", "App", "main.swift"), "w") as main:
        main.write("import FlightplanClient\n\nlet planner: any TransitionPlanner = LocalPlanner()\nprint(planner)\n")


def compiled_modules(directory):
    """The modules the build compiled (a build folder holding objects) and the plugins it compiled."""
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=directory, check=True,
                              capture_output=True, text=True).stdout.strip()
    modules = set()
    for entry in os.listdir(bin_path):
        if entry.endswith(".build"):
            for _, _, files in os.walk(os.path.join(bin_path, entry)):
                if any(file.endswith(".o") for file in files):
                    modules.add(entry.removesuffix(".build"))
                    break
    plugin_cache = os.path.join(directory, ".build", "plugins", "cache")
    plugins = set()
    if os.path.isdir(plugin_cache):
        plugins = {entry for entry in os.listdir(plugin_cache) if "." not in entry}  # a plugin, not its files
    return modules, plugins


def main():
    manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                         capture_output=True, text=True).stdout)
    own_targets = {target["name"] for target in manifest["targets"]}
    needed, packages = sdk_needs(manifest)
    with tempfile.TemporaryDirectory(prefix="sdk-consumer-") as directory:
        consumer_package(directory)
        start = time.monotonic()
        build = subprocess.run(["swift", "build"], cwd=directory, capture_output=True, text=True)
        seconds = time.monotonic() - start
        if build.returncode != 0:
            sys.exit(f"sdk_consumer: the app does not build:\n{build.stdout}{build.stderr}")
        resolved = os.path.join(directory, "Package.resolved")
        pinned = {pin["identity"] for pin in json.load(open(resolved))["pins"]} if os.path.exists(resolved) else set()
        modules, plugins = compiled_modules(directory)
    problems = []
    if pinned - packages:
        problems.append(f"it pins {sorted(pinned - packages)}, which {SDK} does not use")
    if (modules & own_targets) - needed:
        problems.append(f"it compiles {sorted((modules & own_targets) - needed)}, which {SDK} does not need")
    if plugins:
        problems.append(f"it compiles the plugins {sorted(plugins)}, and no target {SDK} needs uses a plugin")
    if problems:
        sys.exit("sdk_consumer: an app depending on FlightplanClient alone: " + "; ".join(problems))
    print(f"sdk_consumer: an app depending on {SDK} pins {sorted(pinned)} and compiles {len(modules)} modules, "
          f"{', '.join(sorted(modules))}, and no plugin ({seconds:.0f} s)")


if __name__ == "__main__":
    main()
