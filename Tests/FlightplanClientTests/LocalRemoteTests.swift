import FlightplanClient
import FlightplanServer
import FlightplanServerTestSupport
import FlightplanTestSupport
import FlightplanWire
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

@Suite("Local and remote planning give identical results", .serialized)
struct LocalRemoteTests {
    @Test("a few hundred random requests: the same plan, the same doubles, the same JSON bytes, each member where the contract puts it")
    func identical() async throws {
        try await withServer { url in
            let remote = RemotePlanner(baseURL: url)
            let local = LocalPlanner()
            let transport = URLSessionTransport()
            var rng = SeededGenerator(seed: 0x5D6)
            for index in 0..<requestsThroughServer(250) {
                var request = RandomScenes.request(using: &rng)
                if index % 5 == 0 { request.precision = index % 7 }
                let localPlan = try await local.plan(request).value
                let remotePlan = try await remote.plan(request).value
                #expect(localPlan == remotePlan, "request \(index)")
                let (bytes, _) = try await transport.send(Self.post(url, request))
                #expect(Array(bytes) == localPlan.jsonBytes, "request \(index)")
                // The wire form writes the answer and reads it back into the remote plan, so a member it names wrongly on
                // both sides would pass the checks above; Foundation's reader, given the contract's names, would not.
                #expect(try JSONDecoder().decode(ContractPlan.self, from: bytes) == ContractPlan(localPlan), "request \(index)")
            }
        }
    }

    @Test("exports: every format's bytes, planned locally and answered by the server, are the same; so is a bad idPrefix's 400")
    func exports() async throws {
        try await withServer { url in
            let remote = RemotePlanner(baseURL: url)
            let local = LocalPlanner()
            var rng = SeededGenerator(seed: 0xE4)
            for index in 0..<30 {
                let request = RandomScenes.request(using: &rng)
                let format = PlanFormat.allCases[index % PlanFormat.allCases.count]
                let idPrefix = index % 2 == 0 ? ExportScene.defaultPrefix : "card-\(index)"
                let localBytes = try await local.export(request, format: format, idPrefix: idPrefix).value
                let answer = try await remote.export(request, format: format, idPrefix: idPrefix)
                #expect(answer.value == localBytes, "request \(index), \(format)")
                #expect(answer.requestID != nil)
                #expect(localBytes == format.export(try await local.plan(request).value, idPrefix: idPrefix), "request \(index), \(format)")
            }
            let request = RandomScenes.request(using: &rng)
            let localError = try #require(await exportResult(local, request, format: .css, idPrefix: "9lives").failureValue?.problem)
            let remoteError = try #require(await exportResult(remote, request, format: .css, idPrefix: "9lives").failureValue?.problem)
            #expect(localError.status == 400 && remoteError.status == 400)
            #expect(localError.field == "idPrefix" && remoteError.field == "idPrefix" && localError.detail == remoteError.detail)
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
            let localProblem = try #require(localOutcome.failureValue?.problem, "expected a problem, got \(localOutcome)")
            let remoteProblem = try #require(remoteOutcome.failureValue?.problem, "expected a problem, got \(remoteOutcome)")
            #expect(localProblem.status == 422 && remoteProblem.status == 422)
            #expect(localProblem.field == "source.frame.width" && remoteProblem.field == localProblem.field)
            #expect(localProblem.detail == remoteProblem.detail && remoteProblem.requestID != nil)
            let localBatch = try await LocalPlanner().plans([good, bad, good]).value
            var remoteBatch = try await RemotePlanner(baseURL: url).plans([good, bad, good]).value
            remoteBatch[1] = remoteBatch[1].mapError { problem in
                var problem = problem
                problem.requestID = nil
                return problem
            }
            #expect(localBatch == remoteBatch)
        }
    }

    @Test("dismissal drags: the same state, decision and completion plan locally and remotely; the same problems")
    func dismissals() async throws {
        try await withServer { url in
            let remote = RemotePlanner(baseURL: url)
            let local = LocalPlanner()
            var rng = SeededGenerator(seed: 0xD15)
            for index in 0..<requestsThroughServer(120) {
                let request = RandomScenes.dismissRequest(using: &rng)
                let localAnswer = try await local.dismiss(request).value
                let remoteAnswer = try await remote.dismiss(request).value
                #expect(localAnswer == remoteAnswer, "drag \(index)")
                #expect((localAnswer.plan == nil) == (request.phase == .changed), "drag \(index)")
            }
            var bad = RandomScenes.dismissRequest(using: &rng)
            bad.velocity.y = 1e9
            let outcome = await dismissResult(remote, bad)
            let problem = try #require(outcome.failureValue?.problem, "expected a problem, got \(outcome)")
            #expect(problem.status == 422 && problem.field == "velocity.y" && problem.requestID != nil, "\(problem)")
        }
    }

    @Test("interrupting a running plan: the same continuation locally and remotely, starting where the played plan is")
    func interruptions() async throws {
        try await withServer { url in
            let remote = RemotePlanner(baseURL: url)
            let local = LocalPlanner()
            var rng = SeededGenerator(seed: 0x1E7)
            for index in 0..<requestsThroughServer(60) {
                let running = RandomScenes.request(using: &rng, sampling: .keyframes(2001))
                let played = try await local.plan(running).value
                let time = Double.random(in: 0...played.duration, using: &rng)
                var back = running
                back.direction = running.direction == .push ? .pop : .push
                back.sampling = .keyframes(2001)
                let localPlan = try await local.interrupt(running, at: time, with: back).value
                let remotePlan = try await remote.interrupt(running, at: time, with: back).value
                #expect(localPlan == remotePlan, "interruption \(index)")
                // The continuation starts where the plan on screen is (within what linear playback adds).
                let before = played.state(at: time), after = localPlan.state(at: 0)
                for track in localPlan.tracks where track.animates.contains(.transform) {
                    guard let was = before[track.id], let now = after[track.id], let frame = played.tracks.first(where: { $0.id == track.id })?.frame,
                        frame == track.frame
                    else { continue }
                    let old = was.keyframe(time: 0, progress: 0, in: frame).visibleClip(in: frame)
                    let new = now.keyframe(time: 0, progress: 0, in: frame).visibleClip(in: frame)
                    #expect(abs(old.x - new.x) < 1 && abs(old.maxY - new.maxY) < 1, "interruption \(index), \(track.id): \(old) vs \(new)")
                }
                #expect(!localPlan.velocity(at: 0).isEmpty, "interruption \(index)")
            }
        }
    }

    @Test("against the real server: a 503 at the connection cap, then a 200 once a slot frees, honouring Retry-After")
    func retriesAgainstTheRealServer() async throws {
        try await withServer({ $0.maxConnections = 1 }) { url in
            // An idle connection takes the only slot, so the first attempt is answered 503 + Retry-After: 1.
            let blocker = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(url.port!).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(blocker, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            #expect(connected == 0)
            try await Task.sleep(nanoseconds: 100_000_000)
            let counting = CountingTransport()
            let planner = RemotePlanner(baseURL: url, retry: .init(maximumAttempts: 3, baseDelay: 0.05, maximumDelay: 2), transport: counting)
            let release = Task {
                try await Task.sleep(nanoseconds: 300_000_000)
                close(blocker)
            }
            let plan = try await planner.plan(anyRequest).value
            try await release.value
            #expect(plan == (try Planner.plan(for: anyRequest.validated())))
            #expect(counting.statuses.first == 503 && counting.statuses.last == 200, "\(counting.statuses)")
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

/// A plan's members as openapi.yaml names them, read by Foundation's JSONDecoder or written by hand from a plan's
/// Swift values: neither shares code with the wire form.
private struct ContractPlan: Decodable, Equatable {
    struct Box: Decodable, Equatable {
        var x, y, width, height: Double
    }
    struct Transform: Decodable, Equatable {
        var a, b, c, d, tx, ty: Double
    }
    struct Values: Decodable, Equatable {
        var transform: Transform?
        var maskFrame: Box?
        var cornerRadius: Double?
        var opacity: Double?
    }
    /// `time` beside the values it sets.
    struct Keyframe: Decodable, Equatable {
        var time: Double
        var values: Values

        private enum Key: CodingKey { case time }

        init(time: Double, values: Values) {
            self.time = time
            self.values = values
        }

        init(from decoder: any Decoder) throws {
            time = try decoder.container(keyedBy: Key.self).decode(Double.self, forKey: .time)
            values = try Values(from: decoder)
        }
    }
    struct Track: Decodable, Equatable {
        var id: String
        var role: String
        var z: Int
        var frame: Box
        var base: Values
        var animates: [String]
        var keyframes: [Keyframe]
    }
    var style: String
    var direction: String
    var duration: Double
    var stage: Box
    var tracks: [Track]
    var hides: [String]
}

extension ContractPlan {
    /// The members `plan` answers, written by hand.
    init(_ plan: Plan) {
        func box(_ rect: Rect) -> Box { Box(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
        func values(_ values: TrackValues) -> Values {
            Values(
                transform: values.transform.map { Transform(a: $0.a, b: $0.b, c: $0.c, d: $0.d, tx: $0.tx, ty: $0.ty) },
                maskFrame: values.maskFrame.map(box), cornerRadius: values.cornerRadius, opacity: values.opacity)
        }
        self.init(
            style: plan.style.rawValue, direction: plan.direction.rawValue, duration: plan.duration, stage: box(plan.stage),
            tracks: plan.tracks.map { track in
                Track(
                    id: track.id, role: track.role.rawValue, z: track.z, frame: box(track.frame), base: values(track.base),
                    animates: track.animates.map(\.rawValue), keyframes: track.keyframes.map { Keyframe(time: $0.time, values: values($0.values)) })
            }, hides: plan.hides)
    }
}

/// URLSession underneath, recording every status it sees.
final class CountingTransport: HTTPTransport {
    private let seen = Mutex<[Int]>([])
    private let inner = URLSessionTransport()

    var statuses: [Int] { seen.withLock { $0 } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await inner.send(request)
        seen.withLock { $0.append(response.statusCode) }
        return (data, response)
    }
}
