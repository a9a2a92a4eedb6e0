import ArgumentParser
import FlightplanServer
import FlightplanTracing
import Logging

#if canImport(Glibc)
import Glibc
#endif
#if canImport(CGlibcMalloc)
import CGlibcMalloc
#endif

/// `flightplan serve`: the REST API on libmicrohttpd, until SIGTERM or SIGINT (SIGHUP, SIGUSR1 and SIGUSR2 are ignored).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the REST API.",
        discussion: "Every option can also be set with the environment variable shown; the flag wins.")

    @Option(help: Self.help("Address to bind.", .host, Self.defaults.host))
    var host: String?
    @Option(help: Self.help("Port to bind; 0 picks a free port.", .port, Self.defaults.port))
    var port: Int?
    @Option(help: Self.help("Worker threads.", .threads, "the number of cores"))
    var threads: Int?
    @Option(name: .customLong("max-body"), help: Self.help("Largest request body, bytes.", .maxBody, Self.defaults.maxBodyBytes))
    var maxBody: Int?
    @Option(help: Self.help("Connections served at once; beyond it, 503.", .maxConnections, Self.defaults.maxConnections))
    var maxConnections: Int?
    @Option(help: Self.help("Idle seconds before a connection is closed.", .connectionTimeout, Self.defaults.connectionTimeout))
    var connectionTimeout: Int?
    @Option(
        help: Self.help("Seconds to deliver a request head, from connecting or the previous answer.", .headerTimeout, Self.defaults.headerTimeout))
    var headerTimeout: Double?
    @Option(help: Self.help("Seconds to deliver a request body once its head has arrived.", .bodyTimeout, Self.defaults.bodyTimeout))
    var bodyTimeout: Double?
    @Option(help: Self.help("Seconds a client has to read a whole answer once it is queued.", .sendTimeout, Self.defaults.sendTimeout))
    var sendTimeout: Double?
    @Option(
        help: Self.help("Connections one client address may hold; 0 for no limit.", .maxConnectionsPerClient, Self.defaults.maxConnectionsPerClient))
    var maxConnectionsPerClient: Int?
    @Option(help: Self.help("Access-Control-Allow-Origin: * or a comma-separated list.", .corsOrigin, Self.defaults.corsOrigin))
    var corsOrigin: String?
    @Option(help: Self.help("Seconds to finish in-flight requests on SIGTERM.", .shutdownGrace, Self.defaults.shutdownGrace))
    var shutdownGrace: Double?
    @Option(help: Self.help("trace, debug, info, notice, warning, error or critical.", .logLevel, Self.defaultLogLevel))
    var logLevel: String?
    @Option(help: Self.help("text (one line per event) or json (one JSON object per line; the image's default).", .logFormat, Self.defaultLogFormat))
    var logFormat: String?
    @Option(help: Self.help("Admin listener for /healthz, /readyz, /metrics on its own thread; 0 picks a free port.", .adminPort, "none"))
    var adminPort: Int?
    @Flag(help: "Share the port with other listeners (SO_REUSEPORT). [env: \(Variable.reusePort.rawValue)=1]")
    var reusePort = false

    /// The environment variable of each setting, which its flag overrides.
    enum Variable: String {
        case host = "FLIGHTPLAN_HOST", port = "FLIGHTPLAN_PORT", threads = "FLIGHTPLAN_THREADS", maxBody = "FLIGHTPLAN_MAX_BODY"
        case maxConnections = "FLIGHTPLAN_MAX_CONNECTIONS", connectionTimeout = "FLIGHTPLAN_CONNECTION_TIMEOUT"
        case headerTimeout = "FLIGHTPLAN_HEADER_TIMEOUT", bodyTimeout = "FLIGHTPLAN_BODY_TIMEOUT", sendTimeout = "FLIGHTPLAN_SEND_TIMEOUT"
        case maxConnectionsPerClient = "FLIGHTPLAN_MAX_CONNECTIONS_PER_CLIENT", corsOrigin = "FLIGHTPLAN_CORS_ORIGIN"
        case shutdownGrace = "FLIGHTPLAN_SHUTDOWN_GRACE", logLevel = "FLIGHTPLAN_LOG_LEVEL", logFormat = "FLIGHTPLAN_LOG_FORMAT"
        case adminPort = "FLIGHTPLAN_ADMIN_PORT", reusePort = "FLIGHTPLAN_REUSE_PORT"
    }

    /// The settings' defaults: each written once, where the server keeps it.
    private static let defaults = ServerConfiguration()
    /// The log level when neither flag nor environment sets one.
    private static let defaultLogLevel = "info"
    /// The log format when neither flag nor environment sets one.
    private static let defaultLogFormat = "text"

    /// An option's help: what it sets, then its environment variable and its default.
    private static func help(_ summary: String, _ variable: Variable, _ fallback: some CustomStringConvertible) -> ArgumentHelp {
        // A whole number of seconds reads as one: 10, not 10.0.
        let shown = (fallback as? Double).flatMap { $0 == $0.rounded() ? String(Int($0)) : nil } ?? fallback.description
        return ArgumentHelp("\(summary) [env: \(variable.rawValue)] (default: \(shown))")
    }

    /// A setting from its flag, else its environment variable, else `fallback`.
    private func setting<T: LosslessStringConvertible>(
        _ flag: T?, _ variable: Variable, _ fallback: T, in environment: [String: String]
    ) throws -> T {
        if let flag { return flag }
        guard let text = environment[variable.rawValue] else { return fallback }
        guard let parsed = T(text) else { throw ValidationError("\(variable.rawValue)=\(text) is not a valid value") }
        return parsed
    }

    /// The log level and format from flags, then environment variables, then defaults.
    func resolvedLogging(environment: [String: String]) throws -> (Logger.Level, LogFormat) {
        let levelName = try setting(logLevel, .logLevel, Self.defaultLogLevel, in: environment)
        guard let level = Logger.Level(rawValue: levelName) else { throw ValidationError("unknown log level \(levelName)") }
        let formatName = try setting(logFormat, .logFormat, Self.defaultLogFormat, in: environment)
        guard let format = LogFormat(rawValue: formatName) else { throw ValidationError("log format must be text or json, got \(formatName)") }
        return (level, format)
    }

    /// The configuration from flags, then environment variables, then defaults.
    func resolvedConfiguration(environment: [String: String]) throws -> ServerConfiguration {
        func value<T: LosslessStringConvertible>(_ flag: T?, _ variable: Variable, _ fallback: T) throws -> T {
            try setting(flag, variable, fallback, in: environment)
        }
        var configuration = ServerConfiguration()
        configuration.host = try value(host, .host, configuration.host)
        configuration.port = try value(port, .port, configuration.port)
        configuration.threads = try value(threads, .threads, configuration.threads)
        configuration.maxBodyBytes = try value(maxBody, .maxBody, configuration.maxBodyBytes)
        configuration.maxConnections = try value(maxConnections, .maxConnections, configuration.maxConnections)
        configuration.connectionTimeout = try value(connectionTimeout, .connectionTimeout, configuration.connectionTimeout)
        configuration.headerTimeout = try value(headerTimeout, .headerTimeout, configuration.headerTimeout)
        configuration.bodyTimeout = try value(bodyTimeout, .bodyTimeout, configuration.bodyTimeout)
        configuration.sendTimeout = try value(sendTimeout, .sendTimeout, configuration.sendTimeout)
        configuration.maxConnectionsPerClient = try value(
            maxConnectionsPerClient, .maxConnectionsPerClient, configuration.maxConnectionsPerClient)
        configuration.corsOrigin = try value(corsOrigin, .corsOrigin, configuration.corsOrigin)
        configuration.shutdownGrace = try value(shutdownGrace, .shutdownGrace, configuration.shutdownGrace)
        configuration.reusePort = reusePort || environment[Variable.reusePort.rawValue] == "1"
        // An empty FLIGHTPLAN_ADMIN_PORT turns off the admin listener an image's environment sets.
        configuration.adminPort =
            try adminPort
            ?? environment[Variable.adminPort.rawValue].flatMap { $0.isEmpty ? nil : $0 }.map { text in
                guard let port = Int(text) else { throw ValidationError("\(Variable.adminPort.rawValue)=\(text) is not a valid value") }
                return port
            }
        do { try configuration.validate() } catch { throw ValidationError(error.description) }
        return configuration
    }

    /// Exit status of an invalid setting (flag or environment), as for a flag that does not parse: EX_USAGE.
    static let invalidSettingStatus: Int32 = 64

    func run() throws {
        let environment = Self.environment()
        let level: Logger.Level, format: LogFormat
        do {
            (level, format) = try resolvedLogging(environment: environment)
        } catch {
            // No log format yet to write it in: one plain line.
            StandardStreams.write(Array("flightplan: \(error)\n".utf8), to: STDERR_FILENO)
            throw ExitCode(Self.invalidSettingStatus)
        }
        // Blocks of 1 MiB and more (a batch's answer is up to 12.8 MB) get mappings of their own, unmapped when freed.
        // glibc would otherwise raise this threshold to the size of the first such block freed and serve the next ones
        // from its heaps, which keep freed memory: a burst of large answers refused by the response budget then held
        // tens of MiB for good (hardening_test's unread answers: 65 MiB retained in some runs, 26 MiB with this).
        #if canImport(CGlibcMalloc)
        mallopt(M_MMAP_THRESHOLD, 1 << 20)
        #endif
        // Block the signals before the log sink and libmicrohttpd start their threads, so they inherit the mask and
        // only the wait below receives them.
        let signals = ServeSignals()
        // Every line goes through one sink that writes in batches, off the request threads; closed (flushed) last.
        // When standard error stalls, lines are dropped rather than waited for, and counted; a line says how many
        // once it moves again.
        let sink = LogSink.standardError { dropped in
            Logger(label: "flightplan").warning("\(dropped) log lines dropped: the log output was stalled and the log buffer full")
        }
        defer { sink.close() }
        LoggingSystem.bootstrap { label in Self.handler(label: label, level: level, format: format, sink: sink) }
        let logger = Logger(label: "flightplan")
        let configuration: ServerConfiguration
        do {
            configuration = try resolvedConfiguration(environment: environment)
        } catch {
            logger.critical("\(error)")
            throw ExitCode(Self.invalidSettingStatus)
        }
        // Spans leave only when a platform's OTEL_* variables ask for it; a variable Flightplan cannot honour stops it here.
        let tracing: TracingConfiguration?
        do {
            tracing = try TracingConfiguration.fromEnvironment(environment, serviceVersion: BuildInfo.version)
        } catch {
            logger.critical("\(error)")
            throw ExitCode(Self.invalidSettingStatus)
        }
        let tracer = tracing.map { tracing in
            Tracer(configuration: tracing) { failure in
                Logger(label: "flightplan").warning("span export failed: \(failure) (counted in flightplan_span_exports_failed_total)")
            }
        }
        // Access lines are written straight into the sink in the handler's own format (LogLines.swift).
        let accessLog = AccessLog.sink(sink, format: format, label: logger.label, level: level)

        let router = Router(configuration: configuration, state: ServerState(logSink: sink, tracer: tracer))
        let daemon = MicroHTTPDaemon(router: router, logger: logger, accessLog: accessLog)
        let admin = configuration.admin.map { admin in
            MicroHTTPDaemon(router: Router(configuration: admin, routes: Router.adminRoutes(for: router)), logger: logger, accessLog: accessLog)
        }
        do {
            try daemon.start()
            try admin?.start()
        } catch {
            logger.critical("\(error)")
            throw ExitCode(1)
        }
        announce(configuration, port: daemon.port, adminPort: admin?.port, format: format)
        if let tracing {
            logger.notice(
                "exporting spans to \(tracing.endpoint) (OTLP/HTTP protobuf, sampler \(tracing.sampler.description), queue \(tracing.batch.maxQueueSize), batch \(tracing.batch.maxExportBatchSize) every \(tracing.batch.scheduleDelay))"
            )
        }

        let received = signals.waitForStop(logger: logger)
        logger.notice("signal \(received): draining (grace \(configuration.shutdownGrace) s)")
        // A second stopping signal, looked for without waiting while the drain waits, stops at once.
        let cut = daemon.drain(grace: .milliseconds(Int(configuration.shutdownGrace * 1000))) { signals.stopArrived(logger: logger) }
        admin?.stop()
        // The spans of the last requests: sent before the process ends, within the export timeout.
        if let tracer, let tracing, !tracer.batcher.shutdown(timeout: tracing.batch.exportTimeout) {
            logger.warning("span export did not finish within \(tracing.batch.exportTimeout): the last spans are lost")
        }
        guard cut == 0 else { throw ExitCode(3) }
        logger.notice("stopped")
    }

    /// The log handler every logger of `serve` gets: a text line, or a JSON object.
    private static func handler(label: String, level: Logger.Level, format: LogFormat, sink: LogSink) -> any LogHandler {
        format == .json ? JSONLogHandler(label: label, logLevel: level, sink: sink) : TextLogHandler(label: label, logLevel: level, sink: sink)
    }

    /// The startup line, on standard output whatever the log level (scripts read the bound port from it): as
    /// text, or in JSON mode a log line like every other, with the address, ports, threads and build as fields.
    private func announce(_ configuration: ServerConfiguration, port: Int, adminPort: Int?, format: LogFormat) {
        let display = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let adminNote = adminPort.map { " (admin on http://\(display):\($0))" } ?? ""
        let message = "flightplan listening on http://\(display):\(port) (threads \(configuration.threads))\(adminNote)"
        guard format == .json else {
            StandardStreams.write(Array("\(message)\n".utf8), to: STDOUT_FILENO)
            return
        }
        let output = LogSink.standardOutput()
        var metadata: Logger.Metadata = [
            "host": "\(configuration.host)", "port": .stringConvertible(port), "threads": .stringConvertible(configuration.threads),
            "version": "\(BuildInfo.version)", "revision": "\(BuildInfo.revision)"
        ]
        if let adminPort { metadata["admin_port"] = .stringConvertible(adminPort) }
        Logger(label: "flightplan") { Self.handler(label: $0, level: .trace, format: .json, sink: output) }.notice("\(message)", metadata: metadata)
        output.close()
    }

    /// The process environment as a dictionary (`environ`, read once at startup).
    static func environment() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") { variables[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
            entry += 1
        }
        return variables
    }
}
