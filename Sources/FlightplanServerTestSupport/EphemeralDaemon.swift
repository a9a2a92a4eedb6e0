public import FlightplanServer
import Logging

/// Runs `body` against a real libmicrohttpd daemon on a free port (tuned by `configure`), stopped when `body`
/// returns. It logs to `log` when given (an ``InMemoryLog`` a test can read), else only critical lines.
public func withDaemon<Value>(
    _ configure: (inout ServerConfiguration) -> Void = { _ in }, log: InMemoryLog? = nil, _ body: (MicroHTTPDaemon) async throws -> Value
) async throws -> Value {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configure(&configuration)
    let logger = log?.logger() ?? {
        var logger = Logger(label: "tests")
        logger.logLevel = .critical
        return logger
    }()
    let daemon = MicroHTTPDaemon(router: Router(configuration: configuration), logger: logger)
    try daemon.start()
    defer { daemon.stop() }
    return try await body(daemon)
}
