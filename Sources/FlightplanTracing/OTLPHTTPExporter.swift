/// Sends spans to an OTLP/HTTP receiver: one `POST` of an `ExportTraceServiceRequest` in protobuf per batch, on a
/// connection of its own (`Connection: close`), the whole request bounded by the configuration's timeout. An answer
/// other than 2xx, or none in time, is a failure; the batch is not retried (the batcher counts it and goes on).
public struct OTLPHTTPExporter: Sendable {
    /// Where the requests go and what they carry.
    public let configuration: TracingConfiguration
    /// `service.version`, also the instrumentation scope's version.
    private let scopeVersion: String

    /// An exporter for `configuration`.
    /// - Parameter configuration: The endpoint, headers, timeout and resource.
    public init(configuration: TracingConfiguration) {
        self.configuration = configuration
        let version = configuration.resource.first { $0.key == "service.version" }?.value
        if case .string(let text)? = version { scopeVersion = text } else { scopeVersion = "" }
    }

    /// Sends `spans` in one request and waits for the answer's status.
    /// - Parameter spans: The batch.
    /// - Returns: nil when the receiver answered 2xx, else what went wrong, in words for the log.
    public func export(_ spans: [Span]) -> String? {
        let body = OTLPProtobuf.exportRequest(spans, resource: configuration.resource, scopeVersion: scopeVersion)
        do {
            let connection = try ExportConnection(
                host: configuration.endpoint.host, port: configuration.endpoint.port, deadline: .now + configuration.requestTimeout)
            try connection.send(requestHead(bodyLength: body.count) + body)
            let answer = try connection.receiveHead()
            guard let status = Self.status(of: answer) else {
                return "\(configuration.endpoint) sent no HTTP answer"
            }
            return (200..<300).contains(status) ? nil : "\(configuration.endpoint) answered \(status)"
        } catch {
            return "\(configuration.endpoint): \(error)"
        }
    }

    /// The request line and headers: `POST`, `Host`, the protobuf content type and length, the configured headers.
    func requestHead(bodyLength: Int) -> [UInt8] {
        let endpoint = configuration.endpoint
        let host = endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host
        var head = "POST \(endpoint.path) HTTP/1.1\r\nHost: \(host):\(endpoint.port)\r\n"
        head += "Content-Type: application/x-protobuf\r\nContent-Length: \(bodyLength)\r\nConnection: close\r\n"
        for header in configuration.headers { head += "\(header.name): \(header.value)\r\n" }
        return Array((head + "\r\n").utf8)
    }

    /// The status code of an HTTP/1.x status line, or nil.
    static func status(of answer: [UInt8]) -> Int? {
        let line = answer.prefix { $0 != 13 && $0 != 10 }
        let parts = line.split(separator: UInt8(ascii: " "), maxSplits: 2)
        guard parts.count >= 2, parts[0].starts(with: "HTTP/1.".utf8), parts[1].count == 3 else { return nil }
        return Int(String(decoding: parts[1], as: UTF8.self))
    }
}
