private import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import Logging

/// Why the daemon could not start.
public struct DaemonStartError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
}

/// The libmicrohttpd daemon: the only file that touches the C library.
///
/// libmicrohttpd runs its own thread pool polling with poll() (epoll mode can stall on 0.9.75).
/// Callbacks are free closures that capture nothing; they find this object through the
/// `cls` pointer and a request's state through libmicrohttpd's per-request slot, which is
/// released in the request-completed callback (it fires for aborted uploads too).
public final class MicroHTTPDaemon: @unchecked Sendable {
    /// The router answering every request.
    public let router: Router
    /// Where access lines and libmicrohttpd's own messages go.
    public let logger: Logger
    /// The port actually bound.
    public private(set) var port: Int = 0

    // Written once in start() before any callback can run, read-only afterwards.
    private var daemon: OpaquePointer?
    private var config: UnsafeMutablePointer<flightplan_daemon_config>?
    private var hostCString: UnsafeMutablePointer<CChar>?

    /// Creates a daemon; nothing listens until ``start()``.
    public init(router: Router, logger: Logger) {
        self.router = router
        self.logger = logger
    }

    deinit {
        stop()
    }

    /// Binds and starts serving.
    public func start() throws(DaemonStartError) {
        let configuration = router.configuration
        let host = strdup(configuration.host)
        let config = UnsafeMutablePointer<flightplan_daemon_config>.allocate(capacity: 1)
        let context = Unmanaged.passUnretained(self).toOpaque()
        config.initialize(to: flightplan_daemon_config(
            host: UnsafePointer(host),
            port: UInt16(clamping: configuration.port),
            thread_pool_size: UInt32(clamping: max(1, configuration.threads)),
            connection_limit: UInt32(clamping: configuration.hardConnectionLimit),
            connection_timeout: UInt32(clamping: configuration.connectionTimeout),
            connection_memory_limit: configuration.connectionMemoryLimit,
            handler: { cls, connection, url, method, _, uploadData, uploadDataSize, requestSlot in
                guard let cls, let connection, let url, let method, let uploadDataSize, let requestSlot else { return .NO }
                let daemon = Unmanaged<MicroHTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
                return daemon.handle(connection, String(cString: url), String(cString: method), uploadData, uploadDataSize, requestSlot)
            },
            handler_context: context,
            completed: { cls, _, requestSlot, termination in
                guard let cls, let requestSlot, let pointer = requestSlot.pointee else { return }
                requestSlot.pointee = nil
                let daemon = Unmanaged<MicroHTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
                let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeRetainedValue()
                daemon.complete(exchange, completedNormally: termination == .REQUEST_TERMINATED_COMPLETED_OK)
            },
            connection_notify: { cls, _, _, code in
                guard let cls else { return }
                let daemon = Unmanaged<MicroHTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
                if code == .CONNECTION_NOTIFY_STARTED { daemon.router.state.connectionOpened() } else { daemon.router.state.connectionClosed() }
            },
            log_sink: { cls, message in
                guard let cls, let message else { return }
                let daemon = Unmanaged<MicroHTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
                daemon.logger.warning("libmicrohttpd: \(String(cString: message))")
            },
            log_context: context))
        guard let started = flightplan_start_daemon(config) else {
            config.deallocate()
            free(host)
            throw DaemonStartError(description: "cannot listen on \(configuration.host):\(configuration.port) (address in use, not resolvable, or not permitted)")
        }
        self.daemon = started
        self.config = config
        self.hostCString = host
        self.port = Int(flightplan_daemon_port(started))
    }

    /// Stops accepting new connections; requests already in progress go on.
    public func quiesce() {
        guard let daemon else { return }
        let listener = MHD_quiesce_daemon(daemon)
        if listener >= 0 { close(listener) }
    }

    /// Stops the daemon, closing every connection, and frees its resources. Idempotent.
    public func stop() {
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
        config?.deallocate()
        config = nil
        free(hostCString)
        hostCString = nil
    }

    /// Collects the headers the router reads; a repeated header's values are joined with ", " as HTTP
    /// combines them, so a doubled Content-Length shows up as an invalid one.
    private final class HeaderCollector {
        var values: [String: String] = [:]

        func add(_ name: String, _ value: String) {
            let name = name.lowercased()
            guard RequestHead.readHeaders.contains(name) else { return }
            values[name] = values[name].map { "\($0), \(value)" } ?? value
        }
    }

    /// One request's state between libmicrohttpd's calls.
    private final class Exchange {
        let head: RequestHead
        let requestID: String
        let started = ContinuousClock.now
        var body: [UInt8] = []
        var refusal: HTTPResponse?
        var discardedBytes = 0
        var status = 0
        var responseBytes = 0

        init(head: RequestHead, requestID: String) {
            self.head = head
            self.requestID = requestID
        }
    }

    private func handle(
        _ connection: OpaquePointer, _ path: String, _ method: String, _ uploadData: UnsafePointer<CChar>?,
        _ uploadDataSize: UnsafeMutablePointer<Int>, _ requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let pointer = requestSlot.pointee else {
            // First call: headers only. Decide what can be decided, keep the state, answer later.
            let headers = HeaderCollector()
            MHD_get_connection_values(connection, .HEADER_KIND, { cls, _, key, value in
                guard let cls, let key else { return .YES }
                Unmanaged<HeaderCollector>.fromOpaque(cls).takeUnretainedValue().add(String(cString: key), value.map { String(cString: $0) } ?? "")
                return .YES
            }, Unmanaged.passUnretained(headers).toOpaque())
            let head = RequestHead(method: method, path: path, lowercasedHeaders: headers.values)
            let exchange = Exchange(head: head, requestID: Router.requestID(from: head[header: "x-request-id"]))
            requestSlot.pointee = Unmanaged.passRetained(exchange).toOpaque()
            router.state.requestStarted()
            if let length = head[header: "content-length"].flatMap({ Int($0) }), length <= router.configuration.maxBodyBytes {
                exchange.body.reserveCapacity(length)
            }
            if let refusal = router.precheck(head, requestID: exchange.requestID) {
                exchange.refusal = refusal
                // Answer at once when the refusal closes the connection (the framing cannot be trusted), the
                // client waits for 100-continue, or the body is too large to drain; otherwise answer on the
                // final call, after reading and dropping any body, so that keep-alive survives and a client
                // that sends its whole body still reads the answer.
                let announced = head[header: "content-length"].flatMap { Int($0) } ?? 0
                let bodyFollows = head[header: "transfer-encoding"] != nil || announced > 0
                let waitsForContinue = head[header: "expect"]?.lowercased() == "100-continue"
                let closes = refusal[header: "Connection"] == "close"
                if closes || (bodyFollows && (waitsForContinue || announced > router.configuration.discardLimitBytes)) {
                    return queue(refusal, on: connection, for: exchange, closing: true)
                }
            }
            return .YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeUnretainedValue()
        let size = uploadDataSize.pointee
        if size > 0 {
            if exchange.refusal == nil && exchange.body.count + size > router.configuration.maxBodyBytes {
                exchange.refusal = router.payloadTooLarge(requestID: exchange.requestID)
                exchange.body = []
            }
            if exchange.refusal == nil {
                exchange.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: size))
            } else {
                exchange.discardedBytes += size
                if exchange.discardedBytes > router.configuration.discardLimitBytes, let refusal = exchange.refusal {
                    uploadDataSize.pointee = 0
                    return queue(refusal, on: connection, for: exchange, closing: true)
                }
            }
            uploadDataSize.pointee = 0
            return .YES
        }
        if exchange.status != 0 { return .YES }
        let response: HTTPResponse
        if let refusal = exchange.refusal {
            response = refusal
        } else {
            // The head passed the router's checks on the first call.
            response = router.respond(to: HTTPRequest(head: exchange.head, body: exchange.body), requestID: exchange.requestID)
        }
        return queue(response, on: connection, for: exchange, closing: false)
    }

    private func queue(_ response: HTTPResponse, on connection: OpaquePointer, for exchange: Exchange, closing: Bool) -> MHD_Result {
        var response = response
        router.finalize(&response, for: exchange.head, requestID: exchange.requestID)
        if closing { response.setHeader("Connection", "close") }
        exchange.status = response.status
        exchange.responseBytes = response.body.count
        let mhdResponse = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let mhdResponse else { return .NO }
        for header in response.headers { MHD_add_response_header(mhdResponse, header.name, header.value) }
        let result = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
        MHD_destroy_response(mhdResponse)
        return result
    }

    private func complete(_ exchange: Exchange, completedNormally: Bool) {
        router.state.requestFinished()
        let elapsed = ContinuousClock.now - exchange.started
        let microseconds = Int(elapsed.components.seconds) * 1_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000_000)
        guard exchange.status != 0 else {
            logger.debug("\(exchange.head.method) \(exchange.head.path) aborted before a response request_id=\(exchange.requestID)")
            return
        }
        router.state.metrics.recordRequest(
            route: exchange.head.path, status: exchange.status, microseconds: microseconds, bytes: exchange.responseBytes)
        logger.info(
            "\(exchange.head.method) \(exchange.head.path) \(exchange.status) \(exchange.responseBytes)B \(microseconds)us request_id=\(exchange.requestID)\(completedNormally ? "" : " (connection ended early)")")
    }
}
