import FlightplanWire
import Synchronization

/// The whole HTTP API as pure functions from requests to responses; the libmicrohttpd transport
/// only moves bytes. Tests call these directly.
public struct Router: Sendable {
    /// The server's configuration.
    public let configuration: ServerConfiguration
    /// Live counters and the draining flag.
    public let state: ServerState
    /// The OpenAPI document served at `/openapi.yaml`, byte for byte.
    public let openAPIDocument: [UInt8]

    /// A path, the methods it accepts, and what answers it.
    public struct Route: Sendable {
        /// The path, matched exactly.
        public let path: String
        /// The methods it accepts besides OPTIONS.
        public let methods: [String]
        /// The `Allow` header: the methods and OPTIONS (accepted everywhere for CORS).
        public let allow: String
        /// Whether it is one of the API's own routes, which draining refuses (probes and documents still answer).
        let isAPI: Bool
        /// Whether machines poll it (probes, scrapes): its access lines are logged at debug, not info.
        public let isPolled: Bool
        /// Answers a request whose head was admitted.
        let handler: @Sendable (Router, HTTPRequest, String) -> HTTPResponse

        init(
            _ path: String, _ methods: [String], isAPI: Bool = false, isPolled: Bool = false,
            handler: @escaping @Sendable (Router, HTTPRequest, String) -> HTTPResponse
        ) {
            self.path = path
            self.methods = methods
            self.allow = (methods + ["OPTIONS"]).joined(separator: ", ")
            self.isAPI = isAPI
            self.isPolled = isPolled
            self.handler = handler
        }
    }

    /// `/healthz`: the process is alive, whatever else it is doing.
    private static let liveness = Route("/healthz", ["GET", "HEAD"], isPolled: true) { _, _, _ in .json(.ok, Array(#"{"status":"ok"}"#.utf8)) }

    /// The main listener's routes: the computing endpoints of the wire layer, then the operational ones.
    public static let routes: [Route] =
        Endpoint.allCases.map { endpoint in
            Route(endpoint.path, ["POST"], isAPI: true) { router, request, requestID in router.answer(endpoint, request, requestID: requestID) }
        } + [
            liveness,
            Route("/readyz", ["GET", "HEAD"], isPolled: true) { router, _, requestID in router.readiness(requestID: requestID) },
            Route("/metrics", ["GET", "HEAD"], isPolled: true) { router, _, _ in router.metricsResponse() },
            Route("/openapi.yaml", ["GET", "HEAD"]) { router, _, _ in
                HTTPResponse(status: .ok, headers: [("Content-Type", "application/yaml")], body: OwnedBytes(router.openAPIDocument))
            },
            Route("/preview", ["GET", "HEAD"]) { _, _, _ in
                HTTPResponse(
                    status: .ok,
                    headers: [("Content-Type", "text/html; charset=utf-8"), ("Content-Security-Policy", PreviewPage.contentSecurityPolicy)],
                    body: OwnedBytes(PreviewPage.bytes))
            }
        ]

    /// The admin listener's routes: liveness, readiness and metrics of the `main` router's server, answered
    /// on their own port and threads so that they never queue behind the main port's traffic.
    /// - Parameter main: The main listener's router, whose state (readiness, drain) and metrics they report.
    /// - Returns: `/healthz`, `/readyz` and `/metrics`, each for GET and HEAD.
    public static func adminRoutes(for main: Router) -> [Route] {
        [
            liveness,
            Route("/readyz", ["GET", "HEAD"], isPolled: true) { _, _, requestID in main.readiness(requestID: requestID) },
            Route("/metrics", ["GET", "HEAD"], isPolled: true) { _, _, _ in main.metricsResponse() }
        ]
    }

    /// The routes this router answers.
    public let routes: [Route]

    /// `configuration.corsOrigin` split into its origins (nil for `*`).
    private let allowedOrigins: [String]?

    /// Creates a router answering `routes` (the main listener's by default).
    /// - Parameters:
    ///   - configuration: The limits, CORS origins and deadlines it enforces (validated: ``ServerConfiguration/validate()``).
    ///   - state: The readiness and metrics it shares with the daemon; a fresh state by default.
    ///   - openAPIDocument: The bytes `GET /openapi.yaml` answers; the embedded contract by default.
    ///   - routes: The paths it answers, each with its methods and handler; ``routes`` by default.
    public init(
        configuration: ServerConfiguration, state: ServerState = ServerState(), openAPIDocument: [UInt8] = OpenAPIDocument.bytes,
        routes: [Route] = Router.routes
    ) {
        self.routes = routes
        self.configuration = configuration
        self.state = state
        self.openAPIDocument = openAPIDocument
        self.allowedOrigins = configuration.corsOrigin == "*" ? nil : configuration.corsOrigin.split(separator: ",").map { $0.trimmingSpaces }
    }

    /// The caller's `X-Request-Id` when it is 1–128 visible ASCII characters, else a new id: a random
    /// process prefix drawn once and a counter, so ids are unique without a system call per request.
    /// - Parameter header: The request's `X-Request-Id` value, or nil when it sent none.
    /// - Returns: That value when it is usable, else a new id (16 hex digits, `-`, a hex counter).
    public static func requestID(from header: String?) -> String {
        if let header, (1...128).contains(header.utf8.count), header.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
            return header
        }
        let sequence = UInt64(requestCounter.add(1, ordering: .relaxed).newValue)
        // Written straight into the id's storage: `String(_:radix:)` and `+` cost ~1 000 instructions a request.
        let prefix = requestIDPrefix.utf8, digits = max(1, (67 - sequence.leadingZeroBitCount) / 4)
        return String(unsafeUninitializedCapacity: prefix.count + digits) { buffer in
            let end = buffer.initialize(fromContentsOf: prefix) + digits
            var rest = sequence
            for index in (end - digits..<end).reversed() {
                let nibble = UInt8(truncatingIfNeeded: rest & 15)
                buffer[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
                rest >>= 4
            }
            return end
        }
    }

    private static let requestIDPrefix: String = {
        var generator = SystemRandomNumberGenerator()
        let random = String(generator.next() as UInt64, radix: 16)
        return String(repeating: "0", count: 16 - random.count) + random + "-"
    }()

    private static let requestCounter = Atomic<Int>(0)

    /// What the router decides from a request's head, before any body is read.
    public enum Admission: Sendable {
        /// Read the body, at most `bodyLimit` bytes, then ask ``Router/respond(via:to:body:requestID:)`` with this route.
        case proceed(Route, bodyLimit: Int)
        /// Answer with this (finalized) response without reading the body.
        case refuse(HTTPResponse, RefusalTiming)
    }

    /// When a refused request is answered.
    public enum RefusalTiming: Sendable {
        /// At once, closing the connection: the framing cannot be trusted, the client waits for
        /// 100-continue, or the body is too large to read and drop.
        case immediatelyClosing
        /// After reading and dropping any body, so that keep-alive survives and a client that sends its
        /// whole body still reads the answer.
        case afterDiscardingBody
    }

    /// A request's body as the transport read it.
    public enum Body: Sendable, Hashable {
        /// All of it.
        case complete([UInt8])
        /// More than the admitted limit: it was dropped, and the answer is a 413.
        case tooLarge
    }

    /// Decides from the head alone: go on and read the body, or refuse (finalized: the request id, CORS).
    /// - Parameters:
    ///   - head: The request line and headers as received.
    ///   - requestID: The id the answer carries (``requestID(from:)``).
    /// - Returns: ``Admission/proceed(_:bodyLimit:)`` with the route and the most body bytes to read, or
    ///   ``Admission/refuse(_:_:)`` with the finished refusal and whether to answer before or after the body.
    public func admit(_ head: RequestHead, requestID: String) -> Admission {
        var refusal: HTTPResponse
        switch check(head, requestID: requestID) {
        case .route(let route): return .proceed(route, bodyLimit: configuration.maxBodyBytes)
        case .refusal(let response): refusal = response
        }
        finalize(&refusal, for: head, requestID: requestID)
        let waitsForContinue = head[header: "expect"]?.lowercased() == "100-continue"
        // A refusal that closes the connection (framing that cannot be trusted, 503 while draining or over the
        // cap) is answered at once. (Reading and dropping the body first before a closing 503 was tried: under
        // wrk it turned a few of the drain's answers into read errors.)
        let closes = refusal[header: "Connection"] == "close"
        if closes || (head.bodyFollows && (waitsForContinue || head.announcedLength > configuration.discardLimitBytes)) {
            refusal.setHeader("Connection", "close")
            return .refuse(refusal, .immediatelyClosing)
        }
        return .refuse(refusal, .afterDiscardingBody)
    }

    /// Answers a request ``admit(_:requestID:)`` let through to `route`, finalized: the route's answer with the
    /// request id and CORS headers.
    /// - Parameters:
    ///   - route: The route ``admit(_:requestID:)`` chose.
    ///   - head: The request's head, as admitted.
    ///   - body: The body as read, or ``Body/tooLarge`` when it passed the admitted limit (the answer is then a 413).
    ///   - requestID: The id the answer carries, the one given to ``admit(_:requestID:)``.
    /// - Returns: The finished response: status, headers (request id, CORS, `Vary`) and body.
    public func respond(via route: Route, to head: RequestHead, body: Body, requestID: String) -> HTTPResponse {
        var response: HTTPResponse
        switch body {
        case .tooLarge: response = payloadTooLarge(requestID: requestID)
        case .complete(let bytes): response = route.handler(self, HTTPRequest(head: head, body: bytes), requestID)
        }
        finalize(&response, for: head, requestID: requestID)
        return response
    }

    /// Where a head goes: its route, or the refusal it calls for.
    private enum HeadCheck {
        case route(Route)
        case refusal(HTTPResponse)
    }

    /// The route the head goes to, or the refusal the head alone calls for.
    private func check(_ head: RequestHead, requestID: String) -> HeadCheck {
        if head.size > configuration.maxHeadBytes || head.fieldCount > configuration.maxHeaderFields {
            return .refusal(
                problem(
                    .requestHeaderFieldsTooLarge,
                    "The request line and headers take \(head.size) bytes in \(head.fieldCount) fields; the limit is \(configuration.maxHeadBytes) bytes and \(configuration.maxHeaderFields) fields.",
                    requestID: requestID, headers: [("Connection", "close")]))
        }
        if let violation = malformation(of: head) {
            return .refusal(problem(.badRequest, violation, requestID: requestID, headers: [("Connection", "close")]))
        }
        if let length = head[header: "content-length"] {
            guard head[header: "transfer-encoding"] == nil else {
                return .refusal(
                    problem(
                        .badRequest, "Content-Length and Transfer-Encoding together make the body's length ambiguous; send one.",
                        requestID: requestID, headers: [("Connection", "close")]))
            }
            guard !length.isEmpty, length.utf8.allSatisfy({ (0x30...0x39).contains($0) }), length.utf8.count <= 18 else {
                return .refusal(
                    problem(
                        .badRequest, "Content-Length must be one decimal number, got \"\(EchoedInput.bounded(length))\".",
                        requestID: requestID, headers: [("Connection", "close")]))
            }
        }
        if let encoding = head[header: "transfer-encoding"], encoding.lowercased() != "chunked" {
            return .refusal(
                problem(
                    .notImplemented,
                    "Transfer-Encoding \"\(EchoedInput.bounded(encoding))\" is not supported; send the body with Content-Length or chunked.",
                    requestID: requestID, headers: [("Connection", "close")]))
        }
        if state.connections > configuration.maxConnections {
            return .refusal(
                problem(
                    .serviceUnavailable, "The server is at its connection limit (\(configuration.maxConnections)); retry shortly.",
                    requestID: requestID, headers: [("Retry-After", "1"), ("Connection", "close")]))
        }
        guard let route = routes.first(where: { $0.path == head.path }) else {
            return .refusal(
                problem(.notFound, "No route \(EchoedInput.bounded(head.path)); see /openapi.yaml for the API.", requestID: requestID))
        }
        if state.isDraining && route.isAPI && head.method != "OPTIONS" {
            return .refusal(
                problem(
                    .serviceUnavailable, "The server is shutting down; send this request to another instance.",
                    requestID: requestID, headers: [("Retry-After", "1"), ("Connection", "close")]))
        }
        let allow = route.allow
        if head.method == "OPTIONS" {
            return .refusal(
                HTTPResponse(
                    status: .noContent,
                    headers: [
                        ("Allow", allow),
                        ("Access-Control-Allow-Methods", allow),
                        ("Access-Control-Allow-Headers", "Content-Type, X-Request-Id, Authorization, traceparent, tracestate"),
                        ("Access-Control-Max-Age", "86400")
                    ]))
        }
        guard route.methods.contains(head.method) else {
            return .refusal(
                problem(
                    .methodNotAllowed, "\(EchoedInput.bounded(head.method)) is not allowed on \(head.path); allowed: \(allow).",
                    requestID: requestID,
                    headers: [("Allow", allow)]))
        }
        guard head.method == "POST" else { return .route(route) }
        let chunked = head[header: "transfer-encoding"] != nil
        let length = head[header: "content-length"]
        if !chunked && length == nil {
            return .refusal(problem(.lengthRequired, "A POST needs a Content-Length header or a chunked body.", requestID: requestID))
        }
        if let length, let bytes = Int(length), bytes > configuration.maxBodyBytes {
            return .refusal(payloadTooLarge(requestID: requestID))
        }
        guard let contentType = head[header: "content-type"], Self.namesJSON(contentType) else {
            return .refusal(
                problem(
                    .unsupportedMediaType,
                    "Send the body as application/json (got \(head[header: "content-type"].map { "\"\(EchoedInput.bounded($0))\"" } ?? "no Content-Type")).",
                    requestID: requestID, headers: [("Accept-Post", "application/json")]))
        }
        return .route(route)
    }

    /// Whether a `Content-Type` value's media type (its first non-empty `;`-separated part, spaces and tabs
    /// trimmed) is `application/json` in any case; read in place, without copies.
    static func namesJSON(_ contentType: String) -> Bool {
        let semicolon = UInt8(ascii: ";")
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var contentType = contentType
        return contentType.withUTF8 { bytes in
            let mediaType = bytes.drop { $0 == semicolon }.prefix { $0 != semicolon }.drop(while: isSpace)
            guard let last = mediaType.lastIndex(where: { !isSpace($0) }) else { return false }
            return mediaType[...last].elementsEqual("application/json".utf8) { asciiLowercased($0) == $1 }
        }
    }

    /// What makes a head malformed under RFC 9112 (answered 400 and closed, since a proxy may read it
    /// differently), or nil.
    private func malformation(of head: RequestHead) -> String? {
        if let violation = head.violation { return violation }
        if head.path.isEmpty { return "The request target encodes a control character (%00–%1F or %7F); it is refused, not truncated." }
        if let host = head[header: "host"] {
            // A repeated Host arrives joined with ", "; one Host never holds a comma.
            if host.utf8.contains(UInt8(ascii: ",")) { return "A request must have exactly one Host header; this one has several." }
        } else if head.version != "HTTP/1.0" {
            return "An HTTP/1.1 request must have a Host header."
        }
        return nil
    }

    /// Adds what every response carries: the request id, `X-Content-Type-Options: nosniff`, `traceresponse` when the request carried a valid
    /// `traceparent` (``TraceContext``), CORS headers, `Connection: close` while draining, and one
    /// `Vary` naming every request header the answer was chosen by: `Origin` when the allowed origins are a list,
    /// `Accept` on a route whose format `Accept` chooses (on all its answers, refusals included, since a cache
    /// stores them by the same key).
    private func finalize(_ response: inout HTTPResponse, for head: RequestHead, requestID: String) {
        // Room for the headers added here at once, rather than growing the array once per header.
        response.headers.reserveCapacity(response.headers.count + 7)
        response.setHeader("X-Request-Id", requestID)
        // No answer is ever to be read as another type than it says (a plan's JSON as HTML, say).
        response.setHeader("X-Content-Type-Options", "nosniff")
        if let trace = head.trace { response.setHeader("traceresponse", trace.traceresponse) }
        var vary = ""
        if let allowedOrigins {
            if let origin = head[header: "origin"], allowedOrigins.contains(origin) {
                response.setHeader("Access-Control-Allow-Origin", origin)
            }
            vary = "Origin"
        } else {
            response.setHeader("Access-Control-Allow-Origin", "*")
        }
        if Endpoint(rawValue: head.path)?.negotiatedFormats.isEmpty == false { vary += vary.isEmpty ? "Accept" : ", Accept" }
        if !vary.isEmpty { response.setHeader("Vary", vary) }
        response.setHeader("Access-Control-Expose-Headers", "X-Request-Id, Retry-After, Allow, Accept-Post, traceresponse")
        if state.isDraining { response.setHeader("Connection", "close") }
    }

    /// A computing endpoint's answer: its body with a 200, or its problem; every plan it computed is counted.
    private func answer(_ endpoint: Endpoint, _ request: HTTPRequest, requestID: String) -> HTTPResponse {
        let negotiation: Endpoint.Negotiation
        switch endpoint.negotiate(query: request.head.query.lazy.map { ($0.name, $0.value) }, accept: request.head[header: "accept"]) {
        case .success(let chosen): negotiation = chosen
        case .failure(let refusal): return problem(refusal, requestID: requestID)
        }
        let answer = endpoint.answer(request.body, format: negotiation.format, idPrefix: negotiation.idPrefix)
        for style in answer.plannedStyles { state.metrics.recordPlans(style: style) }
        switch answer.result {
        case .success(let bytes):
            return HTTPResponse(status: .ok, headers: [("Content-Type", endpoint.contentType(for: negotiation.format))], body: bytes)
        case .failure(let details): return problem(details, requestID: requestID)
        }
    }

    private func payloadTooLarge(requestID: String) -> HTTPResponse {
        problem(.contentTooLarge, "The body is larger than the limit of \(configuration.maxBodyBytes) bytes.", requestID: requestID)
    }

    private func metricsResponse() -> HTTPResponse {
        HTTPResponse(
            status: .ok, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")],
            body: OwnedBytes(Array(state.metrics.render(state: state).utf8)))
    }

    private func readiness(requestID: String) -> HTTPResponse {
        if state.isDraining {
            return problem(.serviceUnavailable, "The server is shutting down.", requestID: requestID, headers: [("Retry-After", "1")])
        }
        return .json(.ok, Array(#"{"status":"ready"}"#.utf8))
    }

    private func problem(_ details: ProblemDetails, requestID: String, headers: [(String, String)] = []) -> HTTPResponse {
        var details = details
        details.requestID = requestID
        return .problem(details, headers: headers)
    }

    private func problem(_ status: HTTPStatus, _ detail: String, requestID: String, headers: [(String, String)] = []) -> HTTPResponse {
        problem(ProblemDetails(status, detail: detail), requestID: requestID, headers: headers)
    }
}
