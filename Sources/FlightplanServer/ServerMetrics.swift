import FlightplanWire
import Synchronization

/// Prometheus metrics kept with atomics only, so recording never takes a lock on the hot path.
///
/// The label sets are small and fixed (routes, status codes, styles), so every series is
/// preallocated; swift-metrics with swift-prometheus would add a registry lookup and locks
/// per request for no extra capability here.
public final class ServerMetrics: Sendable {
    /// Routes as they appear in the `route` label.
    public static let routes = Router.routes.map(\.path) + ["unmatched"]
    /// Status codes counted individually; others are counted as "other".
    public static let statuses = [200, 204, 400, 404, 405, 411, 413, 415, 422, 431, 500, 501, 503]
    /// Upper bounds of the latency buckets, seconds.
    public static let latencyBuckets = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    private let requests: [Counter] = (0..<(routes.count * (statuses.count + 1))).map { _ in Counter() }
    private let buckets: [Counter] = (0...latencyBuckets.count).map { _ in Counter() }
    private let latencySumMicroseconds = Counter()
    private let plans: [Counter] = TransitionStyle.allCases.map { _ in Counter() }
    private let responseBytes = Counter()

    /// Creates zeroed metrics.
    public init() {}

    /// Records one finished request; `route` is the request's path (any other path counts as "unmatched").
    func recordRequest(route: String, status: Int, microseconds: Int, bytes: Int) {
        let routeIndex = Self.routes.firstIndex(of: route) ?? Self.routes.count - 1
        let statusIndex = Self.statuses.firstIndex(of: status) ?? Self.statuses.count
        requests[routeIndex * (Self.statuses.count + 1) + statusIndex].value.add(1, ordering: .relaxed)
        let seconds = Double(microseconds) / 1e6
        let bucket = Self.latencyBuckets.firstIndex { seconds <= $0 } ?? Self.latencyBuckets.count
        buckets[bucket].value.add(1, ordering: .relaxed)
        latencySumMicroseconds.value.add(microseconds, ordering: .relaxed)
        responseBytes.value.add(bytes, ordering: .relaxed)
    }

    /// Records plans computed, by style.
    func recordPlans(style: TransitionStyle, count: Int = 1) {
        plans[TransitionStyle.allCases.firstIndex(of: style)!].value.add(count, ordering: .relaxed)
    }

    /// The Prometheus text exposition (version 0.0.4).
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
        family("flightplan_http_request_duration_seconds", "histogram", "Time from the request's first byte to its response.")
        var cumulative = 0
        for (index, bound) in Self.latencyBuckets.enumerated() {
            cumulative += buckets[index].value.load(ordering: .relaxed)
            text += "flightplan_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        cumulative += buckets[Self.latencyBuckets.count].value.load(ordering: .relaxed)
        text += "flightplan_http_request_duration_seconds_bucket{le=\"+Inf\"} \(cumulative)\n"
        text += "flightplan_http_request_duration_seconds_sum \(Double(latencySumMicroseconds.value.load(ordering: .relaxed)) / 1e6)\n"
        text += "flightplan_http_request_duration_seconds_count \(cumulative)\n"
        family("flightplan_http_response_bytes_total", "counter", "Response body bytes sent.")
        text += "flightplan_http_response_bytes_total \(responseBytes.value.load(ordering: .relaxed))\n"
        family("flightplan_plans_total", "counter", "Plans computed, by style (batch items included).")
        for (index, style) in TransitionStyle.allCases.enumerated() {
            text += "flightplan_plans_total{style=\"\(style.rawValue)\"} \(plans[index].value.load(ordering: .relaxed))\n"
        }
        for (name, help, value) in [
            ("flightplan_http_requests_in_flight", "Requests begun and not yet answered.", state.inFlight),
            ("flightplan_http_connections", "Open client connections.", state.connections),
            ("flightplan_draining", "Whether the server is shutting down.", state.isDraining ? 1 : 0),
        ] {
            family(name, "gauge", help)
            text += "\(name) \(value)\n"
        }
        return text
    }
}
