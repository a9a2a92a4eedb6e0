/// What this binary is: the release it belongs to and the commit it was built from, reported by
/// `flightplan --version` and the `flightplan_build_info` gauge, and matched by the image's OCI labels.
///
/// `version` is the API's release (`info.version` of openapi.yaml; a test holds them equal). `revision` is
/// `unknown` in a plain `swift build`; the container build (and `scripts/stamp-revision.sh` anywhere else)
/// writes the commit into this file before compiling, so no build step needs git or a generated file to exist.
public enum BuildInfo {
    /// The release, `MAJOR.MINOR.PATCH`.
    public static let version = "1.0.0"
    /// The git commit the binary was built from, or `unknown`.
    public static let revision = "unknown"
}
