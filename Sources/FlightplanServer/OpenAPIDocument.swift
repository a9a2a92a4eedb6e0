/// The contract, `openapi.yaml` at the top of the repository, embedded at build time.
public enum OpenAPIDocument {
    /// The file's bytes, exactly as committed.
    public static var bytes: [UInt8] { PackageResources.openapi_yaml }
}
