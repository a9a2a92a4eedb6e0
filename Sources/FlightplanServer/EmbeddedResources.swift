/// The contract, `openapi.yaml` at the top of the repository, embedded at build time.
public enum OpenAPIDocument {
    /// The file's bytes, exactly as committed.
    public static var bytes: [UInt8] { PackageResources.openapi_yaml }
}

/// The live preview page served at `/preview`: one self-contained HTML file (CSS and JS inline, no CDN),
/// embedded at build time from `Resources/preview.html`.
public enum PreviewPage {
    /// The page's bytes.
    public static var bytes: [UInt8] { PackageResources.preview_html }
}
