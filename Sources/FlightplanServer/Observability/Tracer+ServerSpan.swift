public import FlightplanTracing

extension Tracer {
    /// The methods a span names as they are; any other is `_OTHER` (the HTTP semantic conventions' rule, which keeps
    /// span names and the method attribute a bounded set whatever clients send).
    static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]

    /// Gives the batcher the server span of one answered request, when the sampler keeps its trace: a child of the
    /// caller's span (its `traceparent`), with the span id the answer's `traceresponse` named, or the root of a new
    /// trace. Its name and attributes follow OpenTelemetry's HTTP semantic conventions (`POST /v1/plans`,
    /// `http.route`, `http.response.status_code`, `http.request.body.size`, …); a 5xx answer sets the error status.
    /// - Parameters:
    ///   - head: The request's head: its method, version and trace context.
    ///   - route: The route from the table that answered, or nil when the path matched none.
    ///   - status: The answer's status code.
    ///   - requestBytes: Body bytes received.
    ///   - responseBytes: Body bytes answered.
    ///   - elapsed: From the request's first byte to its completion.
    ///   - requestID: The request's `X-Request-Id`.
    /// - Returns: The span's trace and span ids when it was sampled (for the access line of a request that began a
    ///   trace), else nil.
    @discardableResult
    public func recordServerSpan(
        head: RequestHead, route: String?, status: Int, requestBytes: Int, responseBytes: Int, elapsed: Duration, requestID: String
    ) -> (traceID: TraceID, spanID: SpanID)? {
        let caller = head.trace
        let traceID = caller.flatMap { TraceID(hex: $0.traceID) } ?? .random()
        guard sampler.samples(traceID, parentSampled: caller?.sampled) else { return nil }
        let method = Self.knownMethods.contains(head.method) ? head.method : "_OTHER"
        // Built in order in room for all of them: inserting the route and appending the error grew the array twice.
        var attributes: [Attribute] = []
        attributes.reserveCapacity(9)
        attributes.append(Attribute("http.request.method", .string(method)))
        if let route { attributes.append(Attribute("http.route", .string(route))) }
        attributes.append(Attribute("url.scheme", .string("http")))
        attributes.append(Attribute("http.response.status_code", .int(Int64(status))))
        attributes.append(Attribute("http.request.body.size", .int(Int64(requestBytes))))
        attributes.append(Attribute("http.response.body.size", .int(Int64(responseBytes))))
        let version = head.version.hasPrefix("HTTP/") ? String(head.version.dropFirst(5)) : head.version
        attributes.append(Attribute("network.protocol.version", .string(version)))
        attributes.append(Attribute("flightplan.request_id", .string(requestID)))
        if status >= 500 { attributes.append(Attribute("error.type", .string(String(status)))) }
        let end = Self.wallClockNanoseconds
        let nanoseconds = UInt64(elapsed.components.seconds) * 1_000_000_000 + UInt64(elapsed.components.attoseconds / 1_000_000_000)
        let spanID = caller.flatMap { SpanID(hex: $0.spanID) } ?? .random()
        batcher.submit(
            Span(
                traceID: traceID, spanID: spanID,
                parentSpanID: caller.flatMap { SpanID(hex: $0.parentID) }, name: route.map { "\(method) \($0)" } ?? method, kind: .server,
                startNanoseconds: end - min(nanoseconds, end), endNanoseconds: end, attributes: attributes,
                status: status >= 500 ? .error("HTTP \(status)") : .unset))
        return (traceID, spanID)
    }
}
