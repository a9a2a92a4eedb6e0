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

    /// The page's Content-Security-Policy: its own inline script and style by their hashes and nothing else inline
    /// (so markup in planned data can never run), requests to any http(s) server (the page's server field may name
    /// another Flightplan), images from anywhere a request's content may point, no plugins, no `<base>`, no form
    /// posts, and no framing (clickjacking). Hashed once, from the embedded page itself, so the two cannot drift.
    static let contentSecurityPolicy: String = {
        let sources = { (tag: String) in inlineBlocks(tag, in: bytes).map { "'sha256-\(SHA256.base64Digest($0))'" }.joined(separator: " ") }
        return "default-src 'none'; script-src \(sources("script")); style-src \(sources("style")); connect-src 'self' http: https:; "
            + "img-src 'self' data: blob: http: https:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }()

    /// The contents of every `<tag>` … `</tag>` element in `page` (written without attributes, as the page writes them).
    static func inlineBlocks(_ tag: String, in page: [UInt8]) -> [ArraySlice<UInt8>] {
        let open = Array("<\(tag)>".utf8), close = Array("</\(tag)>".utf8)
        var blocks: [ArraySlice<UInt8>] = [], rest = page[...]
        while let start = rest.firstRange(of: open), let end = rest[start.upperBound...].firstRange(of: close) {
            blocks.append(rest[start.upperBound..<end.lowerBound])
            rest = rest[end.upperBound...]
        }
        return blocks
    }
}
