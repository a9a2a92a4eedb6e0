public import FlightplanWire
public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Plans on a Flightplan server over HTTP.
///
/// Retries 503 and 429 answers (draining, over the connection cap, rate-limited by a gateway) with
/// jittered exponential backoff, honouring `Retry-After`, up to `retry.maximumAttempts`; never retries
/// another status. Honours task cancellation, also while waiting to retry.
///
/// Every call sends an `X-Request-Id` (a new UUID, or the one in ``headers``), which the server logs and
/// echoes; the response's or the error's `requestID` is that id.
public struct RemotePlanner: TransitionPlanner {
    /// How retries are spaced.
    public struct RetryPolicy: Sendable, Hashable {
        /// Attempts in all, the first included (1 = never retry).
        public var maximumAttempts: Int
        /// The first backoff, seconds; each later one doubles, with full jitter.
        public var baseDelay: Double
        /// The longest wait between attempts, seconds (a larger `Retry-After` is cut to this).
        public var maximumDelay: Double

        /// Creates a policy.
        /// - Parameters:
        ///   - maximumAttempts: Attempts in all, the first included (1 = never retry).
        ///   - baseDelay: The first backoff, seconds.
        ///   - maximumDelay: The longest wait between attempts, seconds.
        public init(maximumAttempts: Int = 3, baseDelay: Double = 0.1, maximumDelay: Double = 2) {
            self.maximumAttempts = maximumAttempts
            self.baseDelay = baseDelay
            self.maximumDelay = maximumDelay
        }
    }

    /// The server's base URL (`http://localhost:8080`); routes are appended to it.
    public var baseURL: URL
    /// Seconds to wait for each answer.
    public var timeout: Double
    /// Headers sent with every request (an `Authorization` token for a gateway, say). An `X-Request-Id` here is
    /// sent with every call instead of a new id per call.
    public var headers: [String: String]
    /// How 503 and 429 answers are retried.
    public var retry: RetryPolicy
    /// What sends the requests.
    public var transport: any HTTPTransport

    /// Creates a remote planner.
    /// - Parameters:
    ///   - baseURL: The server's base URL (`http://localhost:8080`).
    ///   - timeout: Seconds to wait for each answer.
    ///   - headers: Headers sent with every request.
    ///   - retry: How 503 and 429 answers are retried.
    ///   - transport: What sends the requests (URLSession by default).
    public init(
        baseURL: URL, timeout: Double = 10, headers: [String: String] = [:], retry: RetryPolicy = RetryPolicy(),
        transport: any HTTPTransport = URLSessionTransport()
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.headers = headers
        self.retry = retry
        self.transport = transport
    }

    /// Plans one transition with `POST /v1/plans`.
    /// - Parameter request: What to plan.
    /// - Returns: The plan, with the exchange's request id.
    /// - Throws: ``PlannerError``: the server's problem details (422 for an invalid request), or a transport
    ///   failure, a timeout, an invalid answer or cancellation; always with the request id.
    public func plan(_ request: PlanRequest) async throws(PlannerError) -> PlannerResponse<Plan> {
        try await exchange(Endpoint.plan.path, body: request.jsonBytes) { body throws(JSONInputError) in try Plan(jsonBytes: body) }
    }

    /// Plans up to `Batch.maximumItems` transitions with `POST /v1/plans/batch`.
    /// - Parameter requests: What to plan, in order.
    /// - Returns: Per request, in order, its plan or the problem with it; with the exchange's request id.
    /// - Throws: ``PlannerError``, as ``plan(_:)`` does (a batch over the limit is the server's 422).
    public func plans(_ requests: [PlanRequest]) async throws(PlannerError) -> PlannerResponse<[Result<Plan, ProblemDetails>]> {
        try await exchange(Endpoint.batch.path, body: Batch.Request(requests).jsonBytes) { body throws(JSONInputError) in
            try Batch.results(fromResponse: body)
        }
    }

    /// Answers a drag sample with `POST /v1/gestures/dismiss`.
    /// - Parameter request: The drag sample.
    /// - Returns: The dismissal answer, with the exchange's request id.
    /// - Throws: ``PlannerError``, as ``plan(_:)`` does.
    public func dismiss(_ request: DismissRequest) async throws(PlannerError) -> PlannerResponse<Dismissal> {
        try await exchange(Endpoint.dismiss.path, body: request.jsonBytes) { body throws(JSONInputError) in try Dismissal(jsonBytes: body) }
    }

    /// Plans one transition in an export format with `POST /v1/plans?format=&idPrefix=`.
    /// - Parameters:
    ///   - request: What to plan.
    ///   - format: The export format.
    ///   - idPrefix: The prefix of the export's class names and ids.
    /// - Returns: The answer's bytes as the server sent them, with the exchange's request id.
    /// - Throws: ``PlannerError``, as ``plan(_:)`` does (an invalid `idPrefix` is the server's 400, an answer over the
    ///   limit its 422).
    public func export(_ request: PlanRequest, format: PlanFormat, idPrefix: String) async throws(PlannerError) -> PlannerResponse<[UInt8]> {
        let query = [URLQueryItem(name: "format", value: format.rawValue), URLQueryItem(name: "idPrefix", value: idPrefix)]
        return try await exchange(Endpoint.plan.path, query: query, body: request.jsonBytes) { body throws(JSONInputError) in body }
    }

    /// The request id sent with each exchange: the caller's `X-Request-Id` from ``headers`` when it sets one,
    /// else a new UUID per call (the same for every retry of the call, so the server's log lines of one call
    /// share it).
    func newRequestID() -> String {
        headers.first { $0.key.caseInsensitiveCompare("X-Request-Id") == .orderedSame }?.value ?? UUID().uuidString
    }

    /// Sends a POST with a request id, retrying 503/429 as the policy allows, and reads a 200's body with `decode`.
    func exchange<Value>(
        _ path: String, query: [URLQueryItem] = [], body: [UInt8], decode: ([UInt8]) throws(JSONInputError) -> Value
    ) async throws(PlannerError) -> PlannerResponse<Value> {
        let requestID = newRequestID()
        let (data, response) = try await post(path, query: query, body: body, requestID: requestID)
        let answeredID = response.value(forHTTPHeaderField: "X-Request-Id") ?? requestID
        do { return PlannerResponse(try decode(Array(data)), requestID: answeredID) } catch {
            throw PlannerError(.invalidAnswer(error), requestID: answeredID)
        }
    }

    /// Sends a POST to `path` with `query`, retrying 503/429 as the policy allows; returns a 200's body and response.
    func post(_ path: String, query: [URLQueryItem] = [], body: [UInt8], requestID: String) async throws(PlannerError) -> (Data, HTTPURLResponse) {
        var url = baseURL.appendingPathComponent(String(path.dropFirst()))
        if !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.queryItems = query
            url = components.url ?? url
        }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.timeoutInterval = timeout
        request.httpBody = Data(body)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(requestID, forHTTPHeaderField: "X-Request-Id")
        var attempt = 1
        while true {
            if Task.isCancelled { throw PlannerError(.cancelled, requestID: requestID) }
            let (data, response) = try await send(request, requestID: requestID)
            if response.statusCode == 200 { return (data, response) }
            let retryable = response.statusCode == 503 || response.statusCode == 429
            guard retryable && attempt < retry.maximumAttempts else {
                let problem = Self.problem(data, response, requestID: requestID)
                throw PlannerError(.problem(problem), requestID: problem.requestID)
            }
            let delay = Self.delay(attempt: attempt, retryAfter: response.value(forHTTPHeaderField: "Retry-After"), policy: retry)
            do { try await Task.sleep(nanoseconds: UInt64(delay * 1e9)) } catch { throw PlannerError(.cancelled, requestID: requestID) }
            attempt += 1
        }
    }

    private func send(_ request: URLRequest, requestID: String) async throws(PlannerError) -> (Data, HTTPURLResponse) {
        do {
            return try await transport.send(request)
        } catch is CancellationError {
            throw PlannerError(.cancelled, requestID: requestID)
        } catch let error as URLError where error.code == .cancelled {
            throw PlannerError(.cancelled, requestID: requestID)
        } catch let error as URLError where error.code == .timedOut {
            throw PlannerError(.timedOut, requestID: requestID)
        } catch {
            throw PlannerError(.transport(TransportFailure(error)), requestID: requestID)
        }
    }

    /// The wait before attempt `attempt + 1`: `Retry-After` seconds when given, else full-jitter
    /// exponential backoff; never more than the policy's maximum.
    static func delay(attempt: Int, retryAfter: String?, policy: RetryPolicy) -> Double {
        if let retryAfter, let seconds = Double(retryAfter.trimmingCharacters(in: .whitespaces)), seconds >= 0 {
            return min(seconds, policy.maximumDelay)
        }
        let ceiling = min(policy.maximumDelay, policy.baseDelay * Double(1 << min(attempt - 1, 20)))
        return Double.random(in: 0...ceiling)
    }

    /// The server's problem details, or a generic one when the body is not one (a proxy's HTML page); its
    /// `requestId` is the body's, else the answer's `X-Request-Id` header, else the id sent.
    static func problem(_ data: Data, _ response: HTTPURLResponse, requestID: String) -> ProblemDetails {
        var problem =
            (try? ProblemDetails(jsonBytes: Array(data)))
            ?? ProblemDetails(
                type: "about:blank", title: HTTPURLResponse.localizedString(forStatusCode: response.statusCode).capitalized,
                status: response.statusCode, detail: String(decoding: data.prefix(200), as: UTF8.self))
        if problem.requestID == nil { problem.requestID = response.value(forHTTPHeaderField: "X-Request-Id") ?? requestID }
        return problem
    }
}
