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
    /// Headers sent with every request (an `Authorization` token for a gateway, say).
    public var headers: [String: String]
    /// How 503 and 429 answers are retried.
    public var retry: RetryPolicy
    /// What sends the requests.
    public var transport: any HTTPTransport

    /// Creates a remote planner.
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
    public func plan(_ request: PlanRequest) async throws(PlannerError) -> Plan {
        let body = try await post(Endpoint.plan.path, body: request.jsonBytes)
        do { return try Plan(jsonBytes: body) } catch { throw .decoding("the plan is not valid: \(error)") }
    }

    /// Plans up to ``Batch/maximumItems`` transitions with `POST /v1/plans/batch`.
    public func plans(_ requests: [PlanRequest]) async throws(PlannerError) -> [Result<Plan, ProblemDetails>] {
        let body = try await post(Endpoint.batch.path, body: Batch.Request(requests).jsonBytes)
        do { return try Batch.results(fromResponse: body) } catch { throw .decoding("the batch answer is not valid: \(error)") }
    }

    /// Answers a drag sample with `POST /v1/gestures/dismiss`.
    public func dismiss(_ request: DismissRequest) async throws(PlannerError) -> Dismissal {
        let body = try await post(Endpoint.dismiss.path, body: request.jsonBytes)
        do { return try Dismissal(jsonBytes: body) } catch { throw .decoding("the dismissal is not valid: \(error)") }
    }

    /// Sends a POST, retrying 503/429 as the policy allows; returns the body of a 200.
    func post(_ path: String, body: [UInt8]) async throws(PlannerError) -> [UInt8] {
        var request = URLRequest(url: baseURL.appendingPathComponent(String(path.dropFirst())))
        request.httpMethod = "POST"
        request.timeoutInterval = timeout
        request.httpBody = Data(body)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        var attempt = 1
        while true {
            if Task.isCancelled { throw .cancelled }
            let (data, response) = try await send(request)
            if response.statusCode == 200 { return Array(data) }
            let retryable = response.statusCode == 503 || response.statusCode == 429
            guard retryable && attempt < retry.maximumAttempts else { throw .problem(Self.problem(data, response)) }
            let delay = Self.delay(attempt: attempt, retryAfter: response.value(forHTTPHeaderField: "Retry-After"), policy: retry)
            do { try await Task.sleep(nanoseconds: UInt64(delay * 1e9)) } catch { throw .cancelled }
            attempt += 1
        }
    }

    private func send(_ request: URLRequest) async throws(PlannerError) -> (Data, HTTPURLResponse) {
        do {
            return try await transport.send(request)
        } catch is CancellationError {
            throw .cancelled
        } catch let error as URLError where error.code == .cancelled {
            throw .cancelled
        } catch let error as URLError where error.code == .timedOut {
            throw .timedOut
        } catch {
            throw .transport("\(error)")
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

    /// The server's problem details, or a generic one when the body is not one (a proxy's HTML page).
    static func problem(_ data: Data, _ response: HTTPURLResponse) -> ProblemDetails {
        var problem = (try? ProblemDetails(jsonBytes: Array(data))) ?? ProblemDetails(
            type: "about:blank", title: HTTPURLResponse.localizedString(forStatusCode: response.statusCode).capitalized,
            status: response.statusCode, detail: String(decoding: data.prefix(200), as: UTF8.self))
        if problem.requestID == nil { problem.requestID = response.value(forHTTPHeaderField: "X-Request-Id") }
        return problem
    }
}
