private import CMicroHTTPD
import FlightplanTracing
import FlightplanWire
public import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the daemon could not start; its description is the one line `flightplan serve` logs before exiting 1.
public enum DaemonStartError: Error, Equatable, CustomStringConvertible {
    /// A setting is out of range (its description names it first).
    case invalidConfiguration(String)
    /// ``MicroHTTPDaemon/start()`` was called on a running daemon.
    case alreadyRunning(port: Int)
    /// The host names no address getaddrinfo finds.
    case cannotResolve(host: String, port: Int)
    /// The socket could not be opened, bound or made to listen.
    case cannotListen(host: String, port: Int, Errno)
    /// libmicrohttpd refused to start on the bound socket (its own log line says why).
    case daemonDidNotStart(host: String, port: Int)

    /// One line: `cannot listen on 127.0.0.1:8080: Address already in use`. A host that does not resolve reads
    /// as the C library words it when binding fails for want of an address (EADDRNOTAVAIL).
    public var description: String {
        switch self {
        case .invalidConfiguration(let reason): reason
        case .alreadyRunning(let port): "the daemon is already running on port \(port)"
        case .cannotResolve(let host, let port): "cannot listen on \(host):\(port): \(Errno.addressNotAvailable)"
        case .cannotListen(let host, let port, let error): "cannot listen on \(host):\(port): \(error)"
        case .daemonDidNotStart(let host, let port): "libmicrohttpd could not start on \(host):\(port)"
        }
    }
}

/// The libmicrohttpd daemon: the only file that touches the C library.
///
/// libmicrohttpd runs its own thread pool polling with poll() (epoll mode can stall on 0.9.75); connections are
/// accepted by a ``ConnectionAcceptor`` and handed to it, since its own loop accepts one a round.
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

    /// A started daemon, the C memory it reads until it stops, and the listener its connections come from.
    private struct Running: @unchecked Sendable {  // the pointers are only used under `running`'s lock
        let daemon: OpaquePointer
        let config: UnsafeMutablePointer<flightplan_daemon_config>
        let listener: ListeningSocket
        let acceptor: ConnectionAcceptor
        let port: Int
        /// Whether ``quiesce()`` has stopped accepting and shut the listener down.
        var quiesced = false
    }

    /// The head and body deadlines of every open connection.
    private let deadlines: ConnectionDeadlines

    /// The bytes of answers queued and not yet read by their clients, under one limit.
    private let budget: ResponseBudget

    /// Bytes of answers queued now and not yet sent.
    public var queuedResponseBytes: Int { budget.queuedBytes }

    /// Connections handed to libmicrohttpd and not yet closed, under the hard connection limit.
    private let connections: ConnectionTally

    /// Connections shut down for missing their head or body deadline.
    public var connectionsCutForDeadlines: Int { deadlines.cut.load(ordering: .relaxed) }

    /// The daemon while it runs; nil before ``start()`` and after ``stop()``.
    private let running = Locked<Running?>(nil)

    /// The port actually bound (0 when not running).
    public var port: Int { running.withLock { $0?.port ?? 0 } }

    /// Creates a daemon; nothing listens until ``start()``. Access lines go to `accessLog`, or through `logger`.
    /// - Parameters:
    ///   - router: Answers every request; its configuration gives the address, threads, limits and deadlines.
    ///   - logger: Where the daemon's own events go (start, stop, drain, libmicrohttpd's messages).
    ///   - accessLog: Where one line per answered request goes; nil (the default) writes them through `logger`.
    public init(router: Router, logger: Logger, accessLog: AccessLog? = nil) {
        self.router = router
        self.logger = logger
        self.accessLog = accessLog ?? .logger(logger)
        self.deadlines = ConnectionDeadlines(
            headerTimeout: router.configuration.headerTimeout, bodyTimeout: router.configuration.bodyTimeout,
            sendTimeout: router.configuration.sendTimeout)
        self.budget = ResponseBudget(limit: router.configuration.maxQueuedResponseBytes)
        self.connections = ConnectionTally(limit: router.configuration.hardConnectionLimit)
    }

    deinit {
        stop()
    }

    /// Binds and starts serving.
    /// - Throws: ``DaemonStartError`` when the configuration is invalid, the daemon already runs, or the
    ///   address cannot be bound.
    public func start() throws(DaemonStartError) {
        let configuration = router.configuration
        do { try configuration.validate() } catch { throw .invalidConfiguration(error.description) }
        try running.withLock { (running: inout Running?) throws(DaemonStartError) in
            if let running { throw .alreadyRunning(port: running.port) }
            running = try start(configuration)
        }
    }

    private func start(_ configuration: ServerConfiguration) throws(DaemonStartError) -> Running {
        let listener: ListeningSocket
        do {
            listener = try ListeningSocket(host: configuration.host, port: UInt16(clamping: configuration.port), reusePort: configuration.reusePort)
        } catch {
            switch error {
            case .unresolvable: throw .cannotResolve(host: configuration.host, port: configuration.port)
            case .system(let errno): throw .cannotListen(host: configuration.host, port: configuration.port, errno)
            }
        }
        let config = UnsafeMutablePointer<flightplan_daemon_config>.allocate(capacity: 1)
        let context = Unmanaged.passUnretained(self).toOpaque()
        config.initialize(
            to: flightplan_daemon_config(
                thread_pool_size: UInt32(configuration.threads),
                // A limit no thread reaches: ``ConnectionTally`` is the limit (it says why).
                connection_limit: UInt32(clamping: configuration.hardConnectionLimit * configuration.threads),
                connection_timeout: UInt32(clamping: configuration.connectionTimeout),
                connection_memory_limit: configuration.connectionMemoryLimit,
                handler: { cls, connection, url, method, version, uploadData, uploadDataSize, requestSlot in
                    guard let cls, let connection, let url, let method, let version, let uploadDataSize, let requestSlot else { return .NO }
                    let daemon = Unmanaged<MicroHTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
                    return daemon.handle(connection, (method, url, version), uploadData, uploadDataSize, requestSlot)
                },
                handler_context: context,
                uri_log: { cls, uri, connection in
                    guard let cls, let uri, let connection else { return nil }
                    return Unmanaged<MicroHTTPDaemon>.fromOpaque(cls).takeUnretainedValue().requestLine(uri, connection)
                },
                unescape: { _, _, target in
                    guard let target else { return 0 }
                    return PercentDecoding.unescapeInPlace(target)
                },
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
                        daemon.connections.closed()
                    }
                },
                log_sink: { cls, message in
                    guard let cls, let message else { return }
                    let daemon = Unmanaged<MicroHTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
                    daemon.logger.warning("libmicrohttpd: \(LogText.escaped(String(cString: message)))")
                },
                log_context: context,
                per_ip_connection_limit: UInt32(configuration.maxConnectionsPerClient)))
        guard let started = flightplan_start_daemon(config) else {
            listener.closeDescriptor()
            config.deallocate()
            throw .daemonDidNotStart(host: configuration.host, port: configuration.port)
        }
        nonisolated(unsafe) let daemon = started  // MHD_add_connection is thread-safe
        // libmicrohttpd closes the socket itself when it refuses it (over the per-client limit).
        guard
            let acceptor = ConnectionAcceptor(
                listener: listener, tally: connections,
                handOver: { socket, address, length in MHD_add_connection(daemon, socket, address, length) == .YES })
        else {
            MHD_stop_daemon(started)
            listener.closeDescriptor()
            config.deallocate()
            throw .daemonDidNotStart(host: configuration.host, port: configuration.port)
        }
        return Running(daemon: started, config: config, listener: listener, acceptor: acceptor, port: listener.port)
    }

    /// Stops accepting new connections; requests already in progress go on. Connections the kernel has
    /// already completed but the acceptor has not yet taken (the listen backlog) are adopted and served
    /// rather than reset. The listening socket is then shut down, so that from here on a connection attempt is
    /// refused; it is closed by ``stop()``.
    public func quiesce() {
        running.withLock { running in
            guard let current = running, !current.quiesced else { return }
            current.acceptor.stop()
            _ = shutdown(current.listener.descriptor, Int32(SHUT_RDWR))
            running?.quiesced = true
        }
    }

    /// Stops the daemon, closing every connection, and frees its resources. Idempotent.
    public func stop() {
        guard
            let stopped = running.withLock({ (running: inout Running?) -> Running? in
                defer { running = nil }
                return running
            })
        else { return }
        stopped.acceptor.stop()
        MHD_stop_daemon(stopped.daemon)
        stopped.listener.closeDescriptor()
        stopped.config.deallocate()
    }

    /// One request's state between libmicrohttpd's calls, from its request line to its completion.
    private final class Exchange {
        /// The request target as sent, query included (libmicrohttpd decodes the path in place and is not
        /// given the query).
        let target: [UInt8]
        let started = ContinuousClock.now
        /// The head, once it has all arrived and the router has seen it.
        var head: RequestHead?
        var requestID = ""
        /// Where the router sent it, and the most body it takes; nil once refused.
        var route: (route: Router.Route, bodyLimit: Int)?
        var body: [UInt8] = []
        /// Body bytes received, those dropped included (the span's `http.request.body.size`).
        var requestBytes = 0
        var bodyTooLarge = false
        /// The answer decided before the body ended (a refusal); sent after the body is dropped.
        var refusal: HTTPResponse?
        var status = 0
        var responseBytes = 0
        /// Bytes of ``ResponseBudget`` this exchange's answer holds until it completes.
        var budgetedBytes = 0

        init(target: [UInt8]) {
            self.target = target
        }

        /// The target's path as sent, percent-decoded (control characters included) and in origin form.
        var sentPath: String {
            let path = target.split(separator: UInt8(ascii: "?"), maxSplits: 1, omittingEmptySubsequences: false)[0]
            return RequestHead.originForm(of: PercentDecoding.decode(Substring(decoding: path, as: UTF8.self), plusIsSpace: false))
        }

        /// The path for the log: the router's, or when the router found none (the target encodes a control
        /// character) the one sent, so that the log shows what it was (escaped, as nginx logs `\x0A`).
        var loggedPath: String {
            if let head, !head.path.isEmpty { return head.path }
            return sentPath
        }
    }

    /// libmicrohttpd calls this with each request line's target, before it parses the query into its per-
    /// connection buffer, where every parameter costs 48 bytes of bookkeeping (500 parameters, a 2 kB line,
    /// ran it out of memory and the connection closed without an answer). The target is copied for Flightplan
    /// to parse, and the query cut off in libmicrohttpd's buffer (which libmicrohttpd still modifies itself).
    private func requestLine(_ uri: UnsafePointer<CChar>, _ connection: OpaquePointer) -> UnsafeMutableRawPointer {
        let length = strlen(uri)
        let exchange = Exchange(target: Array(UnsafeRawBufferPointer(start: uri, count: length)))
        if let question = strchr(uri, Int32(UInt8(ascii: "?"))) {
            UnsafeMutablePointer(mutating: question + 1).pointee = 0
        }
        return Unmanaged.passRetained(exchange).toOpaque()
    }

    /// Reads the head libmicrohttpd has parsed: its headers, the target copied from the request line and the
    /// size of it all, with the request line's pointers into the head's buffer that the access handler gets.
    private func readHead(
        _ connection: OpaquePointer, of exchange: Exchange,
        line: (method: UnsafePointer<CChar>, url: UnsafePointer<CChar>, version: UnsafePointer<CChar>)
    ) -> RequestHead {
        var headers = HeaderCollector()
        withUnsafeMutablePointer(to: &headers) { collector in
            _ = MHD_get_connection_values_n(
                connection, .HEADER_KIND,
                { cls, _, key, keySize, value, valueSize in
                    guard let cls, let key, let value else { return .YES }
                    cls.assumingMemoryBound(to: HeaderCollector.self).pointee.add(
                        name: UnsafeRawBufferPointer(start: key, count: keySize), value: UnsafeRawBufferPointer(start: value, count: valueSize))
                    return .YES
                }, collector)
        }
        let size = flightplan_request_head_size(connection)
        // The request line and headers as received, parsed in place from the method on.
        let bytes = UnsafeRawBufferPointer(start: line.method, count: size)
        headers.checkLines(in: bytes)
        // The target runs up to the space before the version; a NUL in it ended the copy short of that.
        let start = UnsafeRawPointer(line.url), end = UnsafeRawPointer(line.version) - 1
        let truncatedTarget = bytes.baseAddress! <= start && start <= end && end <= bytes.baseAddress! + size && end - start != exchange.target.count
        var violation = headers.violation
        if violation == nil, let control = truncatedTarget ? 0 : exchange.target.first(where: HeaderCollector.isControl) {
            violation = "The request target contains the control character \(HeaderCollector.hex(control)); percent-encode it."
        }
        let query = exchange.target.firstIndex(of: UInt8(ascii: "?")).map { exchange.target[($0 + 1)...] }
        var head = RequestHead(
            method: String(cString: line.method), target: String(cString: line.url),
            version: String(cString: line.version), lowercasedHeaders: headers.values,
            query: query.map { QueryParameter.parse(Substring(decoding: $0, as: UTF8.self)) } ?? [], violation: violation)
        head.size = size
        head.fieldCount = headers.count
        return head
    }

    private func handle(
        _ connection: OpaquePointer, _ line: (method: UnsafePointer<CChar>, url: UnsafePointer<CChar>, version: UnsafePointer<CChar>),
        _ uploadData: UnsafePointer<CChar>?, _ uploadDataSize: UnsafeMutablePointer<Int>,
        _ requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        // Every request passed ``requestLine(_:_:)``, which left its exchange in the slot.
        guard let pointer = requestSlot.pointee else { return .NO }
        let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeUnretainedValue()
        // Asked on every call: matching the case reads no more of the head (`exchange.head != nil` copied all of it,
        // twice a request).
        guard case .some = exchange.head else {
            // First call: headers only. Ask the router about the head, keep the state, answer later.
            let head = readHead(connection, of: exchange, line: line)
            begin(exchange, head, requestID: Router.requestID(from: head[header: "x-request-id"]))
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
        let size = uploadDataSize.pointee
        if size > 0 {
            uploadDataSize.pointee = 0
            exchange.requestBytes += size
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

    /// Gives the exchange its head and request id, and counts it in flight.
    private func begin(_ exchange: Exchange, _ head: RequestHead, requestID: String) {
        exchange.head = head
        exchange.requestID = requestID
        router.state.requestStarted()
    }

    /// The finalized answer to a request whose body has ended (or was dropped).
    private func answer(_ exchange: Exchange) -> HTTPResponse {
        if let refusal = exchange.refusal { return refusal }
        // A request is either refused or routed, and routed only once its head was read.
        let route = exchange.route!.route
        return router.respond(
            via: route, to: exchange.head!, body: exchange.bodyTooLarge ? .tooLarge : .complete(exchange.body), requestID: exchange.requestID)
    }

    /// Hands `response` to libmicrohttpd, or a 503 in its place when its body does not fit in what is left of
    /// ``ResponseBudget`` (answers not yet read by their clients).
    private func queue(_ response: HTTPResponse, on connection: OpaquePointer, for exchange: Exchange) -> MHD_Result {
        deadlines.answered(UInt(bitPattern: connection))
        var response = response
        if !budget.reserve(response.body.count) {
            // A refusal is small: always queued.
            response = budget.refusal(replacing: response, requestID: exchange.requestID)
            _ = budget.reserve(response.body.count)
        }
        exchange.budgetedBytes = response.body.count
        exchange.status = response.status
        exchange.responseBytes = response.body.count
        guard let mhdResponse = Self.response(sending: response.body) else { return .NO }
        for header in response.headers {
            // withCString reads a String's own bytes; passing the Strings as C strings made an array of each.
            header.name.withCString { name in header.value.withCString { value in _ = MHD_add_response_header(mhdResponse, name, value) } }
        }
        let result = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
        MHD_destroy_response(mhdResponse)
        return result
    }

    /// A libmicrohttpd response sending `body` from where it lies (for a JSON answer, the buffer its writer wrote it
    /// in), which it holds (retained) until libmicrohttpd frees the response, however the exchange ends, instead of a
    /// copy of its own (MHD_RESPMEM_MUST_COPY: one allocation and one copy of every answer).
    private static func response(sending body: OwnedBytes) -> OpaquePointer? {
        let sent = body.retainedForSending()
        let response = MHD_create_response_from_buffer_with_free_callback_cls(
            sent.count, UnsafeMutableRawPointer(mutating: sent.start), { OwnedBytes.release(retained: $0!) }, sent.context)
        if response == nil { OwnedBytes.release(retained: sent.context) }
        return response
    }

    private func complete(_ exchange: Exchange, completedNormally: Bool) {
        budget.release(exchange.budgetedBytes)
        // An exchange whose head never reached the router (libmicrohttpd refused it, or the client left) was
        // not counted in flight and has nothing to log.
        guard let head = exchange.head else { return }
        router.state.requestFinished()
        let elapsed = ContinuousClock.now - exchange.started
        let microseconds = Int(elapsed.components.seconds) * 1_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000_000)
        // The method and path come from the client: escaped, so that no line break or escape sequence in
        // them can forge a log line or a terminal's display.
        let method = LogText.escaped(head.method), path = LogText.escaped(exchange.loggedPath)
        guard exchange.status != 0 else {
            logger.debug(
                "\(LogText.logfmt(method)) \(LogText.logfmt(path)) aborted before a response", metadata: ["request_id": "\(exchange.requestID)"])
            return
        }
        // The route from the table, never the path: labels and log fields stay a bounded set whatever clients send.
        let route = exchange.route?.route ?? router.routes.first { $0.path == head.path }
        let routeLabel = route?.path ?? ServerMetrics.unmatchedRoute
        router.state.metrics.recordRequest(route: routeLabel, status: exchange.status, microseconds: microseconds, bytes: exchange.responseBytes)
        let exported = router.state.tracer?.recordServerSpan(
            head: head, route: route?.path, status: exchange.status, requestBytes: exchange.requestBytes, responseBytes: exchange.responseBytes,
            elapsed: elapsed, requestID: exchange.requestID)
        // The caller's trace, or the one this request began when its span was exported, so that its line finds its span.
        let trace = head.trace.map { ($0.traceID, $0.spanID) } ?? exported.map { ($0.traceID.hex, $0.spanID.hex) }
        accessLog.record(
            AccessEntry(
                method: method, path: path, route: routeLabel, status: exchange.status, bytes: exchange.responseBytes, microseconds: microseconds,
                requestID: exchange.requestID, trace: trace, endedEarly: !completedNormally, level: route?.isPolled == true ? .debug : .info))
    }
}
