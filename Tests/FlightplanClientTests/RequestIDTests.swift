import FlightplanClient
import FlightplanServerTestSupport
import FlightplanTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

@Suite("Typed errors and request ids, through the real server", .serialized)
struct RequestIDTests {
    @Test("a 422 arrives as the problem with its field, type and status; the error and the problem carry the id sent")
    func validationProblem() async throws {
        try await withServer { url in
            var bad = anyRequest
            bad.source.frame.width = 0
            let outcome = await planResult(RemotePlanner(baseURL: url), bad)
            let error = try #require(outcome.failureValue, "expected an error, got \(outcome)")
            let problem = try #require(error.problem, "expected a problem, got \(error)")
            #expect(problem.status == 422 && problem.type == "https://flightplan.dev/problems/validation")
            #expect(
                problem.title == "Invalid plan request" && problem.field == "source.frame.width" && problem.detail.hasPrefix("source.frame.width"))
            let id = try #require(error.requestID)
            #expect(UUID(uuidString: id) != nil && problem.requestID == id, "\(error)")
            #expect(error.description.contains("422") && error.description.contains(id))
            // The local planner refuses it with the same problem and no request id (no server saw it).
            let local = try #require(await planResult(LocalPlanner(), bad).failureValue)
            #expect(local.requestID == nil && local.problem?.field == "source.frame.width" && local.problem?.detail == problem.detail)
        }
    }

    @Test("every success carries the request id: a new UUID per call, or the caller's X-Request-Id, as the server echoes it")
    func successes() async throws {
        try await withServer { url in
            let remote = RemotePlanner(baseURL: url)
            var rng = SeededGenerator(seed: 0x1D)
            let plan = try await remote.plan(anyRequest)
            let batch = try await remote.plans([anyRequest, anyRequest])
            let dismissal = try await remote.dismiss(RandomScenes.dismissRequest(using: &rng))
            let ids = [plan.requestID, batch.requestID, dismissal.requestID].compactMap { $0 }
            #expect(ids.count == 3 && Set(ids).count == 3 && ids.allSatisfy { UUID(uuidString: $0) != nil }, "\(ids)")
            let traced = RemotePlanner(baseURL: url, headers: ["x-request-id": "trace-42"])
            #expect(try await traced.plan(anyRequest).requestID == "trace-42")
            let local = try await LocalPlanner().plan(anyRequest)
            #expect(local.requestID == nil && local.value == plan.value)
        }
    }

    @Test("a refused connection arrives as a typed transport failure (cannotConnectToHost) with the id sent")
    func connectionRefused() async throws {
        // A socket bound to a port but not listening: the kernel refuses every connection to it.
        let bound = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(bound) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(bound, $0, length) == 0 && getsockname(bound, $0, &length) == 0 }
        }
        try #require(named)
        let url = try #require(URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"))
        let error = try #require(await planResult(RemotePlanner(baseURL: url, retry: .init(maximumAttempts: 1)), anyRequest).failureValue)
        let failure = try #require(error.transportFailure, "expected a transport failure, got \(error)")
        #expect(failure.code == .cannotConnectToHost, "\(failure)")
        // Described in words with the URL it failed on, not Foundation's "(null)".
        #expect(failure.description.hasPrefix("could not connect to the server") && failure.description.contains(url.absoluteString), "\(failure)")
        #expect(!error.description.contains("(null)"), "\(error)")
        #expect(error.requestID.flatMap(UUID.init(uuidString:)) != nil, "\(error)")
    }
}
