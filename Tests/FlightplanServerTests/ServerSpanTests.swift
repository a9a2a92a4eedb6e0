import FlightplanServer
import FlightplanTracing
import Foundation
import Testing

/// Spans a test's batcher was given, behind an NSLock (which ThreadSanitizer sees).
private final class SpanRecorder: @unchecked Sendable {  // `spans` is only touched holding `lock`
    private let lock = NSLock()
    private var spans: [Span] = []

    func export(_ batch: [Span]) -> String? {
        lock.lock()
        defer { lock.unlock() }
        spans += batch
        return nil
    }

    /// The spans exported once `tracer`'s batcher has shut down.
    func spans(after tracer: Tracer) -> [Span] {
        tracer.batcher.shutdown(timeout: .seconds(5))
        lock.lock()
        defer { lock.unlock() }
        return spans
    }
}

@Suite("A request's server span: the caller's trace, the route, status and sizes, by the HTTP semantic conventions")
struct ServerSpanTests {
    private static let traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    private func tracer(_ sampler: TraceSampler = .parentBased(root: .alwaysOn)) -> (Tracer, SpanRecorder) {
        let recorder = SpanRecorder()
        return (Tracer(sampler: sampler, batcher: SpanBatcher(settings: BatchSettings(), export: recorder.export)), recorder)
    }

    @Test("a traced request's span is the caller's child, with the span id traceresponse names, and the attributes")
    func tracedRequest() throws {
        let (tracer, recorder) = tracer()
        let head = RequestHead(method: "POST", path: "/v1/plans", headers: ["traceparent": Self.traceparent])
        let ids = tracer.recordServerSpan(
            head: head, route: "/v1/plans", status: 200, requestBytes: 162, responseBytes: 10_123, elapsed: .microseconds(1500), requestID: "r-1")
        #expect(ids?.traceID.hex == head.trace?.traceID && ids?.spanID.hex == head.trace?.spanID)
        let span = try #require(recorder.spans(after: tracer).first)
        let trace = try #require(head.trace)
        #expect(span.traceID.hex == trace.traceID && span.parentSpanID?.hex == "00f067aa0ba902b7" && span.spanID.hex == trace.spanID)
        #expect(span.name == "POST /v1/plans" && span.kind == .server && span.status == .unset)
        #expect(span.endNanoseconds - span.startNanoseconds == 1_500_000)
        let attributes = Dictionary(uniqueKeysWithValues: span.attributes.map { ($0.key, $0.value) })
        #expect(
            attributes == [
                "http.request.method": .string("POST"), "http.route": .string("/v1/plans"), "url.scheme": .string("http"),
                "http.response.status_code": .int(200), "http.request.body.size": .int(162), "http.response.body.size": .int(10_123),
                "network.protocol.version": .string("1.1"), "flightplan.request_id": .string("r-1")
            ])
    }

    @Test("an untraced request is the root of a new trace; a path with no route and an unknown method stay bounded; 5xx is an error")
    func rootAndBounds() throws {
        let (tracer, recorder) = tracer()
        tracer.recordServerSpan(
            head: RequestHead(method: "BREW", path: "/x/../../etc"), route: nil, status: 503, requestBytes: 0, responseBytes: 80,
            elapsed: .zero, requestID: "r-2")
        let span = try #require(recorder.spans(after: tracer).first)
        #expect(span.parentSpanID == nil && span.name == "_OTHER" && span.status == .error("HTTP 503"))
        #expect(!span.attributes.contains { $0.key == "http.route" || $0.value == .string("/x/../../etc") || $0.value == .string("BREW") })
        #expect(span.attributes.contains(Attribute("error.type", .string("503"))))
    }

    @Test("the sampler decides: a caller that did not sample is followed, always_off exports nothing")
    func sampling() {
        let (followed, followedSpans) = tracer()
        followed.recordServerSpan(
            head: RequestHead(method: "GET", path: "/healthz", headers: ["traceparent": String(Self.traceparent.dropLast(2)) + "00"]),
            route: "/healthz", status: 200, requestBytes: 0, responseBytes: 15, elapsed: .zero, requestID: "r-3")
        #expect(followedSpans.spans(after: followed).isEmpty)
        let (off, offSpans) = tracer(.alwaysOff)
        let ids = off.recordServerSpan(
            head: RequestHead(method: "GET", path: "/healthz"), route: "/healthz", status: 200, requestBytes: 0, responseBytes: 15, elapsed: .zero,
            requestID: "r-4")
        #expect(ids == nil && offSpans.spans(after: off).isEmpty)
    }

    @Test("/metrics counts exported and dropped spans and failed exports; all 0 while export is off")
    func metrics() {
        let off = ServerState()
        #expect(off.metrics.render(state: off).contains("flightplan_spans_dropped_total 0\n"))
        let batcher = SpanBatcher(settings: BatchSettings(), export: { _ in "refused" })
        batcher.shutdown(timeout: .seconds(1))
        let state = ServerState(tracer: Tracer(sampler: .alwaysOn, batcher: batcher))
        state.tracer?.recordServerSpan(
            head: RequestHead(method: "GET", path: "/healthz"), route: "/healthz", status: 200, requestBytes: 0, responseBytes: 15, elapsed: .zero,
            requestID: "r-5")
        let text = state.metrics.render(state: state)
        #expect(text.contains("# TYPE flightplan_spans_dropped_total counter\nflightplan_spans_dropped_total 1\n"))
        #expect(text.contains("flightplan_spans_exported_total 0\n") && text.contains("flightplan_span_exports_failed_total 0\n"))
    }
}
