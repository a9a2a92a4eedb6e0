private import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import Logging
import FlightplanWire
import Synchronization

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
public final class MicroHTTPDaemon: Sendable {
    /// The router answering every request.
    public let router: Router
    /// Where libmicrohttpd's own messages go.
    public let logger: Logger
    /// Where the access lines go: one per answered request.
    public let accessLog: AccessLog

    /// A started daemon and the C memory it reads until it stops.
    private struct Running: @unchecked Sendable {  // the pointers are only used under `running`'s lock
        let daemon: OpaquePointer
        let config: UnsafeMutablePointer<flightplan_daemon_config>
        let host: UnsafeMutablePointer<CChar>
        let port: Int
    }

    /// The head and body deadlines of every open connection.
    private let deadlines: ConnectionDeadlines

    /// Connections shut down for missing their head or body deadline.
    public var connectionsCutForDeadlines: Int { deadlines.cut.load(ordering: .relaxed) }

    /// The daemon while it runs; nil before ``start()`` and after ``stop()``.
    private let running = Locked<Running?>(nil)

    /// The port actually bound (0 when not running).
    public var port: Int { running.withLock { $0?.port ?? 0 } }

    /// Creates a daemon; nothing listens until ``start()``. Access lines go to `accessLog`, or through `logger`.
    public init(router: Router, logger: Logger, accessLog: AccessLog? = nil) {
        self.router = router
        self.logger = logger
        self.accessLog = accessLog ?? .logger(logger)
        self.deadlines = ConnectionDeadlines(headerTimeout: router.configuration.headerTimeout, bodyTimeout: router.configuration.bodyTimeout)
    }

    deinit {
        stop()
    }

    /// Binds and starts serving.
    /// - Throws: ``DaemonStartError`` when the configuration is invalid, the daemon already runs, or the
    ///   address cannot be bound.
    public func start() throws(DaemonStartError) {
        let configuration = router.configuration
        do { try configuration.validate() } catch { throw DaemonStartError(description: error.description) }
        try running.withLock { (running: inout Running?) throws(DaemonStartError) in
            guard running == nil else { throw DaemonStartError(description: "the daemon is already running on port \(running!.port)") }
            running = try start(configuration)
        }
    }

    private func start(_ configuration: ServerConfiguration) throws(DaemonStartError) -> Running {
        guard let host = strdup(configuration.host) else { throw DaemonStartError(description: "out of memory") }
        let config = UnsafeMutablePointer<flightplan_daemon_config>.allocate(capacity: 1)
        let context = Unmanaged.passUnretained(self).toOpaque()
        config.initialize(to: flightplan_daemon_config(
            host: UnsafePointer(host),
            port: UInt16(clamping: configuration.port),
            thread_pool_size: UInt32(configuration.threads),
            connection_limit: UInt32(clamping: configuration.hardConnectionLimit),
            connection_timeout: UInt32(clamping: configuration.connectionTimeout),
            connection_memory_limit: configuration.connectionMemoryLimit,
            handler: { cls, connection, url, method, version, uploadData, uploadDataSize, requestSlot in
                guard let cls, let connection, let url, let method, let uploadDataSize, let requestSlot else { return .NO }
                let daemon = Unmanaged<MicroHTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
                return daemon.handle(
                    connection, String(cString: url), String(cString: method), version.map { String(cString: $0) } ?? "",
                    uploadData, uploadDataSize, requestSlot)
            },
            handler_context: context,
            completed: { cls, connection, requestSlot, termination in
                guard let cls, let requestSlot, let pointer = requestSlot.pointee else { return }
                requestSlot.pointee = nil
                let daemon = Unmanaged<MicroHTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
                if let connection { daemon.deadlines.completed(UInt(bitPattern: connection)) }
                let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeRetainedValue()
                daemon.complete(exchange, completedNormally: termination == .REQUEST_TERMINATED_COMPLETED_OK)
            },
            connection_notify: { cls, connection, _, code in
                guard let cls, let connection else { return }
                let daemon = Unmanaged<MicroHTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
                let key = UInt(bitPattern: connection)
                if code == .CONNECTION_NOTIFY_STARTED {
                    daemon.router.state.connectionOpened()
                    daemon.deadlines.opened(key, socket: flightplan_connection_fd(connection))
                } else {
                    daemon.deadlines.closed(key)
                    daemon.router.state.connectionClosed()
                }
            },
            log_sink: { cls, message in
                guard let cls, let message else { return }
                let daemon = Unmanaged<MicroHTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
                daemon.logger.warning("libmicrohttpd: \(LogText.escaped(String(cString: message)))")
            },
            log_context: context,
            reuse_port: configuration.reusePort ? 1 : 0,
            per_ip_connection_limit: UInt32(configuration.maxConnectionsPerClient)))
        let listener = flightplan_listen(config)
        guard listener >= 0 else {
            let reason = String(cString: strerror(errno))
            config.deallocate()
            free(host)
            throw DaemonStartError(description: "cannot listen on \(configuration.host):\(configuration.port): \(reason)")
        }
        guard let started = flightplan_start_daemon(config, listener) else {
            close(listener)
            config.deallocate()
            free(host)
            throw DaemonStartError(description: "libmicrohttpd could not start on \(configuration.host):\(configuration.port)")
        }
        return Running(daemon: started, config: config, host: host, port: Int(flightplan_socket_port(listener)))
    }

    /// Stops accepting new connections; requests already in progress go on. Connections the kernel has
    /// already completed but libmicrohttpd has not yet accepted (the listen backlog) are adopted and served
    /// rather than reset by closing the listener under them.
    public func quiesce() {
        running.withLock { running in
            guard let running else { return }
            let listener = MHD_quiesce_daemon(running.daemon)
            guard listener >= 0 else { return }
            _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
            while true {
                var address = sockaddr_storage()
                var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
                let adopted = withUnsafeMutablePointer(to: &address) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
                }
                guard adopted >= 0 else { break }
                let added = withUnsafePointer(to: &address) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { MHD_add_connection(running.daemon, adopted, $0, length) }
                }
                if added != .YES { close(adopted) }
            }
            close(listener)
        }
    }

    /// Stops the daemon, closing every connection, and frees its resources. Idempotent.
    public func stop() {
        guard let stopped = running.withLock({ (running: inout Running?) -> Running? in
            defer { running = nil }
            return running
        }) else { return }
        MHD_stop_daemon(stopped.daemon)
        stopped.config.deallocate()
        free(stopped.host)
    }

    /// Collects the headers the router reads; a repeated header's values are joined with ", " as HTTP
    /// combines them, so a doubled Content-Length or Host shows up as an invalid one. Every header is looked
    /// at for what only the transport sees: a name that is not an RFC 9110 token (`Content-Length :` would
    /// otherwise be a different header to us than to a proxy) and a bare CR in a value.
    private final class HeaderCollector {
        var values: [String: String] = [:]
        var violation: String?

        func add(_ name: String, _ value: String) {
            if violation == nil {
                if name.isEmpty || !name.utf8.allSatisfy(Self.isTokenByte) {
                    violation = "A header name must be a token (no spaces, no separators); got \"\(EchoedInput.bounded(name))\"."
                } else if value.utf8.contains(UInt8(ascii: "\r")) {
                    violation = "The value of header \(name) contains a bare CR."
                }
            }
            let name = name.lowercased()
            guard RequestHead.readHeaders.contains(name) else { return }
            values[name] = values[name].map { "\($0), \(value)" } ?? value
        }

        /// RFC 9110 tchar: ALPHA, DIGIT and !#$%&'*+-.^_`|~.
        static func isTokenByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
            default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
            }
        }
    }

    /// One request's state between libmicrohttpd's calls.
    private final class Exchange {
        let head: RequestHead
        let requestID: String
        let started = ContinuousClock.now
        /// Where the router sent it, and the most body it takes; nil once refused.
        var route: (route: Router.Route, bodyLimit: Int)?
        var body: [UInt8] = []
        var bodyTooLarge = false
        /// The answer decided before the body ended (a refusal); sent after the body is dropped.
        var refusal: HTTPResponse?
        var status = 0
        var responseBytes = 0

        init(head: RequestHead, requestID: String) {
            self.head = head
            self.requestID = requestID
        }
    }

    /// The query parameters libmicrohttpd hands over one by one.
    private final class QueryCollector {
        var parameters: [QueryParameter] = []
    }

    private func handle(
        _ connection: OpaquePointer, _ target: String, _ method: String, _ version: String, _ uploadData: UnsafePointer<CChar>?,
        _ uploadDataSize: UnsafeMutablePointer<Int>, _ requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let pointer = requestSlot.pointee else {
            // First call: headers only. Ask the router about the head, keep the state, answer later.
            let headers = HeaderCollector()
            MHD_get_connection_values_n(connection, .HEADER_KIND, { cls, _, key, keySize, value, valueSize in
                guard let cls, let key else { return .YES }
                let name = String(decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self)
                let text = value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self) } ?? ""
                Unmanaged<HeaderCollector>.fromOpaque(cls).takeUnretainedValue().add(name, text)
                return .YES
            }, Unmanaged.passUnretained(headers).toOpaque())
            let query = QueryCollector()
            MHD_get_connection_values_n(connection, .GET_ARGUMENT_KIND, { cls, _, key, keySize, value, valueSize in
                guard let cls, let key else { return .YES }
                let name = String(decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self)
                let text = value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self) } ?? ""
                Unmanaged<QueryCollector>.fromOpaque(cls).takeUnretainedValue().parameters.append(QueryParameter(name: name, value: text))
                return .YES
            }, Unmanaged.passUnretained(query).toOpaque())
            let head = RequestHead(
                method: method, target: target, version: version, lowercasedHeaders: headers.values, query: query.parameters,
                violation: headers.violation)
            let exchange = Exchange(head: head, requestID: Router.requestID(from: head[header: "x-request-id"]))
            requestSlot.pointee = Unmanaged.passRetained(exchange).toOpaque()
            router.state.requestStarted()
            deadlines.headArrived(UInt(bitPattern: connection), bodyFollows: head.bodyFollows)
            switch router.admit(head, requestID: exchange.requestID) {
            case .proceed(let route, let bodyLimit):
                exchange.route = (route, bodyLimit)
                if head.announcedLength <= bodyLimit { exchange.body.reserveCapacity(head.announcedLength) }
            case .refuse(let refusal, .immediatelyClosing):
                return queue(refusal, on: connection, for: exchange)
            case .refuse(let refusal, .afterDiscardingBody):
                exchange.refusal = refusal
            }
            return .YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeUnretainedValue()
        let size = uploadDataSize.pointee
        if size > 0 {
            uploadDataSize.pointee = 0
            if let (_, bodyLimit) = exchange.route, !exchange.bodyTooLarge {
                if exchange.body.count + size <= bodyLimit {
                    exchange.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: size))
                    return .YES
                }
                exchange.bodyTooLarge = true
                exchange.body = []
            }
            // Dropped, however long it goes on: answering mid-upload and closing would reset the connection
            // under the client before it reads its 413. Only a chunked body can get here past the discard
            // limit (a longer Content-Length is refused from the head), and the body deadline bounds it.
            return .YES
        }
        if exchange.status != 0 { return .YES }
        return queue(answer(exchange), on: connection, for: exchange)
    }

    /// The finalized answer to a request whose body has ended (or was dropped).
    private func answer(_ exchange: Exchange) -> HTTPResponse {
        if let refusal = exchange.refusal { return refusal }
        // A request is either refused or routed.
        let route = exchange.route!.route
        return router.respond(
            via: route, to: exchange.head, body: exchange.bodyTooLarge ? .tooLarge : .complete(exchange.body), requestID: exchange.requestID)
    }

    private func queue(_ response: HTTPResponse, on connection: OpaquePointer, for exchange: Exchange) -> MHD_Result {
        deadlines.answered(UInt(bitPattern: connection))
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
        // The method and path come from the client: escaped, so that no line break or escape sequence in
        // them can forge a log line or a terminal's display.
        let method = LogText.escaped(exchange.head.method), path = LogText.escaped(exchange.head.path)
        guard exchange.status != 0 else {
            logger.debug("\(method) \(path) aborted before a response", metadata: ["request_id": "\(exchange.requestID)"])
            return
        }
        router.state.metrics.recordRequest(
            route: exchange.head.path, status: exchange.status, microseconds: microseconds, bytes: exchange.responseBytes)
        accessLog.record(AccessEntry(
            method: method, path: path, status: exchange.status, bytes: exchange.responseBytes, microseconds: microseconds,
            requestID: exchange.requestID, endedEarly: !completedNormally))
    }
}
