import FlightplanServerTestSupport
import FlightplanTestSupport
import Foundation
import Logging
import Testing

@testable import FlightplanServer

@Suite("W3C Trace Context: traceparent read, traceresponse answered")
struct TraceContextTests {
    static let valid = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    @Test("a valid traceparent gives its trace, parent and sampled flag")
    func valid() throws {
        let context = try #require(TraceContext(traceparent: Self.valid))
        #expect(context.traceID == "4bf92f3577b34da6a3ce929d0e0e4736" && context.parentID == "00f067aa0ba902b7" && context.sampled)
        #expect(TraceContext(traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00")?.sampled == false)
    }

    @Test("a later version is read by its first four fields, whatever follows a dash")
    func laterVersion() {
        #expect(TraceContext(traceparent: "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")?.sampled == true)
        #expect(
            TraceContext(traceparent: "cc-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-09-what-comes-next")?.traceID
                == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(TraceContext(traceparent: "cc-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-09x") == nil)
    }

    @Test(
        "malformed values are not contexts",
        arguments: [
            "",
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",  // version ff is invalid
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",  // all-zero trace id
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",  // all-zero parent id
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",  // upper case
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",  // version 00 is exactly 55 characters
            "00-4bf92f3577b34da6a3ce929d0e0e473-600f067aa0ba902b7-01",  // fields misplaced
            "00_4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7_01",
            "0g-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-0z",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01, 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",  // two headers
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-é"
        ])
    func malformed(value: String) {
        #expect(TraceContext(traceparent: value) == nil)
    }

    /// Whether `span` is a span id as W3C Trace Context writes one: 16 lower-case hex digits, not all zero.
    static func isSpanID(_ span: String) -> Bool {
        span.wholeMatch(of: /[0-9a-f]{16}/) != nil && span != String(repeating: "0", count: 16)
    }

    @Test("this server's span id is 16 lower-case hex digits, never zero, and new each time the same traceparent is read")
    func spanID() throws {
        var seen = Set<String>()
        for _ in 0..<1000 {
            let span = try #require(TraceContext(traceparent: Self.valid)).spanID
            #expect(Self.isSpanID(span))
            seen.insert(span)
        }
        #expect(seen.count == 1000)
    }

    @Test("a response to a traced request carries traceresponse with the trace and a span of its own, whatever its request id; refusals too")
    func traceresponse() throws {
        for (method, path, status) in [("POST", "/v1/plans", 200), ("GET", "/healthz", 200), ("GET", "/nowhere", 404)] {
            // The same request id and traceparent twice: the span ids still differ (they were derived from both).
            let spans = try (0..<2).map { _ in
                let response = respond(
                    method, path, body: method == "POST" ? sampleRequest : nil, headers: ["traceparent": Self.valid, "X-Request-Id": "r1"])
                #expect(response.status == status)
                let fields = try #require(response[header: "traceresponse"]).split(separator: "-").map(String.init)
                try #require(fields.count == 4)
                #expect(fields[0] == "00" && fields[1] == "4bf92f3577b34da6a3ce929d0e0e4736" && fields[3] == "01")
                return fields[2]
            }
            #expect(spans.allSatisfy(Self.isSpanID) && spans[0] != spans[1], "\(spans)")
        }
    }

    @Test("a malformed traceparent is ignored, never refused: the same answer, without traceresponse")
    func malformedIgnored() {
        for value in ["ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "garbage", "00-00000000000000000000000000000000-00f067aa0ba902b7-01"]
        {
            let response = respond("POST", "/v1/plans", body: sampleRequest, headers: ["traceparent": value, "tracestate": "x=1,,=="])
            #expect(response.status == 200 && response[header: "traceresponse"] == nil)
            #expect(response.body == respond("POST", "/v1/plans", body: sampleRequest).body)
        }
    }
}

@Suite("Access lines as operators read them, and metrics with bounded labels", .serialized)
struct ObservabilityTests {
    @Test("each access line has the route from the table, the request id, and the trace when there is one; probes and scrapes at debug")
    func accessLineFields() async throws {
        let log = InMemoryLog()
        let traced = try await withDaemon(log: log) { daemon in
            let client = try RawHTTPClient(port: daemon.port)
            let traced = try (0..<2).map { _ in
                try client.request("POST", "/v1/plans", body: sampleRequest, headers: ["X-Request-Id": "t-1", "traceparent": TraceContextTests.valid])
            }
            _ = try client.request("GET", "/v1/plans", headers: ["X-Request-Id": "t-2", "traceparent": "ff-garbage"])
            _ = try client.request("GET", "/a/b/../c%2e", headers: ["X-Request-Id": "t-3"])
            for path in ["/healthz", "/readyz", "/metrics"] { _ = try client.request("GET", path) }
            return traced
        }
        let info = log.lines.filter { $0.level == .info }, debug = log.lines.filter { $0.level == .debug }
        try #require(info.count == 4, "\(info.map(\.message))")
        let context = try #require(TraceContext(traceparent: TraceContextTests.valid))
        // Each access line names the span its response's traceresponse named, and the two differ.
        let spans = traced.map { $0.headers["traceresponse"]?.split(separator: "-").dropFirst(2).first.map(String.init) }
        for (line, span) in zip(info[0...1], spans) {
            #expect(line.metadata["route"] == "/v1/plans" && line.metadata["trace_id"] == context.traceID && line.metadata["request_id"] == "t-1")
            #expect(span != nil && line.metadata["span_id"] == span)
        }
        #expect(spans[0] != spans[1])
        #expect(info[2].metadata["route"] == "/v1/plans" && info[2].metadata["status"] == "405" && info[2].metadata["trace_id"] == nil)
        #expect(info[3].metadata["route"] == "unmatched" && info[3].metadata["status"] == "404")
        #expect(debug.map(\.message) == ["GET /healthz 200", "GET /readyz 200", "GET /metrics 200"])
        #expect(debug.allSatisfy { ["/healthz", "/readyz", "/metrics"].contains($0.metadata["route"]) })
    }

    @Test("JSON lines carry numbers and flags unquoted, strings quoted, nested metadata as JSON")
    func jsonNumbers() throws {
        let batches = Batches()
        let sink = batches.sink()
        let logger = Logger(label: "flightplan") { JSONLogHandler(label: $0, logLevel: .info, sink: sink) }
        logger.info(
            "hello",
            metadata: [
                "port": .stringConvertible(8080), "ratio": .stringConvertible(0.5), "early": .stringConvertible(true), "name": "x",
                "text": .stringConvertible("not a number"), "nested": ["a": .stringConvertible(1)], "list": [.stringConvertible(2), "b"]
            ])
        let entry = AccessEntry(
            method: "GET", path: "/healthz", route: "/healthz", status: 200, bytes: 15, microseconds: 42, requestID: "r",
            trace: nil, endedEarly: true, level: .info)
        AccessLog.sink(sink, format: .json, label: "flightplan", level: .info).record(entry)
        sink.close()
        let objects = try batches.text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        try #require(objects.count == 2)
        #expect(objects[0]["port"] as? Int == 8080 && objects[0]["ratio"] as? Double == 0.5 && objects[0]["early"] as? Bool == true)
        #expect(objects[0]["name"] as? String == "x" && objects[0]["text"] as? String == "not a number")
        #expect((objects[0]["nested"] as? [String: Int]) == ["a": 1] && (objects[0]["list"] as? [Any])?.count == 2)
        #expect(objects[1]["status"] as? Int == 200 && objects[1]["bytes"] as? Int == 15 && objects[1]["duration_us"] as? Int == 42)
        #expect(objects[1]["ended_early"] as? Bool == true && objects[1]["route"] as? String == "/healthz")
        #expect(batches.text.contains(#""status":200"#))
    }

    @Test("a sink's access log drops lines below its level, as the logger would")
    func sinkLevel() {
        let batches = Batches()
        let sink = batches.sink()
        for level in [Logger.Level.debug, .info] {
            AccessLog.sink(sink, format: .text, label: "flightplan", level: .info).record(
                AccessEntry(
                    method: "GET", path: "/healthz", route: "/healthz", status: 200, bytes: 15, microseconds: 42, requestID: "r",
                    trace: nil, endedEarly: false, level: level))
        }
        sink.close()
        let lines = batches.text.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(" info flightplan: "))
    }

    /// The metric series of a scrape: every sample line's name and labels, without its value.
    static func series(_ exposition: String) -> Set<String> {
        Set(exposition.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0[..<$0.lastIndex(of: " ")!]) })
    }

    @Test("hostile paths add no series: the route label is a route of the table or unmatched")
    func boundedCardinality() async throws {
        try await withDaemon { daemon in
            // A connection per request: a refusal of malformed framing closes its connection.
            func request(_ method: String, _ path: String) throws -> RawHTTPClient.Response {
                try RawHTTPClient(port: daemon.port).request(method, path)
            }
            // One request to an unknown path first, so that the unmatched route's series exist.
            _ = try request("GET", "/first-unknown")
            let before = Self.series(String(decoding: try request("GET", "/metrics").body, as: UTF8.self))
            var rng = SeededGenerator(seed: 0xCA7D)
            var sent = 0
            for _ in 0..<200 {
                let path =
                    "/"
                    + (0..<Int.random(in: 1...40, using: &rng)).map { _ in
                        ["a", "%2F", "%22", "..", "/", "%7B", "route=\"x\"", "é", "%0A"].randomElement(using: &rng)!
                    }.joined()
                _ = try request(["GET", "POST", "DELETE"].randomElement(using: &rng)!, path)
                sent += 1
            }
            #expect(sent == 200)
            let after = Self.series(String(decoding: try request("GET", "/metrics").body, as: UTF8.self))
            // 200 distinct paths may add only the series of the unmatched route (its statuses and histogram, a
            // fixed set) and of the scrape's own route: never one per path.
            let added = after.subtracting(before)
            #expect(added.allSatisfy { $0.contains(#"route="unmatched""#) || $0.contains(#"route="/metrics""#) }, "\(added)")
            #expect(added.count <= 2 * (ServerMetrics.statuses.count + 1 + ServerMetrics.latencyBuckets.count + 3), "\(added.count) series added")
            #expect(
                after.allSatisfy { series in !series.contains("route=") || ServerMetrics.routes.contains { series.contains(#"route="\#($0)""#) } })
        }
    }

    @Test("the request duration histogram has one series set per route requested; build info and process metrics are there")
    func metricsByRoute() async throws {
        try await withDaemon { daemon in
            let client = try RawHTTPClient(port: daemon.port)
            _ = try client.request("POST", "/v1/plans", body: sampleRequest)
            _ = try client.request("GET", "/healthz")
            // A request is counted when libmicrohttpd reports its answer sent, which the client may read first.
            var text = ""
            let started = ContinuousClock.now
            repeat {
                text = String(decoding: try client.request("GET", "/metrics").body, as: UTF8.self)
            } while !text.contains(#"count{route="/healthz"} 1"#) && ContinuousClock.now - started < .seconds(10)
            #expect(text.contains(#"flightplan_http_request_duration_seconds_count{route="/v1/plans"} 1"#))
            #expect(text.contains(#"flightplan_http_request_duration_seconds_count{route="/healthz"} 1"#))
            #expect(text.contains(#"flightplan_http_request_duration_seconds_bucket{route="/v1/plans",le="+Inf"} 1"#))
            #expect(!text.contains(#"flightplan_http_request_duration_seconds_count{route="/preview"}"#))
            #expect(text.contains(#"flightplan_build_info{version="\#(BuildInfo.version)",revision="\#(BuildInfo.revision)"} 1"#))
            #if os(Linux)
            let values = Dictionary(
                text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
                    (String($0.split(separator: " ")[0]), Double($0.split(separator: " ")[1]) ?? -1)
                }, uniquingKeysWith: { first, _ in first })
            #expect(values["process_cpu_seconds_total", default: -1] > 0)
            #expect(values["process_resident_memory_bytes", default: -1] > 1_000_000)
            let now = Date().timeIntervalSince1970
            #expect((now - 86_400 * 7...now + 1).contains(values["process_start_time_seconds", default: -1]))
            #expect(values["process_open_fds", default: -1] >= 3 && values["process_max_fds", default: -1] >= values["process_open_fds", default: 0])
            #endif
        }
    }

    @Test("the build's version is the API's: BuildInfo.version is openapi.yaml's info.version")
    func versionAgreesWithContract() throws {
        let document = String(decoding: OpenAPIDocument.bytes, as: UTF8.self)
        #expect(document.contains("\n  version: \(BuildInfo.version)\n"))
    }
}
