/// How `flightplan serve` runs; every field has a command-line flag and a `FLIGHTPLAN_*` variable.
public struct ServerConfiguration: Sendable, Hashable {
    /// Address to bind (numeric IPv4/IPv6 or a host name).
    public var host: String = "127.0.0.1"
    /// Port to bind; 0 picks a free one.
    public var port: Int = 8080
    /// libmicrohttpd worker threads (its internal pool, polling with poll()).
    public var threads: Int = 2
    /// Largest request body accepted, bytes.
    public var maxBodyBytes: Int = 1 << 20
    /// Connections served at once; above this, new requests get 503 + Retry-After.
    public var maxConnections: Int = 1024
    /// Seconds a connection may stay idle before libmicrohttpd closes it.
    public var connectionTimeout: Int = 15
    /// Bytes of buffer libmicrohttpd gives each connection (headers must fit in it).
    public var connectionMemoryLimit: Int = 32 * 1024
    /// `Access-Control-Allow-Origin`: `*`, or a comma-separated list of allowed origins (`null` included).
    public var corsOrigin: String = "*"
    /// Seconds to let in-flight requests finish after SIGTERM/SIGINT.
    public var shutdownGrace: Double = 10

    /// Connections libmicrohttpd accepts in all: the cap plus room to answer 503 to the excess.
    public var hardConnectionLimit: Int { maxConnections + max(16, maxConnections / 8) }

    /// Bytes of an over-limit body read and thrown away so that the client can read its 413;
    /// a body announced larger than this is refused at once and the connection closed.
    public var discardLimitBytes: Int { max(8 * maxBodyBytes, 16 << 20) }

    /// The configuration with every default.
    public init() {}
}
