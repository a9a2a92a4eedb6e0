public import FlightplanServer
import Logging

/// Runs `body` against a real libmicrohttpd daemon on a free port (tuned by `configure`), stopped when `body` returns.
public func withDaemon<Value>(
    _ configure: (inout ServerConfiguration) -> Void = { _ in }, _ body: (MicroHTTPDaemon) async throws -> Value
) async throws -> Value {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configure(&configuration)
    var logger = Logger(label: "tests")
    logger.logLevel = .critical
    let daemon = MicroHTTPDaemon(router: Router(configuration: configuration), logger: logger)
    try daemon.start()
    defer { daemon.stop() }
    return try await body(daemon)
}
