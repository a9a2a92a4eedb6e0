#!/bin/sh
# Writes a git revision into Sources/FlightplanServer/BuildInfo.swift, where `flightplan --version` and the
# flightplan_build_info gauge read it. The container build runs it on its copy of the sources (the revision
# comes in as a build argument, since the build context has no .git); run it by hand before a release build
# anywhere else (and `git checkout Sources/FlightplanServer/BuildInfo.swift` after). A plain `swift build`
# needs none of it: the file says `unknown`.
# Usage: stamp-revision.sh REVISION   (hex digits, letters and dashes: `git describe --always --dirty` fits)
set -eu
revision=$1
case "$revision" in
    "" | *[!0-9A-Za-z.-]*) echo "stamp-revision: not a revision: '$revision'" >&2; exit 64 ;;
esac
file="$(dirname "$0")/../Sources/FlightplanServer/BuildInfo.swift"
sed -i "s/^\(    public static let revision = \)\".*\"$/\1\"$revision\"/" "$file"
grep -q "public static let revision = \"$revision\"" "$file"
