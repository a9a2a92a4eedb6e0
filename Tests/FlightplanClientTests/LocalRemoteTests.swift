import FlightplanClient
import FlightplanCore
import FlightplanServer
import FlightplanTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import Testing

/// A real daemon on a free port for the duration of `body`.
func withServer(_ body: (URL) async throws -> Void) async throws {
    var configuration = ServerConfiguration()
    configuration.port = 0
    var logger = Logger(label: "client-tests")
    logger.logLevel = .critical
    let daemon = MicroHTTPDaemon(router: Router(configuration: configuration), logger: logger)
    try daemon.start()
    defer { daemon.stop() }
    try await body(URL(string: "http://127.0.0.1:\(daemon.port)")!)
}

/// A planner's answer as a value, for comparing failures.
func planResult(_ planner: some TransitionPlanner, _ request: PlanRequest) async -> Result<Plan, PlannerError> {
    do { return .success(try await planner.plan(request)) } catch { return .failure(error) }
}

@Suite("Local and remote planning give identical results", .serialized)
struct LocalRemoteTests {
    @Test("a few hundred random requests: the same plan, the same doubles, the same JSON bytes")
    func identical() async throws {
        try await withServer { url in
            let remote = RemotePlanner(baseURL: url)
            let local = LocalPlanner()
            var rng = SeededGenerator(seed: 0x5D6)
            for index in 0..<250 {
                var request = RandomScenes.request(using: &rng)
                if index % 5 == 0 { request.precision = index % 7 }
                let localPlan = try await local.plan(request)
                let remotePlan = try await remote.plan(request)
                #expect(localPlan == remotePlan, "request \(index)")
                let (bytes, _) = try await URLSessionTransport().send(Self.post(url, request))
                #expect(Array(bytes) == localPlan.jsonBytes, "request \(index)")
            }
        }
    }

    @Test("an invalid request fails the same way locally and remotely; batches agree item by item")
    func problems() async throws {
        try await withServer { url in
            var rng = SeededGenerator(seed: 9)
            var bad = RandomScenes.request(using: &rng)
            bad.source.frame.width = 0
            let good = RandomScenes.request(using: &rng)
            let localOutcome = await planResult(LocalPlanner(), bad)
            let remoteOutcome = await planResult(RemotePlanner(baseURL: url), bad)
            guard case .failure(.problem(let localProblem)) = localOutcome, case .failure(.problem(let remoteProblem)) = remoteOutcome else {
                Issue.record("expected problems, got \(localOutcome) and \(remoteOutcome)")
                return
            }
            #expect(localProblem.status == 422 && remoteProblem.status == 422)
            #expect(localProblem.field == "source.frame.width" && remoteProblem.field == localProblem.field)
            #expect(localProblem.detail == remoteProblem.detail && remoteProblem.requestID != nil)
            let localBatch = try await LocalPlanner().plans([good, bad, good])
            var remoteBatch = try await RemotePlanner(baseURL: url).plans([good, bad, good])
            remoteBatch[1] = remoteBatch[1].mapError { problem in
                var problem = problem
                problem.requestID = nil
                return problem
            }
            #expect(localBatch == remoteBatch)
        }
    }

    static func post(_ url: URL, _ request: PlanRequest) -> URLRequest {
        var urlRequest = URLRequest(url: url.appendingPathComponent("v1/plans"))
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.httpBody = Data(request.jsonBytes)
        return urlRequest
    }
}
