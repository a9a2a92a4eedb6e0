#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a configuration cannot be served: which setting, and what it must be.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The setting and its rule (`threads must be 1…256, got 0`).
    public var description: String
}

/// How `flightplan serve` runs; every field has a command-line flag and a `FLIGHTPLAN_*` variable.
public struct ServerConfiguration: Sendable, Hashable {
    /// Address to bind (numeric IPv4/IPv6 or a host name).
    public var host: String = "127.0.0.1"
    /// Port to bind; 0 picks a free one.
    public var port: Int = 8080
    /// libmicrohttpd worker threads (its internal pool, polling with poll()); by default one per core.
    public var threads: Int = ServerConfiguration.processorCount
    /// Largest request body accepted, bytes.
    public var maxBodyBytes: Int = 1 << 20
    /// Connections served at once; above this, new requests get 503 + Retry-After.
    public var maxConnections: Int = 1024
    /// Seconds a connection may stay idle before libmicrohttpd closes it.
    public var connectionTimeout: Int = 15
    /// Seconds a client has to deliver a whole request head, counted from its connection opening or its
    /// previous answer; whatever it trickles, it is closed when they run out (nginx's default, 10 s).
    public var headerTimeout: Double = 10
    /// Seconds a client has to deliver a whole request body once its head has arrived.
    public var bodyTimeout: Double = 30
    /// Seconds a client has to read a whole answer once it is queued (nginx's `send_timeout` is 60 s between two
    /// writes); a connection still holding an unread answer then is closed, and its bytes go back to the budget.
    public var sendTimeout: Double = 60
    /// Connections one client address may hold at once; 0 for no limit.
    public var maxConnectionsPerClient: Int = 0
    /// Largest request head answered as usual: request line and headers, bytes (Apache's and nginx's 8 KiB
    /// line). A longer head gets 431, as does one with more than ``maxHeaderFields`` fields.
    public var maxHeadBytes: Int = 8 * 1024
    /// Most header fields a request may carry (Apache's and Envoy's 100).
    public var maxHeaderFields: Int = 100
    /// Bytes of answers queued for clients that have not read them yet, all connections together; an answer
    /// that would pass it gets 503 + Retry-After instead (its own few hundred bytes are still queued). Answers of
    /// at most 16 KiB are always queued, and answers over 1 MiB fill at most three quarters of it (see
    /// `ResponseBudget`).
    public var maxQueuedResponseBytes: Int = 32 << 20
    /// `Access-Control-Allow-Origin`: `*`, or a comma-separated list of allowed origins (`null` included).
    public var corsOrigin: String = "*"
    /// Port of the admin listener (`/healthz`, `/readyz`, `/metrics` on their own thread, so probes never
    /// queue behind traffic or the connection cap); nil for none, 0 for a free port. Same host as ``host``.
    public var adminPort: Int?
    /// Share the port with other listeners (SO_REUSEPORT), for running several instances on one port on
    /// purpose; off by default, so a second instance on a busy port fails with "address in use".
    public var reusePort = false
    /// Seconds to let in-flight requests finish after SIGTERM/SIGINT.
    public var shutdownGrace: Double = 10

    /// Bytes of buffer libmicrohttpd gives each connection: twice the largest head (it reads into half of
    /// what is free and grows from there), 48 bytes of bookkeeping per header field with room to spare, and
    /// room for the answer's head. Every head within ``maxHeadBytes`` and ``maxHeaderFields`` fits, so it is
    /// answered by the router (a longer one with the router's 431, up to about twice the limit); only beyond
    /// that does libmicrohttpd refuse it itself. The query is parsed by Flightplan, not into this buffer.
    public var connectionMemoryLimit: Int { 2 * maxHeadBytes + 64 * maxHeaderFields + 8 * 1024 }

    /// Connections libmicrohttpd accepts in all: the cap plus room to answer 503 to the excess.
    public var hardConnectionLimit: Int { maxConnections + max(16, maxConnections / 8) }

    /// Bytes of an over-limit body read and thrown away so that the client can read its 413: a body announced
    /// (Content-Length) larger than this is refused at once and the connection closed. A chunked body, whose
    /// length nobody announced, is read and dropped however long it is, within ``bodyTimeout``.
    public var discardLimitBytes: Int { max(8 * maxBodyBytes, 16 << 20) }

    /// The configuration with every default.
    public init() {}

    /// The admin listener's own configuration: ``adminPort`` on the same host, one thread, a small
    /// connection cap of its own and tiny bodies (it serves GETs only).
    public var admin: ServerConfiguration? {
        guard let adminPort else { return nil }
        var admin = self
        admin.port = adminPort
        admin.adminPort = nil
        admin.threads = 1
        admin.maxConnections = 64
        admin.maxBodyBytes = 1024
        return admin
    }

    /// The cores online, at least 1.
    public static var processorCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Checks every setting against the range the server supports; the daemon refuses to start otherwise.
    /// - Throws: A ``ConfigurationError`` whose description names the first setting out of range, its range and the
    ///   value given (`port must be 0…65535, got 70000`).
    public func validate() throws(ConfigurationError) {
        func require(_ condition: Bool, _ rule: String) throws(ConfigurationError) {
            guard condition else { throw ConfigurationError(description: rule) }
        }
        try require((0...65535).contains(port), "port must be 0…65535, got \(port)")
        if let adminPort { try require((0...65535).contains(adminPort), "admin-port must be 0…65535, got \(adminPort)") }
        try require((1...256).contains(threads), "threads must be 1…256, got \(threads)")
        try require(maxBodyBytes >= 1024 && maxBodyBytes <= 1 << 30, "max-body must be 1024…1073741824 bytes, got \(maxBodyBytes)")
        try require((1...100_000).contains(maxConnections), "max-connections must be 1…100000, got \(maxConnections)")
        try require(connectionTimeout >= 1, "connection-timeout must be at least 1 second, got \(connectionTimeout)")
        try require(headerTimeout >= 0.1 && headerTimeout <= 3600, "header-timeout must be 0.1…3600 seconds, got \(headerTimeout)")
        try require(bodyTimeout >= 0.1 && bodyTimeout <= 3600, "body-timeout must be 0.1…3600 seconds, got \(bodyTimeout)")
        try require(sendTimeout >= 0.1 && sendTimeout <= 3600, "send-timeout must be 0.1…3600 seconds, got \(sendTimeout)")
        try require((0...100_000).contains(maxConnectionsPerClient), "max-connections-per-client must be 0…100000, got \(maxConnectionsPerClient)")
        try require((1024...65536).contains(maxHeadBytes), "max-head-bytes must be 1024…65536, got \(maxHeadBytes)")
        try require((1...1000).contains(maxHeaderFields), "max-header-fields must be 1…1000, got \(maxHeaderFields)")
        try require(maxQueuedResponseBytes >= 1 << 20, "max-queued-response-bytes must be at least 1048576, got \(maxQueuedResponseBytes)")
        try require(shutdownGrace >= 0 && shutdownGrace.isFinite, "shutdown-grace must be ≥ 0, got \(shutdownGrace)")
    }
}
