import FlightplanTestSupport
import FlightplanWire
import Foundation
import Synchronization
import Testing

@testable import FlightplanClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A scripted transport: answers each request with the next scripted step, counting attempts.
final class ScriptedTransport: HTTPTransport {
    enum Step: Sendable {
        case answer(Int, String, [String: String])
        case fail(URLError.Code)
        case hang
    }

    private let steps: Mutex<[Step]>
    private let sentIDs = Mutex<[String?]>([])

    init(_ steps: [Step]) { self.steps = Mutex(steps) }

    var attempts: Int { sentIDs.withLock { $0.count } }
    /// The `X-Request-Id` of each attempt.
    var requestIDs: [String?] { sentIDs.withLock { $0 } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        sentIDs.withLock { $0.append(request.value(forHTTPHeaderField: "X-Request-Id")) }
        let step = steps.withLock { $0.isEmpty ? Step.answer(500, "", [:]) : $0.removeFirst() }
        switch step {
        case .answer(let status, let body, let headers):
            return (Data(body.utf8), HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!)
        case .fail(let code):
            throw URLError(code)
        case .hang:
            try await Task.sleep(nanoseconds: 30_000_000_000)
            throw URLError(.timedOut)
        }
    }
}

@Suite("The remote planner's errors, retries, timeouts and cancellation")
struct RemotePlannerTests {
    static let planBody = String(decoding: try! Planner.plan(for: anyRequest.validated()).jsonBytes, as: UTF8.self)

    @Test("every error status the server answers becomes its problem, unretried", arguments: [400, 404, 405, 411, 413, 415, 422, 500, 501])
    func problems(status: Int) async throws {
        let body = #"{"type":"about:blank","title":"T","status":\#(status),"detail":"D","field":"source","requestId":"r-1"}"#
        let transport = ScriptedTransport([.answer(status, body, ["Content-Type": "application/problem+json"])])
        let problem = try #require(await outcome(planner(transport)).failureValue?.problem)
        #expect(problem == ProblemDetails(type: "about:blank", title: "T", status: status, detail: "D", field: "source", requestID: "r-1"))
        #expect(transport.attempts == 1)
    }

    @Test("a 503 then a 200 succeeds on the second attempt, with the same request id; 429 is retried too", arguments: [503, 429])
    func retried(status: Int) async throws {
        let transport = ScriptedTransport([.answer(status, "{}", ["Retry-After": "0"]), .answer(200, Self.planBody, [:])])
        let response = try await planner(transport).plan(anyRequest)
        #expect(response.value == (try Planner.plan(for: anyRequest.validated())))
        #expect(transport.attempts == 2 && transport.requestIDs == [response.requestID, response.requestID] && response.requestID != nil)
    }

    @Test("retries are bounded; the last 503 is reported with the server's request id")
    func bounded() async throws {
        let transport = ScriptedTransport(Array(repeating: .answer(503, "busy", ["X-Request-Id": "abc"]), count: 5))
        let error = try #require(await outcome(planner(transport, attempts: 3)).failureValue)
        #expect(error.problem?.status == 503 && error.problem?.requestID == "abc" && error.requestID == "abc" && transport.attempts == 3)
    }

    @Test("Retry-After is honoured up to the policy's maximum; otherwise full-jitter backoff")
    func delays() {
        let policy = RemotePlanner.RetryPolicy(maximumAttempts: 5, baseDelay: 0.1, maximumDelay: 2)
        #expect(RemotePlanner.delay(attempt: 1, retryAfter: "1", policy: policy) == 1)
        #expect(RemotePlanner.delay(attempt: 1, retryAfter: "120", policy: policy) == 2)
        for attempt in 1...6 {
            let delay = RemotePlanner.delay(attempt: attempt, retryAfter: nil, policy: policy)
            #expect(delay >= 0 && delay <= min(2, 0.1 * Double(1 << (attempt - 1))))
        }
    }

    @Test("transport failures, timeouts and undecodable answers are told apart")
    func failures() async {
        #expect(await outcome(planner(ScriptedTransport([.fail(.cannotConnectToHost)]))).failureValue.map(Self.isTransport) == true)
        #expect(await outcome(planner(ScriptedTransport([.fail(.timedOut)]))).failureValue?.reason == .timedOut)
        let notJSON = await outcome(planner(ScriptedTransport([.answer(200, "<html>", [:])]))).failureValue
        #expect({ if case .invalidAnswer(.syntax) = notJSON?.reason { true } else { false } }(), "\(String(describing: notJSON))")
    }

    @Test("cancellation stops a request in flight and a wait between retries")
    func cancellation() async {
        for steps in [[ScriptedTransport.Step.hang], [.answer(503, "", ["Retry-After": "30"]), .answer(200, Self.planBody, [:])]] {
            let transport = ScriptedTransport(steps)
            let slowPolicy = RemotePlanner(
                baseURL: URL(string: "http://flightplan.test")!, retry: .init(maximumAttempts: 3, baseDelay: 30, maximumDelay: 30),
                transport: transport)
            let task = Task { await outcome(slowPolicy) }
            try? await Task.sleep(nanoseconds: 50_000_000)
            task.cancel()
            #expect(await task.value.failureValue?.reason == .cancelled)
        }
    }

    static func isTransport(_ error: PlannerError) -> Bool {
        error.transportFailure?.code == .cannotConnectToHost
    }
}

extension Result {
    /// The failure, or nil for a success.
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
