public import FlightplanServer
public import Foundation
import Logging

/// Runs `body` against a real libmicrohttpd daemon on a free port (tuned by `configure`), stopped when `body`
/// returns. It logs to `log` when given (an ``InMemoryLog`` a test can read), else only critical lines.
public func withDaemon<Value>(
    _ configure: (inout ServerConfiguration) -> Void = { _ in }, log: InMemoryLog? = nil, _ body: (MicroHTTPDaemon) async throws -> Value
) async throws -> Value {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configure(&configuration)
    let logger =
        log?.logger()
        ?? {
            var logger = Logger(label: "tests")
            logger.logLevel = .critical
            return logger
        }()
    let daemon = MicroHTTPDaemon(router: Router(configuration: configuration), logger: logger)
    try daemon.start()
    defer { daemon.stop() }
    return try await body(daemon)
}

/// A real daemon on a free port for the duration of `body`, which gets its base URL.
public func withServer(_ configure: (inout ServerConfiguration) -> Void = { _ in }, _ body: (URL) async throws -> Void) async throws {
    try await withDaemon(configure) { try await body(URL(string: "http://127.0.0.1:\($0.port)")!) }
}

/// A small zoom request body (9 keyframes), for tests that need one valid plan request.
public let sampleRequest = """
    {"style": "zoom", "source": {"frame": {"x": 10, "y": 100, "width": 100, "height": 140}},
     "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}, "imageSize": {"width": 4, "height": 3},
     "sampling": {"keyframes": 9}}
    """
