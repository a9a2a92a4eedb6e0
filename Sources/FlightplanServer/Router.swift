import FlightplanCore
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

    /// Most items in one batch request.
    public static let maximumBatchSize = 256

    /// A path and the methods it accepts.
    public struct Route: Sendable {
        /// The path, matched exactly.
        public let path: String
        /// The methods it accepts besides OPTIONS.
        public let methods: [String]
        /// The `Allow` header: the methods and OPTIONS (accepted everywhere for CORS).
        public let allow: String

        init(_ path: String, _ methods: [String]) {
            self.path = path
            self.methods = methods
            self.allow = (methods + ["OPTIONS"]).joined(separator: ", ")
        }
    }

    /// The routes.
    public static let routes: [Route] = [
        Route("/v1/plans", ["POST"]),
        Route("/v1/plans/batch", ["POST"]),
        Route("/v1/plans/filmstrip.svg", ["POST"]),
        Route("/v1/gestures/dismiss", ["POST"]),
        Route("/healthz", ["GET", "HEAD"]),
        Route("/readyz", ["GET", "HEAD"]),
        Route("/metrics", ["GET", "HEAD"]),
        Route("/openapi.yaml", ["GET", "HEAD"]),
        Route("/preview", ["GET", "HEAD"]),
    ]

    /// `configuration.corsOrigin` split into its origins (nil for `*`).
    private let allowedOrigins: [String]?

    /// Creates a router.
    public init(configuration: ServerConfiguration, state: ServerState = ServerState(), openAPIDocument: [UInt8] = OpenAPIDocument.bytes) {
        self.configuration = configuration
        self.state = state
        self.openAPIDocument = openAPIDocument
        self.allowedOrigins = configuration.corsOrigin == "*" ? nil : configuration.corsOrigin.split(separator: ",").map { $0.trimmingSpaces }
    }

    /// The caller's `X-Request-Id` when it is 1–128 visible ASCII characters, else a new id: a random
    /// process prefix drawn once and a counter, so ids are unique without a system call per request.
    public static func requestID(from header: String?) -> String {
        if let header, (1...128).contains(header.utf8.count), header.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
            return header
        }
        let sequence = requestCounter.add(1, ordering: .relaxed).newValue
        return requestIDPrefix + String(UInt64(sequence), radix: 16)
    }

    private static let requestIDPrefix: String = {
        var generator = SystemRandomNumberGenerator()
        let random = String(generator.next() as UInt64, radix: 16)
        return String(repeating: "0", count: 16 - random.count) + random + "-"
    }()

    private static let requestCounter = Atomic<Int>(0)

    /// Answers the whole request: checks, route, and the headers every response carries.
    public func handle(_ request: HTTPRequest, requestID: String) -> HTTPResponse {
        if var refusal = precheck(request.head, requestID: requestID) {
            finalize(&refusal, for: request.head, requestID: requestID)
            return refusal
        }
        return respond(to: request, requestID: requestID)
    }

    /// Answers a request whose head already passed ``precheck(_:requestID:)``, with the common headers.
    public func respond(to request: HTTPRequest, requestID: String) -> HTTPResponse {
        var response = route(request, requestID: requestID)
        finalize(&response, for: request.head, requestID: requestID)
        return response
    }

    /// What can be decided from the head alone, before any body is read: an early answer, or nil to go on.
    /// The transport still reads (and drops) the body of a refused request so the client can read the answer.
    public func precheck(_ head: RequestHead, requestID: String) -> HTTPResponse? {
        if let length = head[header: "content-length"] {
            guard head[header: "transfer-encoding"] == nil else {
                return problem(
                    400, "Bad Request", "Content-Length and Transfer-Encoding together make the body's length ambiguous; send one.",
                    requestID: requestID, headers: [("Connection", "close")])
            }
            guard !length.isEmpty, length.utf8.allSatisfy({ (0x30...0x39).contains($0) }), length.utf8.count <= 18 else {
                return problem(
                    400, "Bad Request", "Content-Length must be one decimal number, got \"\(length)\".",
                    requestID: requestID, headers: [("Connection", "close")])
            }
        }
        if let encoding = head[header: "transfer-encoding"], encoding.lowercased() != "chunked" {
            return problem(
                501, "Not Implemented", "Transfer-Encoding \"\(encoding)\" is not supported; send the body with Content-Length or chunked.",
                requestID: requestID, headers: [("Connection", "close")])
        }
        if state.connections > configuration.maxConnections {
            return problem(
                503, "Service Unavailable", "The server is at its connection limit (\(configuration.maxConnections)); retry shortly.",
                requestID: requestID, headers: [("Retry-After", "1"), ("Connection", "close")])
        }
        if state.isDraining && head.path.hasPrefix("/v1/") && head.method != "OPTIONS" {
            return problem(
                503, "Service Unavailable", "The server is shutting down; send this request to another instance.",
                requestID: requestID, headers: [("Retry-After", "1"), ("Connection", "close")])
        }
        guard let route = Self.routes.first(where: { $0.path == head.path }) else {
            return problem(404, "Not Found", "No route \(head.path); see /openapi.yaml for the API.", requestID: requestID)
        }
        let allow = route.allow
        if head.method == "OPTIONS" {
            return HTTPResponse(status: 204, headers: [
                ("Allow", allow),
                ("Access-Control-Allow-Methods", allow),
                ("Access-Control-Allow-Headers", "Content-Type, X-Request-Id, Authorization"),
                ("Access-Control-Max-Age", "86400"),
            ])
        }
        guard route.methods.contains(head.method) else {
            return problem(
                405, "Method Not Allowed", "\(head.method) is not allowed on \(head.path); allowed: \(allow).", requestID: requestID,
                headers: [("Allow", allow)])
        }
        guard head.method == "POST" else { return nil }
        let chunked = head[header: "transfer-encoding"] != nil
        let length = head[header: "content-length"]
        if !chunked && length == nil {
            return problem(411, "Length Required", "A POST needs a Content-Length header or a chunked body.", requestID: requestID)
        }
        if let length, let bytes = Int(length), bytes > configuration.maxBodyBytes {
            return payloadTooLarge(requestID: requestID)
        }
        let mediaType = head[header: "content-type"]?.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() }
        guard mediaType == "application/json" else {
            return problem(
                415, "Unsupported Media Type", "Send the body as application/json (got \(head[header: "content-type"].map { "\"\($0)\"" } ?? "no Content-Type")).",
                requestID: requestID, headers: [("Accept-Post", "application/json")])
        }
        return nil
    }

    /// The answer to a body over `maxBodyBytes`.
    public func payloadTooLarge(requestID: String) -> HTTPResponse {
        problem(413, "Content Too Large", "The body is larger than the limit of \(configuration.maxBodyBytes) bytes.", requestID: requestID)
    }

    /// Adds what every response carries: the request id, CORS headers, and `Connection: close` while draining.
    public func finalize(_ response: inout HTTPResponse, for head: RequestHead, requestID: String) {
        response.setHeader("X-Request-Id", requestID)
        if let allowedOrigins {
            if let origin = head[header: "origin"], allowedOrigins.contains(origin) {
                response.setHeader("Access-Control-Allow-Origin", origin)
            }
            response.setHeader("Vary", "Origin")
        } else {
            response.setHeader("Access-Control-Allow-Origin", "*")
        }
        response.setHeader("Access-Control-Expose-Headers", "X-Request-Id, Retry-After, Allow, Accept-Post")
        if state.isDraining { response.setHeader("Connection", "close") }
    }

    private func route(_ request: HTTPRequest, requestID: String) -> HTTPResponse {
        switch request.head.path {
        case "/v1/plans": return plan(request.body, requestID: requestID)
        case "/v1/plans/batch": return batch(request.body, requestID: requestID)
        case "/v1/gestures/dismiss":
            return answer(PlanEndpoint.dismiss(body: request.body), contentType: "application/json", requestID: requestID)
        case "/v1/plans/filmstrip.svg":
            return answer(PlanEndpoint.filmstrip(body: request.body), contentType: "image/svg+xml", requestID: requestID)
        case "/healthz": return .json(200, Array(#"{"status":"ok"}"#.utf8))
        case "/readyz":
            if state.isDraining {
                return problem(503, "Service Unavailable", "The server is shutting down.", requestID: requestID, headers: [("Retry-After", "1")])
            }
            return .json(200, Array(#"{"status":"ready"}"#.utf8))
        case "/metrics":
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")], body: Array(state.metrics.render(state: state).utf8))
        case "/preview":
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: PreviewPage.bytes)
        default:
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/yaml")], body: openAPIDocument)
        }
    }

    private func plan(_ body: [UInt8], requestID: String) -> HTTPResponse {
        let request: PlanRequest
        do { request = try PlanRequest(jsonBytes: body) } catch { return problem(ProblemDetails.input(error), requestID: requestID) }
        do {
            let plan = try Planner.plan(for: request)
            state.metrics.recordPlans(style: plan.style)
            return .json(200, plan.jsonBytes)
        } catch {
            return problem(ProblemDetails.validation(error), requestID: requestID)
        }
    }

    /// A shared endpoint's result: its body with a 200, or its problem.
    private func answer(_ result: Result<[UInt8], ProblemDetails>, contentType: String, requestID: String) -> HTTPResponse {
        switch result {
        case .success(let bytes): return HTTPResponse(status: 200, headers: [("Content-Type", contentType)], body: bytes)
        case .failure(let details): return problem(details, requestID: requestID)
        }
    }

    private func batch(_ body: [UInt8], requestID: String) -> HTTPResponse {
        let document: JSONValue
        do { document = try JSONParser.parse(body) } catch { return problem(.malformedJSON(error), requestID: requestID) }
        let items: [JSONValue]
        do { items = try Self.batchItems(of: document) } catch { return problem(.validation(error), requestID: requestID) }
        var writer = JSONWriter(capacity: 4096 * max(1, items.count))
        writer.beginObject()
        writer.key("results")
        writer.beginArray()
        for item in items {
            writer.beginObject()
            do {
                let plan = try Planner.plan(for: try PlanRequest(json: item, path: ""))
                state.metrics.recordPlans(style: plan.style)
                writer.key("plan")
                plan.write(to: &writer)
            } catch {
                writer.key("problem")
                ProblemDetails.validation(error).write(to: &writer)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return .json(200, writer.bytes)
    }

    /// The `requests` array of a batch body, at most ``maximumBatchSize`` long.
    private static func batchItems(of document: JSONValue) throws(ValidationError) -> [JSONValue] {
        guard case .object(let members) = document else {
            throw ValidationError(field: "", message: "must be an object {\"requests\": [...]}, got \(document.kindDescription)")
        }
        if let unknown = members.first(where: { $0.key != "requests" }) {
            throw ValidationError(field: unknown.key, message: "is not a known field")
        }
        guard let requests = members.first?.value else { throw ValidationError(field: "requests", message: "is required") }
        guard case .array(let items) = requests else {
            throw ValidationError(field: "requests", message: "must be an array, got \(requests.kindDescription)")
        }
        guard items.count <= maximumBatchSize else {
            throw ValidationError(field: "requests", message: "must have at most \(maximumBatchSize) items, got \(items.count)")
        }
        return items
    }

    private func problem(_ details: ProblemDetails, requestID: String, headers: [(String, String)] = []) -> HTTPResponse {
        var details = details
        details.requestID = requestID
        return .problem(details, headers: headers)
    }

    private func problem(_ status: Int, _ title: String, _ detail: String, requestID: String, headers: [(String, String)] = []) -> HTTPResponse {
        problem(ProblemDetails(type: "about:blank", title: title, status: status, detail: detail), requestID: requestID, headers: headers)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = characters.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(characters[first...last])
    }
}
