import FlightplanTracing
import FlightplanWire
import Synchronization

/// Prometheus metrics kept with atomics only, so recording never takes a lock on the hot path.
///
/// The label sets are small and fixed (routes from the router's table, status codes, styles), so every series
/// is preallocated and no request can add one; swift-metrics with swift-prometheus would add a registry
/// lookup and locks per request for no extra capability here.
public final class ServerMetrics: Sendable {
    /// The `route` label of a request whose path names no route.
    public static let unmatchedRoute = "unmatched"
    /// Routes as they appear in the `route` label.
    public static let routes = Router.routes.map(\.path) + [unmatchedRoute]
    /// Status codes counted individually; others are counted as "other".
    public static let statuses = [200, 204, 400, 404, 405, 406, 411, 413, 415, 422, 431, 500, 501, 503]
    /// Upper bounds of the latency buckets, seconds.
    public static let latencyBuckets = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    private let requests: [Counter] = (0..<(routes.count * (statuses.count + 1))).map { _ in Counter() }
    /// The latency histogram's buckets, `latencyBuckets.count + 1` per route (the last one past every bound).
    private let buckets: [Counter] = (0..<(routes.count * (latencyBuckets.count + 1))).map { _ in Counter() }
    private let latencySumMicroseconds: [Counter] = routes.map { _ in Counter() }
    private let plans: [Counter] = TransitionStyle.allCases.map { _ in Counter() }
    private let responseBytes = Counter()

    /// Creates zeroed metrics.
    public init() {}

    /// Records one finished request; `route` is a route's path from the table (anything else counts as
    /// ``unmatchedRoute``).
    func recordRequest(route: String, status: Int, microseconds: Int, bytes: Int) {
        let routeIndex = Self.routes.firstIndex(of: route) ?? Self.routes.count - 1
        let statusIndex = Self.statuses.firstIndex(of: status) ?? Self.statuses.count
        requests[routeIndex * (Self.statuses.count + 1) + statusIndex].value.add(1, ordering: .relaxed)
        let seconds = Double(microseconds) / 1e6
        let bucket = Self.latencyBuckets.firstIndex { seconds <= $0 } ?? Self.latencyBuckets.count
        buckets[routeIndex * (Self.latencyBuckets.count + 1) + bucket].value.add(1, ordering: .relaxed)
        latencySumMicroseconds[routeIndex].value.add(microseconds, ordering: .relaxed)
        responseBytes.value.add(bytes, ordering: .relaxed)
    }

    /// Records plans computed, by style.
    func recordPlans(style: TransitionStyle, count: Int = 1) {
        plans[TransitionStyle.allCases.firstIndex(of: style)!].value.add(count, ordering: .relaxed)
    }

    /// The Prometheus text exposition (version 0.0.4).
    /// - Parameter state: The server's state, for the gauges it holds (requests in flight, open connections, draining).
    /// - Returns: Every family with its `# HELP` and `# TYPE` lines, the build info and the process metrics last;
    ///   each line newline-terminated.
    public func render(state: ServerState) -> String {
        var text = ""
        func family(_ name: String, _ type: String, _ help: String) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        }
        family("flightplan_http_requests_total", "counter", "HTTP requests answered, by route and status.")
        for (routeIndex, route) in Self.routes.enumerated() {
            for statusIndex in 0...Self.statuses.count {
                let count = requests[routeIndex * (Self.statuses.count + 1) + statusIndex].value.load(ordering: .relaxed)
                guard count > 0 else { continue }
                let status = statusIndex < Self.statuses.count ? String(Self.statuses[statusIndex]) : "other"
                text += "flightplan_http_requests_total{route=\"\(route)\",status=\"\(status)\"} \(count)\n"
            }
        }
        family("flightplan_http_request_duration_seconds", "histogram", "Time from the request's first byte to its response, by route.")
        for (routeIndex, route) in Self.routes.enumerated() {
            let first = routeIndex * (Self.latencyBuckets.count + 1)
            let counts = buckets[first...(first + Self.latencyBuckets.count)].map { $0.value.load(ordering: .relaxed) }
            // A route never requested has no series, as a labelled histogram first seen later would.
            guard counts.contains(where: { $0 > 0 }) else { continue }
            var cumulative = 0
            for (bound, count) in zip(Self.latencyBuckets.map { "\($0)" } + ["+Inf"], counts) {
                cumulative += count
                text += "flightplan_http_request_duration_seconds_bucket{route=\"\(route)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            let sum = Double(latencySumMicroseconds[routeIndex].value.load(ordering: .relaxed)) / 1e6
            text += "flightplan_http_request_duration_seconds_sum{route=\"\(route)\"} \(sum)\n"
            text += "flightplan_http_request_duration_seconds_count{route=\"\(route)\"} \(cumulative)\n"
        }
        family("flightplan_http_response_bytes_total", "counter", "Response body bytes sent.")
        text += "flightplan_http_response_bytes_total \(responseBytes.value.load(ordering: .relaxed))\n"
        family("flightplan_plans_total", "counter", "Plans computed, by style (batch items included).")
        for (index, style) in TransitionStyle.allCases.enumerated() {
            text += "flightplan_plans_total{style=\"\(style.rawValue)\"} \(plans[index].value.load(ordering: .relaxed))\n"
        }
        for (name, help, value) in [
            ("flightplan_http_requests_in_flight", "Requests begun and not yet answered.", state.inFlight),
            ("flightplan_http_connections", "Open client connections.", state.connections),
            ("flightplan_draining", "Whether the server is shutting down.", state.isDraining ? 1 : 0)
        ] {
            family(name, "gauge", help)
            text += "\(name) \(value)\n"
        }
        family("flightplan_log_lines_dropped_total", "counter", "Log lines dropped because the log output was stalled and the log buffer full.")
        text += "flightplan_log_lines_dropped_total \(state.logSink?.droppedLines ?? 0)\n"
        let batcher = state.tracer?.batcher
        for (name, help, value) in [
            ("flightplan_spans_exported_total", "Spans an OTLP receiver accepted.", batcher?.exportedSpans ?? 0),
            (
                "flightplan_spans_dropped_total", "Spans dropped because the export queue was full (the receiver slow or unreachable).",
                batcher?.droppedSpans ?? 0
            ),
            (
                "flightplan_span_exports_failed_total", "OTLP export requests that failed (refused, timed out, unreachable); their spans are lost.",
                batcher?.failedExports ?? 0
            )
        ] {
            family(name, "counter", help)
            text += "\(name) \(value)\n"
        }
        family("flightplan_build_info", "gauge", "The running build: always 1, its version and revision as labels.")
        text += "flightplan_build_info{version=\"\(BuildInfo.version)\",revision=\"\(BuildInfo.revision)\"} 1\n"
        for sample in ProcessMetrics.samples() {
            family(sample.name, sample.type, sample.help)
            text += "\(sample.name) \(sample.value)\n"
        }
        return text
    }
}
