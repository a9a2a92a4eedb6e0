public import FlightplanTracing
import Synchronization

/// Live state shared by libmicrohttpd's threads: lock-free counters and the draining flag.
public final class ServerState: Sendable {
    private let drainingFlag = Atomic<Bool>(false)
    private let connectionCount = Atomic<Int>(0)
    private let inFlightCount = Atomic<Int>(0)
    /// Request counters and the latency histogram.
    public let metrics = ServerMetrics()
    /// The sink the server's log lines go to, whose dropped lines `/metrics` reports; nil when it logs elsewhere.
    public let logSink: LogSink?
    /// Where each answered request's span goes, or nil when spans are not exported (the default).
    public let tracer: Tracer?

    /// Creates a fresh state.
    /// - Parameters:
    ///   - logSink: The sink the server logs to, for the dropped-lines metric; none by default.
    ///   - tracer: The tracer every answered request's server span is given to; none by default.
    public init(logSink: LogSink? = nil, tracer: Tracer? = nil) {
        self.logSink = logSink
        self.tracer = tracer
    }

    /// Whether a shutdown has begun (readiness is 503, responses close their connections).
    public var isDraining: Bool { drainingFlag.load(ordering: .acquiring) }
    /// Begins draining.
    public func beginDraining() { drainingFlag.store(true, ordering: .releasing) }

    /// Open connections.
    public var connections: Int { connectionCount.load(ordering: .relaxed) }
    /// Requests begun and not yet completed.
    public var inFlight: Int { inFlightCount.load(ordering: .relaxed) }

    func connectionOpened() { connectionCount.add(1, ordering: .relaxed) }
    func connectionClosed() { connectionCount.subtract(1, ordering: .relaxed) }
    func requestStarted() { inFlightCount.add(1, ordering: .relaxed) }
    func requestFinished() { inFlightCount.subtract(1, ordering: .relaxed) }
}
