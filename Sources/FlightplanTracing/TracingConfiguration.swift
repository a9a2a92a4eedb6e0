/// Why the `OTEL_*` environment cannot be served: the variable, its value and what Flightplan accepts instead.
public struct TracingConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line naming the variable (`OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported: …`).
    public var description: String
}

/// Where spans are sent: an `http://` URL's host, port and path.
public struct OTLPEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The host: a name or a numeric address (an IPv6 one without its brackets).
    public var host: String
    /// The port; 80 when the URL names none.
    public var port: Int
    /// The path and query requested, from the first `/` (`/v1/traces`).
    public var path: String

    /// The endpoint an `http://` URL names, or nil when it is not one (no host, a bad port, user information).
    /// - Parameter url: An absolute `http://` URL.
    public init?(url: String) {
        guard url.lowercased().hasPrefix("http://") else { return nil }
        let rest = url.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let path = rest.dropFirst(authority.count).prefix { $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        var host = Substring(authority), portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty else { return nil }
        self.host = String(host)
        if let portText {
            guard let port = Int(portText), (1...65535).contains(port) else { return nil }
            self.port = port
        } else {
            self.port = 80
        }
        self.path = path.isEmpty ? "/" : (path.hasPrefix("?") ? "/" + path : String(path))
    }

    /// The URL again: `http://host:port/path`.
    public var description: String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)\(path)"
    }
}

/// How spans leave the process, read from the `OTEL_*` variables a platform sets
/// (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/ and
/// https://opentelemetry.io/docs/specs/otel/protocol/exporter/): OTLP over HTTP with protobuf bodies, batched.
public struct TracingConfiguration: Sendable, Hashable {
    /// Where export requests go (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as is, or `OTEL_EXPORTER_OTLP_ENDPOINT` +
    /// `/v1/traces`).
    public var endpoint: OTLPEndpoint
    /// Headers every export request carries (`OTEL_EXPORTER_OTLP_HEADERS`, then `…_TRACES_HEADERS` over it).
    public var headers: [Header]
    /// How long one export request may take, connecting included (`OTEL_EXPORTER_OTLP_TIMEOUT`, 10 s by default),
    /// at most ``BatchSettings/exportTimeout``.
    public var requestTimeout: Duration
    /// The resource's attributes: `service.name`, the SDK's and the process's, then `OTEL_RESOURCE_ATTRIBUTES`.
    public var resource: [Attribute]
    /// Which traces are exported (`OTEL_TRACES_SAMPLER`, `OTEL_TRACES_SAMPLER_ARG`).
    public var sampler: TraceSampler
    /// The batch processor's queue and timing (`OTEL_BSP_*`).
    public var batch: BatchSettings

    /// The configuration `environment` asks for, or nil when it asks for no export: no endpoint is set (the spec's
    /// default of `http://localhost:4318` is not assumed: export is off unless a platform turns it on),
    /// `OTEL_SDK_DISABLED=true`, or `OTEL_TRACES_EXPORTER=none`.
    /// - Parameters:
    ///   - environment: The process's variables; only `OTEL_*` ones are read.
    ///   - serviceVersion: `service.version` and the instrumentation scope's version.
    /// - Returns: The exporter's settings, or nil when export is off.
    /// - Throws: ``TracingConfigurationError`` naming the first variable Flightplan cannot honour (gRPC or JSON, an
    ///   `https` endpoint, gzip, another exporter or propagator, a sampler or number out of range).
    public static func fromEnvironment(_ environment: [String: String], serviceVersion: String) throws(TracingConfigurationError)
        -> TracingConfiguration?
    {
        let reader = EnvironmentReader(environment: environment)
        if reader.trimmed("OTEL_SDK_DISABLED")?.lowercased() == "true" { return nil }
        switch reader.trimmed("OTEL_TRACES_EXPORTER")?.lowercased() {
        case nil, "", "otlp": break
        case "none": return nil
        case let other?: throw reader.refusal("OTEL_TRACES_EXPORTER", other, "flightplan exports spans by OTLP only: set otlp or none")
        }
        try reader.checkPropagators()
        let endpoint: OTLPEndpoint
        if let traces = reader.trimmed("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"), !traces.isEmpty {
            endpoint = try reader.endpoint("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", traces, url: traces)
        } else if let base = reader.trimmed("OTEL_EXPORTER_OTLP_ENDPOINT"), !base.isEmpty {
            endpoint = try reader.endpoint(
                "OTEL_EXPORTER_OTLP_ENDPOINT", base, url: (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/v1/traces")
        } else {
            return nil
        }
        try reader.checkProtocol()
        try reader.checkCompression()
        let batch = try BatchSettings(reader)
        return TracingConfiguration(
            endpoint: endpoint, headers: try reader.headers(),
            requestTimeout: min(try reader.signalMilliseconds("TIMEOUT", default: 10_000), batch.exportTimeout),
            resource: try reader.resource(serviceVersion: serviceVersion), sampler: try reader.sampler(), batch: batch)
    }
}

/// A header field every export request carries (an API key, a tenant).
public struct Header: Sendable, Hashable {
    /// The field's name, as given.
    public var name: String
    /// Its value, percent-decoded.
    public var value: String
}

/// The batch span processor's settings (`OTEL_BSP_*`, with the spec's defaults).
public struct BatchSettings: Sendable, Hashable {
    /// The longest a span waits before its batch is sent (`OTEL_BSP_SCHEDULE_DELAY`, 5 000 ms).
    public var scheduleDelay: Duration = .milliseconds(5000)
    /// The longest one export may take, its request included (`OTEL_BSP_EXPORT_TIMEOUT`, 30 000 ms).
    public var exportTimeout: Duration = .milliseconds(30_000)
    /// Spans held for export at most; a span past it is dropped and counted (`OTEL_BSP_MAX_QUEUE_SIZE`, 2 048).
    public var maxQueueSize = 2048
    /// Spans in one export request at most (`OTEL_BSP_MAX_EXPORT_BATCH_SIZE`, 512); a batch this full is sent at once.
    public var maxExportBatchSize = 512

    /// The spec's defaults.
    public init() {}

    init(_ reader: EnvironmentReader) throws(TracingConfigurationError) {
        scheduleDelay = try reader.milliseconds("OTEL_BSP_SCHEDULE_DELAY", default: 5000)
        exportTimeout = try reader.milliseconds("OTEL_BSP_EXPORT_TIMEOUT", default: 30_000)
        maxQueueSize = try reader.count("OTEL_BSP_MAX_QUEUE_SIZE", default: 2048, range: 1...1_000_000)
        maxExportBatchSize = try reader.count("OTEL_BSP_MAX_EXPORT_BATCH_SIZE", default: 512, range: 1...maxQueueSize)
    }
}

/// Reads and checks the `OTEL_*` variables, each refusal naming its variable.
struct EnvironmentReader {
    let environment: [String: String]

    func trimmed(_ name: String) -> String? {
        environment[name].map { $0.trimmingCharacters(in: " \t") }
    }

    /// The trace signal's own variable (`OTEL_EXPORTER_OTLP_TRACES_<suffix>`) when set, else the general one.
    func signal(_ suffix: String) -> (name: String, value: String)? {
        for name in ["OTEL_EXPORTER_OTLP_TRACES_\(suffix)", "OTEL_EXPORTER_OTLP_\(suffix)"] {
            if let value = trimmed(name), !value.isEmpty { return (name, value) }
        }
        return nil
    }

    func refusal(_ name: String, _ value: String, _ reason: String) -> TracingConfigurationError {
        TracingConfigurationError(description: "\(name)=\(value) is not supported: \(reason)")
    }

    func checkProtocol() throws(TracingConfigurationError) {
        guard let (name, value) = signal("PROTOCOL"), value != "http/protobuf" else { return }
        throw refusal(name, value, "flightplan's exporter sends OTLP/HTTP with protobuf bodies; set http/protobuf (the spec's default)")
    }

    func checkCompression() throws(TracingConfigurationError) {
        guard let (name, value) = signal("COMPRESSION"), value != "none" else { return }
        throw refusal(name, value, "export requests are sent uncompressed; set none or leave it unset")
    }

    func checkPropagators() throws(TracingConfigurationError) {
        guard let value = trimmed("OTEL_PROPAGATORS"), !value.isEmpty else { return }
        let others = value.split(separator: ",").map { $0.trimmingCharacters(in: " \t") }.filter { !["tracecontext", "baggage", "none"].contains($0) }
        guard others.isEmpty else {
            throw refusal(
                "OTEL_PROPAGATORS", value, "flightplan reads W3C traceparent only (tracecontext); \(others.joined(separator: ", ")) is not read")
        }
    }

    /// The endpoint `url` names, from the variable `name` set to `value`.
    func endpoint(_ name: String, _ value: String, url: String) throws(TracingConfigurationError) -> OTLPEndpoint {
        if url.lowercased().hasPrefix("https://") {
            throw refusal(
                name, value,
                "flightplan's exporter speaks plain http only (no TLS); send to a collector beside it (a sidecar or node agent) over http")
        }
        guard let endpoint = OTLPEndpoint(url: url) else {
            throw TracingConfigurationError(description: "\(name)=\(value) is not an http:// URL with a host and an optional port 1…65535")
        }
        return endpoint
    }

    /// `OTEL_EXPORTER_OTLP_HEADERS`, then `…_TRACES_HEADERS` over it: `name=value` pairs split on commas, values
    /// percent-decoded (the W3C Baggage format the spec names).
    func headers() throws(TracingConfigurationError) -> [Header] {
        var headers: [Header] = []
        for name in ["OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_TRACES_HEADERS"] {
            guard let value = trimmed(name), !value.isEmpty else { continue }
            for pair in value.split(separator: ",") {
                guard let equals = pair.firstIndex(of: "=") else {
                    throw TracingConfigurationError(description: "\(name) must be name=value pairs separated by commas, got \"\(pair)\"")
                }
                let key = pair[..<equals].trimmingCharacters(in: " \t")
                let decoded = Self.percentDecoded(pair[pair.index(after: equals)...].trimmingCharacters(in: " \t"))
                let isToken = !key.isEmpty && key.utf8.allSatisfy { (0x21...0x7E).contains($0) && $0 != UInt8(ascii: ":") }
                guard isToken, let decoded, !decoded.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
                    throw TracingConfigurationError(
                        description:
                            "\(name) has a header that cannot be sent: \"\(key)\" (a name is visible ASCII without ':', a value has no control character)"
                    )
                }
                headers.removeAll { $0.name.lowercased() == key.lowercased() }
                headers.append(Header(name: key, value: decoded))
            }
        }
        return headers
    }

    /// `OTEL_SERVICE_NAME` (else `service.name` from `OTEL_RESOURCE_ATTRIBUTES`, else `flightplan`), Flightplan's
    /// version, the SDK's attributes, then every other `OTEL_RESOURCE_ATTRIBUTES` pair.
    func resource(serviceVersion: String) throws(TracingConfigurationError) -> [Attribute] {
        var given: [Attribute] = []
        if let value = trimmed("OTEL_RESOURCE_ATTRIBUTES"), !value.isEmpty {
            for pair in value.split(separator: ",") {
                guard let equals = pair.firstIndex(of: "="),
                    let decoded = Self.percentDecoded(pair[pair.index(after: equals)...].trimmingCharacters(in: " \t")),
                    !pair[..<equals].trimmingCharacters(in: " \t").isEmpty
                else {
                    throw TracingConfigurationError(
                        description: "OTEL_RESOURCE_ATTRIBUTES must be key=value pairs separated by commas, got \"\(pair)\"")
                }
                let key = pair[..<equals].trimmingCharacters(in: " \t")
                given.removeAll { $0.key == key }
                given.append(Attribute(key, .string(decoded)))
            }
        }
        let fromList = given.first { $0.key == "service.name" }.map(\.value)
        let serviceName: Attribute.Value =
            trimmed("OTEL_SERVICE_NAME").flatMap { $0.isEmpty ? nil : .string($0) } ?? fromList ?? .string("flightplan")
        let own = [
            Attribute("service.name", serviceName), Attribute("service.version", .string(serviceVersion)),
            Attribute("telemetry.sdk.name", .string("flightplan")), Attribute("telemetry.sdk.language", .string("swift")),
            Attribute("telemetry.sdk.version", .string(serviceVersion))
        ]
        return own + given.filter { attribute in !own.contains { $0.key == attribute.key } }
    }

    func sampler() throws(TracingConfigurationError) -> TraceSampler {
        let name = trimmed("OTEL_TRACES_SAMPLER").flatMap { $0.isEmpty ? nil : $0.lowercased() } ?? "parentbased_always_on"
        func ratio() throws(TracingConfigurationError) -> Double {
            guard let text = trimmed("OTEL_TRACES_SAMPLER_ARG"), !text.isEmpty else { return 1 }
            guard let ratio = Double(text), (0...1).contains(ratio) else {
                throw TracingConfigurationError(description: "OTEL_TRACES_SAMPLER_ARG must be a ratio 0…1 for \(name), got \(text)")
            }
            return ratio
        }
        switch name {
        case "always_on": return .alwaysOn
        case "always_off": return .alwaysOff
        case "traceidratio": return .traceIDRatio(try ratio())
        case "parentbased_always_on": return .parentBased(root: .alwaysOn)
        case "parentbased_always_off": return .parentBased(root: .alwaysOff)
        case "parentbased_traceidratio": return .parentBased(root: .traceIDRatio(try ratio()))
        default:
            throw refusal(
                "OTEL_TRACES_SAMPLER", name,
                "flightplan has the built-in samplers: always_on, always_off, traceidratio and their parentbased_ forms")
        }
    }

    /// `OTEL_EXPORTER_OTLP_TRACES_<suffix>` or `OTEL_EXPORTER_OTLP_<suffix>`, whole milliseconds 1…600 000.
    func signalMilliseconds(_ suffix: String, default fallback: Int) throws(TracingConfigurationError) -> Duration {
        guard let (name, _) = signal(suffix) else { return .milliseconds(fallback) }
        return try milliseconds(name, default: fallback)
    }

    /// A variable of whole milliseconds, 1…600 000.
    func milliseconds(_ name: String, default fallback: Int) throws(TracingConfigurationError) -> Duration {
        .milliseconds(try count(name, default: fallback, range: 1...600_000, unit: " milliseconds"))
    }

    func count(_ name: String, default fallback: Int, range: ClosedRange<Int>, unit: String = "") throws(TracingConfigurationError) -> Int {
        guard let text = trimmed(name), !text.isEmpty else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw TracingConfigurationError(description: "\(name) must be \(range.lowerBound)…\(range.upperBound)\(unit), got \(text)")
        }
        return value
    }

    /// `%XX` escapes decoded, or nil when one is malformed or the result is not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = [], utf8 = Array(text.utf8), index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%") {
                guard index + 2 < utf8.count, let value = HexDigits.value(utf8[(index + 1)...(index + 2)]) else { return nil }
                bytes.append(UInt8(value))
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}

extension StringProtocol {
    /// The text without the given characters at either end.
    fileprivate func trimmingCharacters(in characters: String) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !characters.unicodeScalars.contains($0) }) else { return "" }
        let last = scalars.lastIndex { !characters.unicodeScalars.contains($0) }!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
